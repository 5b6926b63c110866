// Sign-in never hands a token to an origin outside the allowed list (issue 12), whatever form the
// redirect_uri takes. The invariant is read the way a browser reads it: the WHATWG URL parser
// applied to the Location header (or the popup's target origin).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORIGIN, PROJECT_TOKEN, testApp, type TestApp } from '../server/helpers';

const ALLOWED = 'https://pets.example';
let t: TestApp;
beforeAll(async () => {
  t = await testApp({ allowedOrigins: [ALLOWED], rateLimit: false });
});
afterAll(() => t.close());

/** The one loopback listener registered (as the CLI's login does) before each sign-in to it. */
const CLI_LISTENER = 'http://127.0.0.1:53123/callback?state=0123456789abcdef0123';
/** The code its registration answered, which the person types on the page (while it waits). */
let listenerCode = '';
async function registerListener() {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/loopback-redirect',
    payload: { redirectUri: CLI_LISTENER },
  });
  if (reply.statusCode === 200) listenerCode = (reply.json() as { code: string }).code;
}

/** Where a browser would take a token: this server, an allowed origin, or the registered CLI listener. */
function mayReceiveToken(href: string): boolean {
  const url = new URL(href);
  if (url.origin === ORIGIN || url.origin === ALLOWED) return true;
  const listener = new URL(CLI_LISTENER);
  return url.origin === listener.origin && url.pathname === listener.pathname;
}

const TOKEN_SHAPE = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

interface Outcome {
  /** Where the token went, when one was sent. */
  sentTo?: string;
}

/** Posts the sign-in form (redirect or popup) and reports where the token would go, checking no token leaks otherwise. */
async function signInWith(redirectUri: string, popup: boolean): Promise<Outcome> {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/auth/sign-in',
    payload: new URLSearchParams({
      email: 'redirect@example.com',
      project_token: PROJECT_TOKEN,
      redirect_uri: redirectUri,
      listener_code: listenerCode,
      popup: popup ? '1' : '0',
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (reply.statusCode === 303) return { sentTo: String(reply.headers.location) };
  if (reply.statusCode === 200 && popup) {
    const target = reply.body.match(/data-target-origin="([^"]*)"/)?.[1];
    const redirect = reply.body.match(/data-redirect="([^"]*)"/)?.[1]?.replace(/&amp;/g, '&');
    expect(target).toBeDefined();
    // The popup page posts to target and falls back to navigating to redirect: both must be allowed.
    expect(new URL(redirect ?? '').origin).toBe(target);
    return { sentTo: `${target}/` };
  }
  expect(reply.statusCode, redirectUri).toBe(400);
  expect(reply.headers.location).toBeUndefined();
  expect(reply.body).not.toMatch(TOKEN_SHAPE);
  return {};
}

const REFUSED = [
  ['userinfo hiding the real host', `${ALLOWED}@evil.example/`],
  ['userinfo with an allowed host', 'https://evil.example@pets.example/'],
  ['userinfo on loopback', 'http://evil.example:x@localhost/'],
  ['protocol-relative to evil', '//evil.example/'],
  ['protocol-relative to the allowed host', '//pets.example/'],
  ['backslashes', 'https:\\\\evil.example\\'],
  ['a backslash before @', 'http://evil.example\\@localhost/'],
  ['one slash', 'https:/evil.example/'],
  ['no slash', 'https:evil.example'],
  ['javascript:', 'javascript:alert(document.domain)//https://pets.example/'],
  ['mixed-case javascript:', 'JaVaScRiPt:alert(1)'],
  ['javascript: with a tab inside', 'java\tscript:alert(1)'],
  ['javascript: after spaces', '  javascript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['mixed-case data:', 'DaTa:text/html;base64,PHNjcmlwdD4='],
  ['vbscript:', 'vbscript:msgbox(1)'],
  ['file:', 'file:///etc/passwd'],
  ['blob:', `blob:${ALLOWED}/1234`],
  ['ftp:', 'ftp://pets.example/'],
  ['mixed-case foreign host', 'HTTPS://EVIL.EXAMPLE/'],
  ['allowed host as a subdomain', 'https://pets.example.evil.example/'],
  ['allowed host with a trailing dot', 'https://pets.example./'],
  ['allowed host with another port', 'https://pets.example:8443/'],
  ['allowed host over http', 'http://pets.example/'],
  ['allowed origin in the query', `https://evil.example/?next=${ALLOWED}`],
  ['allowed origin in the fragment', `https://evil.example/#${ALLOWED}`],
  ['loopback lookalike', 'http://localhost.evil.example/'],
  ['loopback with a trailing dot', 'http://localhost./'],
  ['loopback over https (not the CLI listener)', 'https://127.0.0.1.nip.io/'],
  ['encoded host', 'https://%65vil.example/'],
  ['IDN lookalike', 'https://pеts.example/'],
  ['empty', ''],
  ['only spaces', '   '],
] as const;

const ACCEPTED = [
  ['mixed-case allowed origin', 'HTTPS://PETS.EXAMPLE/app', ALLOWED],
  ['allowed origin with its default port', 'https://pets.example:443/app', ALLOWED],
  ['this server', `${ORIGIN}/`, ORIGIN],
  ['the registered CLI listener', CLI_LISTENER, 'http://127.0.0.1:53123'],
  ['backslash after a loopback host', 'http://localhost\\@evil.example/', ORIGIN],
  ['a line break in the path', `${ALLOWED}/a%0d%0aLocation:%20https://evil.example/`, ALLOWED],
] as const;

describe('sign-in redirect_uri', () => {
  it.each(REFUSED)('refuses %s with a page and no token (redirect and popup)', async (_n, uri) => {
    expect(await signInWith(uri, false)).toEqual({});
    expect(await signInWith(uri, true)).toEqual({});
    const page = await t.app.inject(
      `/auth?project_token=${PROJECT_TOKEN}&redirect_uri=${encodeURIComponent(uri)}`,
    );
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Sign-in refused');
  });

  it.each(ACCEPTED)('sends %s the token only at its own origin', async (_n, uri, origin) => {
    await registerListener();
    const { sentTo } = await signInWith(uri, false);
    expect(new URL(sentTo ?? '').origin).toBe(origin);
    // One Location, no header smuggled in through the path.
    expect(sentTo).not.toMatch(/[\r\n]/);
    await registerListener();
    const popup = await signInWith(uri, true);
    expect(new URL(popup.sentTo ?? '').origin).toBe(origin);
  });

  it('never sends a token elsewhere for any composed address (fast-check, 300 cases)', async () => {
    const part = (values: string[]) => fc.constantFrom(...values);
    const address = fc
      .tuple(
        part(['http:', 'https:', 'HTTPS:', 'javascript:', 'data:', 'ftp:', '', ' http:']),
        part(['//', '/', '', '\\\\', '/\\', '///']),
        part(['', 'user@', 'pets.example@', 'user:pw@', 'localhost@', '%40']),
        part([
          'pets.example',
          'PETS.example',
          'pets.example.',
          'evil.example',
          'localhost',
          '127.0.0.1',
          '[::1]',
          'pets.example.evil.example',
          'evil.example\\@pets.example',
          'localhost#@evil.example',
          'evil.example?@localhost',
        ]),
        part(['', ':443', ':80', ':8443', ':0', ':65535', ':99999', ':x']),
        part([
          '',
          '/',
          '/app?x=1',
          '/@evil.example',
          '\\@evil.example/',
          '#frag',
          '?q=//evil.example',
        ]),
      )
      .map((pieces) => pieces.join(''));
    await fc.assert(
      fc.asyncProperty(address, fc.boolean(), async (uri, popup) => {
        const { sentTo } = await signInWith(uri, popup);
        if (sentTo !== undefined) expect(mayReceiveToken(sentTo), `${uri} -> ${sentTo}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
