import { useEffect } from 'react';
import { takeSignInReturn, type SignInReturn } from '../../adapters/browser/browser.container';
import { LIMITS } from '../../domain/model/constants';

/**
 * The sign-in return (SPEC.md section 2): an accessToken query parameter (and its state) is
 * removed from the address bar and handed to onReturn. Checked on start, on history navigation
 * and every second. (mountApp takes the first one even earlier, before the first render.)
 */
export function useUrlToken(onReturn: (signInReturn: SignInReturn) => void): void {
  useEffect(() => {
    const check = () => {
      const signInReturn = takeSignInReturn(window);
      if (signInReturn) onReturn(signInReturn);
    };
    check();
    window.addEventListener('popstate', check);
    const timer = window.setInterval(check, LIMITS.urlTokenCheckMs);
    return () => {
      window.removeEventListener('popstate', check);
      window.clearInterval(timer);
    };
  }, [onReturn]);
}
