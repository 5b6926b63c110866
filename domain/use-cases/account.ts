import { errorMessage } from '../errors';
import type { Balance } from '../model/balance';
import { COSTUME_PRICE } from '../model/workflow';
import { LIMITS } from '../model/constants';
import type { SubscriptionStatus } from '../model/subscription';
import type { BillingPort } from '../ports/billing.port';
import type { LocalStoragePort } from '../ports/storage.port';
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
/** What the create view says about credits before Generate. */
export type CreditNotice =
  | { readonly kind: 'out' }
  | { readonly kind: 'low'; readonly remaining: string; readonly cost: string }
  | {
      readonly kind: 'price';
      readonly cost: string;
      /** The image's share, charged when only the image is delivered (the platform's price list). */
      readonly imageShare?: string;
    };

/**
 * Out of credits; fewer left than a costume costs; or the price. The price is what a costume cost
 * the last time one was made on this device, or before the first one the platform's price list
 * (COSTUME_PRICE, with the image's share).
 */
export function presentCreditNotice(
  balance: Balance | undefined,
  generationCost: number | undefined,
): CreditNotice {
  const money = (n: number) => n.toFixed(LIMITS.creditDecimals);
  if (balance && balance.remainingCredits <= 0) return { kind: 'out' };
  const cost = generationCost ?? COSTUME_PRICE.whole;
  if (balance && balance.remainingCredits < cost)
    return { kind: 'low', remaining: money(balance.remainingCredits), cost: money(cost) };
  return cost === COSTUME_PRICE.whole
    ? { kind: 'price', cost: money(cost), imageShare: money(COSTUME_PRICE.image) }
    : { kind: 'price', cost: money(cost) };
}

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
  /**
   * What a costume cost the last time one was made on this device (USD). The platform's API has no
   * price list, so this is the only honest price the app can show before Generate.
   */
  readonly generationCost?: number;
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
    private readonly local?: LocalStoragePort,
  ) {
    super({
      status: 'idle',
      planButtonLabel: 'Upgrade',
      generationCost: readCost(local?.getItem(GENERATION_COST_KEY)),
    });
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

  /**
   * The balance of the read on its way, or of the last one, failing as that read failed (its
   * error as thrown); undefined before any. A caller that needs the balance waits for it instead
   * of asking the platform again: a second read doubled how long the CLI waited on a silent one.
   */
  latestBalance(): Promise<Balance> | undefined {
    return this.reading;
  }
  private reading: Promise<Balance> | undefined;

  /**
   * Settles when the read on its way (balance and plan, read side by side) has answered or failed:
   * a command that ends waits for it, so nothing of it is still asked after the command said it
   * ended (the plan read outlived `pawloween --debug usage`'s last line).
   */
  settled(): Promise<void> {
    return this.refreshing ?? Promise.resolve();
  }
  private refreshing: Promise<void> | undefined;

  /** Re-reads balance and plan; does nothing when usage may not be fetched. */
  refresh(): Promise<void> {
    this.refreshing = this.read();
    return this.refreshing;
  }

  private async read(): Promise<void> {
    if (!this.access.getSnapshot().canFetchUsage) return;
    this.update({ status: 'loading' });
    const balanceRead = this.billing.getBalance();
    // Its failure is reported below; a caller of latestBalance() gets it too, when there is one.
    balanceRead.catch(() => undefined);
    this.reading = balanceRead;
    const read = Promise.all([balanceRead, this.billing.getSubscriptionStatus()]);
    try {
      const [balance, subscription] = await read;
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

  /** Remembers what a finished costume cost, to show before the next Generate. */
  noteGenerationCost(cost: number): void {
    const known = readCost(String(cost));
    if (known === undefined || known === this.getSnapshot().generationCost) return;
    this.local?.setItem(GENERATION_COST_KEY, String(known));
    this.update({ generationCost: known });
  }

  /** A fresh read of the balance (after a run: what it cost), failing as the platform answered. */
  readBalance(): Promise<Balance> {
    return this.billing.getBalance();
  }

  /**
   * The subscription and plan: of the read on its way (or the last one) when it answered, else
   * read afresh, failing as the platform answered.
   */
  async plan(): Promise<SubscriptionStatus> {
    await this.settled();
    return this.getSnapshot().subscription ?? this.billing.getSubscriptionStatus();
  }

  /** The pricing page address for Upgrade / Manage / Add Credits. */
  subscribeUrl(): Promise<string> {
    return this.billing.subscribeUrl();
  }
}

/** Where the device keeps the last generation's price (not user data: the project's price). */
export const GENERATION_COST_KEY = 'generation-cost';

/** A stored price, when it is one: a positive amount of at most $1000. */
function readCost(text: string | undefined): number | undefined {
  const cost = Number(text);
  return text && Number.isFinite(cost) && cost > 0 && cost <= 1000 ? cost : undefined;
}
