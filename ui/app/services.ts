import type { Services } from '../../domain/services';

/**
 * What the UI gets from the browser composition root (adapters/browser/browser.container.ts):
 * every use case, resolved once and provided through ServicesProvider. Components never see the
 * container.
 */
export type UiServices = Services;
