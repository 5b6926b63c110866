import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS } from '../../mock-server/app-context';
import { ORIGIN, PROJECT_TOKEN, expectErrorShape, signIn, testApp, type TestApp } from './helpers';

let t: TestApp;
let now = Date.UTC(2025, 9, 31, 20);
beforeEach(async () => {
  now = Date.UTC(2025, 9, 31, 20);
  t = await testApp({ now: () => now, faults: true });
});
afterEach(() => t.close());

const signInFrom = (remoteAddress: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/sign-in',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      email,
      project_token: PROJECT_TOKEN,
      redirect_uri: `${ORIGIN}/`,
    }).toString(),
  });

describe('what needs no credentials is budgeted per client address', () => {
  it(`sign-in forms past ${ANONYMOUS_LIMITS.pages.max} a minute from one address are 429, others still sign in`, async () => {
    for (let i = 0; i < ANONYMOUS_LIMITS.pages.max; i++)
      expect((await signInFrom('127.0.0.3', 'same@example.com')).statusCode).toBe(303);
    const refused = await signInFrom('127.0.0.3', 'same@example.com');
    expect(refused.statusCode).toBe(429);
    expectErrorShape(refused, 'RATE_LIMIT_EXCEEDED');
    expect((await signInFrom('127.0.0.4', 'same@example.com')).statusCode).toBe(303);
    now += ANONYMOUS_LIMITS.pages.windowMs;
    expect((await signInFrom('127.0.0.3', 'same@example.com')).statusCode).toBe(303);
  });

  it(`new accounts past ${ANONYMOUS_LIMITS.signups.max} an hour from one address are refused; existing ones still sign in`, async () => {
    let made = 0;
    for (let minute = 0; made < ANONYMOUS_LIMITS.signups.max; minute++) {
      for (let i = 0; i < 50 && made < ANONYMOUS_LIMITS.signups.max; i++, made++)
        expect((await signInFrom('127.0.0.5', `new${made}@example.com`)).statusCode).toBe(303);
      now += ANONYMOUS_LIMITS.pages.windowMs;
    }
    expect((await signInFrom('127.0.0.5', 'one-more@example.com')).statusCode).toBe(429);
    expect((await signInFrom('127.0.0.5', 'new0@example.com')).statusCode).toBe(303);
  });

  it('viewing the pricing page again reuses the checkout session instead of adding one per view', async () => {
    const token = await signIn(t.app);
    for (let i = 0; i < 5; i++) await t.app.inject(`/subscribe?access_token=${token}`);
    const { sessions } = t.app.platform.db
      .prepare('SELECT COUNT(*) AS sessions FROM checkout_sessions')
      .get() as { sessions: number };
    expect(sessions).toBe(1);
  });

  it('/__faults refuses a cross-site form post and a form body', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/__faults',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      payload: 'path=%2Fv1%2Frun&status=503',
    });
    expect(form.statusCode).toBe(403);
    const plainForm = await t.app.inject({
      method: 'POST',
      url: '/__faults',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'path=%2Fv1%2Frun&status=503',
    });
    expect(plainForm.statusCode).toBe(415);
    expect((await t.app.inject('/__faults')).json().armed).toEqual([]);
  });
});
