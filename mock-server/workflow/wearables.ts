// What a pet wears in its costume portrait: for each preset costume, pieces drawn by code (hats,
// horns, masks, collars, sheets, capes, wings) and placed on the pet from a small reviewed table of
// where each preset pet's head and body are. Art is drawn for a head of radius 1 at the origin,
// facing left (or the viewer); placement scales, moves and mirrors it.

/** A box as fractions of the picture's side. */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** Where a pet is in its picture: its head (centre, radius) and body, as fractions of the side. */
export interface HeadAnchor {
  readonly cx: number;
  readonly cy: number;
  readonly r: number;
  /** Which way the face looks: left, right, or at the viewer. */
  readonly facing: 'left' | 'right' | 'front';
  /** The body (torso, or what shows of it), where capes hang and wings grow. */
  readonly body: Box;
  /**
   * Set for a located photo: the head's box (ears included) and whether the face was found
   * (`guessed`: then nothing is drawn over the face; pieces sit above the box or below it).
   */
  readonly box?: Box;
  readonly guessed?: boolean;
  /** The box's top lies on the pet's cut-out outline: its crown, where a hat sits, guessed or not. */
  readonly topOnPet?: boolean;
  /**
   * Set for a located photo whose eyes were found and are sure: face pieces (masks, eye patches,
   * fangs) go on them, and every piece leans with the head's roll.
   */
  readonly face?: FaceMarks;
  /**
   * Set for a located head whose eyes were looked for but not found surely: face pieces are left
   * out as for a guessed face, while hats still sit on the head.
   */
  readonly faceUnsure?: boolean;
}

/** A face found on the picture: the eyes (left first) and mouth, as fractions of its side. */
export interface FaceMarks {
  readonly eyes: readonly Point[];
  readonly mouth?: Point;
  /** Degrees, clockwise as seen: the slope of the line from the left eye to the right one. */
  readonly roll: number;
}

interface Point {
  readonly x: number;
  readonly y: number;
}

const box = (x0: number, y0: number, x1: number, y1: number): Box => ({ x0, y0, x1, y1 });

/**
 * The preset pets, read off the 300 px preset pictures (ui/public/presets/pets) on a grid and
 * checked on the contact sheets (npm run contact-sheet). A pet shown as a face alone has the strip
 * under its chin as its body.
 */
export const PET_HEADS: Readonly<Record<string, HeadAnchor>> = {
  bird1: { cx: 0.33, cy: 0.27, r: 0.12, facing: 'left', body: box(0.3, 0.32, 0.72, 0.75) },
  bird2: { cx: 0.33, cy: 0.25, r: 0.12, facing: 'left', body: box(0.3, 0.32, 0.85, 0.72) },
  cat1: { cx: 0.28, cy: 0.38, r: 0.12, facing: 'left', body: box(0.34, 0.42, 0.74, 0.68) },
  cat2: { cx: 0.5, cy: 0.46, r: 0.27, facing: 'front', body: box(0.25, 0.7, 0.75, 0.82) },
  cat3: { cx: 0.27, cy: 0.4, r: 0.12, facing: 'left', body: box(0.33, 0.4, 0.72, 0.66) },
  dog1: { cx: 0.3, cy: 0.35, r: 0.12, facing: 'left', body: box(0.34, 0.36, 0.76, 0.62) },
  dog2: { cx: 0.5, cy: 0.5, r: 0.27, facing: 'front', body: box(0.27, 0.74, 0.73, 0.86) },
  dog3: { cx: 0.5, cy: 0.55, r: 0.28, facing: 'front', body: box(0.27, 0.8, 0.73, 0.9) },
  ferret1: { cx: 0.27, cy: 0.45, r: 0.1, facing: 'front', body: box(0.3, 0.4, 0.85, 0.8) },
  fish1: { cx: 0.4, cy: 0.5, r: 0.16, facing: 'left', body: box(0.35, 0.32, 0.85, 0.7) },
  guinea1: { cx: 0.27, cy: 0.4, r: 0.13, facing: 'left', body: box(0.33, 0.32, 0.85, 0.7) },
  hamster1: { cx: 0.5, cy: 0.53, r: 0.28, facing: 'front', body: box(0.27, 0.78, 0.73, 0.9) },
  hedgehog1: { cx: 0.23, cy: 0.62, r: 0.1, facing: 'left', body: box(0.28, 0.45, 0.8, 0.82) },
  lizard1: { cx: 0.4, cy: 0.22, r: 0.08, facing: 'front', body: box(0.32, 0.3, 0.68, 0.7) },
  rabbit1: { cx: 0.25, cy: 0.44, r: 0.12, facing: 'left', body: box(0.32, 0.45, 0.78, 0.82) },
  rabbit2: { cx: 0.5, cy: 0.6, r: 0.26, facing: 'front', body: box(0.28, 0.82, 0.72, 0.92) },
  snake1: { cx: 0.6, cy: 0.22, r: 0.07, facing: 'left', body: box(0.2, 0.3, 0.8, 0.9) },
  turtle1: { cx: 0.22, cy: 0.62, r: 0.07, facing: 'left', body: box(0.27, 0.45, 0.8, 0.82) },
};

/** Where the face's parts sit on the unit head, by facing (drawn for left or front). */
interface Face {
  readonly eyes: readonly (readonly [number, number])[];
  readonly nose: readonly [number, number];
  /** Where fangs hang from: under the nose of a face seen from the front, under a side face's muzzle. */
  readonly mouth: readonly [number, number];
  readonly neck: readonly [number, number];
  /** The side of the head the body is on (x), where capes and wings go. */
  readonly back: number;
  /** The body in the unit head's coordinates (drawn facing left). */
  readonly body: Box;
}

// A side face's mouth is behind its nose tip (fangs at the tip hung in the air before the chin).
const SIDE = {
  eyes: [[-0.35, -0.15]],
  nose: [-0.85, 0.2],
  mouth: [-0.4, 0.25],
  neck: [0.35, 0.95],
  back: 1,
} as const;
const FRONT = {
  eyes: [
    [-0.4, -0.05],
    [0.4, -0.05],
  ],
  nose: [0, 0.3],
  mouth: [0, 0.55],
  neck: [0, 1],
  back: 0,
} as const;

/** A cape from the neck over the back to the far end of the body, down to the body's middle. */
function sideCape(f: Face, fill: string, edge: string, lining?: string): string {
  const end = Math.max(1.4, Math.min(f.body.x1 * 0.92, 8));
  const hem = Math.max(1.7, Math.min(f.body.y0 + (f.body.y1 - f.body.y0) * 0.65, 5));
  const waves = [0.75, 0.5, 0.25]
    .map(
      (k, i) =>
        `Q${(0.45 + (end - 0.45) * (k + 0.12)).toFixed(2)} ${(hem - 0.2).toFixed(2)} ${(0.45 + (end - 0.45) * k).toFixed(2)} ${(hem + (i % 2 ? 0 : 0.05)).toFixed(2)}`,
    )
    .join(' ');
  const cape = `<path d="M0.45 0.8 C${(end * 0.45).toFixed(2)} 0.55 ${(end * 0.85).toFixed(2)} 0.75 ${end.toFixed(2)} 1 L${end.toFixed(2)} ${hem.toFixed(2)} ${waves} Q0.45 ${(hem - 0.2).toFixed(2)} 0.5 ${hem.toFixed(2)} Z" fill="${fill}" stroke="${edge}" stroke-width="0.05"/>`;
  if (!lining) return cape;
  return `${cape}<path d="M0.6 0.95 C${(end * 0.45).toFixed(2)} 0.8 ${(end * 0.8).toFixed(2)} 0.9 ${(end * 0.92).toFixed(2)} 1.1 L${(end * 0.92).toFixed(2)} 1.35 C${(end * 0.6).toFixed(2)} 1.2 ${(end * 0.35).toFixed(2)} 1.2 0.62 1.35 Z" fill="${lining}"/>`;
}

/** A wing rising from the top of the body, half way along it. */
function sideWing(f: Face, fill: string, edge: string): string {
  const x = Math.max(0.8, Math.min((f.body.x0 + f.body.x1) / 2, 6));
  const y = Math.max(0.2, Math.min(f.body.y0 + 0.2, 2.5));
  return `<path d="M${x.toFixed(2)} ${y.toFixed(2)} C${(x + 0.3).toFixed(2)} ${(y - 1.3).toFixed(2)} ${(x + 1.3).toFixed(2)} ${(y - 1.4).toFixed(2)} ${(x + 1.5).toFixed(2)} ${(y - 0.9).toFixed(2)} C${(x + 1.1).toFixed(2)} ${(y - 0.75).toFixed(2)} ${(x + 0.9).toFixed(2)} ${(y - 0.4).toFixed(2)} ${(x + 0.35).toFixed(2)} ${(y + 0.25).toFixed(2)} Z" fill="${fill}" stroke="${edge}" stroke-width="0.05"/>`;
}

/** The highest point of sideWing's wing. */
const sideWingTop = (f: Face) => Math.max(0.2, Math.min(f.body.y0 + 0.2, 2.5)) - 1.3;

const eyeHoles = (face: Face, r: number, fill: string) =>
  face.eyes
    .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r * 0.8}" fill="${fill}"/>`)
    .join('');

/**
 * Where a piece is worn, which decides where it may go when the face is only guessed: 'above' the
 * head (hats, horns, halos), over the 'face' (masks, eye patches, fangs, noses), around the 'neck'
 * (collars, ruffs, bow ties) and on the 'body' (capes, wings).
 */
export type PieceRole = 'above' | 'face' | 'neck' | 'body';

/**
 * One piece of a costume in the unit head's coordinates. `edge` is its lowest point for a piece
 * above the head and its highest for one below it: where it meets the head.
 */
export interface Piece {
  readonly role: PieceRole;
  readonly svg: string;
  readonly edge?: number;
  /** Drawn only when the face is guessed: stands in for face pieces that are left out then. */
  readonly guessOnly?: boolean;
  /**
   * A cape drawn flat over the body (or its flaps beside a face looking out): worn only in the
   * disc. A pet standing in the scene wears the costume's suit over its body instead (outfits.ts).
   */
  readonly draped?: boolean;
}

const draped = (piece: Piece): Piece => ({ ...piece, draped: true });

const above = (svg: string, edge: number): Piece => ({ role: 'above', svg, edge });
const face = (svg: string): Piece => ({ role: 'face', svg });
const neck = (svg: string, edge: number): Piece => ({ role: 'neck', svg, edge });
const body = (svg: string, edge: number): Piece => ({ role: 'body', svg, edge });
const guessed = (piece: Piece): Piece => ({ ...piece, guessOnly: true });

const ghostFigure = `<path d="M-1.35 1.3 C-1.5 -0.4 -1 -1.35 0 -1.35 C1 -1.35 1.5 -0.4 1.35 1.3 Q1.1 1.05 0.9 1.3 Q0.68 1.05 0.45 1.3 Q0.22 1.05 0 1.3 Q-0.22 1.05 -0.45 1.3 Q-0.68 1.05 -0.9 1.3 Q-1.1 1.05 -1.35 1.3 Z" fill="#f6f3ff" fill-opacity="0.88" stroke="#d8d0f0" stroke-width="0.05"/>`;
const bandage = (y: number) =>
  `<g fill="#efe6cf" fill-opacity="0.95" stroke="#b9a886" stroke-width="0.03"><path d="M-1.05 ${y} L1.05 ${y - 0.2} L1.05 ${y + 0.05} L-1.05 ${y + 0.25} Z"/><path d="M-0.95 ${y + 0.3} L0.95 ${y + 0.15} L0.95 ${y + 0.4} L-0.95 ${y + 0.55} Z"/></g>`;

/** The wearable pieces of each preset costume, on a unit head facing left or front. */
const WEARABLES: Readonly<Record<string, (face: Face) => readonly Piece[]>> = {
  vampire: (f) => {
    // Under the nose of a face seen from the front; behind the nose tip, under the muzzle, of one
    // seen side on (at the tip they hung in the air in front of the chin).
    const [mouth, lip] = f.mouth;
    const fangs = `<path d="M${mouth - 0.12} ${lip} l0.08 0.22 l0.08 -0.22 M${mouth + 0.1} ${lip} l0.08 0.22 l0.08 -0.22" fill="#fff" stroke="#fff" stroke-width="0.04"/>`;
    const flap = (x: number) =>
      `<path d="M${x * 0.75} 1.25 L${x * 1.35} 0.2 L${x * 1.15} 1.15 Z" fill="#1a0b1f" stroke="#0a0410" stroke-width="0.05"/><path d="M${x * 0.85} 1.15 L${x * 1.28} 0.45 L${x * 1.12} 1.08 Z" fill="#b3122e"/>`;
    if (f.back === 0) return [draped(neck(`${flap(-1)}${flap(1)}`, 0.2)), face(fangs)];
    // Side on: a cape from the shoulders down the back, its collar standing up behind the head.
    return [
      draped(body(sideCape(f, '#1a0b1f', '#0a0410', '#b3122e'), 0.55)),
      body(
        `<path d="M0.95 -0.25 C1.25 0.2 1.05 0.85 0.35 1.12 C0.1 1.2 -0.12 1.18 -0.25 1.1 L-0.12 0.92 C0.3 0.96 0.78 0.72 0.82 0.1 Z" fill="#1a0b1f" stroke="#0a0410" stroke-width="0.05"/><path d="M0.9 -0.05 C1.05 0.35 0.9 0.8 0.35 1.0 C0.15 1.06 -0.02 1.05 -0.1 1.0 L-0.06 0.95 C0.3 0.98 0.75 0.74 0.86 0.12 Z" fill="#a3102a"/><circle cx="-0.18" cy="1.03" r="0.09" fill="#e8c35a" stroke="#8a6a1e" stroke-width="0.03"/>`,
        -0.25,
      ),
      face(fangs),
    ];
  },
  witch: () => [
    above(
      `<ellipse cx="0" cy="-0.78" rx="1.55" ry="0.3" fill="#2a1245" stroke="#14071f" stroke-width="0.06"/>
<path d="M-0.78 -0.85 C-0.6 -1.6 -0.2 -2.3 0.55 -2.75 C0.35 -2.2 0.6 -1.5 0.8 -0.85 Z" fill="#3a1a5e" stroke="#14071f" stroke-width="0.06"/>
<path d="M-0.74 -1.02 L0.79 -1.02 L0.77 -1.24 L-0.68 -1.24 Z" fill="#ff8a1f"/>
<rect x="-0.12" y="-1.22" width="0.24" height="0.2" fill="#ffd23f"/>`,
      -0.45,
    ),
  ],
  ghost: (f) => [
    face(
      `${ghostFigure}
${eyeHoles(f, 0.2, '#1b1030')}<ellipse cx="${f.nose[0] * 0.6}" cy="${f.nose[1] + 0.3}" rx="0.16" ry="0.22" fill="#1b1030"/>`,
    ),
    // With the face unknown, a little ghost rides on the head instead of a sheet over it.
    guessed(
      above(
        `<g transform="translate(0.35 -1.05) scale(0.42)">${ghostFigure}<ellipse cx="-0.4" cy="-0.1" rx="0.2" ry="0.16" fill="#1b1030"/><ellipse cx="0.4" cy="-0.1" rx="0.2" ry="0.16" fill="#1b1030"/><ellipse cx="0" cy="0.55" rx="0.16" ry="0.22" fill="#1b1030"/></g>`,
        -0.45,
      ),
    ),
  ],
  skeleton: (f) => [
    face(
      `<path d="M-0.95 -0.2 C-0.95 -1 0.95 -1 0.95 -0.2 C0.95 0.35 0.6 0.55 0.55 0.85 L-0.55 0.85 C-0.6 0.55 -0.95 0.35 -0.95 -0.2 Z" fill="#f4efe2" fill-opacity="0.9" stroke="#bdb49c" stroke-width="0.05"/>
${eyeHoles(f, 0.22, '#231a12')}<path d="M${f.nose[0] * 0.5 - 0.08} ${f.nose[1] + 0.05} l0.08 -0.16 l0.08 0.16 Z" fill="#231a12"/>
<path d="M-0.4 0.62 H0.4 M-0.25 0.5 V0.75 M0 0.5 V0.75 M0.25 0.5 V0.75" stroke="#231a12" stroke-width="0.05"/>`,
    ),
    // A collar of bones, and a small skull on the head.
    guessed(
      neck(
        `${[-0.9, -0.45, 0, 0.45, 0.9].map((x) => `<g transform="translate(${x} 1.15) rotate(${x * 20})"><rect x="-0.05" y="-0.18" width="0.1" height="0.36" fill="#f4efe2" stroke="#bdb49c" stroke-width="0.03"/><circle cx="-0.06" cy="-0.2" r="0.07" fill="#f4efe2"/><circle cx="0.06" cy="-0.2" r="0.07" fill="#f4efe2"/><circle cx="-0.06" cy="0.2" r="0.07" fill="#f4efe2"/><circle cx="0.06" cy="0.2" r="0.07" fill="#f4efe2"/></g>`).join('')}`,
        0.88,
      ),
    ),
    guessed(
      above(
        `<g transform="translate(0 -0.95) scale(0.4)"><path d="M-0.95 -0.2 C-0.95 -1 0.95 -1 0.95 -0.2 C0.95 0.35 0.6 0.55 0.55 0.85 L-0.55 0.85 C-0.6 0.55 -0.95 0.35 -0.95 -0.2 Z" fill="#f4efe2" stroke="#bdb49c" stroke-width="0.08"/><ellipse cx="-0.4" cy="-0.05" rx="0.22" ry="0.18" fill="#231a12"/><ellipse cx="0.4" cy="-0.05" rx="0.22" ry="0.18" fill="#231a12"/><path d="M-0.08 0.35 l0.08 -0.16 l0.08 0.16 Z" fill="#231a12"/></g>`,
        -0.6,
      ),
    ),
  ],
  dragon: (f) => [
    above(
      `<path d="M-0.55 -0.75 C-0.9 -1.3 -0.7 -1.8 -0.35 -2 C-0.5 -1.6 -0.3 -1.2 -0.15 -0.95 Z" fill="#2f8f46" stroke="#17522a" stroke-width="0.05"/>
<path d="M0.35 -0.85 C0.3 -1.45 0.65 -1.85 1.05 -1.95 C0.75 -1.6 0.7 -1.25 0.75 -0.75 Z" fill="#2f8f46" stroke="#17522a" stroke-width="0.05"/>
<path d="M-0.1 -1 l0.12 -0.3 l0.12 0.3 M0.2 -0.98 l0.12 -0.26 l0.12 0.26" fill="#f2c14e" stroke="#a8741a" stroke-width="0.03"/>`,
      -0.72,
    ),
    f.back === 0
      ? body(
          `<path d="M0.9 0.3 C1.4 -0.6 2 -0.5 2.2 -0.2 C1.9 0 1.7 0.4 1.2 0.8 Z" fill="#3fae5a" stroke="#17522a" stroke-width="0.05"/>`,
          -0.55,
        )
      : body(sideWing(f, '#3fae5a', '#17522a'), sideWingTop(f)),
  ],
  superhero: (f) => [
    // The cape hangs from the shoulders: down the back side on, either side of a face looking out.
    draped(
      f.back === 0
        ? body(
            [-1, 1]
              .map(
                (x) =>
                  `<path d="M${x * 0.7} 0.85 L${x * 1.45} 2 L${x * 0.55} 1.85 Z" fill="#d7263d" stroke="#8d1020" stroke-width="0.05"/>`,
              )
              .join(''),
            0.82,
          )
        : body(sideCape(f, '#d7263d', '#8d1020'), 0.55),
    ),
    face(
      `<path d="M-1 -0.3 C-0.6 -0.55 0.6 -0.55 1 -0.3 C0.9 0.15 0.45 0.25 0 0.05 C-0.45 0.25 -0.9 0.15 -1 -0.3 Z" fill="#1f4fd1" stroke="#0d2a80" stroke-width="0.05" transform="translate(${f.eyes[0]![0] * (f.eyes.length === 1 ? 0.6 : 0)} ${f.eyes[0]![1] + 0.05}) scale(${f.eyes.length === 1 ? 0.75 : 1} 1)"/>
${eyeHoles(f, 0.1, '#ffffff')}`,
    ),
    above(
      `<path d="M-0.25 -1.05 L0 -0.7 L0.25 -1.05" fill="none" stroke="#ffd23f" stroke-width="0.08"/>`,
      -0.66,
    ),
  ],
  angel: (f) => [
    above(
      `<ellipse cx="0" cy="-1.45" rx="0.75" ry="0.2" fill="none" stroke="#ffd86b" stroke-width="0.14"/>
<ellipse cx="0" cy="-1.45" rx="0.75" ry="0.2" fill="none" stroke="#fff6c8" stroke-width="0.05"/>`,
      -1.18,
    ),
    f.back === 0
      ? body(
          `<path d="M1 0.6 C1.6 -0.4 2.4 -0.3 2.3 0.4 C2.1 0.5 1.9 0.7 1.2 1 Z" fill="#ffffff" stroke="#c9d6ff" stroke-width="0.05"/>`,
          -0.3,
        )
      : body(sideWing(f, '#ffffff', '#c9d6ff'), sideWingTop(f)),
  ],
  demon: () => [
    above(
      `<path d="M-0.6 -0.7 C-1 -1.1 -1.05 -1.6 -0.8 -1.9 C-0.8 -1.5 -0.55 -1.2 -0.25 -0.95 Z" fill="#c1121f" stroke="#6a040f" stroke-width="0.05"/>
<path d="M0.6 -0.7 C1 -1.1 1.05 -1.6 0.8 -1.9 C0.8 -1.5 0.55 -1.2 0.25 -0.95 Z" fill="#c1121f" stroke="#6a040f" stroke-width="0.05"/>`,
      -0.67,
    ),
  ],
  alien: () => [
    above(
      `<path d="M-0.35 -0.9 C-0.5 -1.4 -0.7 -1.7 -0.85 -1.9 M0.35 -0.9 C0.5 -1.4 0.7 -1.7 0.85 -1.9" fill="none" stroke="#3ddc84" stroke-width="0.09"/>
<circle cx="-0.87" cy="-1.95" r="0.17" fill="#a6ff5c" stroke="#2a9d5c" stroke-width="0.04"/>
<circle cx="0.87" cy="-1.95" r="0.17" fill="#a6ff5c" stroke="#2a9d5c" stroke-width="0.04"/>`,
      -0.9,
    ),
  ],
  robot: () => [
    above(
      `<path d="M-1.05 -0.35 C-1.05 -1.25 1.05 -1.25 1.05 -0.35 Z" fill="#aeb8c4" stroke="#5b6573" stroke-width="0.06"/>
<rect x="-1.1" y="-0.45" width="2.2" height="0.18" fill="#7d8896"/>
<path d="M0 -1.02 V-1.55" stroke="#5b6573" stroke-width="0.08"/><circle cx="0" cy="-1.62" r="0.12" fill="#ff4d4d"/>
<circle cx="-0.7" cy="-0.36" r="0.06" fill="#4a525e"/><circle cx="0.7" cy="-0.36" r="0.06" fill="#4a525e"/>`,
      -0.27,
    ),
  ],
  frankenstein: (f) => [
    above(
      `<path d="M-0.95 -0.55 L-0.95 -1.05 L0.95 -1.05 L0.95 -0.55 L0.7 -0.72 L0.45 -0.55 L0.2 -0.72 L-0.05 -0.55 L-0.3 -0.72 L-0.55 -0.55 L-0.75 -0.72 Z" fill="#1d1f1a"/>`,
      -0.55,
    ),
    neck(
      `<rect x="${f.neck[0] - 1.15}" y="${f.neck[1] - 0.2}" width="0.35" height="0.16" rx="0.04" fill="#9aa3a8" stroke="#4c5356" stroke-width="0.03"/>
<rect x="${f.neck[0] + 0.8}" y="${f.neck[1] - 0.2}" width="0.35" height="0.16" rx="0.04" fill="#9aa3a8" stroke="#4c5356" stroke-width="0.03"/>`,
      f.neck[1] - 0.22,
    ),
    face(
      `<path d="M-0.5 -0.35 H0.3 M-0.4 -0.45 V-0.25 M-0.15 -0.45 V-0.25 M0.1 -0.45 V-0.25" stroke="#1d1f1a" stroke-width="0.04"/>`,
    ),
  ],
  mummy: (f) => [
    face(
      `<g fill="#efe6cf" fill-opacity="0.92" stroke="#b9a886" stroke-width="0.03">
<path d="M-1.05 -0.75 L1.05 -0.95 L1.05 -0.7 L-1.05 -0.5 Z"/><path d="M-1.05 0.15 L1.05 0.35 L1.05 0.6 L-1.05 0.4 Z"/>
<path d="M-0.95 -0.2 L0.95 -0.45 L0.95 -0.28 L-0.95 -0.03 Z" fill-opacity="0.6"/><path d="M-0.85 0.75 L0.85 0.6 L0.8 0.85 L-0.8 0.95 Z"/></g>
${eyeHoles(f, 0.08, '#3a2a12')}`,
    ),
    // Wrapped on top and round the neck instead of across the face.
    guessed(above(bandage(-1.15), -0.58)),
    guessed(neck(bandage(1.1), 0.88)),
  ],
  ninja: (f) => [
    face(
      `<path d="M-1.02 -0.45 L1.02 -0.45 L1.02 -0.12 L-1.02 -0.12 Z" fill="#17151c"/>
<path d="M${0.95 + f.back * 0.1} -0.35 C${1.4 + f.back * 0.3} -0.5 ${1.7 + f.back * 0.3} -0.2 ${1.9 + f.back * 0.3} -0.35 M${0.95 + f.back * 0.1} -0.22 C${1.35 + f.back * 0.3} -0.1 ${1.6 + f.back * 0.3} 0.1 ${1.8 + f.back * 0.3} 0" stroke="#17151c" stroke-width="0.12" fill="none"/>
${eyeHoles(f, 0.09, '#f2f2f2')}
<path d="M-1 0.3 L1 0.3 L0.9 0.95 L-0.9 0.95 Z" fill="#17151c" fill-opacity="0.92"/>`,
    ),
    // A headband over the head with its tails flying, and a scarf round the neck.
    guessed(
      above(
        `<path d="M-1.02 -1.05 L1.02 -1.05 L1.02 -0.8 L-1.02 -0.8 Z" fill="#17151c"/><path d="M0.95 -0.98 C1.4 -1.15 1.7 -0.85 1.9 -1 M0.95 -0.87 C1.35 -0.75 1.6 -0.55 1.8 -0.65" stroke="#17151c" stroke-width="0.12" fill="none"/><circle cx="0" cy="-0.93" r="0.08" fill="#c1121f"/>`,
        -0.78,
      ),
    ),
    guessed(neck(`<path d="M-1 0.95 L1 0.95 L0.9 1.4 L-0.9 1.4 Z" fill="#17151c"/>`, 0.93)),
  ],
  pirate: (f) => [
    above(
      `<path d="M-1.5 -0.72 C-1.2 -1.05 -0.8 -1.55 0 -1.6 C0.8 -1.55 1.2 -1.05 1.5 -0.72 C0.9 -0.92 -0.9 -0.92 -1.5 -0.72 Z" fill="#17121a" stroke="#000" stroke-width="0.05"/>
<path d="M-1.3 -0.82 C-0.6 -0.98 0.6 -0.98 1.3 -0.82" stroke="#d4a72c" stroke-width="0.06" fill="none"/>
<circle cx="0" cy="-1.25" r="0.14" fill="#f4efe2"/><path d="M-0.15 -1.05 L0.15 -0.95 M0.15 -1.05 L-0.15 -0.95" stroke="#f4efe2" stroke-width="0.05"/>`,
      -0.69,
    ),
    face(
      `<ellipse cx="${f.eyes[0]![0]}" cy="${f.eyes[0]![1]}" rx="0.22" ry="0.2" fill="#0c0a0e"/>
<path d="M${f.eyes[0]![0] - 0.2} ${f.eyes[0]![1] - 0.12} L0.95 -0.75" stroke="#0c0a0e" stroke-width="0.05"/>`,
    ),
  ],
  princess: () => [
    above(
      `<path d="M-0.7 -0.8 L-0.75 -1.45 L-0.38 -1.12 L0 -1.6 L0.38 -1.12 L0.75 -1.45 L0.7 -0.8 Z" fill="#f5c542" stroke="#b8860b" stroke-width="0.05"/>
<circle cx="0" cy="-1.05" r="0.1" fill="#e83f8f"/><circle cx="-0.45" cy="-0.98" r="0.07" fill="#46b3e6"/><circle cx="0.45" cy="-0.98" r="0.07" fill="#46b3e6"/>`,
      -0.77,
    ),
  ],
  clown: (f) => [
    above(
      `<path d="M-0.6 -0.82 L0.45 -0.9 L0.05 -2.2 Z" fill="#ffd23f" stroke="#c9962a" stroke-width="0.04"/>
<path d="M-0.35 -1.3 L0.33 -1.34 M-0.18 -1.72 L0.2 -1.74" stroke="#e63946" stroke-width="0.12"/>
<circle cx="0.05" cy="-2.25" r="0.17" fill="#e63946"/>`,
      -0.8,
    ),
    face(
      `<circle cx="${f.nose[0]}" cy="${f.nose[1]}" r="0.2" fill="#e63946" stroke="#9b1c24" stroke-width="0.03"/>`,
    ),
    neck(
      `<path d="M${f.neck[0] - 0.9} ${f.neck[1]} q0.15 -0.25 0.3 0 q0.15 -0.25 0.3 0 q0.15 -0.25 0.3 0 q0.15 -0.25 0.3 0 q0.15 -0.25 0.3 0 q0.15 -0.25 0.3 0 l0 0.22 q-0.15 0.2 -0.3 0 q-0.15 0.2 -0.3 0 q-0.15 0.2 -0.3 0 q-0.15 0.2 -0.3 0 q-0.15 0.2 -0.3 0 q-0.15 0.2 -0.3 0 Z" fill="#ffffff" stroke="#c9c9d8" stroke-width="0.03"/>`,
      f.neck[1] - 0.2,
    ),
  ],
  werewolf: () => [
    above(
      `<path d="M-0.85 -0.55 L-0.75 -1.55 L-0.2 -0.9 Z" fill="#6b5b4e" stroke="#3b3129" stroke-width="0.05"/>
<path d="M0.85 -0.55 L0.75 -1.55 L0.2 -0.9 Z" fill="#6b5b4e" stroke="#3b3129" stroke-width="0.05"/>
<path d="M-0.7 -0.7 L-0.66 -1.25 L-0.38 -0.9 Z M0.7 -0.7 L0.66 -1.25 L0.38 -0.9 Z" fill="#d9a88a"/>`,
      -0.52,
    ),
    face(
      `<path d="M-1.1 0.2 l-0.25 0.1 l0.2 0.1 l-0.22 0.14 l0.27 0.04 M1.1 0.2 l0.25 0.1 l-0.2 0.1 l0.22 0.14 l-0.27 0.04" stroke="#6b5b4e" stroke-width="0.07" fill="none"/>`,
    ),
  ],
  zombie: (f) => [
    // Greenish skin, a stitched scar across the brow, a sunken eye and a torn bandage.
    face(
      `<circle cx="0" cy="0" r="1" fill="#6abf69" fill-opacity="0.38"/>
<path d="M-0.75 -0.45 L0.65 -0.62" stroke="#2d3a22" stroke-width="0.06" fill="none"/>
<path d="M-0.55 -0.58 l0.06 0.22 M-0.25 -0.62 l0.06 0.22 M0.05 -0.65 l0.06 0.22 M0.35 -0.69 l0.06 0.22" stroke="#2d3a22" stroke-width="0.05"/>
<ellipse cx="${f.eyes[0]![0]}" cy="${f.eyes[0]![1]}" rx="0.22" ry="0.2" fill="none" stroke="#3b2a4a" stroke-width="0.08"/>
<path d="M0.2 -0.95 L0.95 -0.55 L0.85 -0.38 L0.1 -0.78 Z" fill="#e8dcc0" stroke="#a89a76" stroke-width="0.03"/>`,
    ),
    // A torn bandage on the head and a ragged green collar.
    guessed(
      above(
        `<path d="M-0.9 -0.85 L0.95 -1.2 L0.9 -0.95 L-0.95 -0.62 Z" fill="#e8dcc0" stroke="#a89a76" stroke-width="0.03"/><path d="M-0.6 -0.95 l0.05 -0.2 M-0.2 -1.02 l0.05 -0.2 M0.2 -1.1 l0.05 -0.2" stroke="#2d3a22" stroke-width="0.05"/>`,
        -0.6,
      ),
    ),
    guessed(
      neck(
        `<path d="M-1 0.95 L1 0.95 L0.95 1.3 L0.75 1.15 L0.55 1.35 L0.3 1.15 L0.05 1.38 L-0.2 1.15 L-0.45 1.35 L-0.7 1.15 L-0.95 1.3 Z" fill="#4f7a3a" stroke="#2d3a22" stroke-width="0.04"/>`,
        0.93,
      ),
    ),
  ],
};

/** Poses of one sway of the worn pieces; the video plays two sways per loop. */
export const WOBBLE_POSES = 12;

/** A pose of the worn pieces: the head's lean (degrees) and rise (head radii), and the flutter. */
export interface WornPose {
  readonly tilt: number;
  readonly lift: number;
  /** How far (degrees of shear about where it hangs) a cape or a wing swings out: 0 at rest. */
  readonly flutter?: number;
}

/**
 * How the pieces lean, rise and flutter in pose k: a gentle, seamless sway of the head, and capes
 * and wings swinging twice as fast, so they move against it.
 */
export function wobbleAt(k: number): WornPose {
  const angle = (2 * Math.PI * k) / WOBBLE_POSES;
  return {
    tilt: 5 * Math.sin(angle),
    lift: 0.06 * Math.sin(2 * angle),
    flutter: 9 * Math.sin(2 * angle) + 4 * Math.sin(3 * angle),
  };
}

/** A cape or a wing sheared about the row it hangs from: its far end swings, its top stays put. */
function fluttered(svg: string, piece: Piece, flutter: number | undefined): string {
  if (piece.role !== 'body' || !flutter || Math.abs(flutter) < 0.01) return svg;
  const edge = (piece.edge ?? 0).toFixed(3);
  return `<g transform="translate(0 ${edge}) skewX(${flutter.toFixed(2)}) translate(0 ${-edge})">${svg}</g>`;
}

/** The preset costumes that have wearable pieces: all eighteen. */
export const WEARABLE_COSTUMES = Object.keys(WEARABLES);

/**
 * The costume's pieces as SVG elements on a picture of `side` px whose pet's head is `head`, or
 * undefined for a costume that is not a preset (its picture is worn instead: character.ts).
 * `roles` keeps only the pieces of those roles (for reviewing and testing one kind of piece);
 * `suited` leaves out the flat capes, for a pet that wears the costume's suit over its body
 * (standing in the scene).
 */
export function wearableSvg(
  costumeId: string,
  head: HeadAnchor,
  side: number,
  pose: WornPose = { tilt: 0, lift: 0 },
  roles?: readonly PieceRole[],
  suited = false,
): string | undefined {
  const draw = WEARABLES[costumeId];
  if (!draw) return undefined;
  const flip = head.facing === 'right' ? -1 : 1;
  // The body in the unit head's coordinates, as the art is drawn (facing left).
  const unit = (x: number) => (flip * (x - head.cx)) / head.r;
  const [bx0, bx1] = [unit(head.body.x0), unit(head.body.x1)].sort((a, b) => a - b);
  const body = {
    x0: bx0!,
    x1: bx1!,
    y0: (head.body.y0 - head.cy) / head.r,
    y1: (head.body.y1 - head.cy) / head.r,
  };
  // A located pet's body can reach far from a small head (a horse, a lizard): its cape and wings
  // stay within a few head radii of the neck, a cape on the back rather than a blanket.
  if (head.box) {
    body.x1 = Math.min(body.x1, REACH.along);
    body.y0 = Math.min(body.y0, REACH.top);
    body.y1 = Math.min(body.y1, REACH.down);
  }
  const art = head.facing === 'front' ? FRONT : SIDE;
  const faceHidden = head.guessed === true || head.faceUnsure === true;
  const found = faceHidden ? undefined : head.face && foundFace(head, head.face, art, flip);
  const face: Face = {
    ...art,
    ...(found?.nose && { nose: found.nose }),
    ...(found?.mouth && { mouth: found.mouth }),
    body,
  };
  const pieces = draw(face).filter(
    (piece) =>
      (faceHidden ? piece.role !== 'face' : !piece.guessOnly) &&
      (!roles || roles.includes(piece.role)) &&
      !(suited && piece.draped),
  );
  const r = head.r * side;
  const y = head.cy * side - pose.lift * r;
  const roll = found ? head.face!.roll : 0;
  const drawn = (piece: Piece) =>
    found && piece.role === 'face'
      ? `<g transform="${found.transform}">${piece.svg}</g>`
      : clearOfFace(piece, head);
  return `<g transform="translate(${(head.cx * side).toFixed(1)} ${y.toFixed(1)}) rotate(${(pose.tilt + roll).toFixed(2)}) scale(${(flip * r).toFixed(2)} ${r.toFixed(2)})">${pieces.map((piece) => fluttered(drawn(piece), piece, pose.flutter)).join('')}</g>`;
}

/** A found eye pair's width may stretch or narrow a face piece this much at most. */
const FACE_STRETCH = { least: 0.6, most: 1.3 } as const;
/** A found mouth is used for the nose's place only this far below the eyes (head radii). */
const MOUTH_BELOW = { least: 0.15, most: 1.3 } as const;
/** How far above the mouth the art's nose is (fangs hang from 0.25 below the nose). */
const NOSE_ABOVE_MOUTH = 0.25;

/**
 * Face pieces moved onto a found face: in the unit head's coordinates (already turned by the
 * roll), the transform that takes the art's eyes onto the found ones (two eyes: their middle, and
 * the art stretched across to their distance; one eye: that eye), and the nose just above the
 * found mouth, in the art's own coordinates.
 */
function foundFace(
  head: HeadAnchor,
  marks: FaceMarks,
  art: Pick<Face, 'eyes'>,
  flip: number,
):
  | { transform: string; nose?: readonly [number, number]; mouth?: readonly [number, number] }
  | undefined {
  const turn = (-marks.roll * Math.PI) / 180;
  const unit = (p: Point) => {
    const dx = (p.x - head.cx) / head.r;
    const dy = (p.y - head.cy) / head.r;
    return {
      x: flip * (dx * Math.cos(turn) - dy * Math.sin(turn)),
      y: dx * Math.sin(turn) + dy * Math.cos(turn),
    };
  };
  const eyes = marks.eyes.map(unit).sort((a, b) => a.x - b.x);
  let transform: { dx: number; dy: number; sx: number; ox: number; oy: number };
  const [artLeft, artRight] = art.eyes;
  if (!artLeft) return undefined;
  if (artRight && eyes.length === 2) {
    const [a, b] = [eyes[0]!, eyes[1]!];
    const artWidth = artRight[0] - artLeft[0];
    const sx = Math.min(FACE_STRETCH.most, Math.max(FACE_STRETCH.least, (b.x - a.x) / artWidth));
    const ox = (artLeft[0] + artRight[0]) / 2;
    const oy = (artLeft[1] + artRight[1]) / 2;
    transform = { dx: (a.x + b.x) / 2, dy: (a.y + b.y) / 2, sx, ox, oy };
  } else if (!artRight && eyes.length === 1) {
    transform = { dx: eyes[0]!.x, dy: eyes[0]!.y, sx: 1, ox: artLeft[0], oy: artLeft[1] };
  } else return undefined;
  const { dx, dy, sx, ox, oy } = transform;
  const mouth = marks.mouth && unit(marks.mouth);
  // The mouth in the art's coordinates: x back through the stretch, y below the eyes' line.
  const artMouth = mouth && { x: (mouth.x - dx) / sx + ox, y: mouth.y - dy + oy };
  const below = artMouth && artMouth.y - oy;
  const placed =
    artMouth && below !== undefined && below >= MOUTH_BELOW.least && below <= MOUTH_BELOW.most
      ? { x: round3(artMouth.x), y: round3(artMouth.y) }
      : undefined;
  return {
    transform: `translate(${round3(dx)} ${round3(dy)}) scale(${round3(sx)} 1) translate(${round3(-ox)} ${round3(-oy)})`,
    ...(placed && {
      nose: [placed.x, round3(placed.y - NOSE_ABOVE_MOUTH)] as const,
      mouth: [placed.x, placed.y] as const,
    }),
  };
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

/** How far (head radii) a located pet's body is taken to reach for its cape and wings. */
const REACH = { along: 3.4, top: 1.2, down: 2.4 } as const;

/** Room left between the head's box and a piece moved clear of a guessed face, in head radii. */
const CLEARANCE = 0.15;
/** On a located head, hats sit this far down its box (between the ears), collars this far up. */
const CROWN = 0.15;
const CHIN = 0.08;

const moved = (piece: Piece, dy: number) =>
  Math.abs(dy) < 1e-6 ? piece.svg : `<g transform="translate(0 ${dy.toFixed(3)})">${piece.svg}</g>`;

/**
 * A piece as drawn for a preset pet's reviewed head. On a located head (its box known), hats sit
 * at the crown and collars at the chin of the box, whatever its shape; when the face is guessed,
 * they move up (above the head) or down (neck and body) until they clear the head's box, so the
 * sway cannot tip them over the face either.
 */
function clearOfFace(piece: Piece, head: HeadAnchor): string {
  const { box } = head;
  if (!box || piece.edge === undefined) return piece.svg;
  const unitY = (y: number) => (y - head.cy) / head.r;
  const height = box.y1 - box.y0;
  if (!head.guessed || (head.topOnPet && piece.role === 'above')) {
    if (piece.role === 'above') return moved(piece, unitY(box.y0 + CROWN * height) - piece.edge);
    if (piece.role === 'neck') return moved(piece, unitY(box.y1 - CHIN * height) - piece.edge);
    return piece.svg;
  }
  if (piece.role === 'above')
    return moved(piece, Math.min(0, unitY(box.y0) - CLEARANCE - piece.edge));
  return moved(piece, Math.max(0, unitY(box.y1) + CLEARANCE - piece.edge));
}
