import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { LIMITS } from '../../domain/model/constants';

/** A workflow input the route must refuse with 400 VALIDATION_ERROR; `field` names the input. */
export class WorkflowInputError extends Error {
  override readonly name = 'WorkflowInputError';
  readonly code = 'VALIDATION_ERROR';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

/**
 * What an input image may be. A small file can still decode to a huge bitmap, and a thin one
 * (238000x167) blows up when a cover resize scales its short side, so pixels, sides and aspect
 * ratio are all capped before anything is decoded. The checks read only the header.
 */
export const INPUT_IMAGE_LIMITS = {
  /** 40 MP is well above any phone photo. */
  pixels: 40_000_000,
  side: 12_000,
  /** Long side over short side: a 10:1 panorama passes. */
  aspect: 10,
  /** Larger images are shrunk (on load, where the format allows) to this long side once, here. */
  workingSide: 2048,
  /**
   * Bytes one image may need in memory at once to decode: an interlaced (Adam7) PNG, a progressive
   * JPEG, a WebP or a GIF is decoded whole, not row by row, so a 311 KB 16-bit RGBA interlaced PNG
   * of 40 MP once cost 307 MB. A 12 MP photo decoded whole needs 36 to 72 MB.
   */
  decodeBytes: 96 * 1024 * 1024,
} as const;

/**
 * What decoding an image holds in memory at once, from its header: a format decoded row by row
 * (a plain PNG, a baseline JPEG) holds a few rows; the others hold the whole bitmap (and a
 * progressive JPEG its 2-byte coefficients), at its bytes per pixel.
 */
function decodeCost(metadata: Metadata): number {
  const { format, width = 0, height = 0, channels = 4 } = metadata;
  const bytesPerSample = (metadata.bitsPerSample ?? 8) > 8 ? 2 : 1;
  const pixels = width * height;
  if (format === 'png') return metadata.isProgressive ? pixels * channels * bytesPerSample : 0;
  if (format === 'jpeg') return metadata.isProgressive ? pixels * channels * 2 : 0;
  return pixels * Math.max(channels, 4) * bytesPerSample;
}

/**
 * Whole decodes running at once share one budget, INPUT_IMAGE_LIMITS.decodeBytes: the next waits
 * until there is room, so many requests together hold no more than one image at its largest.
 */
class DecodeBudget {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly total: number) {}

  async run<T>(bytes: number, decode: () => Promise<T>): Promise<T> {
    while (bytes > 0 && this.used > 0 && this.used + bytes > this.total)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.used += bytes;
    try {
      return await decode();
    } finally {
      this.used -= bytes;
      for (const wake of this.waiting.splice(0)) wake();
    }
  }
}
const decodeBudget = new DecodeBudget(INPUT_IMAGE_LIMITS.decodeBytes);
const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PRESET_PATH = /^\/presets\/(pets|costumes)\/([a-z0-9]+)\.png$/;

export interface ReadInputOptions {
  /** Directory holding `presets/` (ui/public or the built app): preset URLs are read from it. */
  readonly publicDir?: string;
}

/**
 * Turns one workflow input (a data URL, a preset URL, or bytes) into a checked image buffer.
 * Preset URLs are served from disk, never fetched: arbitrary URLs are refused.
 */
export async function readWorkflowInput(
  field: string,
  value: unknown,
  options: ReadInputOptions = {},
): Promise<Buffer> {
  if (Buffer.isBuffer(value)) return checkImage(field, value);
  if (typeof value !== 'string' || value.length === 0) {
    throw new WorkflowInputError(field, 'expected an image as a data URL or a preset image URL');
  }
  if (value.startsWith('data:')) return checkImage(field, decodeDataUrl(field, value));
  const preset = presetFile(value, options.publicDir);
  if (preset === undefined) {
    throw new WorkflowInputError(field, 'expected an image as a data URL or a preset image URL');
  }
  const bytes = await readFile(preset).catch(() => {
    throw new WorkflowInputError(field, 'unknown preset image');
  });
  return checkImage(field, bytes);
}

export function decodeDataUrl(field: string, value: string): Buffer {
  // The header is matched on the first 512 characters only: a media type of millions of ';' would
  // otherwise be captured and split whole.
  const header = DATA_URL.exec(value.slice(0, 512));
  if (!header) throw new WorkflowInputError(field, 'malformed data URL');
  const mime = (header[1] ?? '').toLowerCase();
  if (mime !== '' && !mime.startsWith('image/')) {
    throw new WorkflowInputError(field, `expected an image, got ${mime}`);
  }
  if (!(header[2] ?? '').toLowerCase().split(';').includes('base64')) {
    throw new WorkflowInputError(field, 'the data URL must be base64-encoded');
  }
  const payload = value.slice(header[0].length).replace(/\s+/g, '');
  // Check the size before decoding so an oversized upload is never held twice in memory.
  if (Math.floor((payload.length * 3) / 4) > LIMITS.maxUploadBytes + 2) {
    throw new WorkflowInputError(field, tooLarge());
  }
  if (payload.length % 4 !== 0 || !BASE64.test(payload)) {
    throw new WorkflowInputError(field, 'broken base64 in the data URL');
  }
  return Buffer.from(payload, 'base64');
}

/**
 * Accepts JPEG, PNG, WebP and GIF by their content (magic bytes), not by a declared type, within
 * INPUT_IMAGE_LIMITS, and only if the whole image decodes (a valid header over truncated data is
 * refused here, not failed later as a run). Answers the bytes as they are, or for an image larger
 * than the working size, a PNG shrunk to it (orientation applied), so no later step holds more.
 */
export async function checkImage(field: string, bytes: Buffer): Promise<Buffer> {
  if (bytes.length === 0) throw new WorkflowInputError(field, 'the image is empty');
  if (bytes.length > LIMITS.maxUploadBytes) throw new WorkflowInputError(field, tooLarge());
  const limits = INPUT_IMAGE_LIMITS;
  // metadata() reads the header only; the limits below are checked on what it says.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new WorkflowInputError(field, 'not an image (expected JPEG, PNG, WebP or GIF)');
  }
  const { width = 0, height = 0 } = metadata;
  const [long, short] = width >= height ? [width, height] : [height, width];
  const size = `the image is ${width}x${height} px`;
  if (short === 0) throw new WorkflowInputError(field, `${size}: it has no pixels`);
  if (long > limits.side)
    throw new WorkflowInputError(field, `${size}: each side must be at most ${limits.side} px`);
  if (long > short * limits.aspect)
    throw new WorkflowInputError(
      field,
      `${size}: the long side may be at most ${limits.aspect} times the short side`,
    );
  if (width * height > limits.pixels)
    throw new WorkflowInputError(
      field,
      `${size}: at most ${limits.pixels / 1_000_000} megapixels are accepted`,
    );
  const cost = decodeCost(metadata);
  if (cost > limits.decodeBytes)
    throw new WorkflowInputError(
      field,
      `${size}, stored so that decoding it needs ${mib(cost)} MB at once (interlaced, progressive or ${metadata.bitsPerSample ?? 8}-bit); at most ${mib(limits.decodeBytes)} MB: save it as a plain (non-interlaced) PNG or a baseline JPEG, or smaller`,
    );
  const image = sharp(bytes, { limitInputPixels: limits.pixels, animated: false, failOn: 'error' });
  try {
    return await decodeBudget.run(cost, async () => {
      if (long <= limits.workingSide) {
        // Decoding to a small thumbnail still reads every byte of the image.
        await image.resize(64, 64, { fit: 'inside' }).raw().toBuffer();
        return bytes;
      }
      return await image
        .rotate()
        .resize(limits.workingSide, limits.workingSide, { fit: 'inside' })
        .png({ compressionLevel: 1 })
        .toBuffer();
    });
  } catch {
    throw new WorkflowInputError(field, 'the image data is broken or truncated');
  }
}

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

function presetFile(value: string, publicDir: string | undefined): string | undefined {
  if (publicDir === undefined) return undefined;
  let pathname = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      pathname = new URL(value).pathname;
    } catch {
      return undefined;
    }
  }
  const match = PRESET_PATH.exec(pathname);
  if (!match) return undefined;
  return path.join(publicDir, 'presets', match[1] ?? '', `${match[2] ?? ''}.png`);
}

const tooLarge = () => `the image is larger than ${LIMITS.maxUploadBytes / 1024 / 1024} MB`;
