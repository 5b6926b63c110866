import { describe, expect, it } from 'vitest';
import { TokenService } from './token-service';

const secret = new TextEncoder().encode('test-secret-test-secret-test-secret!');
const user = { id: 'u1', email: 'raven@example.com', avatarUrl: '', projectId: 'p1' };

describe('TokenService', () => {
  it('refuses a token once it expires, though it was verified (and remembered) while valid', async () => {
    let now = Date.UTC(2025, 9, 31, 20);
    const tokens = new TokenService(secret, 60, () => now);
    const token = await tokens.sign(user);
    expect(await tokens.verify(token)).toMatchObject({ sub: 'u1', email: user.email });
    now += 59_000;
    expect(await tokens.verify(token)).toMatchObject({ sub: 'u1' });
    now += 1_000;
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a token signed with another secret, and does not remember a refusal as valid', async () => {
    const now = () => Date.UTC(2025, 9, 31, 20);
    const other = new TokenService(
      new TextEncoder().encode('another-secret-another-secret-!!'),
      60,
      now,
    );
    const forged = await other.sign(user);
    const tokens = new TokenService(secret, 60, now);
    expect(await tokens.verify(forged)).toBeUndefined();
    expect(await tokens.verify(forged)).toBeUndefined();
  });
});
