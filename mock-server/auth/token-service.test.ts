import { decodeProtectedHeader, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_ISSUER } from '../config';
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

  it('on one connection: remembers its last token, still refuses it once expired, judges another token on its own', async () => {
    let now = Date.UTC(2025, 9, 31, 20);
    const tokens = new TokenService(secret, 60, () => now);
    const connection = {};
    const token = await tokens.sign(user);
    const forged = await new TokenService(
      new TextEncoder().encode('another-secret-another-secret-!!'),
      60,
      () => now,
    ).sign({ ...user, id: 'u2' });
    expect(await tokens.verifyNow(token, connection)).toMatchObject({ sub: 'u1' });
    expect(await tokens.verifyNow(token, connection)).toMatchObject({ sub: 'u1' });
    expect(await tokens.verifyNow(forged, connection)).toBeUndefined();
    const second = await tokens.sign({ ...user, id: 'u3' });
    expect(await tokens.verifyNow(second, connection)).toMatchObject({ sub: 'u3' });
    expect(await tokens.verifyNow(token, connection)).toMatchObject({ sub: 'u1' });
    now += 60_000;
    expect(await tokens.verifyNow(token, connection)).toBeUndefined();
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

describe('TokenService: what a token carries and what it must', () => {
  const now = () => Date.UTC(2025, 9, 31, 20);
  const sign = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('u1')
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt(now() / 1000)
      .setExpirationTime(now() / 1000 + 60)
      .sign(secret);

  it('is an HS256 JWT living as long as the service says', async () => {
    const tokens = new TokenService(secret, 90, now);
    const token = await tokens.sign(user);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(tokens.lifetimeSeconds).toBe(90);
    const claims = (await tokens.verify(token))!;
    expect(claims.exp! - claims.iat!).toBe(90);
  });

  it('refuses a well-signed token that names no project', async () => {
    const tokens = new TokenService(secret, 60, now);
    expect(await tokens.verify(await sign({ email: 'a@example.com' }))).toBeUndefined();
    expect(
      await tokens.verify(await sign({ email: 'a@example.com', projectId: 'p1' })),
    ).toMatchObject({
      projectId: 'p1',
    });
  });

  it('checks a token’s signature once, and again only after 5000 others filled the memory', async () => {
    const tokens = new TokenService(secret, 60, now);
    const check = vi.spyOn(tokens as unknown as { check: () => Promise<unknown> }, 'check');
    const first = await tokens.sign(user);
    await tokens.verify(first);
    await tokens.verify(first);
    expect(check).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 4_999; i++) await tokens.verify(await tokens.sign(user));
    await tokens.verify(first);
    expect(check).toHaveBeenCalledTimes(5_000);
    await tokens.verify(await tokens.sign(user));
    await tokens.verify(first);
    expect(check).toHaveBeenCalledTimes(5_002);
  });

  it('does not remember a refusal: a token is refused by its signature each time', async () => {
    const tokens = new TokenService(secret, 60, now);
    const check = vi.spyOn(tokens as unknown as { check: () => Promise<unknown> }, 'check');
    await tokens.verify('not.a.token');
    await tokens.verify('not.a.token');
    expect(check).toHaveBeenCalledTimes(2);
  });
});
