import { useEffect } from 'react';
import { watchKeyInOtherTabs } from '../../adapters/browser/browser.container';
import { STORAGE_KEYS } from '../../domain/model/constants';
import type { Gallery } from '../../domain/use-cases/gallery';

/**
 * Open tabs show the same gallery: what another tab of this app stores on the device is taken at
 * once (a storage event, no platform read), and coming back to a tab re-reads the platform for
 * other devices' edits, at most once per LIMITS.focusRefetchMs.
 */
export function useTabsAgree(gallery: Gallery): void {
  useEffect(() => {
    const stop = watchKeyInOtherTabs(window, STORAGE_KEYS.gallery, () => gallery.takeDeviceCopy());
    const back = () => {
      if (document.visibilityState !== 'hidden') void gallery.refreshOnReturn();
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      stop();
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, [gallery]);
}
