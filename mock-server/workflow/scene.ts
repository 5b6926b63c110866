import { darken, hex, lighten, midTone, mix, type Rgb } from './color';
import { cobweb, pumpkin, pumpkinGradients } from './halloween-shapes';
import type { Palette } from './palette';
import { sceneryInk, sceneryLayers, type SceneryKind } from './scenery';
import { between, type Random } from './seeded-random';

/** Where things sit on the 1024x1024 portrait; the video reuses the same geometry. */
export const PORTRAIT_SIZE = 1024;
export const PET_DISC = { cx: 512, cy: 468, r: 296 } as const;
export const BADGE = { cx: 800, cy: 792, r: 150 } as const;
/** A pet standing in the scene fills it: a costume picture it does not wear sits in a top corner. */
export const STAGE_BADGE = { cx: 150, cy: 150, r: 100 } as const;
export type BadgeSpot = typeof BADGE | typeof STAGE_BADGE;
export const MOON = { cx: 868, cy: 136, r: 78 } as const;
export const PUMPKINS = [
  { cx: 290, cy: 930, size: 150 },
  { cx: 160, cy: 965, size: 95 },
] as const;

/** The camera's crop at time t (0..1): periodic, so the clip loops seamlessly. */
export function cameraAt(t: number) {
  const swell = (1 - Math.cos(2 * Math.PI * t)) / 2;
  const zoom = 1 + 0.14 * swell;
  const crop = Math.round(PORTRAIT_SIZE / zoom);
  const cx = PORTRAIT_SIZE / 2 + 18 * Math.sin(2 * Math.PI * t);
  const cy = PORTRAIT_SIZE / 2 + (PET_DISC.cy - PORTRAIT_SIZE / 2) * swell;
  const clampEdge = (v: number) => Math.max(0, Math.min(PORTRAIT_SIZE - crop, Math.round(v)));
  return { crop, left: clampEdge(cx - crop / 2), top: clampEdge(cy - crop / 2) };
}

/** Pumpkin centres after the layout's mirroring (the video's lights flicker in them). */
export function pumpkinsOf(layout: Pick<SceneLayout, 'mirror'>) {
  return PUMPKINS.map((p) => ({ ...p, cx: layout.mirror ? PORTRAIT_SIZE - p.cx : p.cx }));
}

export interface SceneLayout {
  /** Mirrored layouts put the moon on the left and the badge bottom-left, so scenes vary more. */
  readonly mirror: boolean;
  readonly palette: Palette;
  /** The costume's own place (scenery.ts); the graveyard when none is named. */
  readonly scenery?: SceneryKind;
}

const placeOf = (layout: SceneLayout) =>
  sceneryLayers(layout.scenery ?? 'graveyard', sceneryInk(layout.palette));

const NIGHT: Rgb = { r: 12, g: 8, b: 24 };

const svg = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}" viewBox="0 0 ${PORTRAIT_SIZE} ${PORTRAIT_SIZE}">${body}</svg>`,
  );

const mirrored = (layout: SceneLayout, body: string) =>
  layout.mirror ? `<g transform="translate(${PORTRAIT_SIZE} 0) scale(-1 1)">${body}</g>` : body;

/** The sky, moon, stars, the costume's place on the horizon and its web behind the pet. */
export function backgroundSvg(layout: SceneLayout, random: Random): Buffer {
  const { accent, secondary, mean } = layout.palette;
  const skyTop = mix(NIGHT, darken(secondary, 0.55), 0.35);
  const skyBottom = mix(NIGHT, darken(accent, 0.35), 0.55);
  const stars = Array.from({ length: 70 }, () => {
    const r = between(random, 0.8, 2.6);
    return `<circle cx="${between(random, 0, 1024).toFixed(0)}" cy="${between(random, 0, 700).toFixed(0)}" r="${r.toFixed(1)}" fill="#fff" opacity="${between(random, 0.25, 0.9).toFixed(2)}"/>`;
  }).join('');
  const moonGlow = lighten(accent, 0.5);
  const craters = [
    [-0.3, -0.2, 0.18],
    [0.25, 0.15, 0.22],
    [-0.05, 0.4, 0.12],
    [0.35, -0.35, 0.1],
  ]
    .map(
      ([dx = 0, dy = 0, r = 0]) =>
        `<circle cx="${MOON.cx + dx * MOON.r}" cy="${MOON.cy + dy * MOON.r}" r="${r * MOON.r}" fill="#d9b862" opacity="0.45"/>`,
    )
    .join('');
  const hill = hex(mix(NIGHT, darken(mean, 0.6), 0.4));
  const place = placeOf(layout);
  const farHill = hex(mix(NIGHT, darken(secondary, 0.5), 0.5));
  const body = `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(skyTop)}"/><stop offset="1" stop-color="${hex(skyBottom)}"/></linearGradient>
<radialGradient id="moonGlow"><stop offset="0.45" stop-color="${hex(moonGlow)}" stop-opacity="0.55"/><stop offset="1" stop-color="${hex(moonGlow)}" stop-opacity="0"/></radialGradient>
<radialGradient id="moon" cx="40%" cy="38%" r="70%"><stop offset="0" stop-color="#fffbe6"/><stop offset="1" stop-color="#f0cd72"/></radialGradient>
<radialGradient id="halo" cx="50%" cy="46%" r="50%"><stop offset="0.5" stop-color="${hex(accent)}" stop-opacity="0.5"/><stop offset="1" stop-color="${hex(accent)}" stop-opacity="0"/></radialGradient>
</defs>
<rect width="1024" height="1024" fill="url(#sky)"/>${stars}
${mirrored(
  layout,
  `<circle cx="${MOON.cx}" cy="${MOON.cy}" r="${MOON.r * 2.6}" fill="url(#moonGlow)"/>
<circle cx="${MOON.cx}" cy="${MOON.cy}" r="${MOON.r}" fill="url(#moon)"/>${craters}
${place.sky}${place.far}
<path d="M0 830 C180 770 330 800 470 840 S800 780 1024 820 L1024 1024 L0 1024 Z" fill="${farHill}"/>
${place.web ? cobweb(250, 'rgba(235,225,255,0.32)') : ''}`,
)}
<circle cx="${PET_DISC.cx}" cy="${PET_DISC.cy}" r="${PET_DISC.r * 1.35}" fill="url(#halo)"/>
<path d="M0 900 C200 850 360 880 520 905 S860 860 1024 890 L1024 1024 L0 1024 Z" fill="${hill}"/>`;
  return svg(body);
}

/**
 * The place's props, pumpkins and vignette in front of the pet, the disc's spiked ring when the pet is
 * shown in one, and the costume picture's badge disc where there is one. A pet standing in the
 * scene reaches the portrait's edges: its vignette is drawn behind it (vignetteSvg), so the
 * photo's own lightness is kept.
 */
export function foregroundSvg(
  layout: SceneLayout,
  {
    ring = true,
    badge = BADGE,
    props = true,
  }: { ring?: boolean; badge?: BadgeSpot | null; props?: boolean } = {},
): Buffer {
  const { accent, secondary } = layout.palette;
  const { cx, cy, r } = PET_DISC;
  const spikes = Array.from({ length: 36 }, (_, i) => {
    const a = (i / 36) * Math.PI * 2;
    const inner = r + 14;
    const outer = r + (i % 2 === 0 ? 40 : 28);
    const half = (Math.PI * 2) / 36 / 3;
    const p = (radius: number, angle: number) =>
      `${(cx + Math.cos(angle) * radius).toFixed(1)} ${(cy + Math.sin(angle) * radius).toFixed(1)}`;
    return `M${p(inner, a - half)} L${p(outer, a)} L${p(inner, a + half)} Z`;
  }).join(' ');
  const badgeX = badge && (layout.mirror ? PORTRAIT_SIZE - badge.cx : badge.cx);
  const body = `<defs>
<linearGradient id="ring" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(lighten(accent, 0.25))}"/><stop offset="0.5" stop-color="${hex(accent)}"/><stop offset="1" stop-color="${hex(darken(secondary, 0.1))}"/></linearGradient>
<radialGradient id="badge" cx="50%" cy="40%" r="60%"><stop offset="0" stop-color="${hex(lighten(secondary, 0.15))}"/><stop offset="1" stop-color="${hex(darken(secondary, 0.55))}"/></radialGradient>
${pumpkinGradients('pk')}
</defs>
${
  ring
    ? `<path d="${spikes}" fill="${hex(darken(accent, 0.25))}"/>
<circle cx="${cx}" cy="${cy}" r="${r + 8}" fill="none" stroke="url(#ring)" stroke-width="18"/>
<circle cx="${cx}" cy="${cy}" r="${r - 3}" fill="none" stroke="#0b0710" stroke-opacity="0.5" stroke-width="5"/>`
    : ''
}
${props ? propsOf(layout) : ''}
${ring ? VIGNETTE : ''}
${
  badge
    ? `<circle cx="${badgeX}" cy="${badge.cy}" r="${badge.r + 10}" fill="#0b0710" opacity="0.55"/>
<circle cx="${badgeX}" cy="${badge.cy}" r="${badge.r}" fill="url(#badge)" stroke="url(#ring)" stroke-width="12"/>`
    : ''
}`;
  return svg(body);
}

/** The place's props and the pumpkins on the ground, in the bottom corner. */
const propsOf = (layout: SceneLayout) =>
  mirrored(
    layout,
    `${placeOf(layout).near}
${PUMPKINS.map((p) => pumpkin(p.cx, p.cy, p.size, 'pk')).join('')}`,
  );

/**
 * The props alone, for behind a pet standing in the scene: its paws and chin reach the bottom
 * corner, and a pumpkin drawn over them would hide the pet, not stand beside it.
 */
export function propsSvg(layout: SceneLayout): Buffer {
  return svg(`<defs>${pumpkinGradients('pk')}</defs>${propsOf(layout)}`);
}

const VIGNETTE = `<radialGradient id="vignette" cx="50%" cy="48%" r="72%"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.78"/></radialGradient><rect width="1024" height="1024" fill="url(#vignette)"/>`;

/** The scene's darkened edges alone, for behind a pet standing in it. */
export function vignetteSvg(): Buffer {
  return svg(VIGNETTE);
}

/**
 * Treatments of the pet's picture in its disc: the presets' strong palette wash and inner shadow,
 * and for photos a lighter one that keeps the pet recognisable: a wash of mid-lightness colours
 * (soft-light then shifts the hue more than the lightness) and a shadow at the rim only.
 */
const TREATMENTS = {
  preset: { tintOpacity: 0.55, midTones: false, shadeFrom: 0.7, shadeOpacity: 0.55 },
  photo: { tintOpacity: 0.22, midTones: true, shadeFrom: 0.86, shadeOpacity: 0.35 },
} as const;

/** An SVG the size of the pet disc: palette wash, inner shadow and the round mask. */
export function petDiscSvgs(palette: Palette, treatment: keyof typeof TREATMENTS = 'preset') {
  const look = TREATMENTS[treatment];
  const [from, to] = look.midTones
    ? [midTone(palette.accent), midTone(palette.secondary)]
    : [palette.accent, palette.secondary];
  const d = PET_DISC.r * 2;
  const wrap = (body: string) =>
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${d}" height="${d}">${body}</svg>`);
  return {
    backdrop: wrap(
      `<defs><radialGradient id="b" cx="50%" cy="42%" r="62%"><stop offset="0" stop-color="${hex(lighten(palette.secondary, 0.55))}"/><stop offset="1" stop-color="${hex(darken(palette.secondary, 0.2))}"/></radialGradient></defs><rect width="${d}" height="${d}" fill="url(#b)"/>`,
    ),
    tint: wrap(
      `<defs><linearGradient id="t" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hex(from)}"/><stop offset="1" stop-color="${hex(to)}"/></linearGradient></defs><rect width="${d}" height="${d}" fill="url(#t)" opacity="${look.tintOpacity}"/>`,
    ),
    shade: wrap(
      `<defs><radialGradient id="s"><stop offset="${look.shadeFrom}" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${look.shadeOpacity}"/></radialGradient></defs><rect width="${d}" height="${d}" fill="url(#s)"/>`,
    ),
    mask: wrap(`<circle cx="${d / 2}" cy="${d / 2}" r="${d / 2}" fill="#fff"/>`),
  };
}
