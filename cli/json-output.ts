import type { GalleryItem } from '../domain/model/gallery-item';
import type { SubscriptionStatus } from '../domain/model/subscription';
import type { User } from '../domain/model/user';
import type { Output } from './io';

/**
 * What --json prints (README "Command line"): one compact JSON value and a newline, whose keys are
 * the same every time (null where there is nothing, never left out).
 */
export function writeJson(stdout: Output, value: unknown): void {
  stdout.write(`${JSON.stringify(value)}\n`);
}

/** A gallery item as `gallery list` prints it; an item without a video has videoUrl null. */
export function itemJson(item: GalleryItem) {
  return {
    id: item.id,
    timestamp: item.timestamp,
    imageUrl: item.imageUrl || null,
    videoUrl: item.videoUrl || null,
    isFavorite: item.isFavorite,
  };
}

/** The signed-in user, as whoami and login print it. */
export function userJson(
  user: User | undefined,
  extra: { expiresAt: string | null; baseUrl: string; tokenSource: string | null },
) {
  return {
    userId: user?.userId ?? null,
    email: user?.email ?? null,
    avatarUrl: user?.avatarUrl ?? null,
    ...extra,
  };
}

/** The subscription with every field present, as plan prints it. */
export function subscriptionJson(subscription: SubscriptionStatus) {
  const { plan } = subscription;
  return {
    hasActiveSubscription: subscription.hasActiveSubscription,
    status: subscription.status,
    startedAt: subscription.startedAt ?? null,
    endsAt: subscription.endsAt ?? null,
    plan: plan
      ? {
          id: plan.id,
          name: plan.name,
          price: plan.price,
          tokenLimit: plan.tokenLimit,
          subtitle: plan.subtitle ?? null,
          description: plan.description ?? null,
          features: plan.features,
        }
      : null,
  };
}
