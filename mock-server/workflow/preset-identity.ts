import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A preset picture the app ships, by kind and id ('pet', 'dog1'; 'costume', 'vampire'). */
export interface PresetIdentity {
  readonly kind: 'pet' | 'costume';
  readonly id: string;
}

const PRESETS = fileURLToPath(new URL('../../ui/public/presets/', import.meta.url));
const KINDS = { pet: 'pets', costume: 'costumes' } as const;

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let table: Promise<Map<string, PresetIdentity>> | undefined;

/** Every shipped preset picture by the hash of its bytes, read once. */
function presetTable(): Promise<Map<string, PresetIdentity>> {
  table ??= (async () => {
    const byHash = new Map<string, PresetIdentity>();
    for (const [kind, folder] of Object.entries(KINDS) as [PresetIdentity['kind'], string][]) {
      const dir = path.join(PRESETS, folder);
      const files = await readdir(dir).catch(() => [] as string[]);
      for (const file of files.filter((name) => name.endsWith('.png')))
        byHash.set(digest(await readFile(path.join(dir, file))), {
          kind,
          id: file.slice(0, -'.png'.length),
        });
    }
    return byHash;
  })();
  return table;
}

/**
 * Which preset a workflow input is, when its bytes are exactly one of the shipped preset pictures
 * (the app sends presets by address, and the platform reads them from its own files).
 */
export async function identifyPreset(bytes: Buffer): Promise<PresetIdentity | undefined> {
  return (await presetTable()).get(digest(bytes));
}
