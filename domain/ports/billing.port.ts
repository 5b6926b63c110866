import type { Balance } from '../model/balance';
import type { SubscriptionStatus } from '../model/subscription';

/** Credits and subscription of the signed-in user on the platform. */
export const BillingPort = Symbol('BillingPort');
export interface BillingPort {
  /** The user's credit balance (GET /v1/subscriptions/usage). */
  getBalance(): Promise<Balance>;
  /** The user's subscription status and plan (GET /v1/subscriptions/plan). */
  getSubscriptionStatus(): Promise<SubscriptionStatus>;
  /** The pricing page address (base URL + /subscribe) carrying the current credentials. */
  subscribeUrl(): Promise<string>;
  /** Calls listener whenever a run or purchase may have changed the balance; returns its remover. */
  onUsageChanged(listener: () => void): () => void;
}
