import { toUsd, type PlanDefinition } from '../billing/plans';
import { escapeHtml, renderPage } from './layout';

export interface CheckoutPageModel {
  session: string;
  plan: PlanDefinition;
  error?: string;
  name?: string;
}

/** GET /checkout: a test-mode card form; nothing is charged anywhere. */
export function checkoutPage({ session, plan, error, name }: CheckoutPageModel): string {
  const price = `$${toUsd(plan.priceCents).toFixed(2)}`;
  return renderPage({
    title: 'Checkout',
    body: `<h1>${escapeHtml(plan.name)} plan</h1>
<p class="lead"><strong>${price}</strong> per month · ${escapeHtml(plan.features[0] ?? '')}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/checkout" class="form">
  <input type="hidden" name="session" value="${escapeHtml(session)}">
  <input type="hidden" name="plan" value="${escapeHtml(plan.id)}">
  <label for="name">Name on card</label>
  <input id="name" name="name" autocomplete="cc-name" required maxlength="100" value="${escapeHtml(name ?? '')}">
  <label for="card">Card number</label>
  <input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="4242 4242 4242 4242">
  <div class="row">
    <div><label for="expiry">Expiry (MM/YY)</label>
    <input id="expiry" name="expiry" autocomplete="cc-exp" required maxlength="5" placeholder="12/30"></div>
    <div><label for="cvc">CVC</label>
    <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123"></div>
  </div>
  <button type="submit" class="primary">Pay ${price}</button>
</form>
<p class="muted">Test mode: no real payment is made. Use 4242 4242 4242 4242; 4000 0000 0000 0002 is declined.</p>`,
  });
}

/** After payment: its script tells the app (origin-checked target) and closes the window. */
export function checkoutDonePage(model: { plan: PlanDefinition; targetOrigin: string }): string {
  return renderPage({
    title: 'Payment complete',
    scripts: ['checkout-done.js'],
    body: `<h1>Welcome to ${escapeHtml(model.plan.name)}!</h1>
<p class="lead">Your plan is active and your credits have been added. You can close this window.</p>
<div id="purchase" hidden data-target-origin="${escapeHtml(model.targetOrigin)}"
  data-amount="${toUsd(model.plan.priceCents)}" data-plan="${escapeHtml(model.plan.id)}"></div>`,
  });
}
