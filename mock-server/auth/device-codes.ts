import { randomBytes, randomInt } from 'node:crypto';
import { entryToForget, waitingClient } from './waiting-room';

/** The device sign-in's limits (RFC 8628): a code lives 10 minutes, polled every 2 s at most. */
export const DEVICE_CODE_LIMITS = {
  lifetimeMs: 10 * 60_000,
  intervalSeconds: 2,
  /** Codes waiting at once (memory stays bounded); past it the biggest holder's oldest code goes. */
  maxPending: 1000,
  /** Codes waiting from one client (this computer, an IPv4 address, an IPv6 /64); a new one replaces its oldest. */
  perClient: 5,
} as const;

// No vowels (no words), no look-alikes (0/O, 1/I/L): 19^8 codes, read aloud or typed easily.
const ALPHABET = 'BCDFGHJKMNPQRSTVWXZ';
const USER_CODE_LENGTH = 8;

interface DeviceCode {
  readonly deviceCode: string;
  readonly userCode: string;
  readonly projectId: string;
  /** Who asked for it (waitingClient of the address), for the per-client limit. */
  readonly client: string;
  readonly expiresAt: number;
  lastPollAt: number;
  token?: string;
}

export type PollAnswer =
  { status: 'approved'; token: string } | { status: 'pending' | 'slow_down' | 'expired' };

/**
 * Sign-in for a terminal with no browser of its own (RFC 8628 style): the terminal gets a device
 * code to poll with and a short user code a person approves on any device. Approved codes answer
 * their token once; everything is forgotten at expiry.
 */
export class DeviceCodes {
  private readonly byDevice = new Map<string, DeviceCode>();
  private readonly byUser = new Map<string, DeviceCode>();

  constructor(private readonly now: () => number) {}

  /**
   * A new pair of codes for a terminal at this address. One client holds at most perClient codes
   * (its oldest goes to make room), and when maxPending wait in all, entryToForget's code goes: a
   * flood from many addresses cannot keep a new person out.
   */
  start(projectId: string, address = ''): DeviceCode {
    this.sweep();
    const client = waitingClient(address);
    const own = this.waitingFrom(client);
    if (own.length >= DEVICE_CODE_LIMITS.perClient) this.forget(own[0]!);
    else if (this.byDevice.size >= DEVICE_CODE_LIMITS.maxPending) {
      const oldest = entryToForget([...this.byDevice.values()].filter((code) => !code.token));
      this.forget(oldest ?? this.byDevice.values().next().value!);
    }
    let userCode = newUserCode();
    while (this.byUser.has(userCode)) userCode = newUserCode();
    const code: DeviceCode = {
      deviceCode: randomBytes(32).toString('base64url'),
      userCode,
      projectId,
      client,
      expiresAt: this.now() + DEVICE_CODE_LIMITS.lifetimeMs,
      lastPollAt: 0,
    };
    this.byDevice.set(code.deviceCode, code);
    this.byUser.set(userCode, code);
    return code;
  }

  /** The waiting code a person typed (any case, with or without the dash), if it is still open. */
  pending(typed: string): DeviceCode | undefined {
    const code = this.byUser.get(normaliseUserCode(typed));
    if (!code || code.token || code.expiresAt <= this.now()) return undefined;
    return code;
  }

  /** The person signed in for this code: its terminal's next poll gets the token. */
  approve(code: DeviceCode, token: string): void {
    code.token = token;
  }

  /** What the terminal gets for its device code; an approved code answers once. */
  poll(deviceCode: string): PollAnswer {
    const code = this.byDevice.get(deviceCode);
    const now = this.now();
    if (!code || code.expiresAt <= now) {
      if (code) this.forget(code);
      return { status: 'expired' };
    }
    if (code.token) {
      this.forget(code);
      return { status: 'approved', token: code.token };
    }
    const early = now - code.lastPollAt < DEVICE_CODE_LIMITS.intervalSeconds * 1000 - 250;
    code.lastPollAt = now;
    return { status: early ? 'slow_down' : 'pending' };
  }

  /** The client's codes still waiting (not approved), oldest first (a Map keeps insertion order). */
  private waitingFrom(client: string): DeviceCode[] {
    return [...this.byDevice.values()].filter((code) => code.client === client && !code.token);
  }

  private forget(code: DeviceCode): void {
    this.byDevice.delete(code.deviceCode);
    this.byUser.delete(code.userCode);
  }

  private sweep(): void {
    const now = this.now();
    for (const code of this.byDevice.values()) if (code.expiresAt <= now) this.forget(code);
  }
}

/** A short code for a person to read or type: 8 letters, ABCD-EFGH. */
export function newUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return normaliseUserCode(code);
}

/** ABCD-EFGH as people write it: upper case, dash where it belongs. */
export function normaliseUserCode(typed: string): string {
  const letters = typed.toUpperCase().replace(/[^A-Z]/g, '');
  return letters.length === USER_CODE_LENGTH ? `${letters.slice(0, 4)}-${letters.slice(4)}` : '';
}
