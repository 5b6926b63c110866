import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlanResponse, UsageResponse } from '../../adapters/platform/src/api';
import {
  anonymousHeaders,
  expectErrorShape,
  headlessHeaders,
  PROJECT_TOKEN,
  signIn,
  testApp,
  userHeaders,
  type TestApp,
} from './helpers';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await testApp({ allowedOrigins: ['https://pets.example'] });
  token = await signIn(t.app);
});
afterEach(() => t.close());

const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const checkoutUrlOf = (html: string, plan: string) => {
  const match = html.match(new RegExp(`data-checkout-url="([^"]+plan=${plan})"`));
  if (!match?.[1]) throw new Error(`no checkout url for ${plan}`);
  return new URL(match[1].replaceAll('&#38;', '&'));
};
const CARD = { name: 'Van Helsing', card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('usage and plan', () => {
  it('answer the balance and plan of SPEC.md 7 in modes (a) and (b), not anonymously', async () => {
    for (const headers of [userHeaders(token), headlessHeaders(token)]) {
      const usage = UsageResponse.parse(
        (await t.app.inject({ url: '/v1/subscriptions/usage', headers })).json(),
      );
      expect(usage.credits.userBalance).toEqual({
        allocatedCredits: 5,
        usedCredits: 0,
        remainingCredits: 5,
      });
      const plan = await t.app.inject({ url: '/v1/subscriptions/plan', headers });
      expect(PlanResponse.parse(plan.json()).userPlan).toMatchObject({
        planId: 'free',
        status: 'none',
        plan: { name: 'Free', price: 0 },
      });
      expect(plan.json().hasActiveSubscription).toBe(false);
    }
    const anonymous = await t.app.inject({
      url: '/v1/subscriptions/plan',
      headers: anonymousHeaders,
    });
    expect(anonymous.statusCode).toBe(401);
    expectErrorShape(anonymous, 'AUTHENTICATION_FAILED');
  });
});

describe('pricing and checkout pages', () => {
  it('lists Free, Plus and Pro; paying for Plus activates it server-side and adds its credits', async () => {
    const pricing = await t.app.inject(
      `/subscribe?access_token=${token}&origin=${encodeURIComponent('https://pets.example')}`,
    );
    expect(pricing.statusCode).toBe(200);
    for (const name of ['Free', 'Plus', 'Pro']) expect(pricing.body).toContain(`<h2>${name}</h2>`);
    expect(pricing.body).toContain('data-target-origin="https://pets.example"');
    expect(pricing.body).toContain('src="/platform-assets/subscribe.js"');
    expect(pricing.headers['referrer-policy']).toBe('no-referrer');
    const checkout = checkoutUrlOf(pricing.body, 'plus');
    expect(checkout.search).not.toContain(token);

    const page = await t.app.inject(checkout.pathname + checkout.search);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Pay $9.99');

    const session = checkout.searchParams.get('session') ?? '';
    const bad = await form('/checkout', {
      session,
      plan: 'plus',
      ...CARD,
      card: '4242 4242 4242 4241',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('That card number is not valid.');
    const declined = await form('/checkout', {
      session,
      plan: 'plus',
      ...CARD,
      card: '4000 0000 0000 0002',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('declined');

    const paid = await form('/checkout', { session, plan: 'plus', ...CARD });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('data-target-origin="https://pets.example"');
    expect(paid.body).toContain('data-amount="9.99"');
    expect(paid.body).toContain('src="/platform-assets/checkout-done.js"');
    const plan = (
      await t.app.inject({ url: '/v1/subscriptions/plan', headers: userHeaders(token) })
    ).json();
    expect(plan.userPlan).toMatchObject({
      planId: 'plus',
      status: 'active',
      plan: { name: 'Plus', price: 9.99 },
    });
    expect(plan.hasActiveSubscription).toBe(true);
    expect(plan.userPlan.endsAt > plan.userPlan.startedAt).toBe(true);

    // Posting the same session again shows the receipt but grants nothing twice.
    await form('/checkout', { session, plan: 'plus', ...CARD });
    const usage = (
      await t.app.inject({ url: '/v1/subscriptions/usage', headers: userHeaders(token) })
    ).json();
    expect(usage.credits.userBalance.allocatedCredits).toBe(35);
  });

  it('accepts project_token with user_token, and marks the current plan', async () => {
    const pricing = await t.app.inject(
      `/subscribe?project_token=${PROJECT_TOKEN}&user_token=${token}`,
    );
    expect(pricing.statusCode).toBe(200);
    expect(pricing.body).toContain('Current plan');
    expect(pricing.body).toContain('data-target-origin="http://localhost"');
  });

  it('refuses an origin that is not allowed, an invalid token, and an unknown checkout session', async () => {
    expect(
      (
        await t.app.inject(
          `/subscribe?access_token=${token}&origin=${encodeURIComponent('https://evil.example')}`,
        )
      ).statusCode,
    ).toBe(400);
    const expired = await t.app.inject('/subscribe?access_token=forged.token.here');
    expect(expired.statusCode).toBe(401);
    expect(expired.body).toContain('Sign in again');
    const open = await t.app.inject('/subscribe');
    expect(open.statusCode).toBe(200);
    expect(open.body).not.toContain('data-checkout-url');
    expect((await t.app.inject('/checkout?session=nope&plan=plus')).statusCode).toBe(404);
    expect((await form('/checkout', { session: 'nope', plan: 'plus', ...CARD })).statusCode).toBe(
      404,
    );
  });

  it('serves the publish page', async () => {
    const reply = await t.app.inject('/publish?create=true');
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain('Publish your app');
  });
});
