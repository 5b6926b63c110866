// npm run train:head-probe: trains the pet locator's head probe (mock-server/workflow/locate/
// head-probe.ts) on the labelled photographs of the learnt sets (LEARNT_SETS) and their mirror images,
// cross-validates it by photo first (a photo and its mirror are left out together) and writes
// head-probe.json with the figures. Deterministic: the same photos give the same file.
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
  asCellProbe,
  contains,
  HEAD_PROBE_FILE,
  headFound,
  lookedBothWays,
  petChances,
  probedHead,
  type HeadProbeFile,
  type LinearRead,
  type UnitBox,
} from '../mock-server/workflow/locate/head-probe';
import { largestAnimal, locatorPictures } from '../mock-server/workflow/locate/locate-pet';
import { cutOutPet, type PetSight } from '../mock-server/workflow/locate/matte';
import { overlap, rasterize, type Outline } from '../mock-server/workflow/locate/outline';
import { LEARNT_SETS, readLabelled } from '../mock-server/workflow/locate/locator-measure';
import type { RgbImage } from '../mock-server/workflow/locate/silhouette';
import { seededRandom } from '../mock-server/workflow/seeded-random';
import { balanced, featureRows, fit, rounded } from './support/cell-probe-fit';

const FOLDS = 6;
const WHOLE_PICTURE: UnitBox = { x: 0, y: 0, w: 1, h: 1 };
/** The head's size is read at the cells this deep inside it. */
const SIZE_CORE = 0.3;
/** Cells this deep inside a labelled head are heads; this far around every head, left out. */
const HEAD_CORE = 0.15;
const HEAD_MARGIN = 0.15;
/** Shares of the other cells taken as "not a head": of the animal's, and of the background's. */
const ANIMAL_SHARE = 0.5;
const BACKGROUND_SHARE = 0.05;
/** Cells at least this much inside a traced outline are animal, at most this much scene. */
const PET_INSIDE = 0.75;
const PET_OUTSIDE = 0.25;
/** The share of those cells the pet read learns from (neighbours are much alike). */
const PET_SHARE = 0.35;

interface Labelled {
  readonly file: string;
  readonly head: UnitBox;
  readonly alsoAccepted?: readonly { head: UnitBox }[];
  /** Where it is not labelled, the detector's box for the animal stands for it. */
  readonly body?: UnitBox;
  readonly outline?: Outline;
}

/** One photo (or its mirror) as the probe sees it, with its labels in fractions of the picture. */
interface Example {
  readonly file: string;
  readonly mirrored: boolean;
  readonly features: Float32Array;
  readonly animal: UnitBox;
  readonly aspect: number;
  readonly heads: readonly UnitBox[];
  readonly body: UnitBox;
  /** The traced outline in fractions of the picture, where there is one. */
  readonly outline?: Outline;
  /** The photo as the cut-out works on it (at most 640 px on its long side). */
  readonly base: RgbImage;
}

const photos: (Labelled & { folder: string })[] = [];
for (const folder of LEARNT_SETS.map((set) => path.resolve(set))) {
  for (const photo of await readLabelled(folder)) photos.push({ ...photo, folder });
}
const examples: Example[] = [];
for (const photo of photos) {
  const bytes = await readFile(path.join(photo.folder, photo.file));
  const { info } = await sharp(bytes).rotate().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  for (const mirrored of [false, true]) {
    const image = mirrored ? await sharp(bytes).rotate().flop().png().toBuffer() : bytes;
    const pictures = await locatorPictures(image);
    const sight = await lookAt(pictures.square);
    const unit = (b: UnitBox): UnitBox => {
      const x = b.x / width;
      return {
        x: mirrored ? 1 - x - b.w / width : x,
        y: b.y / height,
        w: b.w / width,
        h: b.h / height,
      };
    };
    examples.push({
      file: photo.file,
      mirrored,
      features: sight.cells,
      animal: largestAnimal(sight.detections) ?? WHOLE_PICTURE,
      aspect: width / height,
      heads: [photo.head, ...(photo.alsoAccepted ?? []).map((a) => a.head)].map(unit),
      body: photo.body ? unit(photo.body) : (largestAnimal(sight.detections) ?? WHOLE_PICTURE),
      ...(photo.outline && {
        outline: photo.outline.map((polygon) =>
          polygon.map(([x, y]) => [mirrored ? 1 - x / width : x / width, y / height] as const),
        ),
      }),
      base: pictures.base,
    });
  }
  process.stderr.write('.');
}
process.stderr.write('\n');

const files = [...new Set(examples.map((e) => e.file))];
let found = 0;
const hitLogits: number[] = [];
const missLogits: number[] = [];
/** Of each head found, its box's area over the labelled head's (pieces are scaled to the box). */
const areaRatios: number[] = [];
/** The cut-out's overlap with each traced outline left out: whole, and inside the head's box. */
const cutOverlaps: { name: string; whole: number; head: number; boxOnly: number }[] = [];
for (let fold = 0; fold < FOLDS; fold++) {
  const left = new Set(files.filter((_, i) => i % FOLDS === fold));
  const kept = examples.filter((e) => !left.has(e.file));
  const probe = asCellProbe({ head: trainHead(kept), size: trainSize(kept), pet: trainPet(kept) });
  const leftOut = examples.filter((e) => left.has(e.file));
  const read = new Map(leftOut.map((e) => [e, cellsOf(e, probe)]));
  for (const example of leftOut) {
    // As the locator does: the probe read over the picture and its mirror image (the partner).
    const mirror = leftOut.find((e) => e.file === example.file && e.mirrored !== example.mirrored);
    const own = read.get(example)!;
    const cells = lookedBothWays(own, (mirror && read.get(mirror)) ?? own);
    const head = probedHead(cells, example.animal, example.aspect);
    const hit = example.heads.find((label) => headFound(head, label));
    if (hit) areaRatios.push((head.w * head.h) / (hit.w * hit.h));
    (hit ? hitLogits : missLogits).push(head.logit);
    if (hit) found++;
    const name = `${example.file}${example.mirrored ? ' (mirror)' : ''}`;
    process.stdout.write(
      `${hit ? 'found ' : 'missed'} ${name}  peak logit ${head.logit.toFixed(1)}\n`,
    );
    if (example.outline) {
      const sight = { animal: example.animal, head, sureOfHead: Boolean(hit) };
      const cut = await cutOverlap(example, { ...sight, chances: petChances(cells) });
      const boxOnly = await cutOverlap(example, sight);
      cutOverlaps.push({ name, ...cut, boxOnly: boxOnly.whole });
      process.stdout.write(
        `  cut-out ${cut.whole.toFixed(2)} (head ${cut.head.toFixed(2)}, box only ${boxOnly.whole.toFixed(2)})\n`,
      );
    }
  }
}
const measured =
  `cross-validated by photo in ${FOLDS} folds (a photo and its mirror left out together): ` +
  `${found} of ${examples.length} heads found; peak logits of heads found ${summary(hitLogits)}, ` +
  `of heads missed ${summary(missLogits)}; area of a head found over the labelled head's ` +
  `${summary(areaRatios)}, over 3 times in ${areaRatios.filter((r) => r > 3).length}; ` +
  `cut-out over ${cutOverlaps.length} traced outlines, overlap (IoU) ` +
  `${summary(
    cutOverlaps.map((c) => c.whole),
    2,
  )}, inside the head's box ` +
  `${summary(
    cutOverlaps.map((c) => c.head),
    2,
  )} (seeded by the animal's box alone: ` +
  `${summary(
    cutOverlaps.map((c) => c.boxOnly),
    2,
  )})`;
process.stdout.write(`${measured}\n`);

const file: HeadProbeFile = {
  about:
    'The pet locator head probe: logit = features . weights + bias for each cell of the ' +
    "detector's feature grid (see head-probe.ts). Written by npm run train:head-probe.",
  grid: FEATURE_GRID,
  depth: FEATURE_DEPTH,
  head: rounded(trainHead(examples)),
  size: rounded(trainSize(examples)),
  pet: rounded(trainPet(examples)),
  trainedOn: files,
  measured,
};
await writeFile(HEAD_PROBE_FILE, `${JSON.stringify(file, null, 2)}\n`);
process.stdout.write(`wrote ${path.relative(process.cwd(), HEAD_PROBE_FILE.pathname)}\n`);

/** Which cells are heads: logistic regression, heads and the rest weighted alike. */
function trainHead(set: readonly Example[]): LinearRead {
  const { rows, labels } = headRows(set);
  return fit(rows, labels, 'logistic', balanced(labels));
}

/**
 * Which cells are the animal: logistic regression on the cells well inside or well outside the
 * traced outlines (a share of them), animal and scene weighted alike.
 */
function trainPet(set: readonly Example[]): LinearRead {
  const random = seededRandom(2);
  const picked: { example: Example; cell: number }[] = [];
  const labels: number[] = [];
  for (const example of set) {
    if (!example.outline) continue;
    const inside = cellCoverage(example.outline);
    forEachCell((cell) => {
      const share = inside[cell] ?? 0;
      if (share > PET_OUTSIDE && share < PET_INSIDE) return;
      if (random() >= PET_SHARE) return;
      picked.push({ example, cell });
      labels.push(share >= PET_INSIDE ? 1 : 0);
    });
  }
  return fit(featureRows(picked), labels, 'logistic', balanced(labels));
}

/** How much of each cell of the feature grid lies inside an outline (fractions of the picture). */
function cellCoverage(outline: Outline): Float32Array {
  const fine = 4;
  const side = FEATURE_GRID * fine;
  const mask = rasterize(outline, side, side, { x: side, y: side });
  const out = new Float32Array(FEATURE_GRID * FEATURE_GRID);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const cell = Math.floor(y / fine) * FEATURE_GRID + Math.floor(x / fine);
      out[cell] = (out[cell] ?? 0) + (mask[y * side + x] ?? 0) / (fine * fine);
    }
  }
  return out;
}

/** The cut-out of a left-out example against its traced outline: whole, and in the head's box. */
async function cutOverlap(
  example: Example,
  sight: PetSight,
): Promise<{ whole: number; head: number }> {
  const { base } = example;
  const matte = await cutOutPet(base, sight);
  const truth = rasterize(example.outline ?? [], base.width, base.height, {
    x: base.width,
    y: base.height,
  });
  const label = example.heads[0]!;
  const region = {
    x0: Math.floor(label.x * base.width),
    y0: Math.floor(label.y * base.height),
    x1: Math.ceil((label.x + label.w) * base.width),
    y1: Math.ceil((label.y + label.h) * base.height),
  };
  return {
    whole: overlap(matte.alpha, truth, base.width),
    head: overlap(matte.alpha, truth, base.width, region),
  };
}

/**
 * How big the head is, read at the cells of its middle: least squares on the log of the head's
 * geometric mean side over the picture's.
 */
function trainSize(set: readonly Example[]): LinearRead {
  const picked: { example: Example; cell: number }[] = [];
  const targets: number[] = [];
  for (const example of set) {
    const head = example.heads[0]!;
    const middle = grown(head, -SIZE_CORE);
    const size = Math.sqrt(head.w * head.h); // fractions of W and H: the geometric mean cancels.
    forEachCell((cell, centre) => {
      if (!contains(middle, centre)) return;
      picked.push({ example, cell });
      targets.push(Math.log(size));
    });
  }
  return fit(featureRows(picked), targets, 'linear', () => 1);
}

function forEachCell(visit: (cell: number, centre: { x: number; y: number }) => void): void {
  const g = FEATURE_GRID;
  for (let cell = 0; cell < g * g; cell++) {
    visit(cell, { x: ((cell % g) + 0.5) / g, y: (Math.floor(cell / g) + 0.5) / g });
  }
}

function headRows(set: readonly Example[]): { rows: Float32Array; labels: number[] } {
  const random = seededRandom(1);
  const picked: { example: Example; cell: number }[] = [];
  const labels: number[] = [];
  for (const example of set) {
    const core = grown(example.heads[0]!, -HEAD_CORE);
    const near = example.heads.map((h) => grown(h, HEAD_MARGIN));
    forEachCell((cell, centre) => {
      let label: number | undefined;
      if (contains(core, centre)) label = 1;
      else if (!near.some((h) => contains(h, centre))) {
        const inAnimal = contains(example.body, centre) || contains(example.animal, centre);
        if (random() < (inAnimal ? ANIMAL_SHARE : BACKGROUND_SHARE)) label = 0;
      }
      if (label === undefined) return;
      picked.push({ example, cell });
      labels.push(label);
    });
  }
  return { rows: featureRows(picked), labels };
}

function cellsOf(example: Example, probe: CellProbe): Float32Array {
  return tf.tidy(
    () =>
      tf
        .add(
          tf.matMul(
            tf.tensor2d(example.features, [FEATURE_GRID * FEATURE_GRID, FEATURE_DEPTH]),
            tf.tensor2d(probe.weights.map((w) => [...w])),
            false,
            true,
          ),
          tf.tensor1d([...probe.bias]),
        )
        .dataSync() as Float32Array,
  );
}

function grown(b: UnitBox, share: number): UnitBox {
  return {
    x: b.x - b.w * share,
    y: b.y - b.h * share,
    w: b.w * (1 + 2 * share),
    h: b.h * (1 + 2 * share),
  };
}

function summary(values: readonly number[], digits = 1): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => (sorted[Math.floor(q * (sorted.length - 1))] ?? 0).toFixed(digits);
  return sorted.length ? `min ${at(0)}, median ${at(0.5)}, max ${at(1)}` : 'none';
}
