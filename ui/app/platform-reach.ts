import { CONFIG_FILE } from './runtime-config';

/** Why a page cannot call the platform that its config file names, when it is a deployer's mistake. */
export type ReachProblem = 'csp' | 'cors';

/** The platform's health check: answered by every platform, with CORS headers for its origins. */
const HEALTH_PATH = '/healthz';

/**
 * Whether this page may call the platform on another origin, told apart the way a browser allows:
 * a call refused while a `no-cors` request of the same address gets an answer is the platform's
 * CORS (this origin not in its ALLOWED_ORIGINS); a refused request that the page's
 * Content-Security-Policy reported is the host's CSP. A platform that is simply down or offline
 * is no mistake of the deployment: undefined, as when all is well.
 */
export async function reachProblem(
  platformUrl: string,
  document: Document,
  fetchFile: typeof fetch = (input, init) => fetch(input, init),
): Promise<ReachProblem | undefined> {
  const origin = new URL(platformUrl).origin;
  let blockedByCsp = false;
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    if (URL.canParse(event.blockedURI) && new URL(event.blockedURI).origin === origin)
      blockedByCsp = true;
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  try {
    const address = `${platformUrl}${HEALTH_PATH}`;
    const init: RequestInit = { credentials: 'omit', cache: 'no-store' };
    try {
      await fetchFile(address, init);
      return undefined;
    } catch {
      // Refused or unreachable: the second request tells which.
    }
    try {
      await fetchFile(address, { ...init, mode: 'no-cors' });
      return 'cors';
    } catch {
      // The violation event is a task of its own: let it arrive before judging.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return blockedByCsp ? 'csp' : undefined;
    }
  } finally {
    document.removeEventListener('securitypolicyviolation', onViolation);
  }
}

/** What the person who deployed the app must change, naming both addresses. */
export function reachProblemText(
  problem: ReachProblem,
  platformUrl: string,
  pageOrigin: string,
): string {
  const platform = new URL(platformUrl).origin;
  return problem === 'csp'
    ? `This page's Content-Security-Policy does not allow it to connect to the platform at ${platform}, which ${CONFIG_FILE} names, so nothing can be signed in or loaded. Add ${platform} to connect-src, img-src and media-src in the CSP your host sends, or correct platformUrl in ${CONFIG_FILE}.`
    : `The platform at ${platform}, which ${CONFIG_FILE} names, does not accept calls from this page (${pageOrigin}), so nothing can be signed in or loaded. Add ${pageOrigin} to that platform's ALLOWED_ORIGINS, or correct platformUrl in ${CONFIG_FILE}.`;
}
