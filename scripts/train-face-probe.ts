// npm run train:face-probe: trains the pet locator's face probe (mock-server/workflow/locate/
// face-probe.ts: where the eyes and the mouth are) on the labelled photographs in
// tests/fixtures/photos and their mirror images, cross-validates it by photo first (a photo and its
// mirror are left out together, each found in its labelled head's box and in the box the head probe
// finds) and writes face-probe.json with the figures. Deterministic: the same photos give the same
// file. The held-out photographs are never read here (npm run measure:locator measures them).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import * as tf from '@tensorflow/tfjs-core';
import {
  FEATURE_DEPTH,
  FEATURE_GRID,
  lookAt,
  type CellProbe,
} from '../mock-server/workflow/locate/animal-detector';
import {
  FACE_PROBE_FILE,
  inHeadUnits,
  probedFace,
  type FaceLayout,
  type FaceProbeFile,
  type Spread,
  type UnitPoint,
} from '../mock-server/workflow/locate/face-probe';
import {
  facePoints,
  scoreFace,
  type FaceLabels,
  type FaceScore,
} from '../mock-server/workflow/locate/face-measure';
import {
  headProbe,
  lookedBothWays,
  probedHead,
  type LinearRead,
  type UnitBox,
} from '../mock-server/workflow/locate/head-probe';
import { largestAnimal, locatorPictures } from '../mock-server/workflow/locate/locate-pet';
import { seededRandom } from '../mock-server/workflow/seeded-random';
import { balanced, featureRows, fit, rounded } from './support/cell-probe-fit';

const PHOTOS = path.resolve('tests/fixtures/photos');
const FOLDS = 6;
/** Cells within this many head widths of a labelled point are that point (the nearest one always). */
const POINT_RADIUS = 0.09;
/** Cells within twice that are left out; of the others, these shares are "not this point". */
const HEAD_SHARE = 0.15;
const ELSEWHERE_SHARE = 0.01;
/** Cells this far around the labelled head (a share of its sides) count as in the head. */
const HEAD_MARGIN = 0.3;

interface Labelled extends FaceLabels {
  readonly file: string;
  readonly head: { x: number; y: number; w: number; h: number };
}

/** One photo (or its mirror) as the probe sees it, with its labels in fractions of the picture. */
interface Example {
  readonly file: string;
  readonly mirrored: boolean;
  /** The features of each cell, read over the picture and its mirror image alike. */
  readonly features: Float32Array;
  readonly size: { readonly width: number; readonly height: number };
  readonly head: UnitBox;
  /** The head the head probe finds (as the locator does). */
  readonly found: UnitBox;
  readonly eyes: readonly UnitPoint[];
  readonly mouth?: UnitPoint;
}

const { photos } = JSON.parse(await readFile(path.join(PHOTOS, 'labels.json'), 'utf8')) as {
  photos: Labelled[];
};
const examples: Example[] = [];
for (const photo of photos) {
  const bytes = await readFile(path.join(PHOTOS, photo.file));
  const { info } = await sharp(bytes).rotate().toBuffer({ resolveWithObject: true });
  const size = { width: info.width, height: info.height };
  const pictures = await locatorPictures(bytes);
  const sight = await lookAt(pictures.square, undefined, { mirrorToo: true });
  // Linear reads of the averaged features are the averaged reads (lookedBothWays).
  const features = lookedBothWays(sight.cells, sight.mirrorCells ?? sight.cells);
  const heads = cellsOf(features, headProbe());
  const animal = largestAnimal(sight.detections) ?? { x: 0, y: 0, w: 1, h: 1 };
  const found = probedHead(heads, animal, size.width / size.height);
  for (const mirrored of [false, true]) {
    const points = facePoints(photo, size, mirrored);
    const unitX = (x: number) => (mirrored ? 1 - x : x);
    examples.push({
      file: photo.file,
      mirrored,
      features: mirrored ? mirroredCells(features) : features,
      size,
      head: {
        x: unitX(mirrored ? (photo.head.x + photo.head.w) / size.width : photo.head.x / size.width),
        y: photo.head.y / size.height,
        w: photo.head.w / size.width,
        h: photo.head.h / size.height,
      },
      found: mirrored ? { ...found, x: 1 - found.x - found.w } : found,
      eyes: points.eyes.map((p) => ({ x: p.x / size.width, y: p.y / size.height })),
      ...(points.mouth && {
        mouth: { x: points.mouth.x / size.width, y: points.mouth.y / size.height },
      }),
    });
  }
  process.stderr.write('.');
}
process.stderr.write('\n');

const files = [...new Set(examples.map((e) => e.file))];
const tally = {
  label: { eyes: [] as boolean[], mouth: [] as boolean[], roll: [] as boolean[] },
  found: { eyes: [] as boolean[], mouth: [] as boolean[], roll: [] as boolean[] },
};
const dumped: unknown[] = [];
for (let fold = 0; fold < FOLDS; fold++) {
  const left = new Set(files.filter((_, i) => i % FOLDS === fold));
  const kept = examples.filter((e) => !left.has(e.file));
  const probe = { weights: [], bias: [] } as { weights: number[][]; bias: number[] };
  for (const read of [trainPoint(kept, 'eye'), trainPoint(kept, 'mouth')]) {
    probe.weights.push(read.weights);
    probe.bias.push(read.bias);
  }
  const layout = layoutOf(kept);
  for (const example of examples.filter((e) => left.has(e.file))) {
    const cells = cellsOf(example.features, probe);
    if (process.env.FACE_PROBE_DUMP)
      dumped.push({ ...example, features: undefined, cells: [...cells] });
    for (const box of ['label', 'found'] as const) {
      const face = probedFace(
        cells,
        box === 'label' ? example.head : example.found,
        example.size,
        layout,
      );
      const score = scored(example, face);
      tally[box].eyes.push(...score.eyes);
      if (score.mouth !== undefined) tally[box].mouth.push(score.mouth);
      if (score.roll !== undefined) tally[box].roll.push(score.roll);
      const marks = (values: readonly boolean[]) => values.map((v) => (v ? '+' : '-')).join('');
      process.stdout.write(
        `${example.file}${example.mirrored ? ' (mirror)' : ''} in the ${box === 'label' ? 'labelled' : 'found'} head: ` +
          `eyes ${marks(score.eyes)} mouth ${marks(score.mouth === undefined ? [] : [score.mouth])} ` +
          `roll ${marks(score.roll === undefined ? [] : [score.roll])} logits ${face.eyes.length} eyes ` +
          `${face.logits.eye.toFixed(1)} ${face.logits.secondEye.toFixed(1)} mouth ${face.logits.mouth.toFixed(1)}\n`,
      );
    }
  }
}
if (process.env.FACE_PROBE_DUMP)
  await writeFile(process.env.FACE_PROBE_DUMP, JSON.stringify(dumped));
const share = (values: readonly boolean[]) =>
  `${values.filter(Boolean).length} of ${values.length}`;
const measured =
  `cross-validated by photo in ${FOLDS} folds (a photo and its mirror left out together), within ` +
  `a quarter of the labelled head's width: in the labelled head's box, eyes ${share(tally.label.eyes)}, ` +
  `mouths ${share(tally.label.mouth)}, roll within 15 degrees ${share(tally.label.roll)}; in the ` +
  `head found, eyes ${share(tally.found.eyes)}, mouths ${share(tally.found.mouth)}, roll ` +
  `${share(tally.found.roll)}`;
process.stdout.write(`${measured}\n`);

const file: FaceProbeFile = {
  about:
    "The pet locator face probe: logit = features . weights + bias for each cell of the detector's " +
    'feature grid, that an eye (eye) or the mouth (mouth) is there (see face-probe.ts). Written by ' +
    'npm run train:face-probe.',
  grid: FEATURE_GRID,
  depth: FEATURE_DEPTH,
  eye: rounded(trainPoint(examples, 'eye')),
  mouth: rounded(trainPoint(examples, 'mouth')),
  layout: layoutOf(examples),
  trainedOn: files,
  measured,
};
await writeFile(FACE_PROBE_FILE, `${JSON.stringify(file, null, 2)}\n`);
process.stdout.write(`wrote ${path.relative(process.cwd(), FACE_PROBE_FILE.pathname)}\n`);

/** The face found in a left-out example against its labels, in pixels of the picture. */
function scored(example: Example, face: ReturnType<typeof probedFace>): FaceScore {
  const { width, height } = example.size;
  const px = (p: UnitPoint) => ({ x: p.x * width, y: p.y * height });
  return scoreFace(
    { eyes: example.eyes.map(px), ...(example.mouth && { mouth: px(example.mouth) }) },
    example.head.w * width,
    {
      eyes: face.eyes.map(px),
      mouth: px(face.mouth),
      ...(face.roll !== undefined && { roll: face.roll }),
    },
  );
}

/**
 * Where the labelled eyes and mouths lie in the heads the head probe found (so the layout carries
 * that head's own slips), and how far apart the eyes are in head widths.
 */
function layoutOf(set: readonly Example[]): FaceLayout {
  const [leftEyes, rightEyes, mouths, apart] = [[], [], [], []] as [
    UnitPoint[],
    UnitPoint[],
    UnitPoint[],
    number[],
  ];
  const units = (p: UnitPoint, head: UnitBox) => {
    const { u, v } = inHeadUnits(p, head);
    return { x: u, y: v };
  };
  for (const e of set) {
    const [a, b] = e.eyes;
    if (a && b) {
      leftEyes.push(units(a, e.found));
      rightEyes.push(units(b, e.found));
      const distance = Math.hypot((b.x - a.x) * e.size.width, (b.y - a.y) * e.size.height);
      apart.push(distance / (e.found.w * e.size.width));
    }
    if (e.mouth) mouths.push(units(e.mouth, e.found));
  }
  const spread = (values: readonly number[]): { mean: number; spread: number } => {
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
    // A little more than measured: a handful of photos is no proof of a narrow spread.
    return { mean: round(mean), spread: round(Math.sqrt(variance) + 0.02) };
  };
  const of = (points: readonly UnitPoint[]): Spread => {
    const [u, v] = [spread(points.map((p) => p.x)), spread(points.map((p) => p.y))];
    return { mean: [u.mean, v.mean], spread: [u.spread, v.spread] };
  };
  return {
    leftEye: of(leftEyes),
    rightEye: of(rightEyes),
    mouth: of(mouths),
    eyesApart: spread(apart),
  };
}

function round(value: number): number {
  return Number(value.toPrecision(4));
}

/** Where a point is: logistic regression, the point's cells and the rest weighted alike. */
function trainPoint(set: readonly Example[], kind: 'eye' | 'mouth'): LinearRead {
  const random = seededRandom(kind === 'eye' ? 3 : 4);
  const picked: { example: Example; cell: number }[] = [];
  const labels: number[] = [];
  const g = FEATURE_GRID;
  for (const example of set) {
    const points = kind === 'eye' ? example.eyes : example.mouth ? [example.mouth] : [];
    if (points.length === 0) continue;
    const { width, height } = example.size;
    const headWidth = example.head.w * width;
    const distance = (cell: number, p: UnitPoint) =>
      Math.hypot(
        (((cell % g) + 0.5) / g - p.x) * width,
        ((Math.floor(cell / g) + 0.5) / g - p.y) * height,
      ) / headWidth;
    const nearest = new Set(
      points.map((p) => {
        let best = 0;
        for (let cell = 1; cell < g * g; cell++)
          if (distance(cell, p) < distance(best, p)) best = cell;
        return best;
      }),
    );
    const h = example.head;
    for (let cell = 0; cell < g * g; cell++) {
      const d = Math.min(...points.map((p) => distance(cell, p)));
      const x = ((cell % g) + 0.5) / g;
      const y = (Math.floor(cell / g) + 0.5) / g;
      const nearHead =
        x >= h.x - h.w * HEAD_MARGIN &&
        x <= h.x + h.w * (1 + HEAD_MARGIN) &&
        y >= h.y - h.h * HEAD_MARGIN &&
        y <= h.y + h.h * (1 + HEAD_MARGIN);
      if (d <= POINT_RADIUS || nearest.has(cell)) {
        picked.push({ example, cell });
        labels.push(1);
      } else if (d > 2 * POINT_RADIUS) {
        const drawn = random();
        if (drawn < (nearHead ? HEAD_SHARE : ELSEWHERE_SHARE)) {
          picked.push({ example, cell });
          labels.push(0);
        }
      }
    }
  }
  return fit(featureRows(picked), labels, 'logistic', balanced(labels));
}

/** The cells of the mirror image: each row's cells in reverse order. */
function mirroredCells(features: Float32Array): Float32Array {
  const g = FEATURE_GRID;
  const out = new Float32Array(features.length);
  for (let j = 0; j < g; j++)
    for (let i = 0; i < g; i++)
      out.set(
        features.subarray((j * g + i) * FEATURE_DEPTH, (j * g + i + 1) * FEATURE_DEPTH),
        (j * g + (g - 1 - i)) * FEATURE_DEPTH,
      );
  return out;
}

function cellsOf(features: Float32Array, probe: CellProbe): Float32Array {
  return tf.tidy(
    () =>
      tf
        .add(
          tf.matMul(
            tf.tensor2d(features, [FEATURE_GRID * FEATURE_GRID, FEATURE_DEPTH]),
            tf.tensor2d(probe.weights.map((w) => [...w])),
            false,
            true,
          ),
          tf.tensor1d([...probe.bias]),
        )
        .dataSync() as Float32Array,
  );
}
