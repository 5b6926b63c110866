import { describe, expect, it } from 'vitest';
import { DEVICE_CODE_LIMITS, DeviceCodes, normaliseUserCode } from './device-codes';

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

  it('keeps at most maxPending codes waiting, and makes room as they expire', () => {
    const { store, advance } = codes();
    for (let i = 0; i < DEVICE_CODE_LIMITS.maxPending; i++) expect(store.start('p')).toBeDefined();
    expect(store.start('p')).toBeUndefined();
    advance(DEVICE_CODE_LIMITS.lifetimeMs);
    expect(store.start('p')).toBeDefined();
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
