/** Where the sandbox preload knocks (SPEC.md section 4): the user-profile endpoint and two image hosts. */
export interface SandboxPreloadTargets {
  readonly userProfile: string;
  readonly imageHosts: readonly [string, string];
}

/** The local platform plays all three by default. */
export function defaultPreloadTargets(platformUrl: string): SandboxPreloadTargets {
  const at = (path: string) => new URL(path, platformUrl).toString();
  return {
    userProfile: at('/v1/storage'),
    imageHosts: [at('/files/'), at('/media/')],
  };
}

type HeadRequest = (url: string, init: RequestInit) => Promise<unknown>;

/** A sandboxed preview: its address contains 'sandbox'. */
export const isSandboxed = (href: string) => href.includes('sandbox');

/**
 * In a sandboxed preview the browser asks for permission the first time the page reaches each
 * host; knocking early (no-cors HEAD, answers ignored) lets those prompts appear before the user
 * needs the hosts. Only when the page address contains 'sandbox'.
 */
export function preloadForSandbox(
  href: string,
  targets: SandboxPreloadTargets,
  request: HeadRequest = (url, init) => globalThis.fetch(url, init),
): boolean {
  if (!isSandboxed(href)) return false;
  for (const url of [targets.userProfile, ...targets.imageHosts]) {
    void request(url, { method: 'HEAD', mode: 'no-cors', credentials: 'omit' }).catch(
      () => undefined,
    );
  }
  return true;
}
