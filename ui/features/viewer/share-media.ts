import {
  browserDownloadEnvironment,
  downloadMedia,
  type DownloadEnvironment,
} from './download-media';

/** The Web Share API as far as sharing files goes; absent where the browser has none. */
export interface FileSharing {
  canShare(data: ShareData): boolean;
  share(data: ShareData): Promise<void>;
}

export interface ShareEnvironment extends DownloadEnvironment {
  readonly sharing: FileSharing | undefined;
}

export function browserShareEnvironment(): ShareEnvironment {
  const { share, canShare } = navigator;
  return {
    ...browserDownloadEnvironment(),
    sharing:
      typeof share === 'function' && typeof canShare === 'function'
        ? {
            share: (data) => share.call(navigator, data),
            canShare: (data) => canShare.call(navigator, data),
          }
        : undefined,
  };
}

export type ShareOutcome = 'shared' | 'cancelled' | 'saved' | 'opened' | 'refused';

/**
 * Shares a creation's file through the phone's share sheet (messages, social apps) where the
 * browser can share files; elsewhere, or when sharing is refused, it is downloaded instead. The
 * person closing the sheet is not a failure and downloads nothing.
 */
export async function shareMedia(
  url: string,
  fileName: string,
  env: ShareEnvironment = browserShareEnvironment(),
): Promise<ShareOutcome> {
  if (env.sharing) {
    try {
      const response = await env.fetch(url, { mode: 'cors', credentials: 'omit' });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const blob = await response.blob();
      const file = new File([blob], fileName, { type: blob.type });
      const data: ShareData = { files: [file], title: 'My Halloween pet' };
      if (env.sharing.canShare(data)) {
        await env.sharing.share(data);
        return 'shared';
      }
    } catch (error) {
      if ((error as Error | undefined)?.name === 'AbortError') return 'cancelled';
      // Not allowed here (no user activation left, a policy): saving still works.
    }
  }
  return downloadMedia(url, fileName, env);
}

/** Shares a creation: its video when it has one, else its image, under its download name. */
export function shareCreation(
  item: { readonly imageUrl: string; readonly videoUrl: string },
  fileName: (kind: 'image' | 'video') => string,
  env?: ShareEnvironment,
): Promise<ShareOutcome> {
  const kind = item.videoUrl ? 'video' : 'image';
  return shareMedia(item.videoUrl || item.imageUrl, fileName(kind), env);
}
