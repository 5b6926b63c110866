import { browserDownloadEnvironment, type DownloadEnvironment } from './download-media';

/** The Web Share API as far as sharing files goes; absent where the browser has none. */
export interface FileSharing {
  canShare(data: ShareData): boolean;
  share(data: ShareData): Promise<void>;
}

export interface ShareEnvironment extends DownloadEnvironment {
  readonly sharing: FileSharing | undefined;
  /** Writes a link to the clipboard; absent where the page may not. */
  readonly copyText?: (text: string) => Promise<void>;
}

export function browserShareEnvironment(): ShareEnvironment {
  const { share, canShare, clipboard } = navigator;
  return {
    ...browserDownloadEnvironment(),
    sharing:
      typeof share === 'function' && typeof canShare === 'function'
        ? {
            share: (data) => share.call(navigator, data),
            canShare: (data) => canShare.call(navigator, data),
          }
        : undefined,
    copyText:
      typeof clipboard?.writeText === 'function' ? (text) => clipboard.writeText(text) : undefined,
  };
}

/**
 * 'shared': the share sheet took the files; 'cancelled': the person closed it; 'choose': the
 * browser cannot share these files, so the page offers its own choice (Download, Copy Link).
 */
export type ShareOutcome = 'shared' | 'cancelled' | 'choose';

export interface Shareable {
  readonly imageUrl: string;
  readonly videoUrl: string;
}

async function fileOf(env: ShareEnvironment, url: string, fileName: string): Promise<File> {
  const response = await env.fetch(url, { mode: 'cors', credentials: 'omit' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const blob = await response.blob();
  return new File([blob], fileName, { type: blob.type });
}

/**
 * Shares a creation, the picture and the video as files, through the phone's share sheet where
 * the browser can share them (issue 31). Where it cannot (no Web Share, files it will not take, a
 * refused share) the answer is 'choose' and the page shows its own choice, never a silent
 * download. The person closing the sheet is not a failure.
 */
export async function shareCreation(
  item: Shareable,
  fileName: (kind: 'image' | 'video') => string,
  env: ShareEnvironment = browserShareEnvironment(),
): Promise<ShareOutcome> {
  if (!env.sharing) return 'choose';
  try {
    const files = await Promise.all([
      fileOf(env, item.imageUrl, fileName('image')),
      ...(item.videoUrl ? [fileOf(env, item.videoUrl, fileName('video'))] : []),
    ]);
    const data: ShareData = { files, title: 'My Halloween pet' };
    if (!env.sharing.canShare(data)) return 'choose';
    await env.sharing.share(data);
    return 'shared';
  } catch (error) {
    if ((error as Error | undefined)?.name === 'AbortError') return 'cancelled';
    // Not allowed here (no user activation left, a policy) or not fetched: the page's choice.
    return 'choose';
  }
}
