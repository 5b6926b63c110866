import type { FastifyRequest } from 'fastify';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN_ISSUER } from '../config';
import { openAccounts } from '../store/accounts';
import { openDatabase } from '../store/database';
import { RevocationStore } from '../store/revocation-store';
import { Authenticator, bearerOf } from './authenticate';
import { TokenService } from './token-service';

const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret!');
const NOW = Date.UTC(2026, 10, 25, 12);

/** Two projects (p1, p2), a user in p1, and the three stores the authenticator reads. */
async function platform() {
  const db = openDatabase(':memory:');
  const accounts = openAccounts(db, () => NOW);
  for (const id of ['p1', 'p2'])
    accounts.projects.seedProject({
      id,
      apiKey: `pk_${id}`,
      name: id,
      isDemo: false,
      ownerCents: 100,
    });
  const user = accounts.users.signIn('p1', 'ghost@example.com');
  const tokens = new TokenService(SECRET, 3600, () => NOW);
  const revocations = new RevocationStore(db, () => NOW);
  const token = await tokens.sign({
    id: user.id,
    email: user.email,
    avatarUrl: '',
    projectId: 'p1',
  });
  return {
    user,
    token,
    tokens,
    revocations,
    authenticator: new Authenticator(accounts, tokens, revocations),
  };
}

// Each on a connection of its own, as the authenticator remembers a connection's last token.
const request = (headers: Record<string, string>) =>
  ({ headers, raw: { socket: {} } }) as unknown as FastifyRequest;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('should be refused'),
    (error: { statusCode: number; message: string }) => [error.statusCode, error.message],
  );

describe('bearerOf: the project key as the client cleans it', () => {
  it.each([
    ['Bearer pk_1', 'pk_1'],
    ['bearer   pk_1  ', 'pk_1'],
    ['Bearer pk_1==', 'pk_1'],
    ['Bearer a=b=', 'a=b'],
    ['Bearer pk_1 extra', undefined],
    ['Basic Bearer pk_1', undefined],
    ['Bearerpk_1', undefined],
    ['', undefined],
  ])('%j gives %j', (authorization, key) => {
    expect(bearerOf(request({ authorization }))).toBe(key);
  });
});

describe('Authenticator.principal: the three modes of SPEC.md 6, and a 401 for anything else', () => {
  it('an access token alone is the user (mode a); with its own project key too', async () => {
    const { authenticator, token, user } = await platform();
    const alone = await authenticator.principal(request({ 'x-sub-dev-access-token': token }));
    expect(alone).toMatchObject({ mode: 'user', user: { id: user.id }, project: { id: 'p1' } });
    const withKey = await authenticator.principal(
      request({ 'x-sub-dev-access-token': token, ...bearer('pk_p1') }),
    );
    expect(withKey.mode).toBe('user');
  });

  it("an access token with another project's key is refused", async () => {
    const { authenticator, token } = await platform();
    expect(
      await refusal(
        authenticator.principal(request({ 'x-sub-dev-access-token': token, ...bearer('pk_p2') })),
      ),
    ).toEqual([401, 'The access token belongs to another project.']);
  });

  it('a project key alone is anonymous (mode c); with a user token of its project, headless (mode b)', async () => {
    const { authenticator, token } = await platform();
    expect((await authenticator.principal(request(bearer('pk_p1')))).mode).toBe('anonymous');
    expect(
      (await authenticator.principal(request({ ...bearer('pk_p1'), 'x-user-token': token }))).mode,
    ).toBe('headless');
  });

  it('empty headers count as absent', async () => {
    const { authenticator } = await platform();
    const principal = await authenticator.principal(
      request({ ...bearer('pk_p1'), 'x-sub-dev-access-token': '', 'x-user-token': '' }),
    );
    expect(principal.mode).toBe('anonymous');
  });

  it.each([
    [{}, 'Missing credentials: send an access token or a project key.'],
    [bearer('pk_nobody'), 'Invalid project key.'],
    [{ 'x-sub-dev-access-token': 'forged' }, 'Invalid or expired access token.'],
    [
      { ...bearer('pk_nobody'), 'x-sub-dev-access-token': 'forged' },
      'Invalid or expired access token.',
    ],
    [{ ...bearer('pk_p1'), 'x-user-token': 'forged' }, 'Invalid or expired user token.'],
  ])('refuses %j: %s', async (headers, message) => {
    const { authenticator } = await platform();
    expect(await refusal(authenticator.principal(request(headers)))).toEqual([401, message]);
  });

  it("a user token from another project's key is refused", async () => {
    const { authenticator, token } = await platform();
    expect(
      await refusal(
        authenticator.principal(request({ ...bearer('pk_p2'), 'x-user-token': token })),
      ),
    ).toEqual([401, 'Invalid or expired user token.']);
  });
});

describe('Authenticator.userOf: a valid token of a user still in its project, not signed out', () => {
  it('ends with the token revoked by its id, or with its whole session', async () => {
    const { authenticator, token, tokens, revocations } = await platform();
    const claims = (await tokens.verify(token))!;
    expect(await authenticator.userOf(token)).toBeDefined();
    revocations.revoke(claims.jti!, NOW + 3_600_000);
    expect(await authenticator.userOf(token)).toBeUndefined();

    const other = await platform();
    const session = (await other.tokens.verify(other.token))!.sid!;
    other.revocations.revoke(session, NOW + 3_600_000);
    expect(await other.authenticator.userOf(other.token)).toBeUndefined();
  });

  it('refuses a token that names another project than its user’s', async () => {
    const { authenticator, user } = await platform();
    const wrong = await new SignJWT({ email: user.email, projectId: 'p2', sid: 's' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt(NOW / 1000)
      .setJti('j')
      .setExpirationTime(NOW / 1000 + 60)
      .sign(SECRET);
    expect(await authenticator.userOf(wrong)).toBeUndefined();
  });
});
