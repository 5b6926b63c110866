import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../mock-server/config';
import { ORIGIN, PROJECT_TOKEN, testApp, type TestApp } from './helpers';

let t: TestApp;
beforeEach(async () => {
  t = await testApp({ allowedOrigins: ['https://pets.example'] });
});
afterEach(() => t.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST' as const,
  url: '/auth/sign-in',
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
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

  it('refuses an unknown project token and a missing one', async () => {
    const unknown = await t.app.inject(
      `/auth?project_token=pk_nope&redirect_uri=${encodeURIComponent(`${ORIGIN}/`)}`,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('not known');
    const missing = await t.app.inject(`/auth?redirect_uri=${encodeURIComponent(`${ORIGIN}/`)}`);
    expect(missing.statusCode).toBe(400);
  });

  it('accepts loopback listeners on any port (the CLI) and the allowed origins', async () => {
    expect((await t.app.inject(authUrl('http://127.0.0.1:53123/callback'))).statusCode).toBe(200);
    expect((await t.app.inject(authUrl('http://localhost:5173/'))).statusCode).toBe(200);
    expect((await t.app.inject(authUrl('https://pets.example/app'))).statusCode).toBe(200);
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
