import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { StorageQuota } from './storage-quota';

const quota = (limit: number) => new StorageQuota(openDatabase(':memory:'), limit);
/** The size of EMPTY, an empty stored object. */
const EMPTY = 2;

describe('StorageQuota', () => {
  it('counts writes still on their way from the size they leave, not the last committed one', () => {
    const q = quota(100);
    // Two writes of one user in the same turn both read the committed object (empty).
    const first = q.reserve('p', 'u', EMPTY, 60);
    const second = q.reserve('p', 'u', EMPTY, 60);
    expect(q.usedBy('p')).toBe(60 - 2);
    first(true);
    second(true);
    expect(() => q.reserve('p', 'v', EMPTY, 50)).toThrow(/storage is full/);
  });

  it('gives a reservation back when its write does not land, and lets shrinking writes pass when full', () => {
    const q = quota(100);
    q.reserve('p', 'u', EMPTY, 90)(false);
    expect(q.usedBy('p')).toBe(0);
    q.reserve('p', 'u', EMPTY, 98)(true);
    expect(() => q.reserve('p', 'v', EMPTY, 10)).toThrow(
      expect.objectContaining({ statusCode: 507, code: 'STORAGE_QUOTA_EXCEEDED' }),
    );
    q.reserve('p', 'u', 98, EMPTY)(true);
    expect(q.usedBy('p')).toBe(0);
  });

  it('keeps each project to its own quota', () => {
    const q = quota(100);
    q.reserve('a', 'u', EMPTY, 100)(true);
    expect(() => q.reserve('b', 'v', EMPTY, 100)).not.toThrow();
  });
});
