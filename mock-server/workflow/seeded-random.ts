import { createHash } from 'node:crypto';

/** A deterministic random source: the same inputs always give the same picture. */
export type Random = () => number;

export function seedFrom(...parts: readonly Buffer[]): number {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest().readUInt32LE(0);
}

/** mulberry32: tiny, fast and good enough for placing bats and stars. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function between(random: Random, min: number, max: number): number {
  return min + random() * (max - min);
}
