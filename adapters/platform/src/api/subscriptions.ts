import { z } from 'zod';

export const Balance = z.object({
  allocatedCredits: z.number(),
  usedCredits: z.number(),
  remainingCredits: z.number(),
});
export type Balance = z.infer<typeof Balance>;

/** GET /v1/subscriptions/usage */
export const UsageResponse = z.object({
  credits: z.object({ userBalance: Balance }),
});
export type UsageResponse = z.infer<typeof UsageResponse>;

export const Plan = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  tokenLimit: z.number(),
  subtitle: z.string().optional(),
  description: z.string().optional(),
  features: z.array(z.string()).default([]),
});
export type Plan = z.infer<typeof Plan>;

/** GET /v1/subscriptions/plan: status 'active' or 'none'; others are kept as given. */
export const PlanResponse = z.object({
  userPlan: z.object({
    planId: z.string().nullable(),
    status: z.string(),
    startedAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    plan: Plan.nullable(),
  }),
});
export type PlanResponse = z.infer<typeof PlanResponse>;
