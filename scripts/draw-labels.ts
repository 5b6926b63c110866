// npx tsx scripts/draw-labels.ts DIR OUTDIR: draws each photo of DIR with its hand labels from
// DIR/labels.json (head box in red, body box in blue, eyes in green, mouth in magenta, ear tips in
// yellow, the outline polygons filled half-transparent with a 1 px line) to OUTDIR/NAME.png, to
// review the labels by eye. `--only a.jpg,b.jpg` draws only those photos; `--crop X,Y,W,H` draws
// that region of each, enlarged `--scale` times (3 by default) with a grid every `--grid` pixels
// of the photo (10 by default, every fifth line darker and numbered), to place points precisely.
// Keep OUTDIR outside the repository (e.g. /tmp/labels-review).
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';

interface Point {
  readonly x: number;
  readonly y: number;
}
interface Box extends Point {
  readonly w: number;
  readonly h: number;
}
interface Label {
  readonly file: string;
  readonly head: Box;
  readonly body?: Box;
  readonly eyes?: readonly Point[];
  readonly mouth?: Point;
  readonly ears?: readonly Point[];
  readonly outline?: readonly (readonly (readonly [number, number])[])[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string' },
    crop: { type: 'string' },
    scale: { type: 'string', default: '3' },
    grid: { type: 'string', default: '10' },
  },
});
const [dir, out] = positionals;
if (!dir || !out) {
  console.error(
    'usage: npx tsx scripts/draw-labels.ts DIR OUTDIR [--only a.jpg,b.jpg] [--crop X,Y,W,H --scale 3 --grid 10]',
  );
  process.exit(1);
}

const { photos } = JSON.parse(await readFile(path.join(dir, 'labels.json'), 'utf8')) as {
  photos: Label[];
};
const only = values.only?.split(',');
const crop = values.crop?.split(',').map(Number);
const scale = crop ? Number(values.scale) : 1;
const grid = Number(values.grid);

function gridLines(x0: number, y0: number, w: number, h: number): string {
  const lines: string[] = [];
  const line = (v: number, vertical: boolean) => {
    const major = v % (grid * 5) === 0;
    const colour = major ? '#000' : '#fff';
    const opacity = major ? 0.6 : 0.35;
    const at = ((vertical ? v - x0 : v - y0) * scale).toFixed(1);
    lines.push(
      vertical
        ? `<line x1="${at}" y1="0" x2="${at}" y2="${h * scale}" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="1"/>`
        : `<line x1="0" y1="${at}" x2="${w * scale}" y2="${at}" stroke="${colour}" stroke-opacity="${opacity}" stroke-width="1"/>`,
    );
    if (major) {
      const [tx, ty] = vertical ? [Number(at) + 2, 12] : [2, Number(at) - 2];
      lines.push(
        `<text x="${tx}" y="${ty}" font-family="sans-serif" font-size="11" fill="#ff0" stroke="#000" stroke-width="0.4">${v}</text>`,
      );
    }
  };
  for (let v = Math.ceil(x0 / grid) * grid; v <= x0 + w; v += grid) line(v, true);
  for (let v = Math.ceil(y0 / grid) * grid; v <= y0 + h; v += grid) line(v, false);
  return lines.join('');
}

function overlay(label: Label, x0: number, y0: number, w: number, h: number): string {
  const px = (x: number) => ((x - x0) * scale).toFixed(1);
  const py = (y: number) => ((y - y0) * scale).toFixed(1);
  const rect = (box: Box, colour: string) =>
    `<rect x="${px(box.x)}" y="${py(box.y)}" width="${box.w * scale}" height="${box.h * scale}" fill="none" stroke="${colour}" stroke-width="1"/>`;
  const dot = (p: Point, colour: string) =>
    `<circle cx="${px(p.x)}" cy="${py(p.y)}" r="${Math.max(3, scale * 1.5)}" fill="${colour}" stroke="#000" stroke-width="1"/>`;
  const vertex = (x: number, y: number) =>
    `<circle cx="${px(x)}" cy="${py(y)}" r="2" fill="#00e5ff"/>`;
  const parts = [crop ? gridLines(x0, y0, w, h) : ''];
  for (const polygon of label.outline ?? []) {
    const points = polygon.map(([x, y]) => `${px(x)},${py(y)}`).join(' ');
    parts.push(
      `<polygon points="${points}" fill="#00e5ff" fill-opacity="${crop ? 0.08 : 0.3}" stroke="#00e5ff" stroke-width="1"/>`,
    );
    if (crop) for (const [x, y] of polygon) parts.push(vertex(x, y));
  }
  parts.push(rect(label.head, '#ff2020'));
  if (label.body) parts.push(rect(label.body, '#2060ff'));
  for (const eye of label.eyes ?? []) parts.push(dot(eye, '#20ff20'));
  if (label.mouth) parts.push(dot(label.mouth, '#ff20ff'));
  for (const ear of label.ears ?? []) parts.push(dot(ear, '#ffff00'));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w * scale}" height="${h * scale}">${parts.join('')}</svg>`;
}

await mkdir(out, { recursive: true });
for (const label of photos) {
  if (only && !only.includes(label.file)) continue;
  const photo = sharp(await readFile(path.join(dir, label.file))).rotate();
  const { width, height } = await sharp(await photo.toBuffer()).metadata();
  const [cx = 0, cy = 0, cw = width, ch = height] = crop ?? [];
  const [x0, y0] = [Math.max(0, cx), Math.max(0, cy)];
  const [w, h] = [Math.min(cw, width - x0), Math.min(ch, height - y0)];
  const base = await photo
    .extract({ left: x0, top: y0, width: w, height: h })
    .resize(w * scale, h * scale, { kernel: 'nearest' })
    .toBuffer();
  const name = path.basename(label.file, path.extname(label.file)) + (crop ? '-crop' : '') + '.png';
  await sharp(base)
    .composite([{ input: Buffer.from(overlay(label, x0, y0, w, h)) }])
    .png()
    .toFile(path.join(out, name));
  console.log(path.join(out, name));
}
