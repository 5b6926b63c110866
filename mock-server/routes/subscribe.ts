import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAGE_PATHS } from '../../adapters/platform/src/api';
import type { AppContext } from '../app-context';
import { allowedMessageOrigin } from '../auth/redirect-policy';
import { findPlan } from '../billing/plans';
import { refusalPage } from '../pages/layout';
import { checkoutDonePage, checkoutPage } from '../pages/checkout-page';
import { pricingPage } from '../pages/pricing-page';
import { publishPage } from '../pages/publish-page';
import type { UserRow } from '../store/account-rows';

const field = (max: number) => z.string().max(max).optional().catch(undefined);
const SubscribeQuery = z.object({
  access_token: field(4096),
  project_token: field(256),
  user_token: field(4096),
  origin: field(512),
});
const CheckoutQuery = z.object({ session: field(64), plan: field(16) });
const CheckoutForm = CheckoutQuery.extend({
  name: field(100),
  card: field(40),
  expiry: field(8),
  cvc: field(8),
});

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Why a test card is refused, or undefined when it pays. */
function cardProblem(form: z.infer<typeof CheckoutForm>): string | undefined {
  const digits = (form.card ?? '').replace(/[\s-]/g, '');
  if (!form.name?.trim()) return 'Enter the name on the card.';
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return 'That card number is not valid.';
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(form.expiry ?? '')) return 'Enter the expiry as MM/YY.';
  if (!/^\d{3,4}$/.test(form.cvc ?? '')) return 'Enter the 3 or 4 digit CVC.';
  if (digits === '4000000000000002') return 'Your card was declined. Try another card.';
  return undefined;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);

/** Pricing, checkout and publish pages (SPEC.md 4 "Subscription"). The plan changes only here, server-side. */
export async function subscribeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onRequest', async (request) => ctx.hitPage(request));
  const userOf = async (
    query: z.infer<typeof SubscribeQuery>,
  ): Promise<UserRow | undefined | 'invalid'> => {
    if (query.access_token)
      return (await ctx.authenticator.userOf(query.access_token))?.user ?? 'invalid';
    if (!query.project_token || !query.user_token) return undefined;
    const project = ctx.accounts.projects.projectByKey(
      query.project_token.trim().replace(/=+$/, ''),
    );
    const signedIn = await ctx.authenticator.userOf(query.user_token);
    return project && signedIn?.project.id === project.id ? signedIn.user : 'invalid';
  };

  app.get(PAGE_PATHS.subscribe, async (request: FastifyRequest, reply) => {
    const query = SubscribeQuery.parse(request.query ?? {});
    const own = ctx.originOf(request);
    const targetOrigin = query.origin
      ? allowedMessageOrigin(query.origin, own, ctx.allowedOrigins)
      : own;
    if (!targetOrigin)
      return html(
        reply,
        400,
        refusalPage('Origin not allowed', 'This pricing page cannot report back to that address.'),
      );
    const user = await userOf(query);
    if (user === 'invalid')
      return html(
        reply,
        401,
        pricingPage({
          targetOrigin,
          notice: 'Your session has expired. Sign in again from the app.',
        }),
      );
    if (!user)
      return html(
        reply,
        200,
        pricingPage({ targetOrigin, notice: 'Open this page from the app to choose a plan.' }),
      );
    const session = ctx.checkout.open(user.id, targetOrigin);
    const checkoutUrl = (plan: { id: string }) =>
      `${own}/checkout?${new URLSearchParams({ session, plan: plan.id }).toString()}`;
    const currentPlanId = user.plan_status === 'active' ? user.plan_id : 'free';
    return html(reply, 200, pricingPage({ targetOrigin, currentPlanId, checkoutUrl }));
  });

  app.get('/checkout', async (request, reply) => {
    const query = CheckoutQuery.parse(request.query ?? {});
    const session = query.session ? ctx.checkout.find(query.session) : undefined;
    const plan = query.plan ? findPlan(query.plan) : undefined;
    if (!session || !plan || plan.priceCents === 0) return checkoutExpired(reply);
    return html(reply, 200, checkoutPage({ session: session.id, plan }));
  });

  app.post('/checkout', async (request, reply) => {
    const form = CheckoutForm.parse(
      typeof request.body === 'object' && request.body ? request.body : {},
    );
    const session = form.session ? ctx.checkout.find(form.session) : undefined;
    const plan = form.plan ? findPlan(form.plan) : undefined;
    if (!session || !plan || plan.priceCents === 0) return checkoutExpired(reply);
    if (session.completed_plan)
      return html(reply, 200, checkoutDonePage({ plan, targetOrigin: session.origin }));
    const problem = cardProblem(form);
    if (problem)
      return html(
        reply,
        problem.includes('declined') ? 402 : 400,
        checkoutPage({ session: session.id, plan, error: problem, name: form.name }),
      );
    ctx.checkout.complete(session.id, plan.id, () =>
      ctx.accounts.credits.startPlan(session.user_id, plan),
    );
    return html(reply, 200, checkoutDonePage({ plan, targetOrigin: session.origin }));
  });

  app.get(PAGE_PATHS.publish, async (request, reply) => {
    const create = (request.query as Record<string, unknown> | undefined)?.create === 'true';
    return html(reply, 200, publishPage(ctx.originOf(request), create));
  });
}

/** A checkout link that is unknown, used up or for a free plan: the visitor starts again. */
function checkoutExpired(reply: FastifyReply) {
  return html(
    reply,
    404,
    refusalPage(
      'Checkout expired',
      'This checkout link is not valid any more. Choose a plan again.',
    ),
  );
}
