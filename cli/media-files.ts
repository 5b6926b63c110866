import path from 'node:path';
import type { GalleryItem } from '../domain/model/gallery-item';
import type { Connection } from './connect';
import { dropPartial, finishPartial, writePartial, writeWhole } from './output-files';
import {
  fetchPlatformFile,
  foreignFile,
  insideFolder,
  platformFileUrl,
  safeFileId,
} from './platform-files';

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
    private readonly baseUrl: string,
    private readonly signal?: AbortSignal,
  ) {}

  start(url: string): void {
    if (this.url) return;
    this.url = url;
    const target = path.join(this.dir, `pawloween-image-${Date.now()}.png`);
    this.file = fetchPlatformFile(this.baseUrl, url, this.signal)
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

/**
 * Saves a creation's image and video under the app's download file names, made from a safe form of
 * its id and always inside `dir`. Media files are plain public downloads (the app's Download buttons
 * fetch them the same way), not platform API calls, so they do not go through the platform client;
 * they come only from the platform's own origin (see fetchPlatformFile).
 */
export async function downloadItem(
  connection: Connection,
  item: GalleryItem,
  dir: string,
  options: {
    early?: EarlyImage;
    signal?: AbortSignal;
    /** The file names' id (safeFileId's by default): an export gives each creation its own. */
    fileId?: string;
  } = {},
): Promise<Downloaded> {
  const { gallery } = connection.services;
  const { baseUrl } = connection.settings;
  const named = { ...item, id: options.fileId ?? safeFileId(item.id) };
  const imageFile = insideFolder(dir, gallery.downloadFileName(named, 'image'));
  const videoFile = item.videoUrl
    ? insideFolder(dir, gallery.downloadFileName(named, 'video'))
    : undefined;
  // Both files are judged before either is fetched, so a refused creation leaves nothing behind.
  for (const url of [item.imageUrl, item.videoUrl].filter(Boolean))
    if (!platformFileUrl(baseUrl, url)) throw foreignFile(url, baseUrl);
  const early = await options.early?.take(item.imageUrl);
  const fetchFile = (url: string) =>
    fetchPlatformFile(baseUrl, url, options.signal, connection.fetchFile);
  if (early) await finishPartial(early, imageFile);
  else await writeWhole(imageFile, await fetchFile(item.imageUrl));
  if (!videoFile) return { imageFile };
  await writeWhole(videoFile, await fetchFile(item.videoUrl));
  return { imageFile, videoFile };
}
