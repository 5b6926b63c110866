import { newUserCode, normaliseUserCode } from './device-codes';
import { entryToForget, waitingClient } from './waiting-room';

/** How long a registered listener waits, and how many may wait at once (memory stays bounded). */
export const LOOPBACK_REDIRECT_LIMITS = {
  lifetimeMs: 10 * 60_000,
  /** Listeners waiting at once; past it entryToForget's goes, so a newcomer always gets in. */
  maxPending: 1000,
  /** Listeners waiting from one client (this computer is one); a new one replaces its oldest. */
  perClient: 10,
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
  readonly href: string;
  readonly expiresAt: number;
  readonly client: string;
  /** What the person types on the sign-in page, read from the terminal that registered. */
  readonly code: string;
}

/**
 * The one-shot listeners `pawloween login` opened for a sign-in (127.0.0.1, a port, a state): a
 * sign-in page sends a token to a loopback address only when it was registered here first, only
 * once, and only when the person types the code that the registration answered to the process
 * that made it (the CLI prints it in its terminal). Any program on the computer can register a
 * port, but a person who did not start `pawloween login` has no code to type, so a link to a
 * foreign listener gets no token.
 */
export class LoopbackRedirects {
  private readonly pending = new Map<string, Registration>();

  constructor(private readonly now: () => number) {}

  /**
   * Registers the listener and answers its code; 'taken' when that address is registered already
   * (its code is never answered twice). A client over its share loses its oldest registration,
   * and a full table entryToForget's, so a newcomer always gets in.
   */
  register(url: URL, address: string): { code: string } | 'taken' {
    this.sweep();
    if (this.pending.has(url.href)) return 'taken';
    const client = waitingClient(address);
    const own = [...this.pending.values()].filter((entry) => entry.client === client);
    const evicted =
      own.length >= LOOPBACK_REDIRECT_LIMITS.perClient
        ? own[0]
        : this.pending.size >= LOOPBACK_REDIRECT_LIMITS.maxPending
          ? entryToForget(this.pending.values())
          : undefined;
    if (evicted) this.pending.delete(evicted.href);
    const code = newUserCode();
    this.pending.set(url.href, {
      href: url.href,
      expiresAt: this.now() + LOOPBACK_REDIRECT_LIMITS.lifetimeMs,
      client,
      code,
    });
    return { code };
  }

  /** Whether this exact address (port, path and state) is a listener waiting for its token. */
  isWaiting(url: URL): boolean {
    const entry = this.pending.get(url.href);
    return entry !== undefined && entry.expiresAt > this.now();
  }

  /** Whether the person typed this listener's code (any case, with or without the dash). */
  confirms(url: URL, typed: string): boolean {
    const entry = this.pending.get(url.href);
    return entry !== undefined && normaliseUserCode(typed) === entry.code;
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
