import type { Plan } from '../../adapters/platform/src/api';

/** A plan of the local platform; money is kept in integer cents and shown in USD with 2 decimals. */
export interface PlanDefinition {
  id: 'free' | 'plus' | 'pro';
  name: string;
  priceCents: number;
  /** Credits granted when the plan starts. */
  creditsCents: number;
  /** The most one operation may cost on this plan (PLAN_UPGRADE_REQUIRED beyond). */
  perOperationLimitCents: number;
  subtitle: string;
  description: string;
  features: string[];
}

export const PLANS: readonly PlanDefinition[] = [
  {
    id: 'free',
    name: 'Free',
    priceCents: 0,
    creditsCents: 500,
    perOperationLimitCents: 100,
    subtitle: 'Free to start',
    description: 'Enough credits for a handful of spooky portraits.',
    features: ['$5.00 of credits', 'Costume portraits and videos', 'Personal gallery'],
  },
  {
    id: 'plus',
    name: 'Plus',
    priceCents: 999,
    creditsCents: 3000,
    perOperationLimitCents: 500,
    subtitle: 'For the whole pack',
    description: 'More credits and bigger operations for regular creators.',
    features: ['$30.00 of credits', 'Up to $5.00 per operation', 'Priority rendering'],
  },
  {
    id: 'pro',
    name: 'Pro',
    priceCents: 2999,
    creditsCents: 12000,
    perOperationLimitCents: 2000,
    subtitle: 'For haunted studios',
    description: 'The most credits and the largest operations.',
    features: ['$120.00 of credits', 'Up to $20.00 per operation', 'Priority rendering'],
  },
];

export const FREE_PLAN = PLANS[0] as PlanDefinition;

export function findPlan(id: string): PlanDefinition | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** What each operation costs, in cents: the costume workflow's image and video are priced separately. */
export interface Pricing {
  imageCents: number;
  videoCents: number;
  textCents: number;
}

export const DEFAULT_PRICING: Pricing = { imageCents: 20, videoCents: 30, textCents: 1 };

export const toUsd = (cents: number): number => Math.round(cents) / 100;

/** The plan as the API shows it (SPEC.md section 3 "Subscription status"). */
export function planView(plan: PlanDefinition): Plan {
  return {
    id: plan.id,
    name: plan.name,
    price: toUsd(plan.priceCents),
    tokenLimit: toUsd(plan.creditsCents),
    subtitle: plan.subtitle,
    description: plan.description,
    features: plan.features,
  };
}
