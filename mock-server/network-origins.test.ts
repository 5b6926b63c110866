import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { networkOrigins } from './network-origins';

const entry = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal }) as NetworkInterfaceInfo;
const INTERFACES = {
  lo: [entry('127.0.0.1', 'IPv4', true), entry('::1', 'IPv6', true)],
  eth0: [entry('192.0.2.2', 'IPv4'), entry('fd00::2', 'IPv6'), entry('fe80::1', 'IPv6')],
  wlan0: [entry('198.51.100.7', 'IPv4')],
};

describe('networkOrigins: where other machines reach a platform without PUBLIC_BASE_URL', () => {
  it('on 0.0.0.0 or ::, every non-loopback address of this machine (no link-local IPv6)', () => {
    const all = ['http://192.0.2.2:8787', 'http://[fd00::2]:8787', 'http://198.51.100.7:8787'];
    expect(networkOrigins('0.0.0.0', 8787, INTERFACES)).toEqual(all);
    expect(networkOrigins('::', 8787, INTERFACES)).toEqual(all);
  });

  it('on one address, that address only; an address this machine lacks gives none', () => {
    expect(networkOrigins('198.51.100.7', 80, INTERFACES)).toEqual(['http://198.51.100.7']);
    expect(networkOrigins('203.0.113.9', 8787, INTERFACES)).toEqual([]);
  });
});
