import { API_PATHS } from '../api/paths';
import { PlanResponse, UsageResponse, type Balance, type Plan } from '../api/subscriptions';
import { APIPromise } from '../api-promise';
import type { Transport } from '../internal/transport';
import { callOptions, type CallOptions } from '../call-options';
import { requireUser } from './require-user';

/** The subscription status: what an app reads to show Upgrade or Manage. */
export interface SubscriptionStatus {
  hasActiveSubscription: boolean;
  status: string;
  startedAt?: string;
  endsAt?: string;
  plan?: Plan;
}

/** GET /v1/subscriptions/usage and /plan. */
export class Subscriptions {
  constructor(private readonly client: Transport) {}

  /** The user's credit balance. */
  usage(options: CallOptions = {}): APIPromise<Balance> {
    return APIPromise.from(async () => {
      requireUser(this.client, 'usage limits');
      const answer = await this.client.requestWithId(
        { method: 'GET', path: API_PATHS.usage, ...callOptions(options) },
        UsageResponse,
      );
      return { ...answer, data: answer.data.credits.userBalance };
    });
  }

  /** The user's subscription status and plan. */
  status(options: CallOptions = {}): APIPromise<SubscriptionStatus> {
    return APIPromise.from(async () => {
      requireUser(this.client, 'subscription status');
      const answer = await this.client.requestWithId(
        { method: 'GET', path: API_PATHS.plan, ...callOptions(options) },
        PlanResponse,
      );
      const { userPlan } = answer.data;
      return {
        ...answer,
        data: {
          hasActiveSubscription: userPlan.status === 'active',
          status: userPlan.status,
          startedAt: userPlan.startedAt ?? undefined,
          endsAt: userPlan.endsAt ?? undefined,
          plan: userPlan.plan ?? undefined,
        },
      };
    });
  }
}
