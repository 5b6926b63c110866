import { isLoopbackAddress } from './loopback';

/**
 * Who holds a waiting sign-in, for the per-client share: this computer (every loopback address,
 * 127.0.0.0/8 and ::1, is one client, as a program here can bind any of them), an IPv4 address,
 * or an IPv6 /64 (one subscriber's).
 */
export function waitingClient(address: string): string {
  if (isLoopbackAddress(address)) return 'loopback';
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (!v4.includes(':')) return v4;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The entry to forget when a full table must take a new one: the oldest entry of the client
 * holding the most (when several hold as many, the one whose oldest entry is oldest, so when
 * every client holds one it is the oldest entry of all). A newcomer therefore always gets in, a
 * flooder loses its own entries first, and a person's single entry goes only after every bigger
 * holder is down to one and a full table's worth of newer entries came after it. Entries are
 * given oldest first (a Map's insertion order).
 */
export function entryToForget<T extends { readonly client: string }>(
  entries: Iterable<T>,
): T | undefined {
  const held = new Map<string, { count: number; oldest: T }>();
  for (const entry of entries) {
    const holder = held.get(entry.client);
    if (holder) holder.count++;
    else held.set(entry.client, { count: 1, oldest: entry });
  }
  let biggest: { count: number; oldest: T } | undefined;
  // Map order is first-seen order, so the first of the largest is the one with the oldest entry.
  for (const holder of held.values())
    if (!biggest || holder.count > biggest.count) biggest = holder;
  return biggest?.oldest;
}
