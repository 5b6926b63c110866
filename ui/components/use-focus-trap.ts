import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/**
 * Keeps keyboard focus inside `container` while mounted: focus moves in on mount, Tab and
 * Shift+Tab cycle inside, and on unmount focus goes back to where it was (or to `fallback()` when
 * that element left the page, e.g. a gallery card filtered away meanwhile).
 */
export function useFocusTrap(
  container: RefObject<HTMLElement | null>,
  fallback?: () => HTMLElement | null | undefined,
): void {
  useTabTrap(container);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    container.current?.focus();
    return () => {
      const target = previous?.isConnected ? previous : fallback?.();
      target?.focus();
    };
    // The trap is set up once per mount; a new fallback need not re-run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [container]);
}

/**
 * While mounted, Tab and Shift+Tab cycle inside `container` and never reach the page behind it
 * (with nothing to focus inside, focus stays where it is).
 */
export function useTabTrap(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const root = container.current;
      if (event.key !== 'Tab' || !root) return;
      const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      const outside = !root.contains(active);
      if (event.shiftKey && (active === first || active === root || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [container]);
}
