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
