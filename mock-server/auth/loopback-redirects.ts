/** How long a registered listener waits, and how many may wait at once (memory stays bounded). */
export const LOOPBACK_REDIRECT_LIMITS = {
  lifetimeMs: 10 * 60_000,
  maxPending: 1000,
  perAddress: 10,
  /** The listener's state nonce: long enough that nobody guesses another's registration. */
  minStateLength: 16,
} as const;

const LOOPBACK_HOSTNAMES = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * A loopback http address that may be registered: http, a loopback host (as the URL parser
 * writes it, so 127.1 and 0x7f000001 are 127.0.0.1), an explicit port, no credentials, and a
 * state nonce in its query.
 */
export function registrableLoopback(value: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const state = url.searchParams.get('state') ?? '';
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTNAMES.has(url.hostname) || !url.port)
    return undefined;
  if (url.username || url.password || url.hash) return undefined;
  return state.length >= LOOPBACK_REDIRECT_LIMITS.minStateLength ? url : undefined;
}

interface Registration {
  readonly expiresAt: number;
  readonly address: string;
}

/**
 * The one-shot listeners `pawloween login` opened for a sign-in (127.0.0.1, a port, a state): a
 * sign-in page sends a token to a loopback address only when it was registered here first, and
 * only once. Any other loopback port (another program's, a local dev server) never gets one.
 */
export class LoopbackRedirects {
  private readonly pending = new Map<string, Registration>();

  constructor(private readonly now: () => number) {}

  /** Registers the listener; 'full' when too many wait in all or from this address. */
  register(url: URL, address: string): 'ok' | 'full' {
    this.sweep();
    if (this.pending.has(url.href)) return 'ok';
    let fromAddress = 0;
    for (const entry of this.pending.values()) if (entry.address === address) fromAddress++;
    if (
      this.pending.size >= LOOPBACK_REDIRECT_LIMITS.maxPending ||
      fromAddress >= LOOPBACK_REDIRECT_LIMITS.perAddress
    )
      return 'full';
    this.pending.set(url.href, {
      expiresAt: this.now() + LOOPBACK_REDIRECT_LIMITS.lifetimeMs,
      address,
    });
    return 'ok';
  }

  /** Whether this exact address (port, path and state) is a listener waiting for its token. */
  isWaiting(url: URL): boolean {
    const entry = this.pending.get(url.href);
    return entry !== undefined && entry.expiresAt > this.now();
  }

  /** The token went to it: it is not waiting any more. */
  delivered(url: URL): void {
    this.pending.delete(url.href);
  }

  private sweep(): void {
    const now = this.now();
    for (const [href, entry] of this.pending) if (entry.expiresAt <= now) this.pending.delete(href);
  }
}
