import type { Balance } from '../../domain/model/balance';
import type { SubscriptionStatus } from '../../domain/model/subscription';
import type { BillingPort } from '../../domain/ports/billing.port';
import { pricingPageUrl, type PlatformClient } from '../platform';

/** The domain's credits and subscription on the platform. */
export class PlatformBilling implements BillingPort {
  constructor(private readonly client: PlatformClient) {}

  getBalance(): Promise<Balance> {
    return this.client.subscriptions.usage();
  }

  getSubscriptionStatus(): Promise<SubscriptionStatus> {
    return this.client.subscriptions.status();
  }

  async subscribeUrl(): Promise<string> {
    const { baseUrl, accessToken, apiKey, userKey, getUserToken } = this.client.options;
    if (accessToken) return pricingPageUrl(baseUrl, { accessToken });
    return pricingPageUrl(baseUrl, {
      projectToken: apiKey,
      userToken: userKey ?? (await getUserToken?.()),
    });
  }

  onUsageChanged(listener: () => void): () => void {
    return this.client.on('usage-changed', () => listener());
  }
}
