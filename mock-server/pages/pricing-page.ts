import { PLANS, toUsd, type PlanDefinition } from '../billing/plans';
import { escapeHtml, renderPage } from './layout';

const money = (cents: number) => `$${toUsd(cents).toFixed(2)}`;

function planCard(
  plan: PlanDefinition,
  currentPlanId: string | undefined,
  checkoutUrl: ((plan: PlanDefinition) => string) | undefined,
) {
  const current = plan.id === currentPlanId;
  const action = current
    ? '<p class="badge">Current plan</p>'
    : plan.priceCents > 0 && checkoutUrl
      ? `<button type="button" class="primary choose-plan" data-checkout-url="${escapeHtml(checkoutUrl(plan))}">Choose ${escapeHtml(plan.name)}</button>`
      : '';
  return `<li class="plan${current ? ' current' : ''}">
  <h2>${escapeHtml(plan.name)}</h2>
  <p class="price">${plan.priceCents === 0 ? 'Free' : `${money(plan.priceCents)}<span> / month</span>`}</p>
  <p class="muted">${escapeHtml(plan.subtitle)}</p>
  <ul class="features">${plan.features.map((feature) => `<li>${escapeHtml(feature)}</li>`).join('')}</ul>
  ${action}
</li>`;
}

export interface PricingPageModel {
  /** Absent when nobody is signed in: plans are shown, nothing can be bought. */
  currentPlanId?: string;
  checkoutUrl?: (plan: PlanDefinition) => string;
  targetOrigin: string;
  notice?: string;
}

/** GET /subscribe: the plans; choosing one hands a checkout URL to the app, which opens it. */
export function pricingPage(model: PricingPageModel): string {
  const notice = model.notice
    ? `<p class="error" role="alert">${escapeHtml(model.notice)}</p>`
    : '';
  return renderPage({
    title: 'Plans',
    scripts: ['subscribe.js'],
    body: `<h1>Choose your plan</h1>
<p class="lead">More credits for more spooky portraits and videos.</p>
${notice}
<ul class="plans" id="plans" data-target-origin="${escapeHtml(model.targetOrigin)}">
${PLANS.map((plan) => planCard(plan, model.currentPlanId, model.checkoutUrl)).join('\n')}
</ul>`,
  });
}
