import { useCallback, useRef } from 'react';
import { LIMITS } from '../../../../domain/model/constants';
import { downloadMedia, type DownloadEnvironment } from '../download-media';

/**
 * Downloads debounced by LIMITS.downloadDebounceMs (SPEC.md section 2): repeated clicks on the
 * same file start one download, LIMITS.downloadDebounceMs after the last click. Different files do
 * not cancel each other, and closing the viewer does not cancel a download already asked for.
 */
export function useDebouncedDownload(env?: DownloadEnvironment, platformUrl?: string) {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  return useCallback(
    (url: string, fileName: string) => {
      const pending = timers.current;
      const previous = pending.get(fileName);
      if (previous !== undefined) clearTimeout(previous);
      pending.set(
        fileName,
        setTimeout(() => {
          pending.delete(fileName);
          void downloadMedia(url, fileName, env, platformUrl);
        }, LIMITS.downloadDebounceMs),
      );
    },
    [env, platformUrl],
  );
}
