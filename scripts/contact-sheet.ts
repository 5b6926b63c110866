// npm run contact-sheet: two contact sheets of the costume workflow's portraits, to review how the
// costumes sit on the pets: one pet in all 18 costumes, and all 18 pets in one costume. Written to
// reports/contact-sheets/ (PET=dog1 and COSTUME=witch by default).
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PRESET_COSTUMES, PRESET_PETS } from '../domain/model/presets';
import { renderCostumeImage } from '../mock-server/workflow/render-costume';

const TILE = 256;
const COLUMNS = 6;
const OUT = path.resolve('reports/contact-sheets');
const preset = (kind: 'pets' | 'costumes', id: string) =>
  readFile(path.resolve('ui/public/presets', kind, `${id}.png`));

async function sheet(file: string, pairs: readonly (readonly [string, string])[]): Promise<string> {
  const work = await mkdtemp(path.join(tmpdir(), 'pawloween-contact-'));
  try {
    const tiles = [];
    for (const [index, [pet, costume]] of pairs.entries()) {
      const { imageFile } = await renderCostumeImage({
        pet: await preset('pets', pet),
        costume: await preset('costumes', costume),
        outDir: work,
        id: `${pet}-${costume}`,
      });
      const label = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="24"><rect width="${TILE}" height="24" fill="#000" fill-opacity="0.6"/><text x="8" y="17" font-family="sans-serif" font-size="14" fill="#fff">${pet} as ${costume}</text></svg>`,
      );
      tiles.push({
        input: await sharp(await sharp(imageFile).resize(TILE, TILE).toBuffer())
          .composite([{ input: label, top: 0, left: 0 }])
          .png()
          .toBuffer(),
        left: (index % COLUMNS) * TILE,
        top: Math.floor(index / COLUMNS) * TILE,
      });
    }
    const rows = Math.ceil(pairs.length / COLUMNS);
    const target = path.join(OUT, file);
    await sharp({
      create: { width: COLUMNS * TILE, height: rows * TILE, channels: 3, background: '#000' },
    })
      .composite(tiles)
      .png()
      .toFile(target);
    return target;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const pet = process.env.PET ?? 'dog1';
const costume = process.env.COSTUME ?? 'witch';
await mkdir(OUT, { recursive: true });
console.log(
  await sheet(
    `${pet}-in-every-costume.png`,
    PRESET_COSTUMES.map((c) => [pet, c.id]),
  ),
);
console.log(
  await sheet(
    `every-pet-as-${costume}.png`,
    PRESET_PETS.map((p) => [p.id, costume]),
  ),
);
