import type { Balance } from '../../domain/model/balance';
import type { SubscriptionStatus } from '../../domain/model/subscription';
import type { BillingPort } from '../../domain/ports/billing.port';
import type { PlatformClient } from '../platform/src';
import { translated } from './domain-errors';

/** The domain's credits and subscription on the platform. */
export class PlatformBilling implements BillingPort {
  constructor(private readonly client: PlatformClient) {}

  getBalance(): Promise<Balance> {
    return translated(() => this.client.subscriptions.usage());
  }

  getSubscriptionStatus(): Promise<SubscriptionStatus> {
    return translated(() => this.client.subscriptions.status());
  }

  subscribeUrl(): Promise<string> {
    return translated(() => this.client.pricingUrl());
  }

  onUsageChanged(listener: () => void): () => void {
    return this.client.on('usage-changed', () => listener());
  }
}
