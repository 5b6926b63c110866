import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords (scrypt)', () => {
  it('matches the password it hashed and no other, with a new salt each time', async () => {
    const stored = await hashPassword('correct horse');
    expect(stored).toMatch(/^scrypt\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword('correct horse')).not.toBe(stored);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
  });

  it('refuses a stored value of another scheme, or missing its salt or hash, or of the wrong length', async () => {
    const [, salt, hash] = (await hashPassword('correct horse')).split('$');
    for (const stored of [
      `bcrypt$${salt}$${hash}`,
      `scrypt$$${hash}`,
      `scrypt$${salt}$`,
      `scrypt$${salt}`,
      `scrypt$${salt}$${hash!.slice(0, 20)}`,
      '',
    ]) {
      expect(await verifyPassword('correct horse', stored), stored).toBe(false);
    }
  });
});
