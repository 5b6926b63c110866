// npm run locate -- FILE... [--matte DIR]: where the pet locator finds the pet in each photo, one
// JSON line per file, in pixels of the picture as seen (after EXIF orientation): its head and body
// boxes, its eyes (left first), mouth and the head's roll in degrees (clockwise), and how sure of
// the head (confidence) and of the face (faceConfidence) it is. With --matte, each
// photo's matte is written to DIR as NAME.matte.png (white is pet) beside NAME.cutout.png, the pet
// cut out over a chequerboard. How placement and the cut-out are reviewed.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { locatePet, warmUpLocator } from '../mock-server/workflow/locate/locate-pet';
import type { PetMatte } from '../mock-server/workflow/locate/matte';

const { values, positionals: files } = parseArgs({
  allowPositionals: true,
  options: { matte: { type: 'string' } },
});
if (files.length === 0) {
  process.stderr.write('Usage: npm run locate -- FILE... [--matte DIR]\n');
  process.exit(2);
}
if (values.matte) await mkdir(values.matte, { recursive: true });

await warmUpLocator();
let failed = 0;
for (const file of files) {
  try {
    const bytes = await readFile(file);
    const location = await locatePet(bytes);
    const { width, height, head, body, confidence, method, facing, face, matte } = location;
    const seen = {
      ...{ file, width, height, head, body, confidence, method, facing },
      ...{ eyes: face?.eyes, mouth: face?.mouth, roll: face?.roll },
      ...{ faceConfidence: face?.confidence, matteConfidence: matte?.confidence },
    };
    process.stdout.write(`${JSON.stringify(seen)}\n`);
    if (values.matte && matte) await writeMatte(bytes, matte, path.join(values.matte, stem(file)));
  } catch (error) {
    failed++;
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${file}: cannot locate a pet: ${reason}\n`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;

function stem(file: string): string {
  return path.basename(file, path.extname(file));
}

async function writeMatte(photo: Buffer, matte: PetMatte, to: string): Promise<void> {
  const { width, height, alpha } = matte;
  const grey = { raw: { width, height, channels: 1 as const } };
  await sharp(alpha, grey).png().toFile(`${to}.matte.png`);
  const colour = await sharp(photo)
    .rotate()
    .resize(width, height, { fit: 'fill' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const cell = Math.max(8, Math.round(Math.max(width, height) / 40));
  const out = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const a = (alpha[i] ?? 0) / 255;
      const board = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 ? 200 : 150;
      for (let c = 0; c < 3; c++) {
        out[i * 3 + c] = Math.round((colour[i * 3 + c] ?? 0) * a + board * (1 - a));
      }
    }
  }
  await sharp(out, { raw: { width, height, channels: 3 } })
    .png()
    .toFile(`${to}.cutout.png`);
}
