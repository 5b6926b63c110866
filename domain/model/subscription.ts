/** A subscription plan as the platform describes it. */
export interface Plan {
  readonly id: string;
  readonly name: string;
  readonly price: number;
  readonly tokenLimit: number;
  readonly subtitle?: string;
  readonly description?: string;
  readonly features: readonly string[];
}

/** SPEC.md section 3 "Subscription status"; status is 'active' or 'none', others kept as given. */
export interface SubscriptionStatus {
  readonly hasActiveSubscription: boolean;
  readonly status: string;
  readonly startedAt?: string;
  readonly endsAt?: string;
  readonly plan?: Plan;
}

export const NO_SUBSCRIPTION: SubscriptionStatus = { hasActiveSubscription: false, status: 'none' };
