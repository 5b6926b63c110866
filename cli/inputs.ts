import { open, readFile, stat } from 'node:fs/promises';
import { LIMITS } from '../domain/model/constants';
import type { FacePoint } from '../domain/model/face-point';
import { SNIFF_BYTES } from '../domain/model/image-file';
import { findPreset, PRESET_COSTUMES, PRESET_PETS, type PresetKind } from '../domain/model/presets';
import {
  checkChosenFile,
  checkSentImage,
  describeUnreadable,
} from '../domain/use-cases/select-inputs';
import { usageError } from './handle-error';

/** A --pet or --costume value: a preset id, or an image file read into a data URL. */
export type ChosenInput =
  | { readonly source: 'preset'; readonly id: string }
  | {
      readonly source: 'file';
      readonly path: string;
      readonly dataUrl: string;
      /** Where the pet's face is on this photo (--face), when given. */
      readonly face?: FacePoint;
    };

/** Preset ids first (they never contain a slash), then files; anything else names what is valid. */
export async function chooseInput(
  kind: PresetKind,
  value: string | undefined,
): Promise<ChosenInput | undefined> {
  if (value === undefined || value.trim() === '') return undefined;
  if (findPreset(kind, value)) return { source: 'preset', id: value };
  const info = await stat(value).catch(() => undefined);
  if (info?.isFile())
    return { source: 'file', path: value, dataUrl: await readImage(value, info.size) };
  if (/[\\/]|\.[a-z0-9]{2,4}$/i.test(value)) throw usageError(`No such image file: ${value}`);
  const presets = kind === 'pet' ? PRESET_PETS : PRESET_COSTUMES;
  throw usageError(`Unknown ${kind} preset '${value}'.`, [
    `Valid ${kind}s: ${presets.map((preset) => preset.id).join(', ')}`,
    'Or give the path of an image file (JPEG, PNG, WebP or GIF).',
  ]);
}

/**
 * Reads an image with the app's rules (DESIGN.md "Inputs", the same messages): what its first
 * bytes say it is (a HEIC photo or a text file named .jpg is refused by name, with what to do), at
 * most 25 MB as chosen; then, like the app, downsized to 1536 px on the long side, and at most
 * 10 MB as sent.
 */
async function readImage(file: string, size: number): Promise<string> {
  const check = checkChosenFile({ name: file, size, head: await readHead(file) });
  if (!check.ok) throw usageError(check.message);
  const bytes = await readFile(file);
  // sharp loads a native library: only commands given a file pay for it.
  const { default: sharp } = await import('sharp');
  const unreadable = () => usageError(describeUnreadable(file, check.kind));
  const { width = 0, height = 0 } = await sharp(bytes)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (!width || !height) throw unreadable();
  if (Math.max(width, height) <= LIMITS.maxUploadSidePx && size <= LIMITS.maxUploadBytes)
    return `data:${check.type};base64,${bytes.toString('base64')}`;
  // PNG and GIF keep transparency (costume characters often have it); photos go as JPEG.
  const png = check.kind === 'png' || check.kind === 'gif';
  const smaller = await sharp(bytes)
    .rotate()
    .resize(LIMITS.maxUploadSidePx, LIMITS.maxUploadSidePx, { fit: 'inside' })
    .toFormat(png ? 'png' : 'jpeg', png ? {} : { quality: 90 })
    .toBuffer()
    .catch(() => {
      throw unreadable();
    });
  const tooBig = checkSentImage(file, smaller.length);
  if (tooBig) throw usageError(tooBig);
  return `data:${png ? 'image/png' : 'image/jpeg'};base64,${smaller.toString('base64')}`;
}

/** The first bytes of a file, which say what it is. */
async function readHead(file: string): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Splits a comma list (--pets a,b,c), dropping blanks. */
export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
