import { PURCHASE } from '../../domain/model/constants';

type Tracker = (...args: unknown[]) => void;

/** The page's analytics tools, when the site loaded them (Google's gtag, Meta's fbq). */
export interface AnalyticsHost {
  gtag?: Tracker;
  fbq?: Tracker;
}

/**
 * Records a purchase of 'Workflow Credits' in USD with each analytics tool that is present
 * (SPEC.md section 4). A tool that throws must not break the checkout flow.
 */
export function recordPurchase(host: AnalyticsHost, purchase: { amount: number }): void {
  const value = purchase.amount;
  const { currency, itemName } = PURCHASE;
  safely(() =>
    host.gtag?.('event', 'purchase', {
      currency,
      value,
      items: [{ item_name: itemName, price: value, quantity: 1 }],
    }),
  );
  safely(() => host.fbq?.('track', 'Purchase', { currency, value, content_name: itemName }));
}

function safely(call: () => void): void {
  try {
    call();
  } catch {
    // Analytics is best effort.
  }
}
