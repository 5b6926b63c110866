// The web app's composition root (ui/ and preview/ reach adapters only through this file).
// First: zod must be told before any schema below is built (see zod-jitless.ts).
import './zod-jitless';
import { presetImagePath } from '../../domain/model/presets';
import type { ServicesConfig, Services } from '../../domain/services';
import type { Container } from 'inversify';
import { createServicesContainer, type Ports } from '../services.container';
import { PlatformClient, type ClientOptions } from '../platform/src';
import {
  PlatformAuth,
  PlatformBilling,
  PlatformRemoteStorage,
  PlatformRunner,
  withoutRequestFailures,
} from '../platform-ports';
import { PAGE_PATHS } from '../platform/src/api';
import { WindowConnectivity } from './connectivity';
import { LocalStorage, type WebStorage } from './local-storage';
import { SessionPendingRunStore } from './pending-run-store';
import { WindowClock } from './window-clock';

/** Ports a caller may supply instead of the platform-backed defaults (tests, the preview). */
export type BrowserPorts = Ports;

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
  const client = new PlatformClient({
    // A page served over http from the platform's own origin (HOST=0.0.0.0 on a home network)
    // already travels in clear text there: its own API calls add no new exposure. Any other http
    // platform is refused by the client.
    allowInsecureHttp: isPageOrigin(options.client?.baseUrl),
    // A failed call is the app's to show (an error card): the console keeps the rest.
    logger: withoutRequestFailures(),
    ...options.client,
  });
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
    // A run lost with the network or cut off by a reload is sent again with its key (issue 31).
    recovery: options.recovery ?? {
      connectivity: new WindowConnectivity(),
      newKey: randomKey,
      pending: new SessionPendingRunStore(),
    },
  };
  const { container, services } = createServicesContainer(ports, config);
  return { container, services, client };
}

/** A run's Idempotency-Key; randomUUID is missing outside secure contexts (a LAN address). */
function randomKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function absolutePresetUrl(preset: Parameters<typeof presetImagePath>[0]): string {
  const path = presetImagePath(preset);
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? new URL(path, origin).href : path;
}

// Browser-only pieces of the account flows (sign-in return, popups, messages, analytics, other
// tabs), re-exported here because ui/ reaches adapters only through this file.
export { takeSignInReturn, type SignInReturn } from './address-bar';
export {
  isRequestedSignIn,
  rememberPageBefore,
  rememberSignInState,
  takePageBefore,
} from './sign-in-state';
export { isInFrame, openPopup, watchWindow } from './popups';
export { listenForMessages, originOf } from './message-origin';
export { recordPurchase, type AnalyticsHost } from './analytics';
export { watchKeyInOtherTabs, watchTokenInOtherTabs } from './cross-tab';
export { AuthSuccessMessage, SubscriptionMessage } from '../platform/src/api';

/** The platform's Publish page, asked to start a new project (SPEC.md section 7 "Publish"). */
export function publishPageUrl(baseUrl: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${PAGE_PATHS.publish}`);
  url.searchParams.set('create', 'true');
  return url.toString();
}

/** True when `baseUrl` is the origin this page was loaded from. */
function isPageOrigin(baseUrl: string | undefined): boolean {
  if (!baseUrl || typeof window === 'undefined' || !URL.canParse(baseUrl)) return false;
  return new URL(baseUrl).origin === window.location.origin;
}
