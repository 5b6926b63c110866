import { describe, expect, it } from 'vitest';
import { DEVICE_CODE_LIMITS, DeviceCodes, normaliseUserCode } from './device-codes';
import { waitingClient } from './waiting-room';

function codes() {
  let now = 1_000_000;
  const store = new DeviceCodes(() => now);
  return { store, advance: (ms: number) => (now += ms) };
}

describe('DeviceCodes', () => {
  it('answers pending until approved, then the token exactly once', () => {
    const { store, advance } = codes();
    const code = store.start('project')!;
    expect(code.userCode).toMatch(/^[B-DF-HJ-NP-TV-XZ]{4}-[B-DF-HJ-NP-TV-XZ]{4}$/);
    expect(store.poll(code.deviceCode)).toEqual({ status: 'pending' });
    store.approve(store.pending(code.userCode)!, 'token');
    advance(2000);
    expect(store.poll(code.deviceCode)).toEqual({ status: 'approved', token: 'token' });
    expect(store.poll(code.deviceCode)).toEqual({ status: 'expired' });
    expect(store.pending(code.userCode)).toBeUndefined();
  });

  it('tells a device that polls faster than the interval to slow down', () => {
    const { store, advance } = codes();
    const { deviceCode } = store.start('project')!;
    expect(store.poll(deviceCode).status).toBe('pending');
    advance(500);
    expect(store.poll(deviceCode).status).toBe('slow_down');
    advance(DEVICE_CODE_LIMITS.intervalSeconds * 1000);
    expect(store.poll(deviceCode).status).toBe('pending');
  });

  it('forgets a code at its expiry: the page no longer takes it and the device hears expired', () => {
    const { store, advance } = codes();
    const code = store.start('project')!;
    advance(DEVICE_CODE_LIMITS.lifetimeMs);
    expect(store.pending(code.userCode)).toBeUndefined();
    expect(store.poll(code.deviceCode)).toEqual({ status: 'expired' });
    expect(store.poll('never-issued')).toEqual({ status: 'expired' });
  });

  const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

  it("keeps at most maxPending codes waiting: when each is a different client's, the oldest goes", () => {
    const { store } = codes();
    const flood = Array.from({ length: DEVICE_CODE_LIMITS.maxPending }, (_, i) =>
      store.start('p', address(i)),
    );
    const person = store.start('p', '192.0.2.1');
    expect(store.poll(person.deviceCode).status).toBe('pending');
    expect(store.poll(flood[0]!.deviceCode)).toEqual({ status: 'expired' });
    expect(store.poll(flood[1]!.deviceCode).status).toBe('pending');
  });

  it('one client holds at most perClient codes: a new one replaces its oldest', () => {
    const { store } = codes();
    const started = Array.from({ length: DEVICE_CODE_LIMITS.perClient + 1 }, () =>
      store.start('p', '192.0.2.7'),
    );
    expect(store.poll(started[0]!.deviceCode)).toEqual({ status: 'expired' });
    expect(store.pending(started[0]!.userCode)).toBeUndefined();
    for (const code of started.slice(1)) expect(store.poll(code.deviceCode).status).toBe('pending');
  });

  it('a flood from many addresses filling every place still lets a new person start', () => {
    const { store } = codes();
    const flooders = DEVICE_CODE_LIMITS.maxPending / DEVICE_CODE_LIMITS.perClient;
    const flood = [];
    for (let i = 0; i < flooders; i++)
      for (let j = 0; j < DEVICE_CODE_LIMITS.perClient; j++)
        flood.push(store.start('p', address(i)));
    expect(flood.every(Boolean)).toBe(true);
    for (let person = 0; person < 50; person++) {
      const code = store.start('p', `192.0.2.${person}`);
      expect(code).toBeDefined();
      expect(store.poll(code.deviceCode).status).toBe('pending');
    }
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as the IPv4 one', () => {
    expect(waitingClient('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(waitingClient('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(waitingClient('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(waitingClient('::1')).toBe('loopback');
    expect(waitingClient('127.0.0.9')).toBe('loopback');
    expect(waitingClient('::ffff:192.0.2.9')).toBe('192.0.2.9');
    const { store } = codes();
    const first = store.start('p', '2001:db8:1:2::1');
    for (let i = 2; i <= DEVICE_CODE_LIMITS.perClient + 1; i++)
      store.start('p', `2001:db8:1:2::${i.toString(16)}`);
    expect(store.poll(first.deviceCode).status).toBe('expired');
  });

  it('reads a typed code in any case, with or without the dash, and nothing else', () => {
    expect(normaliseUserCode('bcdf ghjk')).toBe('BCDF-GHJK');
    expect(normaliseUserCode('BCDF-GHJK')).toBe('BCDF-GHJK');
    expect(normaliseUserCode('BCDF-GHJ')).toBe('');
    expect(normaliseUserCode('__proto__')).toBe('');
  });

  it('a poll exactly 1.75 s after the last is not early (a quarter second of slack on 2 s)', () => {
    const { store, advance } = codes();
    const { deviceCode } = store.start('project')!;
    store.poll(deviceCode);
    advance(DEVICE_CODE_LIMITS.intervalSeconds * 1000 - 251);
    expect(store.poll(deviceCode).status).toBe('slow_down');
    advance(DEVICE_CODE_LIMITS.intervalSeconds * 1000 - 250);
    expect(store.poll(deviceCode).status).toBe('pending');
  });
});
