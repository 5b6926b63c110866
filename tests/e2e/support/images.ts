import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real PNG: a coloured square with a lighter disc, so the workflow has a palette to work with. */
export async function pngFile(name: string, color: string, size = 320): Promise<FilePayload> {
  const disc = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="#fff8e0" fill-opacity="0.7"/></svg>`,
  );
  const buffer = await sharp({
    create: { width: size, height: size, channels: 3, background: color },
  })
    .composite([{ input: disc }])
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

export function textFile(name: string): FilePayload {
  return { name, mimeType: 'text/plain', buffer: Buffer.from('not a picture\n') };
}

/**
 * Runs `use` with the file written to a temporary folder, removed afterwards: a large file is
 * handed to chromium by its path, instead of tens of MB through the DevTools protocol. Chromium
 * reads the file only when the page does, so `use` must wait for the page to have read it.
 */
export async function onDisk<T>(file: FilePayload, use: (path: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pawloween-e2e-file-'));
  const target = path.join(dir, file.name);
  writeFileSync(target, file.buffer);
  try {
    return await use(target);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
