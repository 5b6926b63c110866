// Each costume's own place (issue 40, item 5): a castle behind the vampire, a lab for Frankenstein,
// a ship at sea for the pirate, space for the alien... so two creations do not look like one
// template. Silhouettes stand on the horizon at the portrait's sides (the pet fills the middle),
// and props sit in the bottom corner where the graveyard's stones stood; all drawn as SVG, in the
// scene's unmirrored 1024 px frame (scene.ts mirrors them with the moon).
import { darken, hex, lighten, mix, type Rgb } from './color';
import { tombstone } from './halloween-shapes';
import type { Palette } from './palette';

export type SceneryKind =
  | 'graveyard'
  | 'castle'
  | 'lab'
  | 'space'
  | 'sea'
  | 'desert'
  | 'forest'
  | 'volcano'
  | 'dojo'
  | 'circus'
  | 'city'
  | 'cathedral';

/** The colours a place is drawn in, from the costume's palette. */
export interface SceneryInk {
  /** Silhouettes on the horizon. */
  readonly far: string;
  /** Props in front of the pet. */
  readonly near: string;
  /** Lit windows, lanterns, lava: the scene's own warm light. */
  readonly glow: string;
  readonly accent: string;
  readonly secondary: string;
}

interface Place {
  /** In the sky, behind everything on the ground (a planet, a bolt of lightning). */
  readonly sky?: (ink: SceneryInk) => string;
  /** On the horizon, behind the far hill's crest. */
  readonly far: (ink: SceneryInk) => string;
  /** In the bottom corner, in front of the pet. */
  readonly near: (ink: SceneryInk) => string;
  /** The cobweb in the top corner, where a web belongs. */
  readonly web: boolean;
}

/** Which place each preset costume is worn in. */
export const COSTUME_SCENERY: Readonly<Record<string, SceneryKind>> = {
  vampire: 'castle',
  princess: 'castle',
  witch: 'forest',
  werewolf: 'forest',
  ghost: 'graveyard',
  zombie: 'graveyard',
  skeleton: 'graveyard',
  frankenstein: 'lab',
  robot: 'lab',
  alien: 'space',
  pirate: 'sea',
  mummy: 'desert',
  dragon: 'volcano',
  demon: 'volcano',
  ninja: 'dojo',
  clown: 'circus',
  superhero: 'city',
  angel: 'cathedral',
};

/** An uploaded costume picture's place: one of the classic three, by the run's seed. */
const CLASSIC: readonly SceneryKind[] = ['graveyard', 'castle', 'forest'];

export function sceneryFor(costumeId: string | undefined, seed: number): SceneryKind {
  return (costumeId && COSTUME_SCENERY[costumeId]) || CLASSIC[seed % CLASSIC.length]!;
}

const NIGHT: Rgb = { r: 12, g: 8, b: 24 };

export function sceneryInk(palette: Palette): SceneryInk {
  const { accent, secondary } = palette;
  return {
    far: hex(mix({ r: 5, g: 3, b: 10 }, darken(secondary, 0.7), 0.12)),
    near: hex(mix({ r: 70, g: 62, b: 84 }, darken(secondary, 0.4), 0.3)),
    glow: '#ffcf6b',
    accent: hex(accent),
    secondary: hex(lighten(secondary, 0.1)),
  };
}

/** The place's sky, horizon and web (behind the pet) and its props (in front of it). */
export function sceneryLayers(kind: SceneryKind, ink: SceneryInk) {
  const place = PLACES[kind];
  return {
    sky: place.sky?.(ink) ?? '',
    far: place.far(ink),
    near: place.near(ink),
    web: place.web,
  };
}

const f = (n: number) => n.toFixed(1);
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${extra}/>`;
const poly = (points: readonly (readonly [number, number])[], fill: string, extra = '') =>
  `<path d="M${points.map(([x, y]) => `${f(x)} ${f(y)}`).join(' L')} Z" fill="${fill}"${extra}/>`;
/** Small lit windows in a grid, some dark, chosen by a fixed pattern (no randomness needed). */
function windows(x: number, y: number, columns: number, rows: number, glow: string, step = 22) {
  let out = '';
  for (let row = 0; row < rows; row += 1)
    for (let column = 0; column < columns; column += 1)
      if ((row * 7 + column * 3) % 5 < 3)
        out += rect(
          x + column * step,
          y + row * step * 1.3,
          step * 0.45,
          step * 0.6,
          glow,
          ' opacity="0.75"',
        );
  return out;
}

function deadTree(x: number, base: number, height: number, ink: string): string {
  const top = base - height;
  const w = height * 0.07;
  const branch = (fx: number, fy: number, dx: number, dy: number) =>
    `<path d="M${f(x + fx)} ${f(top + fy)} q${f(dx * 0.5)} ${f(dy * 0.2)} ${f(dx)} ${f(dy)}" stroke="${ink}" stroke-width="${f(w * 0.45)}" fill="none" stroke-linecap="round"/>`;
  return `${poly(
    [
      [x - w, base],
      [x - w * 0.4, top + height * 0.25],
      [x - w * 0.1, top],
      [x + w * 0.3, top + height * 0.3],
      [x + w, base],
    ],
    ink,
  )}${branch(0, height * 0.3, -height * 0.35, -height * 0.22)}${branch(0, height * 0.42, height * 0.32, -height * 0.2)}${branch(0, height * 0.12, height * 0.18, -height * 0.14)}${branch(-height * 0.2, height * 0.2, -height * 0.12, -height * 0.12)}`;
}

function pine(x: number, base: number, height: number, ink: string): string {
  const w = height * 0.36;
  const tiers = [0, 0.28, 0.52].map((k) => {
    const y = base - height * (0.18 + k);
    return poly(
      [
        [x - w * (1 - k * 0.6), y],
        [x, y - height * 0.5],
        [x + w * (1 - k * 0.6), y],
      ],
      ink,
    );
  });
  return (
    rect(x - height * 0.03, base - height * 0.2, height * 0.06, height * 0.2, ink) + tiers.join('')
  );
}

function flask(x: number, base: number, size: number, ink: SceneryInk, liquid: string): string {
  const neck = size * 0.18;
  return `<path d="M${f(x - neck)} ${f(base - size)} v${f(size * 0.35)} l${f(-size * 0.32)} ${f(size * 0.55)} q${f(-size * 0.04)} ${f(size * 0.1)} ${f(size * 0.08)} ${f(size * 0.1)} h${f(size * 0.86 - size * 0.04)} q${f(size * 0.12)} 0 ${f(size * 0.08)} ${f(-size * 0.1)} l${f(-size * 0.32)} ${f(-size * 0.55)} v${f(-size * 0.35)} Z" fill="${ink.near}" stroke="${ink.glow}" stroke-opacity="0.35" stroke-width="2"/>
<path d="M${f(x - size * 0.3)} ${f(base - size * 0.22)} l${f(-size * 0.08)} ${f(size * 0.16)} h${f(size * 0.76)} l${f(-size * 0.08)} ${f(-size * 0.16)} Z" fill="${liquid}" opacity="0.85"/>
<circle cx="${f(x + size * 0.05)}" cy="${f(base - size * 0.42)}" r="${f(size * 0.05)}" fill="${liquid}" opacity="0.7"/>
<circle cx="${f(x - size * 0.06)}" cy="${f(base - size * 0.6)}" r="${f(size * 0.035)}" fill="${liquid}" opacity="0.5"/>`;
}

function rock(x: number, base: number, size: number, fill: string): string {
  return poly(
    [
      [x, base],
      [x + size * 0.1, base - size * 0.55],
      [x + size * 0.45, base - size * 0.8],
      [x + size * 0.85, base - size * 0.5],
      [x + size, base],
    ],
    fill,
  );
}

const PLACES: Readonly<Record<SceneryKind, Place>> = {
  graveyard: {
    web: true,
    far: (ink) =>
      `${deadTree(120, 840, 300, ink.far)}${deadTree(950, 830, 190, ink.far)}
<path d="M250 842 v-60 M290 842 v-60 M330 842 v-60 M230 790 H350" stroke="${ink.far}" stroke-width="6"/>
${[250, 290, 330]
  .map((x) =>
    poly(
      [
        [x - 7, 782],
        [x, 768],
        [x + 7, 782],
      ],
      ink.far,
    ),
  )
  .join('')}`,
    near: (ink) => `${tombstone(60, 925, 70, ink.near)}${tombstone(150, 940, 52, ink.near)}`,
  },
  castle: {
    web: true,
    far: (ink) => {
      const tower = (x: number, w: number, top: number) =>
        `${rect(x, top, w, 860 - top, ink.far)}${poly(
          [
            [x - 8, top],
            [x + w / 2, top - w * 1.1],
            [x + w + 8, top],
          ],
          ink.far,
        )}${windows(x + w * 0.32, top + 30, 1, 3, ink.glow, w * 0.5)}`;
      const battlements = Array.from({ length: 7 }, (_, i) =>
        rect(70 + i * 30, 690, 16, 18, ink.far),
      ).join('');
      return `${rect(60, 706, 230, 160, ink.far)}${battlements}${windows(110, 740, 5, 2, ink.glow)}
${tower(20, 64, 590)}${tower(250, 56, 620)}${tower(150, 44, 560)}${tower(930, 40, 700)}`;
    },
    near: (ink) =>
      `${rect(70, 880, 12, 50, ink.near)}${rect(64, 926, 24, 8, ink.near)}
<ellipse cx="76" cy="868" rx="7" ry="13" fill="${ink.glow}" opacity="0.9"/>
<ellipse cx="76" cy="872" rx="22" ry="26" fill="${ink.glow}" opacity="0.18"/>
${rect(130, 896, 10, 36, ink.near)}<ellipse cx="135" cy="886" rx="6" ry="11" fill="${ink.glow}" opacity="0.9"/>`,
  },
  lab: {
    web: true,
    sky: (ink) =>
      `<path d="M205 150 L170 290 L215 285 L160 470" stroke="${ink.glow}" stroke-width="14" stroke-opacity="0.25" fill="none" stroke-linejoin="round"/>
<path d="M205 150 L170 290 L215 285 L160 470" stroke="#fff7d6" stroke-width="4" fill="none" stroke-linejoin="round"/>`,
    far: (ink) =>
      `${rect(20, 720, 250, 140, ink.far)}${rect(120, 540, 80, 320, ink.far)}${poly(
        [
          [110, 540],
          [160, 505],
          [210, 540],
        ],
        ink.far,
      )}
<path d="M160 505 V470" stroke="${ink.far}" stroke-width="6"/>${windows(40, 740, 4, 2, ink.glow, 26)}${windows(140, 570, 2, 4, '#9dff8a', 24)}
${rect(926, 700, 10, 140, ink.far)}<circle cx="931" cy="694" r="20" fill="${ink.far}"/>
<path d="M911 690 q-14 -20 -4 -38 M951 688 q16 -18 6 -40" stroke="#b8f5ff" stroke-width="2.5" fill="none" opacity="0.8"/>`,
    near: (ink) => `${flask(80, 935, 90, ink, '#7dff6a')}${flask(165, 945, 62, ink, ink.accent)}`,
  },
  space: {
    web: false,
    sky: (ink) =>
      `<circle cx="190" cy="330" r="66" fill="${ink.secondary}" opacity="0.85"/>
<circle cx="172" cy="312" r="66" fill="#000" opacity="0.25"/>
<ellipse cx="190" cy="330" rx="120" ry="22" fill="none" stroke="${ink.accent}" stroke-width="8" opacity="0.8" transform="rotate(-16 190 330)"/>
<circle cx="330" cy="200" r="14" fill="#cfd8ff" opacity="0.7"/>
<path d="M560 120 l6 -18 l6 18 l18 6 l-18 6 l-6 18 l-6 -18 l-18 -6 Z" fill="#fff" opacity="0.8"/>`,
    far: (ink) =>
      `<path d="M40 700 q60 -40 120 0" fill="${ink.far}"/>${poly(
        [
          [70, 704],
          [130, 704],
          [150, 760],
          [50, 760],
        ],
        ink.far,
      )}
<ellipse cx="100" cy="700" rx="80" ry="16" fill="${ink.far}"/>
<path d="M60 716 L20 800 M140 716 L180 800" stroke="#b8f5ff" stroke-width="3" opacity="0.35"/>
${[0, 1, 2].map((i) => `<circle cx="${70 + i * 30}" cy="702" r="5" fill="${ink.glow}"/>`).join('')}`,
    near: (ink) =>
      `${rock(40, 935, 110, ink.near)}<ellipse cx="90" cy="930" rx="30" ry="8" fill="#000" opacity="0.3"/>
${poly(
  [
    [180, 940],
    [192, 880],
    [206, 940],
  ],
  ink.accent,
  ' opacity="0.85"',
)}${poly(
        [
          [200, 940],
          [214, 900],
          [226, 940],
        ],
        ink.secondary,
        ' opacity="0.85"',
      )}`,
  },
  sea: {
    web: false,
    far: (ink) =>
      `${rect(0, 790, 1024, 60, hex(mix(NIGHT, { r: 40, g: 70, b: 110 }, 0.6)))}
<path d="M0 806 q20 -8 40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 M600 816 q20 -8 40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0" stroke="#9fc6ff" stroke-width="2" opacity="0.35" fill="none"/>
<path d="M40 770 L300 770 L270 805 L70 805 Z" fill="${ink.far}"/>
<path d="M120 770 V560 M210 770 V590" stroke="${ink.far}" stroke-width="7"/>
${poly(
  [
    [124, 575],
    [190, 600],
    [186, 690],
    [124, 700],
  ],
  ink.far,
)}${poly(
        [
          [214, 605],
          [270, 625],
          [266, 715],
          [214, 722],
        ],
        ink.far,
      )}
${poly(
  [
    [120, 560],
    [150, 570],
    [120, 580],
  ],
  ink.accent,
)}<circle cx="82" cy="786" r="4" fill="${ink.glow}"/><circle cx="112" cy="786" r="4" fill="${ink.glow}"/>`,
    near: (ink) =>
      `<path d="M40 890 h130 v50 h-130 Z" fill="${ink.near}"/><path d="M40 890 q65 -50 130 0 Z" fill="${ink.near}"/>
<path d="M40 900 h130 M105 862 v78" stroke="#d9a441" stroke-width="5" opacity="0.8"/>
<circle cx="105" cy="910" r="7" fill="#ffd75e"/><ellipse cx="105" cy="888" rx="40" ry="10" fill="#ffd75e" opacity="0.35"/>`,
  },
  desert: {
    web: false,
    far: (ink) =>
      `${poly(
        [
          [-20, 850],
          [170, 600],
          [360, 850],
        ],
        ink.far,
      )}${poly(
        [
          [170, 600],
          [360, 850],
          [230, 850],
        ],
        '#000',
        ' opacity="0.25"',
      )}${poly(
        [
          [250, 850],
          [350, 700],
          [450, 850],
        ],
        ink.far,
      )}${poly(
        [
          [850, 850],
          [950, 700],
          [1050, 850],
        ],
        ink.far,
      )}`,
    near: (ink) => {
      const urn = (x: number, base: number, s: number) =>
        `<path d="M${f(x - s * 0.2)} ${f(base - s)} h${f(s * 0.4)} l${f(-s * 0.05)} ${f(s * 0.15)} q${f(s * 0.4)} ${f(s * 0.2)} ${f(s * 0.2)} ${f(s * 0.7)} q${f(-s * 0.05)} ${f(s * 0.15)} ${f(-s * 0.3)} ${f(s * 0.15)} h${f(-s * 0.3)} q${f(-s * 0.25)} 0 ${f(-s * 0.3)} ${f(-s * 0.15)} q${f(-s * 0.2)} ${f(-s * 0.5)} ${f(s * 0.2)} ${f(-s * 0.7)} Z" fill="${ink.near}"/>
<path d="M${f(x - s * 0.35)} ${f(base - s * 0.5)} h${f(s * 0.7)}" stroke="#d9a441" stroke-width="4" opacity="0.7"/>`;
      return `${urn(90, 935, 100)}${urn(180, 945, 66)}`;
    },
  },
  forest: {
    web: false,
    far: (ink) =>
      `${pine(40, 850, 300, ink.far)}${pine(120, 850, 360, ink.far)}${pine(210, 850, 280, ink.far)}${pine(290, 850, 220, ink.far)}
${pine(910, 850, 240, ink.far)}${pine(990, 850, 300, ink.far)}`,
    near: (ink) => {
      const mushroom = (x: number, base: number, s: number) =>
        `${rect(x - s * 0.12, base - s * 0.6, s * 0.24, s * 0.6, '#e8dcc8')}<path d="M${f(x - s * 0.5)} ${f(base - s * 0.55)} q${f(s * 0.5)} ${f(-s * 0.7)} ${f(s)} 0 Z" fill="${ink.accent}"/>
<circle cx="${f(x - s * 0.2)}" cy="${f(base - s * 0.75)}" r="${f(s * 0.07)}" fill="#fff" opacity="0.85"/><circle cx="${f(x + s * 0.15)}" cy="${f(base - s * 0.68)}" r="${f(s * 0.06)}" fill="#fff" opacity="0.85"/>`;
      return `${mushroom(80, 935, 80)}${mushroom(150, 945, 54)}${mushroom(205, 948, 38)}`;
    },
  },
  volcano: {
    web: false,
    sky: () =>
      `<radialGradient id="lava-glow"><stop offset="0" stop-color="#ff5a1f" stop-opacity="0.55"/><stop offset="1" stop-color="#ff5a1f" stop-opacity="0"/></radialGradient>
<circle cx="180" cy="560" r="220" fill="url(#lava-glow)"/>`,
    far: (ink) =>
      `${poly(
        [
          [-40, 850],
          [140, 575],
          [220, 575],
          [420, 850],
        ],
        ink.far,
      )}
<path d="M150 578 q20 -12 60 0 l-6 40 q-10 30 -14 70 q-8 -40 -30 -60 Z" fill="#ff6a1f" opacity="0.9"/>
<path d="M190 575 q-10 -60 20 -110 q-40 30 -50 110 Z" fill="#5a4a52" opacity="0.6"/>
${poly(
  [
    [820, 850],
    [900, 720],
    [960, 760],
    [1060, 850],
  ],
  ink.far,
)}`,
    near: (ink) =>
      `${rock(30, 935, 120, ink.near)}${rock(140, 945, 80, ink.near)}
<path d="M60 930 q30 -10 60 4" stroke="#ff6a1f" stroke-width="4" opacity="0.8" fill="none"/>`,
  },
  dojo: {
    web: false,
    far: (ink) => {
      const roof = (cx: number, y: number, w: number) =>
        `<path d="M${f(cx - w / 2 - 18)} ${f(y)} q${f(w / 2 + 18)} -12 ${f(w + 36)} 0 l-14 -26 h${f(-w - 8)} Z" fill="${ink.far}"/>`;
      const bamboo = [880, 920, 965, 1005]
        .map(
          (x, i) =>
            `${rect(x, 560 + i * 30, 12, 300, ink.far)}${[0, 1, 2, 3].map((k) => rect(x - 2, 600 + i * 30 + k * 60, 16, 4, '#000', ' opacity="0.3"')).join('')}`,
        )
        .join('');
      return `${rect(110, 640, 100, 220, ink.far)}${roof(160, 660, 140)}${roof(160, 740, 170)}${roof(160, 820, 200)}${rect(155, 560, 10, 80, ink.far)}${roof(160, 600, 110)}
${windows(130, 680, 3, 2, ink.glow, 24)}${bamboo}`;
    },
    near: (ink) =>
      `${rect(75, 910, 70, 22, ink.near)}${rect(95, 860, 30, 50, ink.near)}${rect(70, 840, 80, 22, ink.near)}${poly(
        [
          [62, 842],
          [110, 808],
          [158, 842],
        ],
        ink.near,
      )}
${rect(100, 870, 20, 24, ink.glow, ' opacity="0.85"')}<ellipse cx="110" cy="882" rx="36" ry="30" fill="${ink.glow}" opacity="0.15"/>`,
  },
  circus: {
    web: false,
    far: (ink) => {
      const stripes = Array.from({ length: 6 }, (_, i) => {
        const x0 = 30 + i * 50;
        return poly(
          [
            [170, 610],
            [x0, 850],
            [x0 + 50, 850],
          ],
          i % 2 === 0 ? ink.accent : ink.far,
          ' opacity="0.9"',
        );
      }).join('');
      return `${poly(
        [
          [170, 610],
          [30, 850],
          [330, 850],
        ],
        ink.far,
      )}${stripes}<path d="M170 610 V560" stroke="${ink.far}" stroke-width="5"/>${poly(
        [
          [172, 560],
          [210, 572],
          [172, 584],
        ],
        ink.secondary,
      )}
<path d="M170 612 Q400 700 620 660 Q800 630 1024 700" stroke="${ink.far}" stroke-width="2" fill="none"/>
${[260, 360, 460, 560, 700, 820, 940]
  .map((x, i) => {
    const y =
      x < 620
        ? 612 + ((x - 170) / 450) * 58 - Math.sin(((x - 170) / 450) * Math.PI) * 30
        : 660 + ((x - 620) / 404) * 40 - Math.sin(((x - 620) / 404) * Math.PI) * 20;
    return poly(
      [
        [x - 12, y],
        [x + 12, y],
        [x, y + 22],
      ],
      i % 2 === 0 ? ink.accent : ink.glow,
      ' opacity="0.8"',
    );
  })
  .join('')}`;
    },
    near: (ink) =>
      [
        [80, 800, 38, ink.accent],
        [135, 770, 32, ink.secondary],
        [185, 815, 28, ink.glow],
      ]
        .map(
          ([x, y, r, fill]) =>
            `<path d="M${x} ${Number(y) + Number(r)} q-14 40 6 ${940 - Number(y) - Number(r)}" stroke="#ddd" stroke-width="2" fill="none" opacity="0.7"/>
<ellipse cx="${x}" cy="${y}" rx="${Number(r) * 0.85}" ry="${r}" fill="${fill}" opacity="0.9"/><ellipse cx="${Number(x) - Number(r) * 0.3}" cy="${Number(y) - Number(r) * 0.35}" rx="${Number(r) * 0.2}" ry="${Number(r) * 0.3}" fill="#fff" opacity="0.5"/>`,
        )
        .join(''),
  },
  city: {
    web: false,
    far: (ink) => {
      const towers: readonly (readonly [number, number, number])[] = [
        [0, 70, 640],
        [70, 60, 700],
        [130, 80, 600],
        [210, 50, 690],
        [260, 70, 740],
        [780, 60, 730],
        [840, 80, 650],
        [920, 50, 700],
        [970, 60, 620],
      ];
      return towers
        .map(
          ([x, w, top]) =>
            `${rect(x, top, w, 860 - top, ink.far)}${windows(x + 10, top + 16, Math.floor(w / 22), Math.floor((820 - top) / 30), ink.glow)}`,
        )
        .join('');
    },
    near: () => '',
  },
  cathedral: {
    web: true,
    far: (ink) =>
      `${rect(40, 680, 240, 180, ink.far)}${poly(
        [
          [110, 680],
          [160, 470],
          [210, 680],
        ],
        ink.far,
      )}${rect(120, 600, 80, 90, ink.far)}
<path d="M160 470 V430 M146 446 H174" stroke="${ink.far}" stroke-width="6"/>
<path d="M135 800 v-60 a25 25 0 0 1 50 0 v60 Z" fill="${ink.glow}" opacity="0.55"/>
<circle cx="160" cy="640" r="18" fill="${ink.glow}" opacity="0.5"/>
<path d="M70 860 v-70 a18 18 0 0 1 36 0 v70 M214 860 v-70 a18 18 0 0 1 36 0 v70" fill="${ink.glow}" opacity="0.35"/>
<ellipse cx="120" cy="560" rx="200" ry="26" fill="#dcd6f0" opacity="0.12"/><ellipse cx="900" cy="600" rx="160" ry="20" fill="#dcd6f0" opacity="0.1"/>`,
    near: (ink) =>
      [60, 100, 140]
        .map(
          (x, i) =>
            `${rect(x, 880 + i * 12, 14, 60 - i * 12, '#efe6d2')}<ellipse cx="${x + 7}" cy="${870 + i * 12}" rx="6" ry="11" fill="${ink.glow}"/><ellipse cx="${x + 7}" cy="${874 + i * 12}" rx="20" ry="24" fill="${ink.glow}" opacity="0.16"/>`,
        )
        .join(''),
  },
};
