import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../mock-server/config';
import { ORIGIN, PROJECT_TOKEN, testApp, type TestApp } from './helpers';

let t: TestApp;
beforeEach(async () => {
  t = await testApp({ allowedOrigins: ['https://pets.example'] });
});
afterEach(() => t.close());

const form = (fields: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/auth/sign-in',
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
});
const register = (
  redirectUri: string,
  headers: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/loopback-redirect',
    payload: { redirectUri },
    headers,
    remoteAddress,
  });
const authUrl = (redirect: string, extra = '') =>
  `/auth?project_token=${PROJECT_TOKEN}&redirect_uri=${encodeURIComponent(redirect)}${extra}`;

describe('GET /auth', () => {
  it('shows a sign-in page with an Email field and a Sign in button, no password, scripts external only', async () => {
    const reply = await t.app.inject(authUrl(`${ORIGIN}/`, '&state=abc'));
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    expect(reply.body).toMatch(/<label for="email">Email<\/label>/);
    expect(reply.body).toMatch(/<button type="submit" class="primary">Sign in<\/button>/);
    expect(reply.body).not.toMatch(/type="password"/);
    expect(reply.body).not.toMatch(/<script>(?!<)/);
    expect(reply.body).toContain('name="state" value="abc"');
    const csp = String(reply.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The form's redirect target must be allowed, or chromium blocks the 303 after posting.
    expect(csp).toMatch(/form-action 'self' http:\/\/localhost/);
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.headers['cache-control']).toBe('no-store');
  });

  it('serves /auth/demo without a project token (demo mode)', async () => {
    const reply = await t.app.inject(`/auth/demo?redirect_uri=${encodeURIComponent(`${ORIGIN}/`)}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('Sign in to Pawloween demo');
  });

  it.each([
    ['a foreign origin', 'https://evil.example/steal'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an https loopback pretender', 'https://localhost.evil.example/'],
    ['credentials in the URL', 'http://user:pass@localhost/'],
  ])('refuses %s with a page, never a redirect', async (_name, redirect) => {
    const reply = await t.app.inject(authUrl(redirect));
    expect(reply.statusCode).toBe(400);
    expect(reply.headers.location).toBeUndefined();
    expect(reply.body).toContain('Sign-in refused');
  });

  it('names the setting that lets an app on another origin sign in', async () => {
    const reply = await t.app.inject(authUrl('https://app.example/'));
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain(
      'is on an origin this platform does not allow, so no token was sent.',
    );
    expect(reply.body).toContain('adding it to the platform’s ALLOWED_ORIGINS setting');
    expect(reply.body).not.toContain('app.example');
    const odd = await t.app.inject(authUrl('javascript:alert(1)'));
    expect(odd.body).toContain('is not a web address this platform returns to');
    expect(odd.body).not.toContain('ALLOWED_ORIGINS');
  });

  it('refuses an unknown project token and a missing one', async () => {
    const unknown = await t.app.inject(
      `/auth?project_token=pk_nope&redirect_uri=${encodeURIComponent(`${ORIGIN}/`)}`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('not known');
    const missing = await t.app.inject(`/auth?redirect_uri=${encodeURIComponent(`${ORIGIN}/`)}`);
    expect(missing.statusCode).toBe(400);
  });

  it('accepts the allowed origins, and a loopback listener only once the CLI registered it', async () => {
    expect((await t.app.inject(authUrl('https://pets.example/app'))).statusCode).toBe(200);
    const listener = 'http://127.0.0.1:53123/callback?state=0123456789abcdef0123';
    expect((await t.app.inject(authUrl(listener))).statusCode).toBe(400);
    expect((await register(listener)).statusCode).toBe(200);
    expect((await t.app.inject(authUrl(listener))).statusCode).toBe(200);
  });
});

describe('POST /auth/sign-in', () => {
  it('creates the user on first sign-in and answers 303 with a signed token of SPEC.md claims', async () => {
    const reply = await t.app.inject(
      form({
        email: 'Luna@Example.com',
        project_token: PROJECT_TOKEN,
        redirect_uri: `${ORIGIN}/app?x=1#top`,
        state: 's1',
      }),
    );
    expect(reply.statusCode).toBe(303);
    const location = new URL(String(reply.headers.location));
    expect(location.origin + location.pathname).toBe(`${ORIGIN}/app`);
    expect(location.searchParams.get('x')).toBe('1');
    expect(location.searchParams.get('state')).toBe('s1');
    const claims = decodeJwt(location.searchParams.get('accessToken') ?? '');
    expect(claims.email).toBe('luna@example.com');
    expect(claims.sub).toMatch(/^user_/);
    expect(claims.avatarUrl).toMatch(/^http:\/\/localhost\/platform-assets\/avatar\.svg/);
    expect(claims.projectId).toBe('proj_local');
    expect(Number(claims.exp) - Number(claims.iat)).toBe(ACCESS_TOKEN_TTL_SECONDS);

    const again = await t.app.inject(
      form({ email: 'luna@example.com', project_token: PROJECT_TOKEN, redirect_uri: `${ORIGIN}/` }),
    );
    const second = decodeJwt(
      new URL(String(again.headers.location)).searchParams.get('accessToken') ?? '',
    );
    expect(second.sub).toBe(claims.sub);
  });

  it('in a popup answers a page that hands the token to the redirect origin only', async () => {
    const reply = await t.app.inject(
      form({
        email: 'a@b.co',
        project_token: PROJECT_TOKEN,
        redirect_uri: 'https://pets.example/app',
        state: 'xyz',
        popup: '1',
      }),
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.headers.location).toBeUndefined();
    expect(reply.body).toContain('data-target-origin="https://pets.example"');
    expect(reply.body).toContain('data-state="xyz"');
    expect(reply.body).toContain('src="/platform-assets/auth-done.js"');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
  });

  it('re-renders the form with a message for an invalid e-mail', async () => {
    const reply = await t.app.inject(
      form({ email: 'not-an-email', project_token: PROJECT_TOKEN, redirect_uri: `${ORIGIN}/` }),
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.body).toContain('Please enter a valid e-mail address.');
  });

  it('refuses a posted foreign redirect_uri without sending a token', async () => {
    const reply = await t.app.inject(
      form({
        email: 'a@b.co',
        project_token: PROJECT_TOKEN,
        redirect_uri: 'https://evil.example/',
      }),
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.headers.location).toBeUndefined();
    expect(reply.body).not.toMatch(/eyJ/);
  });

  it('signs demo users into the demo project', async () => {
    const reply = await t.app.inject(form({ email: 'demo@x.io', redirect_uri: `${ORIGIN}/` }));
    expect(reply.statusCode).toBe(303);
    const claims = decodeJwt(
      new URL(String(reply.headers.location)).searchParams.get('accessToken') ?? '',
    );
    expect(claims.projectId).toBe('proj_demo');
  });
});

describe('a sign-in form posted by another site (login CSRF)', () => {
  const fields = {
    email: 'attacker@example.com',
    project_token: PROJECT_TOKEN,
    redirect_uri: `${ORIGIN}/`,
  };

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['another loopback port', { origin: 'http://localhost:9999' }],
    ['Origin null (a sandboxed frame or data: page)', { origin: 'null' }],
    ['Origin null, cross-site', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['no Origin but Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin but Sec-Fetch-Site same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses %s with 403 and no token', async (_name, headers) => {
    const reply = await t.app.inject(form(fields, headers));
    expect(reply.statusCode).toBe(403);
    expect(reply.headers.location).toBeUndefined();
    expect(reply.body).not.toMatch(/eyJ/);
    expect(reply.body).toContain('sent from another website');
    expect(t.app.platform.accounts.users.hasUser('proj_local', 'attacker@example.com')).toBe(false);
  });

  it.each([
    ['its own origin', { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }],
    [
      'its own no-referrer page (chromium: Origin null, same-origin)',
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ],
    ['an ALLOWED_ORIGINS app (a trusted proxy of the page)', { origin: 'https://pets.example' }],
    ['no Origin (a program, not a web page)', {}],
  ])('answers a post from %s with a token', async (_name, headers) => {
    const reply = await t.app.inject(form(fields, headers));
    expect(reply.statusCode).toBe(303);
    expect(String(reply.headers.location)).toContain('accessToken=');
  });

  it('the device page refuses a foreign post too', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/auth/device',
      payload: 'user_code=BCDF-GHJK&email=attacker%40example.com',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
    });
    expect(reply.statusCode).toBe(403);
  });
});

describe('loopback redirects: only the listener the CLI registered for this sign-in gets a token', () => {
  const STATE = 'state=0123456789abcdef0123';
  const listener = `http://127.0.0.1:53123/callback?${STATE}`;
  const signIn = (redirect_uri: string, fields: Record<string, string> = {}) =>
    t.app.inject(
      form({ email: 'cli@example.com', project_token: PROJECT_TOKEN, redirect_uri, ...fields }),
    );

  it.each([
    ['127.0.0.1 on any port', 'http://127.0.0.1:6666/'],
    ['127.1 on another port', `http://127.1:6666/callback?${STATE}`],
    ['0x7f000001 on another port', `http://0x7f000001:6666/callback?${STATE}`],
    ['[::1]', `http://[::1]:53123/callback?${STATE}`],
    ['localhost on another port (ALLOWED_ORIGINS unset)', 'http://localhost:5173/'],
    [
      'the registered port with another state',
      'http://127.0.0.1:53123/callback?state=other-state-0000000',
    ],
    ['the registered port and state on another path', `http://127.0.0.1:53123/steal?${STATE}`],
  ])('refuses %s: no token', async (_name, redirect) => {
    expect((await register(listener)).statusCode).toBe(200);
    for (const password of ['', 'a password of mine']) {
      const reply = await signIn(redirect, password ? { password } : {});
      expect(reply.statusCode).toBe(400);
      expect(reply.headers.location).toBeUndefined();
      expect(reply.body).not.toMatch(/eyJ/);
    }
  });

  it('refuses them on a platform that asks for passwords too', async () => {
    const strict = await testApp({ requirePassword: true });
    const reply = await strict.app.inject(
      form({
        email: 'cli@example.com',
        password: 'long enough password',
        project_token: PROJECT_TOKEN,
        redirect_uri: 'http://127.0.0.1:6666/',
      }),
    );
    expect(reply.statusCode).toBe(400);
    expect(reply.headers.location).toBeUndefined();
    await strict.close();
  });

  it('sends the token to the registered listener once; a second sign-in to it is refused', async () => {
    const registered = (await register(listener)).json();
    expect(registered).toEqual({
      expiresIn: 600,
      code: expect.stringMatching(/^[A-Z]{4}-[A-Z]{4}$/),
    });
    const first = await signIn(listener, { listener_code: registered.code.toLowerCase() });
    expect(first.statusCode).toBe(303);
    const location = new URL(String(first.headers.location));
    expect(location.origin).toBe('http://127.0.0.1:53123');
    expect(location.searchParams.get('accessToken')).toMatch(/^eyJ/);
    expect((await signIn(listener, { listener_code: registered.code })).statusCode).toBe(400);
  });

  it('a listener another program registered gets no token unless the person types the code answered to that program', async () => {
    // The attacker's program registers its own port, then sends the person a sign-in link to it.
    const foreign = `http://127.0.0.1:6666/callback?${STATE}`;
    const attacker = (await register(foreign, {}, '127.0.0.66')).json();
    // The person's own pawloween login, with its own code in their terminal.
    const own = (await register(listener)).json();
    const page = await t.app.inject(authUrl(foreign));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="listener_code"');
    expect(page.body).toContain('If you did not start <strong>pawloween login</strong> yourself');
    expect(page.body).not.toContain(attacker.code);
    const tries: Record<string, string>[] = [
      {},
      { listener_code: own.code as string },
      { listener_code: 'BCDF-GHJK' },
    ];
    for (const fields of tries) {
      for (const password of ['', 'a password of mine']) {
        const reply = await signIn(foreign, { ...fields, ...(password ? { password } : {}) });
        expect(reply.statusCode).toBe(400);
        expect(reply.headers.location).toBeUndefined();
        expect(reply.body).not.toMatch(/eyJ/);
        expect(reply.body).toContain('That is not the code your terminal shows');
      }
    }
    // Nobody but the registering program is told a listener's code: registering it again is refused.
    const again = await register(foreign);
    expect(again.statusCode).toBe(400);
    expect(again.body).not.toContain(attacker.code);
    // The person's own listener, with the code their terminal shows, gets the token.
    const mine = await signIn(listener, { listener_code: own.code });
    expect(new URL(String(mine.headers.location)).searchParams.get('accessToken')).toMatch(/^eyJ/);
  });

  it.each([
    ['another host', 'http://evil.example:53123/callback?state=0123456789abcdef0123'],
    ['https', 'https://127.0.0.1:53123/callback?state=0123456789abcdef0123'],
    ['no port', 'http://127.0.0.1/callback?state=0123456789abcdef0123'],
    ['a short state', 'http://127.0.0.1:53123/callback?state=abc'],
    ['no state', 'http://127.0.0.1:53123/callback'],
    ['credentials', 'http://u:p@127.0.0.1:53123/callback?state=0123456789abcdef0123'],
  ])('registration refuses %s (400)', async (_name, redirect) => {
    expect((await register(redirect)).statusCode).toBe(400);
  });

  it('registration refuses a web page of another origin (403); past 10 waiting from this computer the oldest goes', async () => {
    expect((await register(listener, { origin: 'https://evil.example' })).statusCode).toBe(403);
    const port = (i: number) => `http://127.0.0.1:${50000 + i}/callback?${STATE}`;
    for (let i = 0; i < 10; i++)
      expect((await register(port(i), {}, `127.0.0.${i + 1}`)).statusCode).toBe(200);
    expect((await register(port(10))).statusCode).toBe(200);
    expect((await t.app.inject(authUrl(port(0)))).statusCode).toBe(400);
    expect((await t.app.inject(authUrl(port(1)))).statusCode).toBe(200);
    expect((await t.app.inject(authUrl(port(10)))).statusCode).toBe(200);
  });
});
