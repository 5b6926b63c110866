import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writePrivateFile } from './config';

/** The platform's answer to a gallery read (GET /v1/storage), as kept between commands. */
export interface KeptAnswer {
  /** The path and query it answered. */
  readonly url: string;
  readonly etag: string;
  readonly body: string;
}

const KeptFile = z.object({
  reads: z
    .record(z.string(), z.object({ url: z.string(), etag: z.string(), body: z.string() }))
    .default({}),
});
type KeptFile = z.infer<typeof KeptFile>;

/** Beside config.json (the saved tokens) and storage.json (the device store). */
export const galleryReadFile = (configFile: string) =>
  path.join(path.dirname(configFile), 'gallery-read.json');

const entryKey = (baseUrl: string, user: string) => `${baseUrl} ${user}`;

async function readKept(file: string): Promise<KeptFile> {
  try {
    const parsed = KeptFile.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : { reads: {} };
  } catch {
    return { reads: {} };
  }
}

const writeKept = (file: string, kept: KeptFile) =>
  writePrivateFile(file, `${JSON.stringify(kept)}\n`);

/**
 * The last answer the platform gave to one user's gallery read on one platform, kept on this
 * device (0600) so that `generate` need not read it again: its save carries the ETag with
 * If-Match, so a gallery changed elsewhere meanwhile is refused (412), read afresh and merged.
 * Every real read and every accepted save replace it. Nothing here ever throws: it is a cache.
 */
export class DeviceGalleryRead {
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly baseUrl: string,
    /** The signed-in user, once the session knows it; without one nothing is kept or answered. */
    private readonly user: () => string | undefined,
  ) {}

  async read(url: string): Promise<KeptAnswer | undefined> {
    const user = this.user();
    if (!user) return undefined;
    await this.writes;
    const kept = (await readKept(this.file)).reads[entryKey(this.baseUrl, user)];
    return kept?.url === url ? kept : undefined;
  }

  keep(answer: KeptAnswer): Promise<void> {
    return this.change((reads, key) => ({ ...reads, [key]: answer }));
  }

  drop(): Promise<void> {
    return this.change((reads, key) => {
      const { [key]: _dropped, ...rest } = reads;
      return rest;
    });
  }

  private change(edit: (reads: KeptFile['reads'], key: string) => KeptFile['reads']) {
    const user = this.user();
    if (!user) return Promise.resolve();
    this.writes = this.writes.then(async () => {
      const kept = await readKept(this.file);
      await writeKept(this.file, { reads: edit(kept.reads, entryKey(this.baseUrl, user)) }).catch(
        () => undefined,
      );
    });
    return this.writes;
  }
}

/** Signing out or in (perhaps as someone else) forgets every gallery kept for that platform. */
export async function forgetGalleryReads(configFile: string, baseUrl: string): Promise<void> {
  const file = galleryReadFile(configFile);
  const kept = await readKept(file);
  const prefix = entryKey(baseUrl, '');
  if (!Object.keys(kept.reads).some((key) => key.startsWith(prefix))) return;
  const reads = Object.fromEntries(
    Object.entries(kept.reads).filter(([key]) => !key.startsWith(prefix)),
  );
  await writeKept(file, { reads }).catch(() => undefined);
}
