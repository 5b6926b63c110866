import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { PRESET_COSTUMES, PRESET_PETS } from '../domain/model/presets';
import type { Settings } from './config';
import { connect, loadGallery } from './connect';

/** What a value being completed may be: a preset of either kind, or a creation of the gallery. */
export const COMPLETION_SOURCES = ['pets', 'costumes', 'creations'] as const;
export type CompletionSource = (typeof COMPLETION_SOURCES)[number];

/** How long the creation ids read for completion are offered again without asking the platform. */
const CREATION_IDS_FRESH_MS = 60_000;
/** A TAB never waits long: a slow or absent platform completes nothing rather than hang the shell. */
const COMPLETION_TIMEOUT_MS = 3000;

/**
 * The words TAB may offer for `current`: preset ids (the catalogue --pet and --costume accept),
 * or the ids of the user's creations, read from the platform at most once a minute. A list value
 * (`batch --pets dog1,c`) completes its last item, after what is already typed.
 */
export async function completionValues(
  source: CompletionSource,
  current: string,
  settings: () => Promise<Settings>,
  now = Date.now(),
): Promise<string[]> {
  const head = current.includes(',') ? current.slice(0, current.lastIndexOf(',') + 1) : '';
  const ids =
    source === 'creations'
      ? await creationIds(await settings(), now)
      : (source === 'pets' ? PRESET_PETS : PRESET_COSTUMES).map((preset) => preset.id);
  return ids.map((id) => `${head}${id}`).filter((word) => word.startsWith(current));
}

const Cache = z.object({ key: z.string(), at: z.number(), ids: z.array(z.string()) });

async function creationIds(settings: Settings, now: number): Promise<string[]> {
  if (!settings.token) return [];
  const file = path.join(path.dirname(settings.configFile), 'completion-cache.json');
  // Which platform and which token: another user's ids are never offered. The token itself is not kept.
  const key = createHash('sha256').update(`${settings.baseUrl}\n${settings.token}`).digest('hex');
  const cached = await readFile(file, 'utf8')
    .then((text) => Cache.parse(JSON.parse(text)))
    .catch(() => undefined);
  if (cached?.key === key && now - cached.at >= 0 && now - cached.at < CREATION_IDS_FRESH_MS)
    return cached.ids;
  const connection = await connect({ ...settings, timeoutMs: COMPLETION_TIMEOUT_MS, debug: false });
  try {
    await loadGallery(connection);
    const ids = connection.services.gallery.getSnapshot().items.map((item) => item.id);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, JSON.stringify({ key, at: now, ids }), { mode: 0o600 });
    await rename(partial, file);
    return ids;
  } finally {
    connection.close();
  }
}
