import path from 'node:path';
import type { GalleryItem } from '../domain/model/gallery-item';
import type { Connection } from './connect';
import { dropPartial, finishPartial, writePartial, writeWhole } from './output-files';

export interface Downloaded {
  readonly imageFile: string;
  readonly videoFile?: string;
}

/**
 * The costume image, fetched into the output folder the moment the stream names it, while the
 * video still renders. It waits under a partial name: the gallery id, which names the file, is
 * only known when the run ends.
 */
export class EarlyImage {
  private url?: string;
  private file?: Promise<string | undefined>;

  constructor(
    private readonly dir: string,
    private readonly signal?: AbortSignal,
  ) {}

  start(url: string): void {
    if (this.url) return;
    this.url = url;
    const target = path.join(this.dir, `pawloween-image-${Date.now()}.png`);
    this.file = fetchBytes(url, this.signal)
      .then((bytes) => writePartial(target, bytes))
      .catch(() => undefined);
  }

  /** The partial file of this image, if it was fetched whole; undefined means fetch it again. */
  async take(url: string): Promise<string | undefined> {
    const file = await this.file;
    if (!file) return undefined;
    if (url === this.url) return file;
    await dropPartial(file);
    return undefined;
  }

  /** Removes the partial file when the run ends without using it. */
  async discard(): Promise<void> {
    const file = await this.file;
    if (file) await dropPartial(file);
  }
}

/** Saves a creation's image and video under the app's download file names. */
export async function downloadItem(
  connection: Connection,
  item: GalleryItem,
  dir: string,
  options: { early?: EarlyImage; signal?: AbortSignal } = {},
): Promise<Downloaded> {
  const { gallery } = connection.services;
  const imageFile = path.join(dir, gallery.downloadFileName(item, 'image'));
  const early = await options.early?.take(item.imageUrl);
  if (early) await finishPartial(early, imageFile);
  else await writeWhole(imageFile, await fetchBytes(item.imageUrl, options.signal));
  if (!item.videoUrl) return { imageFile };
  const videoFile = path.join(dir, gallery.downloadFileName(item, 'video'));
  await writeWhole(videoFile, await fetchBytes(item.videoUrl, options.signal));
  return { imageFile, videoFile };
}

// Media files are plain public downloads (the app's Download buttons fetch them the same way), not
// platform API calls, so they do not go through the platform client.
async function fetchBytes(url: string, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`Could not download ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
