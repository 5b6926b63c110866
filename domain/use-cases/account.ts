import { errorMessage } from '../errors';
import type { Balance } from '../model/balance';
import { LIMITS } from '../model/constants';
import type { SubscriptionStatus } from '../model/subscription';
import type { BillingPort } from '../ports/billing.port';
import { Store } from './store';

/** Credits as shown: 2 decimals, and the remaining-credits bar width in percent. */
export interface CreditDisplay {
  readonly remaining: string;
  readonly allocated: string;
  readonly used: string;
  /** remaining / allocated, clamped to 0..100. */
  readonly percent: number;
}

export function presentCredits(balance: Balance): CreditDisplay {
  const fixed = (n: number) => n.toFixed(LIMITS.creditDecimals);
  const ratio =
    balance.allocatedCredits > 0 ? balance.remainingCredits / balance.allocatedCredits : 0;
  return {
    remaining: fixed(balance.remainingCredits),
    allocated: fixed(balance.allocatedCredits),
    used: fixed(balance.usedCredits),
    percent: Math.min(100, Math.max(0, ratio * 100)),
  };
}

/** Upgrade, or Manage with an active subscription (SPEC.md section 6). */
export function planButtonLabel(
  subscription: SubscriptionStatus | undefined,
): 'Upgrade' | 'Manage' {
  return subscription?.hasActiveSubscription ? 'Manage' : 'Upgrade';
}

export interface AccountSnapshot {
  readonly status: 'idle' | 'loading' | 'ready' | 'error';
  readonly balance?: Balance;
  readonly credits?: CreditDisplay;
  readonly subscription?: SubscriptionStatus;
  readonly planButtonLabel: 'Upgrade' | 'Manage';
  /** The last failure, only for logs (SPEC.md section 8: failed refreshes are only logged). */
  readonly error?: string;
}

/** Whether usage may be fetched (SPEC.md section 6: the signed-in modes). */
export interface UsageAccess {
  getSnapshot(): { readonly canFetchUsage: boolean };
  subscribe(listener: () => void): () => void;
}

/** The header's credit balance and plan button, refreshed on usage-changed and on sign-in. */
export class Account extends Store<AccountSnapshot> {
  private allowed: boolean;

  constructor(
    private readonly billing: BillingPort,
    private readonly access: UsageAccess,
  ) {
    super({ status: 'idle', planButtonLabel: 'Upgrade' });
    this.allowed = access.getSnapshot().canFetchUsage;
    billing.onUsageChanged(() => void this.refresh());
    access.subscribe(() => {
      const allowed = this.access.getSnapshot().canFetchUsage;
      if (allowed === this.allowed) return;
      this.allowed = allowed;
      if (allowed) void this.refresh();
      else
        this.update({
          status: 'idle',
          balance: undefined,
          credits: undefined,
          subscription: undefined,
          planButtonLabel: 'Upgrade',
        });
    });
  }

  /** Re-reads balance and plan; does nothing when usage may not be fetched. */
  async refresh(): Promise<void> {
    if (!this.access.getSnapshot().canFetchUsage) return;
    this.update({ status: 'loading' });
    try {
      const [balance, subscription] = await Promise.all([
        this.billing.getBalance(),
        this.billing.getSubscriptionStatus(),
      ]);
      this.update({
        status: 'ready',
        balance,
        credits: presentCredits(balance),
        subscription,
        planButtonLabel: planButtonLabel(subscription),
        error: undefined,
      });
    } catch (error) {
      this.update({ status: 'error', error: errorMessage(error) });
    }
  }

  /** The pricing page address for Upgrade / Manage / Add Credits. */
  subscribeUrl(): Promise<string> {
    return this.billing.subscribeUrl();
  }
}
