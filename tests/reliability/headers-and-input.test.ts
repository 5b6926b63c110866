// Headers on the pages that carry tokens, CORS against lookalike origins, and bad input at the limits
// (issue 12). tests/server checks the headers of a few plain routes and the common 400s; these are the gaps.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  costumeRun,
  expectErrorShape,
  PNG_BYTES,
  PNG_DATA_URL,
  PROJECT_TOKEN,
  signIn,
  testApp,
  userHeaders,
  type TestApp,
} from '../server/helpers';

const ALLOWED = 'https://pets.example';
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await testApp({ allowedOrigins: [ALLOWED], rateLimit: false, faults: true });
  token = await signIn(t.app, 'headers@example.com');
});
afterAll(() => t.close());

const formPost = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** No script runs from the page itself: only <script src> from this origin, no handlers, no javascript: links. */
function expectNoInlineScript(html: string, label: string) {
  expect(html, label).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
  expect(html, label).not.toMatch(/<script[^>]*\bsrc="\s*([a-z]+:|\/\/)/i);
  expect(html, label).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html, label).not.toMatch(/(href|src|action)\s*=\s*"\s*javascript:/i);
}

describe('pages that carry tokens', () => {
  it('send no-referrer, no-store, nosniff and a CSP without inline or eval script', async () => {
    const subscribe = await t.app.inject(`/subscribe?access_token=${token}`);
    const session = subscribe.body.match(/checkout\?session=([\w-]+)/)?.[1] ?? '';
    expect(session).not.toBe('');
    const pages = {
      'the app at ?accessToken=': await t.app.inject(`/?accessToken=${token}`),
      'sign-in page': await t.app.inject(
        `/auth?project_token=${PROJECT_TOKEN}&redirect_uri=${encodeURIComponent(`${ALLOWED}/`)}`,
      ),
      'sign-in redirect': await formPost('/auth/sign-in', {
        email: 'p@example.com',
        project_token: PROJECT_TOKEN,
        redirect_uri: `${ALLOWED}/`,
      }),
      'sign-in popup page': await formPost('/auth/sign-in', {
        email: 'p@example.com',
        project_token: PROJECT_TOKEN,
        redirect_uri: `${ALLOWED}/`,
        popup: '1',
      }),
      'pricing page': subscribe,
      'pricing page with project and user token': await t.app.inject(
        `/subscribe?project_token=${PROJECT_TOKEN}&user_token=${token}`,
      ),
      'checkout page': await t.app.inject(`/checkout?session=${session}&plan=plus`),
      'checkout done page': await formPost('/checkout', {
        session,
        plan: 'plus',
        name: 'Luna',
        card: '4242 4242 4242 4242',
        expiry: '12/30',
        cvc: '123',
      }),
    };
    for (const [label, reply] of Object.entries(pages)) {
      expect(reply.statusCode, label).toBeLessThan(400);
      expect(reply.headers['referrer-policy'], label).toBe('no-referrer');
      expect(reply.headers['x-content-type-options'], label).toBe('nosniff');
      const csp = String(reply.headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc.trim(), label).toBe("script-src 'self'");
      expect(csp, label).toContain("object-src 'none'");
      expect(csp, label).toContain("base-uri 'self'");
      if (label !== 'the app at ?accessToken=')
        expect(reply.headers['cache-control'], label).toBe('no-store');
      if (String(reply.headers['content-type']).includes('html'))
        expectNoInlineScript(reply.body, label);
    }
  });

  it('the app pages themselves load no inline script (so they run under that CSP)', () => {
    for (const file of ['index.html', 'preview/index.html', 'preview/host.html'])
      expectNoInlineScript(readFileSync(file, 'utf8'), file);
  });
});

describe('CORS', () => {
  it('answers only the allowed origin, never lookalikes, and never allows credentials', async () => {
    const lookalikes = [
      'null',
      'https://evil.example',
      'https://pets.example.evil.example',
      'https://evilpets.example',
      'http://pets.example',
      'https://pets.example:8443',
      'https://pets.example/',
      'https://PETS.example',
      ` ${ALLOWED}`,
      `${ALLOWED}, https://evil.example`,
    ];
    for (const path of ['/v1/storage', '/v1/subscriptions/usage', '/v1/run', '/auth']) {
      for (const origin of lookalikes) {
        const simple = await t.app.inject({
          url: path,
          headers: { ...userHeaders(token), origin },
        });
        expect(simple.headers['access-control-allow-origin'], `${path} ${origin}`).toBeUndefined();
        const preflight = await t.app.inject({
          method: 'OPTIONS',
          url: path,
          headers: { origin, 'access-control-request-method': 'PUT' },
        });
        expect(preflight.statusCode, `${path} ${origin}`).toBe(403);
        expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      }
      const allowed = await t.app.inject({ url: path, headers: { origin: ALLOWED } });
      expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED);
      expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(allowed.headers.vary)).toContain('Origin');
    }
  });
});

describe('bodies over the limit', () => {
  it('answer 413 in the error shape on every route that takes a body', async () => {
    const bigJson = (bytes: number) => JSON.stringify({ pad: 'x'.repeat(bytes) });
    const bigForm = (bytes: number) => `email=${'a'.repeat(bytes)}`;
    const cases = [
      ['PUT', '/v1/storage', bigJson(1024 * 1024 + 10), 'application/json'],
      ['DELETE', '/v1/storage', bigJson(1024 * 1024 + 10), 'application/json'],
      ['POST', '/v1/platform/projects/demo', bigJson(1024 * 1024 + 10), 'application/json'],
      ['POST', '/__faults', bigJson(1024 * 1024 + 10), 'application/json'],
      ['POST', '/auth/sign-in', bigForm(64 * 1024 + 10), 'application/x-www-form-urlencoded'],
      ['POST', '/checkout', bigForm(64 * 1024 + 10), 'application/x-www-form-urlencoded'],
    ] as const;
    for (const [method, url, payload, type] of cases) {
      const reply = await t.app.inject({
        method,
        url,
        payload,
        remoteAddress: '127.0.0.1',
        headers: { ...userHeaders(token), 'content-type': type },
      });
      expect(reply.statusCode, `${method} ${url}`).toBe(413);
      expect(expectErrorShape(reply, 'PAYLOAD_TOO_LARGE').message).toMatch(/larger than the limit/);
    }
  });
});

describe('run inputs', () => {
  const run = (pet: string, costume: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/run',
      headers: userHeaders(token),
      payload: costumeRun(pet, costume),
    });
  const usedCredits = async () =>
    (await t.app.inject({ url: '/v1/subscriptions/usage', headers: userHeaders(token) })).json()
      .credits.userBalance.usedCredits as number;

  it('refuses an image one byte over 10 MB with 400 naming the field, in either field', async () => {
    // A real PNG padded past the limit: the size, not the content, is what is refused.
    const over = Buffer.concat([PNG_BYTES, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG_BYTES.length)]);
    const overUrl = `data:image/png;base64,${over.toString('base64')}`;
    const before = await usedCredits();
    for (const [pet, costume, field] of [
      [overUrl, PNG_DATA_URL, 'upload_your_pets_photo'],
      [PNG_DATA_URL, overUrl, 'upload_costume_character'],
    ] as const) {
      const reply = await run(pet, costume);
      expect(reply.statusCode).toBe(400);
      const error = expectErrorShape(reply, 'VALIDATION_ERROR');
      expect(error.message).toBe(`${field} is larger than 10 MB.`);
      expect(error.details).toEqual({ field });
    }
    expect(await usedCredits()).toBe(before);
  });

  it('accepts a real image of exactly 10 MB (the limit is inclusive)', async () => {
    const noise = Buffer.alloc(1800 * 1800 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width: 1800, height: 1800, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeLessThanOrEqual(10 * 1024 * 1024);
    const reply = await run(`data:image/png;base64,${png.toString('base64')}`, PNG_DATA_URL);
    expect(reply.statusCode).toBe(200);
  });

  it.each([
    ['SVG (script-capable, not accepted)', 'data:image/svg+xml;base64,PHN2Zy8+'],
    [
      'text labelled as PNG',
      `data:image/png;base64,${Buffer.from('hello world!').toString('base64')}`,
    ],
    [
      'a PNG header on garbage',
      `data:image/png;base64,${Buffer.concat([PNG_BYTES.subarray(0, 16), Buffer.alloc(64, 7)]).toString('base64')}`,
    ],
    ['HTML', `data:text/html;base64,${Buffer.from('<script>1</script>').toString('base64')}`],
    ['a PDF', `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n').toString('base64')}`],
  ])('refuses %s with 400 naming the field, and charges nothing', async (_name, value) => {
    const before = await usedCredits();
    for (const [pet, costume, field] of [
      [value, PNG_DATA_URL, 'upload_your_pets_photo'],
      [PNG_DATA_URL, value, 'upload_costume_character'],
    ] as const) {
      const reply = await run(pet, costume);
      expect(reply.statusCode).toBe(400);
      const error = expectErrorShape(reply, 'VALIDATION_ERROR');
      expect(error.message).toContain(field);
      expect(error.message).not.toContain(field === 'upload_your_pets_photo' ? 'costume' : 'pets');
    }
    expect(await usedCredits()).toBe(before);
  });
});
