import { ValidationError } from './errors';
import { CLIENT_DEFAULTS } from './internal/defaults';

/** What `toFile` and a run's input take for a file: bytes, a Blob or File, a fetch Response, or (in Node) a path. */
export type Uploadable = Blob | ArrayBuffer | ArrayBufferView | Response | string | URL;

/** The image types the platform takes, by their first bytes. */
const IMAGE_SIGNATURES: readonly Signature[] = [
  {
    type: 'image/png',
    matches: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', matches: (b) => ascii(b, 0, 4) === 'GIF8' },
  { type: 'image/webp', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
];

/**
 * Every type `toFile` tells from the bytes: the images, and the videos a workflow answers with
 * (ISO base media: 'ftyp' at byte 4, 'qt  ' for QuickTime; WebM: the EBML header).
 */
const MEDIA_SIGNATURES: readonly Signature[] = [
  ...IMAGE_SIGNATURES,
  {
    type: 'video/quicktime',
    matches: (b) => ascii(b, 4, 8) === 'ftyp' && ascii(b, 8, 12) === 'qt  ',
  },
  { type: 'video/mp4', matches: (b) => ascii(b, 4, 8) === 'ftyp' },
  {
    type: 'video/webm',
    matches: (b) => b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3,
  },
];

/** Bytes enough for every signature above. */
const SNIFF_BYTES = 16;

interface Signature {
  type: string;
  matches: (bytes: Uint8Array) => boolean;
}

const EXTENSIONS: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
};

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** node:fs/promises, named through a variable so no bundler for the browser tries to include it. */
const NODE_FS = 'node:fs/promises';

async function readPath(path: string | URL): Promise<Uint8Array<ArrayBuffer>> {
  const isNode =
    typeof (globalThis as { process?: { versions?: { node?: string } } }).process?.versions
      ?.node === 'string';
  if (!isNode)
    throw new ValidationError({
      message: `A file path (${String(path)}) can be read only in Node: pass a File or Blob instead.`,
    });
  const fs = (await import(/* @vite-ignore */ NODE_FS)) as {
    readFile(path: string | URL): Promise<Uint8Array<ArrayBuffer>>;
  };
  try {
    return new Uint8Array(await fs.readFile(path));
  } catch (cause) {
    throw new ValidationError({
      message: `Could not read ${String(path)}: ${String(cause)}`,
      cause,
    });
  }
}

const baseName = (path: string | URL) =>
  (typeof path === 'string' ? path : path.pathname).split(/[\\/]/).pop() || 'file';

/**
 * A `File` from whatever holds the bytes: a Blob or File, an ArrayBuffer, a Uint8Array or Node
 * Buffer, a fetch Response, or in Node a file path (a string or a file: URL). `name` and `type`
 * default to the source's own: a path's base name, and the type told from the bytes (PNG, JPEG, GIF,
 * WebP, MP4, QuickTime, WebM), else the Blob's own type, else the name's extension.
 * A run's input takes these, turned into the data: URL the platform takes.
 */
export async function toFile(
  value: Uploadable,
  name?: string,
  options: { type?: string } = {},
): Promise<File> {
  let bytes: Uint8Array<ArrayBuffer> | Blob;
  let ownName: string | undefined;
  if (typeof value === 'string' || value instanceof URL) {
    bytes = await readPath(value);
    ownName = baseName(value);
  } else if (value instanceof Blob) {
    bytes = value;
    ownName = (value as { name?: unknown }).name as string | undefined;
  } else if (value instanceof Response) {
    bytes = await value.blob();
    ownName = URL.canParse(value.url) ? baseName(new URL(value.url)) : undefined;
  } else if (value instanceof ArrayBuffer) {
    bytes = new Uint8Array(value);
  } else {
    bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength).slice();
  }
  const fileName = name ?? ownName ?? 'file';
  // The bytes first (a Blob's first few only): a name or a declared type says nothing sure. A
  // file read from disk never goes by its name (a .png that is text, or a symlink to one).
  const head =
    bytes instanceof Blob ? new Uint8Array(await bytes.slice(0, SNIFF_BYTES).arrayBuffer()) : bytes;
  const sniffed = MEDIA_SIGNATURES.find((signature) => signature.matches(head));
  const fromPath = typeof value === 'string' || value instanceof URL;
  const type =
    options.type ||
    sniffed?.type ||
    (bytes instanceof Blob ? bytes.type : '') ||
    (fromPath ? '' : EXTENSIONS[fileName.split('.').pop()?.toLowerCase() ?? '']) ||
    '';
  return new File([bytes], fileName, type ? { type } : {});
}

/** True for the values a run's input turns into data: URLs. */
function isUploadable(value: unknown): value is Exclude<Uploadable, string> {
  return (
    value instanceof Blob ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    value instanceof Response ||
    (value instanceof URL && value.protocol === 'file:')
  );
}

/** base64 of bytes, in slices so a 10 MB image does not overflow the argument list. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * A file as the platform takes an image: a data: URL of its bytes, at most 10 MB, of a type it
 * takes (PNG, JPEG, GIF or WebP, told from the bytes alone). Refused before anything is sent,
 * naming the field.
 */
export async function imageDataUrl(
  value: Exclude<Uploadable, string>,
  field: string,
): Promise<string> {
  const file = await toFile(value);
  const limit = CLIENT_DEFAULTS.maxImageBytes;
  if (file.size > limit)
    throw new ValidationError({
      message: `${field} is larger than ${limit / 1024 / 1024} MB (${file.size} bytes).`,
      details: { field },
    });
  const bytes = new Uint8Array(await file.arrayBuffer());
  // The bytes decide, never a name or a declared type: a path ending in .png (or a symlink named
  // so) may hold anything, and would go out as an image otherwise.
  const type = IMAGE_SIGNATURES.find((signature) => signature.matches(bytes))?.type;
  if (!type) {
    const named = file.name.toLowerCase().split('.').pop() ?? '';
    throw new ValidationError({
      message:
        Object.hasOwn(EXTENSIONS, named) || file.type.startsWith('image/')
          ? `${field} (${file.name}) is not an image the platform takes: its bytes are not PNG, JPEG, GIF or WebP, whatever its name or type says. Check that the file is the picture you meant.`
          : `${field} is not an image the platform takes (PNG, JPEG, GIF or WebP).`,
      details: { field },
    });
  }
  return `data:${type};base64,${base64(bytes)}`;
}

/** True when a run's input holds a file, at the top or in a top-level list: a cheap look, no copy. */
function hasFiles(input: object): boolean {
  for (const value of Object.values(input))
    if (isUploadable(value) || (Array.isArray(value) && value.some(isUploadable))) return true;
  return false;
}

/**
 * A run's input with every file in it (at the top or in a top-level list) as a data: URL. An
 * input without files (plain JSON, the usual case) is returned as it is, not copied.
 */
export async function withDataUrls<T>(input: T): Promise<T> {
  if (typeof input !== 'object' || input === null || !hasFiles(input)) return input;
  const entries = await Promise.all(
    Object.entries(input).map(async ([key, value]): Promise<[string, unknown]> => {
      if (isUploadable(value)) return [key, await imageDataUrl(value, key)];
      if (Array.isArray(value))
        return [
          key,
          await Promise.all(
            value.map((item: unknown, i) =>
              isUploadable(item) ? imageDataUrl(item, `${key}[${i}]`) : item,
            ),
          ),
        ];
      return [key, value];
    }),
  );
  return Object.fromEntries(entries) as T;
}
