import { useEffect } from 'react';
import { takeAccessToken } from '../../adapters/browser/browser.container';
import { LIMITS } from '../../domain/model/constants';

/**
 * The sign-in return (SPEC.md section 2): an accessToken query parameter is removed from the
 * address bar and handed to onToken. Checked on start, on history navigation and every second.
 * (mountApp takes the first one even earlier, before the first render.)
 */
export function useUrlToken(onToken: (token: string) => void): void {
  useEffect(() => {
    const check = () => {
      const token = takeAccessToken(window);
      if (token) onToken(token);
    };
    check();
    window.addEventListener('popstate', check);
    const timer = window.setInterval(check, LIMITS.urlTokenCheckMs);
    return () => {
      window.removeEventListener('popstate', check);
      window.clearInterval(timer);
    };
  }, [onToken]);
}
