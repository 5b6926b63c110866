import { useEffect } from 'react';
import { LIMITS } from '../../domain/model/constants';

const PARAM = 'accessToken';

/**
 * The sign-in return (SPEC.md section 2): an accessToken query parameter is handed to onToken and
 * removed from the address bar. Checked on start, on history navigation and every second.
 */
export function useUrlToken(onToken: (token: string) => void): void {
  useEffect(() => {
    const check = () => {
      const url = new URL(window.location.href);
      const token = url.searchParams.get(PARAM);
      if (!token) return;
      url.searchParams.delete(PARAM);
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
      onToken(token);
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
