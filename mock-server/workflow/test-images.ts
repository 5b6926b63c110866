import sharp from 'sharp';

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
