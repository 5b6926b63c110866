/**
 * Whether a socket's peer address is this computer's loopback interface (127.0.0.0/8 or ::1, also
 * written as an IPv4-mapped IPv6 address). Callers pass the socket's address, or request.ip, which
 * is X-Forwarded-For's word only when the socket is a proxy named in TRUST_PROXY.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
