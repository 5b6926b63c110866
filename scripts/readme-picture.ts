// npm run readme-picture: the picture at the top of README, made by the costume workflow itself
// (the local platform's, no generative AI) from a real photograph in tests/fixtures/photos (its
// source and licence in SOURCES.md there) and a preset costume: the photo, an arrow, the result.
// Written to docs/readme-result.webp. PHOTO=file.jpg COSTUME=id to try others.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { renderCostumeImage } from '../mock-server/workflow/render-costume';

const PHOTO = process.env.PHOTO ?? 'golden-retriever.jpg';
const COSTUME = process.env.COSTUME ?? 'witch';
const OUT = path.resolve(process.env.OUT ?? 'docs/readme-result.webp');
const SIDE = 360;
const GAP = 72;

const arrow = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${GAP}" height="${SIDE}"><path d="M14 ${SIDE / 2} H54 M42 ${SIDE / 2 - 14} L56 ${SIDE / 2} L42 ${SIDE / 2 + 14}" stroke="#ff7a1a" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`,
);

async function main(): Promise<void> {
  const photo = await readFile(path.resolve('tests/fixtures/photos', PHOTO));
  const costume = await readFile(path.resolve('ui/public/presets/costumes', `${COSTUME}.png`));
  const work = await mkdtemp(path.join(tmpdir(), 'pawloween-readme-'));
  try {
    const { imageFile } = await renderCostumeImage({
      pet: photo,
      costume,
      outDir: work,
      id: 'readme',
    });
    const before = await sharp(photo).rotate().resize(SIDE, SIDE, { fit: 'cover' }).toBuffer();
    const after = await sharp(imageFile).resize(SIDE, SIDE).toBuffer();
    await mkdir(path.dirname(OUT), { recursive: true });
    await sharp({
      create: { width: SIDE * 2 + GAP, height: SIDE, channels: 3, background: '#130b1f' },
    })
      .composite([
        { input: before, left: 0, top: 0 },
        { input: arrow, left: SIDE, top: 0 },
        { input: after, left: SIDE + GAP, top: 0 },
      ])
      .webp({ quality: 82 })
      .toFile(OUT);
    console.log(path.relative(process.cwd(), OUT));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
