import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { labelledLocation, readLabels, type PhotoLabel } from './locate/labelled-locator';
import { rasterize } from './locate/outline';
import type { PetLocation, PixelBox } from './locate/pet-location';

/** Synthetic inputs for the workflow's tests: a 'photo' and a cut-out character, by colour. */
export function photo(color: string, accent: string, width = 640, height = 480): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="${color}"/>
<circle cx="${width * 0.45}" cy="${height * 0.5}" r="${height * 0.3}" fill="${accent}"/>
<rect x="${width * 0.6}" y="${height * 0.2}" width="${width * 0.2}" height="${height * 0.5}" fill="#222"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export function character(color: string, size = 256): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<path d="M${size / 2} ${size * 0.1} L${size * 0.85} ${size * 0.9} L${size * 0.15} ${size * 0.9} Z" fill="${color}"/>
<circle cx="${size / 2}" cy="${size * 0.45}" r="${size * 0.12}" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * A PNG that claims width x height but carries almost no image data: a header is all a size check
 * may read, and any attempt to decode it fails.
 */
export function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A drawn character on a plain white backdrop, as an owner uploads a costume picture: a red hat on
 * a blue face, on a green body with arms and legs. Each part is a colour no scene uses, so each
 * can be counted on a portrait.
 */
export function drawnCharacter(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600"><rect width="400" height="600" fill="#fff"/>
<rect x="150" y="40" width="100" height="45" fill="#ff0000"/>
<circle cx="200" cy="130" r="50" fill="#0000ff"/>
<rect x="185" y="178" width="30" height="20" fill="#0000ff"/>
<rect x="120" y="196" width="160" height="260" fill="#00ff00"/>
<rect x="60" y="200" width="60" height="30" fill="#00ff00"/>
<rect x="280" y="200" width="60" height="30" fill="#00ff00"/>
<rect x="130" y="456" width="50" height="120" fill="#00ff00"/><rect x="220" y="456" width="50" height="120" fill="#00ff00"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** How many pixels of a raw RGB (or RGBA, `channels`) picture are near this pure colour. */
export function pixelsNear(
  raw: Buffer,
  colour: readonly [number, number, number],
  channels = 3,
): number {
  let n = 0;
  for (let i = 0; i < raw.length; i += channels) {
    const near =
      Math.abs(raw[i]! - colour[0]) < 60 &&
      Math.abs(raw[i + 1]! - colour[1]) < 60 &&
      Math.abs(raw[i + 2]! - colour[2]) < 60;
    if (near) n++;
  }
  return n;
}

const PHOTOS = fileURLToPath(new URL('../../tests/fixtures/photos/', import.meta.url));

/** A learnt photo whose outline was traced by hand, with its label. */
export async function tracedPhoto(file: string): Promise<{ label: PhotoLabel; bytes: Buffer }> {
  const label = (await readLabels(PHOTOS)).find((l) => l.file === file);
  if (!label?.outline) throw new Error(`${file} has no traced outline`);
  return { label, bytes: await readFile(path.join(PHOTOS, file)) };
}

/** The photo with everything outside its traced outline painted pure green, as a PNG. */
export async function onGreen(bytes: Buffer, label: PhotoLabel): Promise<Buffer> {
  const { data, info } = await sharp(bytes).rotate().removeAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  const inside = rasterize(label.outline ?? [], info.width, info.height);
  for (let i = 0; i < inside.length; i++) if (!inside[i]) data.set([0, 255, 0], i * 3);
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
    .png()
    .toBuffer();
}

/** The traced photos the green-background tests run on. */
export const TRACED_PHOTOS = ['golden-retriever.jpg', 'shepherd-dog.jpg', 'kitten-in-grass.jpg'];

/** A traced photo on green (onGreen), and where its label puts the pet on it. */
export async function tracedOnGreen(
  file: string,
): Promise<{ green: Buffer; location: PetLocation }> {
  const { label, bytes } = await tracedPhoto(file);
  const green = await onGreen(bytes, label);
  return { green, location: await labelledLocation(green, label) };
}

/**
 * Pixels of a raw RGB picture that a pure green background left (onGreen): green well above red
 * and blue, as the grade tints it a little.
 */
export function greenPixels(raw: Buffer): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 3) {
    const [r = 0, g = 0, b = 0] = [raw[i], raw[i + 1], raw[i + 2]];
    if (g > 100 && g > r + 60 && g > b + 60) count++;
  }
  return count;
}

/** The witch preset's costume picture, what the portrait tests dress a pet in. */
export const WITCH = fileURLToPath(
  new URL('../../ui/public/presets/costumes/witch.png', import.meta.url),
);

/**
 * Where a test says the pet stands in a width x height photo, as a locator would answer without
 * running one: facing the camera and sure of it unless `more` says otherwise.
 */
export function testLocation(
  width: number,
  height: number,
  head: PixelBox,
  body: PixelBox,
  more: Partial<PetLocation> = {},
): PetLocation {
  return { width, height, head, body, facing: 'front', confidence: 1, method: 'test', ...more };
}
