import type { BillingPort } from '../../domain/ports/billing.port';
import type { CreateAnother } from '../../domain/use-cases/create-another';
import type { Gallery } from '../../domain/use-cases/gallery';
import type { GenerateCostume } from '../../domain/use-cases/generate-costume';
import type { ProgressTimeline } from '../../domain/use-cases/progress-timeline';
import type { RetryGeneration } from '../../domain/use-cases/retry-generation';
import type { SelectInputs } from '../../domain/use-cases/select-inputs';
import type { Session } from '../../domain/use-cases/session';

/**
 * What the UI needs from the browser composition root (adapters/browser/browser.container.ts),
 * resolved once and provided through ServicesProvider. Components never see the container.
 */
export interface UiServices {
  readonly session: Session;
  readonly gallery: Gallery;
  readonly selectInputs: SelectInputs;
  readonly generateCostume: GenerateCostume;
  readonly retryGeneration: RetryGeneration;
  readonly createAnother: CreateAnother;
  readonly progress: ProgressTimeline;
  readonly billing: Pick<
    BillingPort,
    'getBalance' | 'getSubscriptionStatus' | 'subscribeUrl' | 'onUsageChanged'
  >;
}
