import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ACCEPTED_IMAGE_TYPES, LIMITS } from '../../domain/model/constants';
import { validationError } from '../http/platform-error';
import { checkImage, WorkflowInputError } from '../workflow/workflow-input';

/** Where URL inputs may come from: presets of the app and this platform's own output files, never the internet. */
export interface ImageSources {
  /** Folders holding /presets/** (the built app first, then ui/public). */
  publicDirs: string[];
  filesDir: string;
  /** Origins under which absolute URLs still mean this server. */
  ownOrigins: string[];
  /**
   * The apps' origins (ALLOWED_ORIGINS): an app deployed apart from the platform names its presets
   * under its own origin. They are the same presets, so this platform reads its own copy of the
   * path and fetches nothing; any other path under those origins is refused.
   */
  appOrigins?: string[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PRESET_PATH = /^\/presets\/(pets|costumes)\/[A-Za-z0-9_-]{1,64}\.(png|webp|jpg|jpeg)$/;
const FILE_PATH = /^\/files\/[A-Za-z0-9_-]{1,80}\/[A-Za-z0-9_-]{1,64}\.(png|jpg|webp)$/;

function sniff(bytes: Buffer): string | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

const notAnImage = (field: string) =>
  validationError(`${field} must be a JPEG, PNG, WebP or GIF image.`, { field });

/** "image/png;base64" and its parameters: a media type longer than this is refused before it is split. */
const MAX_DATA_URL_META = 256;
/** Base64 of the largest upload, and room for line breaks in it: past this it is too large whatever it holds. */
const MAX_PAYLOAD_CHARS = Math.ceil(LIMITS.maxUploadBytes / 3) * 4;
const MAX_RAW_PAYLOAD_CHARS = MAX_PAYLOAD_CHARS + Math.ceil(MAX_PAYLOAD_CHARS / 8);

// Every step is bounded by length before it copies or splits: a media type of millions of ';'
// once cost 306 MB that was never given back.
function decodeDataUrl(field: string, value: string): Buffer {
  const comma = value.slice(0, 'data:'.length + MAX_DATA_URL_META + 1).indexOf(',');
  if (comma < 0) throw validationError(`${field} must be a base64 data URL.`, { field });
  const tooLarge = () => validationError(`${field} is larger than 10 MB.`, { field });
  if (value.length - comma - 1 > MAX_RAW_PAYLOAD_CHARS) throw tooLarge();
  const [mime = '', ...params] = value.slice(5, comma).split(';');
  if (!params.includes('base64'))
    throw validationError(`${field} must be a base64 data URL.`, { field });
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(mime.toLowerCase()))
    throw notAnImage(field);
  const payload = value.slice(comma + 1).replace(/\s+/g, '');
  if (payload.length > MAX_PAYLOAD_CHARS) throw tooLarge();
  if (payload.length === 0 || payload.length % 4 === 1 || !BASE64.test(payload))
    throw validationError(`${field} has broken base64 data.`, { field });
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > LIMITS.maxUploadBytes) throw tooLarge();
  if (!sniff(bytes)) throw notAnImage(field);
  return bytes;
}

function localPath(field: string, value: string, sources: ImageSources): string {
  if (value.startsWith('/') && !value.startsWith('//')) return value.split(/[?#]/)[0] as string;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw validationError(`${field} must be a data URL or a preset image URL.`, { field });
  }
  if (sources.appOrigins?.includes(url.origin) && PRESET_PATH.test(url.pathname))
    return url.pathname;
  if (!sources.ownOrigins.includes(url.origin))
    throw validationError(
      `${field} must be a data URL or an image of this platform; other hosts are not fetched.`,
      {
        field,
      },
    );
  return url.pathname;
}

/** Reads one workflow input (SPEC.md 3: a data URL or a preset image URL) into bytes, or a 400 naming the field. */
export async function resolveImage(
  field: string,
  value: string,
  sources: ImageSources,
): Promise<Buffer> {
  const bytes = await readImage(field, value, sources);
  try {
    // Right magic bytes are not enough: the image must also decode, or the run would fail later.
    return await checkImage(field, bytes);
  } catch (error) {
    if (error instanceof WorkflowInputError) throw validationError(error.message, { field });
    throw error;
  }
}

async function readImage(field: string, value: string, sources: ImageSources): Promise<Buffer> {
  if (value.startsWith('data:')) return decodeDataUrl(field, value);
  const pathname = localPath(field, value, sources);
  const candidates = PRESET_PATH.test(pathname)
    ? sources.publicDirs.map((dir) => path.join(dir, pathname))
    : FILE_PATH.test(pathname)
      ? [path.join(sources.filesDir, pathname.slice('/files/'.length))]
      : [];
  if (candidates.length === 0)
    throw validationError(`${field} is not a known preset image.`, { field });
  for (const file of candidates) {
    const bytes = await readFile(file).catch(() => undefined);
    if (bytes) {
      if (!sniff(bytes)) throw notAnImage(field);
      return bytes;
    }
  }
  throw validationError(`${field} names a preset image that does not exist.`, { field });
}
