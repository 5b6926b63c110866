import { readFile, stat } from 'node:fs/promises';
import { LIMITS } from '../domain/model/constants';
import { findPreset, PRESET_COSTUMES, PRESET_PETS, type PresetKind } from '../domain/model/presets';
import { checkImageFile } from '../domain/use-cases/select-inputs';
import { usageError } from './handle-error';

/** A --pet or --costume value: a preset id, or an image file read into a data URL. */
export type ChosenInput =
  | { readonly source: 'preset'; readonly id: string }
  | { readonly source: 'file'; readonly path: string; readonly dataUrl: string };

const MIME: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
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
 * Reads an image with the app's rules (DESIGN.md "Inputs": JPEG, PNG, WebP or GIF, at most 10 MB,
 * the same messages) and, like the app, downsizes it to 1536 px on the long side before sending.
 */
async function readImage(file: string, size: number): Promise<string> {
  const tooBig = checkImageFile({ type: 'image/png', size });
  if (tooBig) throw usageError(`${file}: ${tooBig}`);
  const bytes = await readFile(file);
  // sharp loads a native library: only commands given a file pay for it.
  const { default: sharp } = await import('sharp');
  const format = await sharp(bytes)
    .metadata()
    .then((meta) => meta.format as string | undefined)
    .catch(() => undefined);
  const type = (format && MIME[format]) || 'application/octet-stream';
  const refused = checkImageFile({ type, size });
  if (refused) throw usageError(`${file}: ${refused}`);
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  if (Math.max(width, height) <= LIMITS.maxUploadSidePx || type === 'image/gif')
    return `data:${type};base64,${bytes.toString('base64')}`;
  const smaller = await sharp(bytes)
    .rotate()
    .resize(LIMITS.maxUploadSidePx, LIMITS.maxUploadSidePx, { fit: 'inside' })
    .toFormat(type === 'image/png' ? 'png' : 'jpeg')
    .toBuffer();
  const smallerType = type === 'image/png' ? 'image/png' : 'image/jpeg';
  return `data:${smallerType};base64,${smaller.toString('base64')}`;
}

/** Splits a comma list (--pets a,b,c), dropping blanks. */
export function commaList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
