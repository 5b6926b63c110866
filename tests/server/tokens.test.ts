import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectErrorShape, signIn, testApp, userHeaders, type TestApp } from './helpers';

const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret!');
let t: TestApp;
let now = Date.UTC(2025, 9, 31, 12);
beforeEach(async () => {
  now = Date.UTC(2025, 9, 31, 12);
  t = await testApp({ now: () => now });
});
afterEach(() => t.close());

const usage = (token: string) =>
  t.app.inject({ url: '/v1/subscriptions/usage', headers: userHeaders(token) });

async function forge(
  claims: Record<string, unknown>,
  secret = SECRET,
  iss = 'pawloween-local-platform',
) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer(iss).sign(secret);
}

describe('access tokens', () => {
  it('accepts a token the platform signed', async () => {
    expect((await usage(await signIn(t.app))).statusCode).toBe(200);
  });

  it('refuses a tampered signature, alg=none, a foreign secret and a foreign issuer with 401', async () => {
    const token = await signIn(t.app);
    const claims = decodeJwt(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, email: 'mallory@x.io' })).toString(
      'base64url',
    );
    const unsigned = new UnsecuredJWT({ ...claims }).setIssuer('pawloween-local-platform').encode();
    for (const bad of [
      flipped,
      `${header}.${otherPayload}.${signature}`,
      unsigned,
      await forge(claims, new TextEncoder().encode('another-secret-another-secret-12')),
      await forge(claims, SECRET, 'someone-else'),
      'not-a-jwt',
    ]) {
      const reply = await usage(bad);
      expect(reply.statusCode).toBe(401);
      expectErrorShape(reply, 'AUTHENTICATION_FAILED');
    }
  });

  it('refuses an expired token and a not-yet-valid one', async () => {
    const token = await signIn(t.app);
    now += 24 * 3600 * 1000 + 1000;
    expect((await usage(token)).statusCode).toBe(401);
    const claims = decodeJwt(token);
    const future = await forge({ ...claims, exp: now / 1000 + 3600, nbf: now / 1000 + 600 });
    expect((await usage(future)).statusCode).toBe(401);
  });

  it('refuses a token without exp, and one whose user was deleted', async () => {
    const token = await signIn(t.app);
    const { exp: _exp, ...claims } = decodeJwt(token);
    expect((await usage(await forge(claims))).statusCode).toBe(401);
    const gone = await signIn(t.app, 'gone@example.com');
    expect((await usage(gone)).statusCode).toBe(200);
    t.app.platform.accounts.users.deleteUser(decodeJwt(gone).sub as string);
    expect((await usage(gone)).statusCode).toBe(401);
  });

  it("refuses another project's token together with this project's key", async () => {
    const demoToken = await t.app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      payload: 'email=d%40x.io&redirect_uri=http%3A%2F%2Flocalhost%2F',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const token = new URL(String(demoToken.headers.location)).searchParams.get('accessToken') ?? '';
    const reply = await t.app.inject({
      url: '/v1/subscriptions/usage',
      headers: { authorization: 'Bearer pk_local_pawloween', 'x-user-token': token },
    });
    expect(reply.statusCode).toBe(401);
    const withAccess = await t.app.inject({
      url: '/v1/subscriptions/usage',
      headers: { authorization: 'Bearer pk_local_pawloween', 'x-sub-dev-access-token': token },
    });
    expect(withAccess.statusCode).toBe(401);
  });
});
