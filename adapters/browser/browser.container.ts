// The web app's composition root (ui/ and preview/ reach adapters only through this file).
import 'reflect-metadata';
import { Container } from 'inversify';
import { presetImagePath } from '../../domain/model/presets';
import { AuthPort } from '../../domain/ports/auth.port';
import { BillingPort } from '../../domain/ports/billing.port';
import { ClockPort } from '../../domain/ports/clock.port';
import { RunnerPort } from '../../domain/ports/runner.port';
import { LocalStoragePort, RemoteStoragePort } from '../../domain/ports/storage.port';
import { FACTORIES, ServicesConfig, resolveServices, type Services } from '../../domain/services';
import {
  PlatformAuth,
  PlatformBilling,
  PlatformClient,
  PlatformRemoteStorage,
  PlatformRunner,
  type ClientOptions,
} from '../platform';
import { PAGE_PATHS } from '../platform/api';
import { LocalStorage, type WebStorage } from './local-storage';
import { WindowClock } from './window-clock';

/** Ports a caller may supply instead of the platform-backed defaults (tests, the preview). */
export interface BrowserPorts {
  readonly runner: RunnerPort;
  readonly billing: BillingPort;
  readonly remoteStorage: RemoteStoragePort;
  readonly auth: AuthPort;
  readonly clock: ClockPort;
  readonly localStorage: LocalStoragePort;
}

export interface BrowserContainerOptions extends ServicesConfig {
  /** Platform client options (baseUrl, authorizationUrl, timeout, ...); credentials come from the session. */
  readonly client?: ClientOptions;
  /** Sent as ?appVersion= on storage calls. */
  readonly appVersion?: string;
  /** Web Storage to use instead of window.localStorage. */
  readonly storage?: WebStorage;
  readonly ports?: Partial<BrowserPorts>;
}

export interface BrowserContainer {
  readonly container: Container;
  readonly services: Services;
  /** The platform client behind the ports, for the few browser-only flows (events, headers). */
  readonly client: PlatformClient;
}

/** Builds the app's services: platform ports over one client, localStorage and window timers. */
export function createBrowserContainer(options: BrowserContainerOptions = {}): BrowserContainer {
  const client = new PlatformClient({ ...options.client });
  const ports: BrowserPorts = {
    runner: options.ports?.runner ?? new PlatformRunner(client),
    billing: options.ports?.billing ?? new PlatformBilling(client),
    remoteStorage:
      options.ports?.remoteStorage ??
      new PlatformRemoteStorage(client, { appVersion: options.appVersion }),
    auth: options.ports?.auth ?? new PlatformAuth(client),
    clock: options.ports?.clock ?? new WindowClock(),
    localStorage:
      options.ports?.localStorage ??
      new LocalStorage(options.storage, (error) => client.logger.warn('localStorage:', error)),
  };
  const config: ServicesConfig = {
    session: options.session,
    appName: options.appName,
    // The workflow runs on the platform, which needs an absolute address for a preset image.
    presetUrl: options.presetUrl ?? absolutePresetUrl,
    // The platform streams the costume image as soon as it is written: the card shows meanwhile.
    streamOutputs: options.streamOutputs ?? true,
  };
  const container = new Container();
  container.bind<RunnerPort>(RunnerPort).toConstantValue(ports.runner);
  container.bind<BillingPort>(BillingPort).toConstantValue(ports.billing);
  container.bind<RemoteStoragePort>(RemoteStoragePort).toConstantValue(ports.remoteStorage);
  container.bind<AuthPort>(AuthPort).toConstantValue(ports.auth);
  container.bind<ClockPort>(ClockPort).toConstantValue(ports.clock);
  container.bind<LocalStoragePort>(LocalStoragePort).toConstantValue(ports.localStorage);
  container.bind<ServicesConfig>(ServicesConfig).toConstantValue(config);
  for (const { token, deps, create } of FACTORIES) {
    container
      .bind(token)
      .toResolvedValue(create, [...deps])
      .inSingletonScope();
  }
  return { container, services: resolveServices(container), client };
}

function absolutePresetUrl(preset: Parameters<typeof presetImagePath>[0]): string {
  const path = presetImagePath(preset);
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? new URL(path, origin).href : path;
}

// Browser-only pieces of the account flows (sign-in return, popups, messages, analytics, other
// tabs), re-exported here because ui/ reaches adapters only through this file.
export { ACCESS_TOKEN_PARAM, takeAccessToken } from './address-bar';
export { isInFrame, openPopup, watchWindow, type PopupSize } from './popups';
export { listenForMessages, originOf } from './message-origin';
export { recordPurchase, type AnalyticsHost } from './analytics';
export { watchTokenInOtherTabs } from './cross-tab';
export { AuthSuccessMessage, SubscriptionMessage } from '../platform/api';

/** The platform's Publish page, asked to start a new project (SPEC.md section 7 "Publish"). */
export function publishPageUrl(baseUrl: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${PAGE_PATHS.publish}`);
  url.searchParams.set('create', 'true');
  return url.toString();
}
