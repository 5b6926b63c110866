import { useEffect } from 'react';
import { watchKeyInOtherTabs } from '../../adapters/browser/browser.container';
import { STORAGE_KEYS } from '../../domain/model/constants';

/** A stored value the tabs share (Gallery, Profile). */
interface Shared {
  takeDeviceCopy(): void;
  refreshOnReturn(): Promise<void>;
}

/** The credit balance, read again from the platform. */
interface Balance {
  refresh(): Promise<void>;
}

/**
 * Open tabs show the same gallery, profile and credits: what another tab of this app stores on the
 * device is taken at once (a storage event, no platform read), a gallery stored there (a creation
 * paid for, a deletion) re-reads the balance with it, and coming back to a tab re-reads the
 * platform for other devices' edits, at most once per LIMITS.focusRefetchMs.
 */
export function useTabsAgree(gallery: Shared, profile: Shared, balance: Balance): void {
  useEffect(() => {
    const stops = [
      watchKeyInOtherTabs(window, STORAGE_KEYS.gallery, () => {
        gallery.takeDeviceCopy();
        void balance.refresh();
      }),
      watchKeyInOtherTabs(window, STORAGE_KEYS.profile, () => profile.takeDeviceCopy()),
    ];
    const stop = () => stops.forEach((unwatch) => unwatch());
    const back = () => {
      if (document.visibilityState === 'hidden') return;
      void gallery.refreshOnReturn();
      void profile.refreshOnReturn();
    };
    window.addEventListener('focus', back);
    document.addEventListener('visibilitychange', back);
    return () => {
      stop();
      window.removeEventListener('focus', back);
      document.removeEventListener('visibilitychange', back);
    };
  }, [gallery, profile, balance]);
}
