// npm run contact-sheet: contact sheets of the costume workflow's portraits, to review how the
// costumes sit on the pets: one pet in all 18 costumes, and all 18 pets in one costume (PET=dog1 and
// COSTUME=witch by default). With `--photos DIR`, each photo of the folder instead, as located and
// in six costumes (COSTUMES=a,b,... to choose) and in two uploaded characters (CHARACTERS=a,b);
// `--labelled` places them from DIR/labels.json instead of the detector; `--tapped` as an owner
// gets them: where the locator is unsure the app asks for the pet's face, and the owner taps the
// middle of the head labelled in DIR/labels.json. Written to reports/contact-sheets/.
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp, { type OverlayOptions } from 'sharp';
import { PRESET_COSTUMES, PRESET_PETS } from '../domain/model/presets';
import {
  labelledLocator,
  readLabels,
  type PhotoLabel,
} from '../mock-server/workflow/locate/labelled-locator';
import { locateAtFace } from '../mock-server/workflow/locate/face-seed';
import { locatePet } from '../mock-server/workflow/locate/locate-pet';
import { petSight } from '../mock-server/workflow/locate/pet-sight';
import type { PetMatte } from '../mock-server/workflow/locate/matte';
import {
  FACE_TRUSTED,
  type LocatePet,
  type PetLocation,
} from '../mock-server/workflow/locate/pet-location';
import { renderCostumeImage } from '../mock-server/workflow/render-costume';

const TILE = 256;
const COLUMNS = 6;
const OUT = path.resolve('reports/contact-sheets');
const preset = (kind: 'pets' | 'costumes', id: string) =>
  readFile(path.resolve('ui/public/presets', kind, `${id}.png`));

interface Tile {
  readonly pet: Buffer;
  readonly costume: Buffer;
  readonly label: string;
  readonly locate?: LocatePet;
}

const caption = (text: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE}" height="24"><rect width="${TILE}" height="24" fill="#000" fill-opacity="0.6"/><text x="8" y="17" font-family="sans-serif" font-size="14" fill="#fff">${text.replace(/[<&]/g, '')}</text></svg>`,
  );

async function sheet(file: string, tiles: readonly Tile[], columns = COLUMNS): Promise<string> {
  const work = await mkdtemp(path.join(tmpdir(), 'pawloween-contact-'));
  try {
    const placed = [];
    for (const [index, tile] of tiles.entries()) {
      const { imageFile } = await renderCostumeImage({
        pet: tile.pet,
        costume: tile.costume,
        outDir: work,
        id: `tile-${index}`,
        ...(tile.locate ? { locate: tile.locate } : {}),
      });
      placed.push({
        input: await sharp(await sharp(imageFile).resize(TILE, TILE).toBuffer())
          .composite([{ input: caption(tile.label), top: 0, left: 0 }])
          .png()
          .toBuffer(),
        left: (index % columns) * TILE,
        top: Math.floor(index / columns) * TILE,
      });
    }
    return await write(file, placed, columns, Math.ceil(tiles.length / columns));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function write(
  file: string,
  tiles: readonly OverlayOptions[],
  columns: number,
  rows: number,
): Promise<string> {
  const target = path.join(OUT, file);
  await sharp({
    create: { width: columns * TILE, height: rows * TILE, channels: 3, background: '#000' },
  })
    .composite([...tiles])
    .png()
    .toFile(target);
  return target;
}

/** The matte's outline at the given size: magenta where the pet meets the scene. */
async function matteOutline(matte: PetMatte, width: number, height: number): Promise<Buffer> {
  const alpha = await sharp(Buffer.from(matte.alpha), {
    raw: { width: matte.width, height: matte.height, channels: 1 },
  })
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const inside = (x: number, y: number) =>
    x >= 0 && y >= 0 && x < width && y < height && (alpha[y * width + x] ?? 0) >= 128;
  const out = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge =
        inside(x, y) &&
        !(inside(x - 1, y) && inside(x + 1, y) && inside(x, y - 1) && inside(x, y + 1));
      if (!edge) continue;
      out.set([255, 40, 220, 255], (y * width + x) * 4);
    }
  }
  return sharp(out, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/**
 * The photo as the locator saw it: head box orange, body box cyan, the matte's outline magenta,
 * the eyes green and the mouth magenta (filled when sure), the head's, the face's and the matte's
 * confidence in the caption.
 */
async function locatedTile(photo: Buffer, location: PetLocation, name: string) {
  const scale = TILE / Math.max(location.width, location.height);
  const box = (b: PetLocation['head'], colour: string) =>
    `<rect x="${b.x * scale}" y="${b.y * scale}" width="${b.w * scale}" height="${b.h * scale}" fill="none" stroke="${colour}" stroke-width="3"/>`;
  const [w, h] = [Math.round(location.width * scale), Math.round(location.height * scale)];
  const { face } = location;
  // The eyes found green and the mouth magenta, filled when the locator is sure of them.
  const dot = (p: { x: number; y: number }, colour: string) =>
    `<circle cx="${p.x * scale}" cy="${p.y * scale}" r="4" stroke="${colour}" stroke-width="2" fill="${face && face.confidence >= FACE_TRUSTED ? colour : 'none'}"/>`;
  const marks = face
    ? `${face.eyes.map((eye) => dot(eye, '#2f2')).join('')}${dot(face.mouth, '#f2f')}`
    : '';
  const boxes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${box(location.body, '#3ef')}${box(location.head, '#f80')}${marks}</svg>`,
  );
  const outline = location.matte ? [{ input: await matteOutline(location.matte, w, h) }] : [];
  const picture = await sharp(photo)
    .rotate()
    .resize(w, h)
    .composite([...outline, { input: boxes }])
    .toBuffer();
  const matteSure = location.matte ? ` cut ${location.matte.confidence.toFixed(2)}` : '';
  const faceSure = face ? ` face ${face.confidence.toFixed(2)}` : '';
  return sharp({ create: { width: TILE, height: TILE, channels: 3, background: '#222' } })
    .composite([
      { input: picture, left: Math.round((TILE - w) / 2), top: Math.round((TILE - h) / 2) },
      {
        input: caption(
          `${name} ${location.method} ${location.confidence.toFixed(2)}${faceSure}${matteSure}`,
        ),
        top: 0,
        left: 0,
      },
    ])
    .png()
    .toBuffer();
}

/** The costumes each photo is drawn in: COSTUMES=a,b,c or six that differ in what they dress. */
const PHOTO_COSTUMES = (
  process.env.COSTUMES ?? 'witch,vampire,superhero,skeleton,pirate,robot'
).split(',');

/**
 * Uploaded costume pictures each photo is drawn in too: CHARACTERS=a,b from tests/fixtures/characters
 * (CHARACTERS= for none).
 */
const UPLOADED_CHARACTERS = (process.env.CHARACTERS ?? 'police,princess')
  .split(',')
  .filter(Boolean);
const CHARACTERS = path.resolve('tests/fixtures/characters');

/** Each photo of `dir`: as located, in the preset costumes, and in two uploaded characters. */
/** How a photo sheet locates each photo: the locator, the labels, or the locator and a tap. */
type Locating = 'located' | 'labelled' | 'tapped';

/**
 * The location an owner's run dresses: the locator's, or where it is unsure (the app asks "Tap
 * your pet's face") the location at the labelled head's middle, tapped.
 */
async function asTapped(photo: Buffer, label: PhotoLabel | undefined): Promise<PetLocation> {
  const location = await locatePet(photo);
  if (!label || petSight(location).sure) return location;
  const { head } = label;
  return locateAtFace(photo, {
    x: (head.x + head.w / 2) / location.width,
    y: (head.y + head.h / 2) / location.height,
  });
}

async function photoSheet(dir: string, locating: Locating): Promise<string> {
  const labelled = locating === 'labelled';
  const files = (await readdir(dir)).filter((f) => /\.(jpe?g|png|webp)$/i.test(f)).sort();
  const labels = new Map<string, PhotoLabel>(
    locating === 'located' ? [] : (await readLabels(dir)).map((label) => [label.file, label]),
  );
  const costumes = await Promise.all(PHOTO_COSTUMES.map((id) => preset('costumes', id)));
  // Costume pictures an owner uploads: two drawn characters (tests/fixtures/characters).
  const uploaded = await Promise.all(
    UPLOADED_CHARACTERS.map(async (name) => ({
      name,
      bytes: await readFile(path.join(CHARACTERS, `${name}.jpg`)),
    })),
  );
  const columns = PHOTO_COSTUMES.length + 1 + uploaded.length;
  const rows: { file: string; tiles: Tile[]; location: PetLocation; photo: Buffer }[] = [];
  for (const file of files) {
    const photo = await readFile(path.join(dir, file));
    const label = labels.get(file);
    if (labelled && !label) continue;
    const location =
      locating === 'tapped'
        ? await asTapped(photo, label)
        : await (label ? labelledLocator(label) : locatePet)(photo);
    const fixed: LocatePet = () => Promise.resolve(location);
    rows.push({
      file,
      photo,
      location,
      tiles: [
        ...PHOTO_COSTUMES.map((id, k) => ({
          pet: photo,
          costume: costumes[k]!,
          label: `${file} as ${id}`,
          locate: fixed,
        })),
        ...uploaded.map((character) => ({
          pet: photo,
          costume: character.bytes,
          label: `${file} as own ${character.name}`,
          locate: fixed,
        })),
      ],
    });
  }
  const work = await mkdtemp(path.join(tmpdir(), 'pawloween-photos-'));
  try {
    const placed: OverlayOptions[] = [];
    for (const [row, { file, photo, location, tiles }] of rows.entries()) {
      placed.push({ input: await locatedTile(photo, location, file), left: 0, top: row * TILE });
      for (const [k, tile] of tiles.entries()) {
        const { imageFile } = await renderCostumeImage({
          pet: tile.pet,
          costume: tile.costume,
          outDir: work,
          id: `photo-${row}-${k}`,
          ...(tile.locate ? { locate: tile.locate } : {}),
        });
        placed.push({
          input: await sharp(await sharp(imageFile).resize(TILE, TILE).toBuffer())
            .composite([{ input: caption(tile.label), top: 0, left: 0 }])
            .png()
            .toBuffer(),
          left: (k + 1) * TILE,
          top: row * TILE,
        });
      }
    }
    const name = `photos-${path.basename(path.resolve(dir))}${locating === 'located' ? '' : `-${locating}`}.png`;
    return await write(name, placed, columns, rows.length);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const { values } = parseArgs({
  options: {
    photos: { type: 'string' },
    labelled: { type: 'boolean', default: false },
    tapped: { type: 'boolean', default: false },
  },
});
await mkdir(OUT, { recursive: true });
if (values.photos) {
  const locating = values.labelled ? 'labelled' : values.tapped ? 'tapped' : 'located';
  console.log(await photoSheet(values.photos, locating));
} else {
  const pet = process.env.PET ?? 'dog1';
  const costume = process.env.COSTUME ?? 'witch';
  const [petBytes, costumeBytes] = await Promise.all([
    preset('pets', pet),
    preset('costumes', costume),
  ]);
  console.log(
    await sheet(
      `${pet}-in-every-costume.png`,
      await Promise.all(
        PRESET_COSTUMES.map(async (c) => ({
          pet: petBytes,
          costume: await preset('costumes', c.id),
          label: `${pet} as ${c.id}`,
        })),
      ),
    ),
  );
  console.log(
    await sheet(
      `every-pet-as-${costume}.png`,
      await Promise.all(
        PRESET_PETS.map(async (p) => ({
          pet: await preset('pets', p.id),
          costume: costumeBytes,
          label: `${p.id} as ${costume}`,
        })),
      ),
    ),
  );
}
