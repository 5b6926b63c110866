import type { NetworkInterfaceInfo } from 'node:os';

/**
 * The addresses other machines reach this server at, when it listens beyond loopback and no
 * PUBLIC_BASE_URL names it: http://<address>:<port> for each of this machine's own non-loopback
 * interface addresses (all of them for 0.0.0.0 or ::, else the one HOST names). They come from
 * the machine, never from a request's Host header, so sign-in may return there and nowhere a
 * caller chooses. A host name cannot be derived: PUBLIC_BASE_URL names it.
 */
export function networkOrigins(
  host: string,
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>,
): string[] {
  const own = Object.values(interfaces)
    .flat()
    .filter((entry): entry is NetworkInterfaceInfo => entry !== undefined && !entry.internal)
    // Link-local IPv6 needs a zone id, which a URL cannot carry.
    .filter((entry) => !(entry.family === 'IPv6' && /^fe80:/i.test(entry.address)))
    .map((entry) => entry.address);
  const wildcard = host === '0.0.0.0' || host === '::';
  const chosen = wildcard ? own : own.filter((address) => address === host);
  return chosen.map(
    (address) =>
      new URL(`http://${address.includes(':') ? `[${address}]` : address}:${port}`).origin,
  );
}
