// The body of a preset costume, worn over the pet's own body: a suit's colours and pattern laid
// inside the pet's outline (its matte), below and beside the head but never over it, shaded by the
// fur's own light and dark so the pet's shape shows through (a skeleton's ribs, a mummy's
// bandages, a superhero's emblem on the chest, a robot's plates). The head's pieces (hats, masks)
// are the wearables' (wearables.ts); this is what the cut-out makes possible.
import sharp from 'sharp';
import { hex } from './color';
import type { PictureOutfit } from './picture-outfit';

/** What a pet wears over its body: a preset costume's suit (by its id), or one from a picture. */
export type Outfit = string | PictureOutfit;

/** The head on the pet's picture region, in its pixels: what the suit keeps clear of. */
export interface HeadSpot {
  readonly x: number;
  readonly y: number;
  readonly r: number;
  readonly facing: 'left' | 'right' | 'front';
}

/** What a suit is drawn from: the region's size, the head's radius as unit, the chest's place. */
interface SuitFrame {
  readonly w: number;
  readonly h: number;
  readonly u: number;
  readonly chest: { readonly x: number; readonly y: number };
  /** The torso's band (top and bottom rows), where ribs and emblems go. */
  readonly torso: { readonly y0: number; readonly y1: number };
}

const rect = (f: SuitFrame, fill: string) =>
  `<rect width="${f.w}" height="${f.h}" fill="${fill}"/>`;

const pattern = (id: string, w: number, h: number, body: string, transform = '') =>
  `<pattern id="${id}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" patternUnits="userSpaceOnUse"${transform ? ` patternTransform="${transform}"` : ''}>${body}</pattern>`;

const fillWith = (f: SuitFrame, id: string, defs: string) =>
  `<defs>${defs}</defs><rect width="${f.w}" height="${f.h}" fill="url(#${id})"/>`;

function stripes(f: SuitFrame, a: string, b: string, width: number, angle = 0): string {
  const s = width * f.u;
  return fillWith(
    f,
    's',
    pattern(
      's',
      s * 2,
      s * 2,
      `<rect width="${s * 2}" height="${s}" fill="${a}"/><rect y="${s}" width="${s * 2}" height="${s}" fill="${b}"/>`,
      angle ? `rotate(${angle})` : '',
    ),
  );
}

function dots(f: SuitFrame, base: string, colours: readonly string[], size: number): string {
  const s = size * f.u;
  const spots = colours
    .map(
      (colour, i) =>
        `<circle cx="${(((i % 2) + 0.5) * s).toFixed(1)}" cy="${((Math.floor(i / 2) + 0.5) * s).toFixed(1)}" r="${(s * 0.22).toFixed(1)}" fill="${colour}"/>`,
    )
    .join('');
  return `${rect(f, base)}${fillWith(f, 'd', pattern('d', s * 2, s * 2, spots))}`;
}

/** White ribs across the torso and a spine along it, on black. */
function skeleton(f: SuitFrame): string {
  const gap = 0.55 * f.u;
  const ribs: string[] = [];
  const { y0, y1 } = f.torso;
  const mid = (y0 + y1) / 2;
  for (let x = gap / 2; x < f.w; x += gap)
    ribs.push(
      `<rect x="${(x - 0.11 * f.u).toFixed(1)}" y="${(y0 + (y1 - y0) * 0.12).toFixed(1)}" width="${(0.22 * f.u).toFixed(1)}" height="${((y1 - y0) * 0.76).toFixed(1)}" rx="${(0.11 * f.u).toFixed(1)}" fill="#ecebe4"/>`,
    );
  return `${rect(f, '#141218')}${ribs.join('')}<rect x="0" y="${(mid - 0.1 * f.u).toFixed(1)}" width="${f.w}" height="${(0.2 * f.u).toFixed(1)}" fill="#ecebe4"/>`;
}

/** A round emblem on the chest: a star for the hero, a gear for the robot. */
function emblem(f: SuitFrame, ring: string, inner: string, shape: 'star' | 'bolt'): string {
  const r = 0.55 * f.u;
  const { x, y } = f.chest;
  const star = Array.from({ length: 10 }, (_, i) => {
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    const reach = i % 2 === 0 ? r * 0.72 : r * 0.3;
    return `${(x + Math.cos(angle) * reach).toFixed(1)},${(y + Math.sin(angle) * reach).toFixed(1)}`;
  }).join(' ');
  const bolt = [
    [0.15, -0.75],
    [-0.35, 0.1],
    [0, 0.1],
    [-0.15, 0.75],
    [0.35, -0.1],
    [0, -0.1],
  ]
    .map(([dx = 0, dy = 0]) => `${(x + dx * r).toFixed(1)},${(y + dy * r).toFixed(1)}`)
    .join(' ');
  return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="${ring}" stroke="#10131a" stroke-width="${(0.06 * f.u).toFixed(1)}"/><polygon points="${shape === 'star' ? star : bolt}" fill="${inner}"/>`;
}

/** Metal plates: a grid of panels with rivets at their corners. */
function plates(f: SuitFrame): string {
  const s = 0.9 * f.u;
  const rivet = (0.07 * f.u).toFixed(1);
  return fillWith(
    f,
    'p',
    pattern(
      'p',
      s,
      s,
      `<rect width="${s}" height="${s}" fill="#9aa3ad"/><rect x="${(s * 0.04).toFixed(1)}" y="${(s * 0.04).toFixed(1)}" width="${(s * 0.92).toFixed(1)}" height="${(s * 0.92).toFixed(1)}" fill="#b7c0ca" stroke="#5a636d" stroke-width="${(s * 0.04).toFixed(1)}"/>${[
        [0.15, 0.15],
        [0.85, 0.15],
        [0.15, 0.85],
        [0.85, 0.85],
      ]
        .map(
          ([cx = 0, cy = 0]) =>
            `<circle cx="${(cx * s).toFixed(1)}" cy="${(cy * s).toFixed(1)}" r="${rivet}" fill="#4a525c"/>`,
        )
        .join('')}`,
    ),
  );
}

/** Overlapping scales, a row offset from the next. */
function scales(f: SuitFrame, base: string, scale: string, edge: string): string {
  const s = 0.45 * f.u;
  const arc = (x: number, y: number) =>
    `<path d="M${(x - s / 2).toFixed(1)} ${y.toFixed(1)} a${(s / 2).toFixed(1)} ${(s / 2).toFixed(1)} 0 0 0 ${s.toFixed(1)} 0" fill="${scale}" stroke="${edge}" stroke-width="${(s * 0.08).toFixed(1)}"/>`;
  return `${rect(f, base)}${fillWith(f, 'c', pattern('c', s, s, `${arc(s / 2, 0)}${arc(0, s / 2)}${arc(s, s / 2)}`))}`;
}

/** Criss-cross stitches along a few seams. */
function stitched(f: SuitFrame, base: string, thread: string): string {
  const seams: string[] = [];
  const step = 0.25 * f.u;
  for (let row = 1; row <= 3; row++) {
    const y = f.torso.y0 + ((f.torso.y1 - f.torso.y0) * row) / 4;
    const crosses: string[] = [`M0 ${y.toFixed(1)} L${f.w} ${y.toFixed(1)}`];
    for (let x = step; x < f.w; x += step * 2)
      crosses.push(
        `M${x.toFixed(1)} ${(y - step / 2).toFixed(1)} l${step.toFixed(1)} ${step.toFixed(1)}`,
      );
    seams.push(
      `<path d="${crosses.join(' ')}" stroke="${thread}" stroke-width="${(0.06 * f.u).toFixed(1)}" fill="none"/>`,
    );
  }
  return `${rect(f, base)}${seams.join('')}`;
}

/** A plaid of two colours over a base, the lumberjack shirt of a werewolf. */
function plaid(f: SuitFrame, base: string, line: string): string {
  const s = 0.8 * f.u;
  return `${rect(f, base)}${fillWith(
    f,
    'l',
    pattern(
      'l',
      s,
      s,
      `<rect width="${s}" height="${(s * 0.3).toFixed(1)}" fill="${line}" opacity="0.55"/><rect width="${(s * 0.3).toFixed(1)}" height="${s}" fill="${line}" opacity="0.55"/>`,
    ),
  )}`;
}

/** Torn patches on a shirt, seeded by the frame so they stay put between frames. */
function tattered(f: SuitFrame, base: string, patch: string): string {
  const spots: string[] = [];
  const s = 0.5 * f.u;
  for (let i = 0, x = s, y = f.torso.y0; i < 14; i++) {
    x = (x + s * 2.3) % Math.max(1, f.w);
    y = f.torso.y0 + ((y - f.torso.y0 + s * 1.7) % Math.max(1, f.torso.y1 - f.torso.y0 + s));
    spots.push(
      `<path d="M${x.toFixed(1)} ${y.toFixed(1)} l${(s * 0.6).toFixed(1)} ${(s * 0.2).toFixed(1)} l${(-s * 0.2).toFixed(1)} ${(s * 0.5).toFixed(1)} l${(-s * 0.5).toFixed(1)} ${(-s * 0.1).toFixed(1)} Z" fill="${patch}"/>`,
    );
  }
  return `${rect(f, base)}${spots.join('')}`;
}

/** Each preset costume's suit; absent ones leave the fur as it is. */
const SUITS: Readonly<Record<string, (f: SuitFrame) => string>> = {
  vampire: (f) => `${rect(f, '#17091c')}${stripes(f, '#17091c', '#220d29', 0.18)}`,
  witch: (f) => `${rect(f, '#34165a')}${dots(f, '#34165a', ['#ff8a1f', '#ffd23f'], 1.1)}`,
  ghost: (f) => rect(f, '#f3f1ff'),
  zombie: (f) => tattered(f, '#5b6b48', '#3b4530'),
  werewolf: (f) => plaid(f, '#8b1e1e', '#1a0b0b'),
  dragon: (f) => scales(f, '#1d6b2e', '#2f9e44', '#124a1f'),
  pirate: (f) => stripes(f, '#c8102e', '#f4efe6', 0.32),
  ninja: (f) =>
    `${rect(f, '#15151c')}<rect x="0" y="${(f.chest.y + 0.9 * f.u).toFixed(1)}" width="${f.w}" height="${(0.35 * f.u).toFixed(1)}" fill="#b3122e"/>`,
  skeleton,
  mummy: (f) => stripes(f, '#e8dcc0', '#cdbd98', 0.28, 18),
  demon: (f) => scales(f, '#8a0d1c', '#b3122e', '#4a0610'),
  angel: (f) => `${rect(f, '#f6f1ff')}${dots(f, '#f6f1ff', ['#ffd23f'], 1.3)}`,
  frankenstein: (f) => stitched(f, '#2f3a2a', '#0d0f0b'),
  clown: (f) => dots(f, '#fbf7ef', ['#e03048', '#3a86ff', '#ffd23f', '#2fbf71'], 0.7),
  superhero: (f) => `${rect(f, '#1f4fd1')}${emblem(f, '#e03048', '#ffd23f', 'star')}`,
  princess: (f) => `${rect(f, '#d9559b')}${dots(f, '#d9559b', ['#ffe08a', '#fff3c4'], 0.8)}`,
  robot: (f) => `${plates(f)}${emblem(f, '#2a313a', '#14c9ad', 'bolt')}`,
  alien: (f) => stripes(f, '#c9d3dc', '#a9e8c2', 0.22, -30),
};

/**
 * A suit made from a costume picture: its body's tile repeated at two head radii (a shirt's front,
 * its pockets, buttons and tie, large enough to read as the costume rather than a print), or
 * without one bands of its colours across the body, the most worn the widest.
 */
function fromPicture(outfit: PictureOutfit): (f: SuitFrame) => string {
  return (f) => {
    const { tile, colours } = outfit;
    if (tile) {
      const s = 2 * f.u;
      const image = `<image href="data:image/png;base64,${tile.toString('base64')}" width="${s.toFixed(1)}" height="${s.toFixed(1)}" preserveAspectRatio="none"/>`;
      return `${rect(f, hex(colours[0]!))}${fillWith(f, 't', pattern('t', s, s, image))}`;
    }
    const widths = colours.map((_, k) => (k === 0 ? 0.5 : 0.25) * f.u);
    const period = widths.reduce((sum, w) => sum + w, 0);
    let y = 0;
    const bands = colours.map((colour, k) => {
      const band = `<rect y="${y.toFixed(1)}" width="${period.toFixed(1)}" height="${widths[k]!.toFixed(1)}" fill="${hex(colour)}"/>`;
      y += widths[k]!;
      return band;
    });
    return fillWith(f, 'b', pattern('b', period, period, bands.join(''), 'rotate(-20)'));
  };
}

/** How far out from the head's centre (head radii) the suit begins, and its soft edge. */
const COLLAR = 1.05;
const COLLAR_SOFT = 0.2;
/** How much further back than forward the suit keeps clear of a head seen side on. */
const BACK_OF_HEAD = 1.4;
/** How much of the suit covers the fur (the rest keeps a trace of the fur's own colour). */
const COVER = 0.93;

const smooth = (edge0: number, edge1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
};

/**
 * The pet's region with its outfit over its body, in place: `rgba` is the pet's colour and alpha
 * (the matte), `head` where the head is in it. Does nothing for a costume without a suit or a pet
 * with too little body showing.
 */
export async function wearSuit(
  rgba: Buffer,
  w: number,
  h: number,
  outfit: Outfit | undefined,
  head: HeadSpot,
): Promise<void> {
  const draw =
    typeof outfit === 'string' ? SUITS[outfit] : outfit ? fromPicture(outfit) : undefined;
  if (!draw || head.r < 4) return;
  // Where the suit goes: inside the outline, clear of the head (and for a face seen from the
  // front, only below its chin, so cheeks and whiskers stay fur).
  const share = new Float32Array(w * h);
  let [count, lightSum, top, bottom, sumX, sumY] = [0, 0, h, -1, 0, 0];
  for (let y = 0; y < h; y++) {
    const belowChin =
      head.facing === 'front' ? smooth(head.y + 0.75 * head.r, head.y + 1.0 * head.r, y) : 1;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const alpha = (rgba[i * 4 + 3] ?? 0) / 255;
      if (alpha === 0) continue;
      // A head seen side on reaches further back (the skull behind the eye, the ears) than in
      // front of its centre: the suit keeps BACK_OF_HEAD times as far clear on the body's side.
      const dx = x - head.x;
      const behind = (head.facing === 'left' && dx > 0) || (head.facing === 'right' && dx < 0);
      const across = behind ? dx / BACK_OF_HEAD : dx;
      const d = Math.hypot(across, y - head.y) / head.r;
      // Above the head's middle and near it are ears (and a hat's room): fur, not suit.
      const ears =
        (1 - smooth(head.y - 0.2 * head.r, head.y + 0.4 * head.r, y)) *
        (1 - smooth(1.3 * head.r, 1.7 * head.r, Math.abs(across)));
      const body = smooth(COLLAR, COLLAR + COLLAR_SOFT, d) * belowChin * (1 - ears);
      if (body === 0) continue;
      share[i] = body;
      if (alpha < 0.5 || body < 0.5) continue;
      count++;
      lightSum += lightness(rgba, i);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      sumX += x;
      sumY += y;
    }
  }
  // A face alone (a close-up) has no body to dress.
  if (count < (head.r * head.r) / 2) return;
  const meanLight = Math.max(0.08, lightSum / count);
  const centre = { x: sumX / count, y: sumY / count };
  const toward = Math.hypot(centre.x - head.x, centre.y - head.y) || 1;
  const reach = Math.min(toward, 1.7 * head.r);
  const frame: SuitFrame = {
    w,
    h,
    u: head.r,
    chest: {
      x: head.x + ((centre.x - head.x) / toward) * reach,
      y: head.y + ((centre.y - head.y) / toward) * reach,
    },
    torso: { y0: top, y1: top + (bottom - top) * 0.6 },
  };
  const suit = await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${draw(frame)}</svg>`,
    ),
  )
    .ensureAlpha()
    .raw()
    .toBuffer();
  for (let i = 0; i < w * h; i++) {
    const cover = (share[i] ?? 0) * COVER * ((suit[i * 4 + 3] ?? 0) / 255);
    if (cover === 0) continue;
    // The fur's light and dark, around its mean, shade the cloth: folds stay where fur folds.
    const shade = Math.min(1.3, Math.max(0.55, 0.45 + 0.55 * (lightness(rgba, i) / meanLight)));
    for (let c = 0; c < 3; c++) {
      const fur = rgba[i * 4 + c] ?? 0;
      const cloth = Math.min(255, (suit[i * 4 + c] ?? 0) * shade);
      rgba[i * 4 + c] = Math.round(fur + (cloth - fur) * cover);
    }
  }
}

function lightness(rgba: Buffer, i: number): number {
  return (
    (0.2126 * (rgba[i * 4] ?? 0) +
      0.7152 * (rgba[i * 4 + 1] ?? 0) +
      0.0722 * (rgba[i * 4 + 2] ?? 0)) /
    255
  );
}
