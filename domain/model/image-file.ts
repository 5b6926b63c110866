/**
 * What a file is, read from its first bytes (its magic number), never from its name: a phone's
 * HEIC photo or a text file renamed .jpg must be told apart from the pictures the app takes.
 */
export type FileKind =
  | 'jpeg'
  | 'png'
  | 'webp'
  | 'gif'
  | 'heic'
  | 'avif'
  | 'pdf'
  | 'zip'
  | 'tiff'
  | 'bmp'
  | 'svg'
  | 'text'
  | 'unknown';

/** How many leading bytes sniffFile needs. */
export const SNIFF_BYTES = 64;

/** The kinds the app and the CLI accept, with their media types (DESIGN.md "Inputs"). */
export const ACCEPTED_KINDS = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;

export type AcceptedKind = keyof typeof ACCEPTED_KINDS;

/** Brands of an ISO media file (ftyp box) that mean HEIC/HEIF, and those that mean AVIF. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

const startsWith = (bytes: Uint8Array, ...prefix: number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);

export function sniffFile(head: Uint8Array): FileKind {
  if (startsWith(head, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (startsWith(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (/^GIF8[79]a$/.test(ascii(head, 0, 6))) return 'gif';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') return isoKind(head);
  if (ascii(head, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(head, 0x50, 0x4b, 0x03, 0x04)) return 'zip';
  if (/^(II\*\0|MM\0\*)$/.test(ascii(head, 0, 4))) return 'tiff';
  if (ascii(head, 0, 2) === 'BM' && head.length >= 14) return 'bmp';
  if (isText(head)) return /^\s*(<\?xml|<svg)/i.test(ascii(head, 0, head.length)) ? 'svg' : 'text';
  return 'unknown';
}

/** An ftyp box: its major brand, then the compatible brands up to the box's end. */
function isoKind(head: Uint8Array): FileKind {
  const boxSize = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= Math.min(boxSize, head.length); at += 4)
    brands.push(ascii(head, at, at + 4));
  if (AVIF_BRANDS.has(brands[0]!)) return 'avif';
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heic';
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  return 'unknown';
}

/** Printable text (ASCII or UTF-8) with no control bytes other than tab and line breaks. */
function isText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  return (
    head.every((byte) => byte === 9 || byte === 10 || byte === 13 || byte >= 32) &&
    !head.includes(0x7f)
  );
}

/** How a refusal names what the file is. */
export const KIND_NAMES: Readonly<Record<FileKind, string>> = {
  jpeg: 'a JPEG image',
  png: 'a PNG image',
  webp: 'a WebP image',
  gif: 'a GIF image',
  heic: 'a HEIC/HEIF photo (the iPhone camera format)',
  avif: 'an AVIF image',
  pdf: 'a PDF file',
  zip: 'a ZIP archive (or an Office file)',
  tiff: 'a TIFF image',
  bmp: 'a BMP image',
  svg: 'an SVG drawing',
  text: 'a text file',
  unknown: 'not a picture this app can read',
};
