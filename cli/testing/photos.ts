import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

const MB = 1024 * 1024;

/**
 * A phone-sized photo that compresses as badly as a real one: 4032x3024 random pixels at JPEG
 * quality 97, about 15 MB (generated, never committed).
 */
export async function noisyPhoto(): Promise<Buffer> {
  const [width, height] = [4032, 3024];
  const pixels = Buffer.alloc(width * height * 3);
  const tile = randomBytes(MB);
  for (let at = 0; at < pixels.length; at += tile.length) tile.copy(pixels, at);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 97 })
    .toBuffer();
}
