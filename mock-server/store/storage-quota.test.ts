import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { StorageQuota } from './storage-quota';

const quota = (limit: number) => new StorageQuota(openDatabase(':memory:'), limit);
const text = (bytes: number) => 'x'.repeat(bytes);

describe('StorageQuota', () => {
  it('counts writes still on their way from the size they leave, not the last committed one', () => {
    const q = quota(100);
    // Two writes of one user in the same turn both read the committed object (empty).
    const first = q.reserve('p', 'u', '{}', text(60));
    const second = q.reserve('p', 'u', '{}', text(60));
    expect(q.usedBy('p')).toBe(60 - 2);
    first(true);
    second(true);
    expect(() => q.reserve('p', 'v', '{}', text(50))).toThrow(/storage is full/);
  });

  it('gives a reservation back when its write does not land, and lets shrinking writes pass when full', () => {
    const q = quota(100);
    q.reserve('p', 'u', '{}', text(90))(false);
    expect(q.usedBy('p')).toBe(0);
    q.reserve('p', 'u', '{}', text(98))(true);
    expect(() => q.reserve('p', 'v', '{}', text(10))).toThrow(
      expect.objectContaining({ statusCode: 507, code: 'STORAGE_QUOTA_EXCEEDED' }),
    );
    q.reserve('p', 'u', text(98), '{}')(true);
    expect(q.usedBy('p')).toBe(0);
  });

  it('keeps each project to its own quota', () => {
    const q = quota(100);
    q.reserve('a', 'u', '{}', text(100))(true);
    expect(() => q.reserve('b', 'v', '{}', text(100))).not.toThrow();
  });
});
