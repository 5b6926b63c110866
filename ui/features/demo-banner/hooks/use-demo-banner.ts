import { useCallback, useEffect, useState } from 'react';
import { LIMITS } from '../../../../domain/model/constants';

/** Where "dismissed" is remembered, so the banner stays a tab on the next visit too. */
export const DISMISSED_KEY = 'pawloween-demo-banner-dismissed';

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeDismissed(dismissed: boolean): void {
  try {
    if (dismissed) window.localStorage.setItem(DISMISSED_KEY, '1');
    else window.localStorage.removeItem(DISMISSED_KEY);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

/**
 * The demo banner's state (SPEC.md section 2): it appears 2 s after sign-in in a demo app, and a
 * dismissed banner is a small tab that brings it back.
 */
export function useDemoBanner(active: boolean) {
  const [due, setDue] = useState(false);
  const [dismissed, setDismissed] = useState(readDismissed);
  useEffect(() => {
    setDue(false);
    if (!active) return;
    const timer = setTimeout(() => setDue(true), LIMITS.demoBannerDelayMs);
    return () => clearTimeout(timer);
  }, [active]);
  const dismiss = useCallback(() => {
    writeDismissed(true);
    setDismissed(true);
  }, []);
  const restore = useCallback(() => {
    writeDismissed(false);
    setDismissed(false);
  }, []);
  return { visible: active && due, dismissed, dismiss, restore };
}
