import type { Balance } from '../../domain/model/balance';
import { NO_SUBSCRIPTION, type SubscriptionStatus } from '../../domain/model/subscription';
import type { BillingPort } from '../../domain/ports/billing.port';

/** Credits and plan held in memory; `failWith` makes reads reject. */
export class MemoryBilling implements BillingPort {
  balance: Balance = { allocatedCredits: 10, usedCredits: 2.5, remainingCredits: 7.5 };
  subscription: SubscriptionStatus = NO_SUBSCRIPTION;
  failWith: unknown = undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly pricingUrl = 'http://localhost:8787/subscribe') {}

  async getBalance(): Promise<Balance> {
    if (this.failWith !== undefined) throw this.failWith;
    return this.balance;
  }

  async getSubscriptionStatus(): Promise<SubscriptionStatus> {
    if (this.failWith !== undefined) throw this.failWith;
    return this.subscription;
  }

  async subscribeUrl(): Promise<string> {
    return this.pricingUrl;
  }

  onUsageChanged(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Plays the client's usage-changed event. */
  emitUsageChanged(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
