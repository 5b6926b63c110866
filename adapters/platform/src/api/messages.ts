import { z } from 'zod';

/** Posted by the pricing page when a plan is chosen: the app opens this checkout URL (800x700). */
export const CheckoutRedirectMessage = z.object({
  type: z.literal('checkout-redirect'),
  url: z.string().url(),
});

/** Posted by the checkout page when payment went through; the app re-reads the plan. */
export const CheckoutSuccessMessage = z.object({ type: z.literal('success') });

/** Posted with the amount paid, for the analytics purchase event (USD, 'Workflow Credits'). */
export const PurchaseSuccessMessage = z.object({
  type: z.literal('purchase-success'),
  amount: z.number().nonnegative(),
  currency: z.literal('USD').default('USD'),
  planId: z.string().optional(),
});

export const SubscriptionMessage = z.discriminatedUnion('type', [
  CheckoutRedirectMessage,
  CheckoutSuccessMessage,
  PurchaseSuccessMessage,
]);
export type SubscriptionMessage = z.infer<typeof SubscriptionMessage>;
