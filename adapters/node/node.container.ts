// The CLI's composition root (cli/ reaches adapters only through this file).
import { STORAGE_KEYS } from '../../domain/model/constants';
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
import { FileStorage, defaultStoragePath } from './file-storage';
import { NodeClock } from './node-clock';

/** Ports a caller may supply instead of the defaults (tests). */
export type NodePorts = Ports;

export interface NodeContainerOptions extends ServicesConfig {
  /** Platform client options (baseUrl, timeout, fetch, logger, ...); credentials come from the session. */
  readonly client?: ClientOptions;
  /** Sent as ?appVersion= on storage calls. */
  readonly appVersion?: string;
  /** Ms for one model run (a stream's whole life), when client.timeout is kept short for quick calls. */
  readonly runTimeout?: number;
  /** The device storage file; defaults to <config dir>/pawloween/storage.json. */
  readonly storagePath?: string;
  readonly ports?: Partial<NodePorts>;
  /**
   * The access token this device keeps (a CLI login's), put in the device store before the session
   * starts, where the session renews it as the app's; null: none is kept (one left there is
   * removed); undefined: the store is left as it is.
   */
  readonly keptToken?: string | null;
  /**
   * A driver that runs one command and exits (the CLI) reads only what its command asks for: use
   * cases are built when first used, after sign-in, so none reads ahead on sign-in for a view
   * (the app's header balance and plan, its gallery and profile), and the balance is not read
   * again after each run for a header nobody sees. The platform allows 60 requests a minute.
   */
  readonly oneShot?: boolean;
}

export interface NodeContainer {
  readonly container: Container;
  readonly services: Services;
  /** The platform client behind the ports, for CLI-only needs (events, demo project). */
  readonly client: PlatformClient;
  /** Where the device storage (and so the access token) is kept. */
  readonly storagePath: string;
}

/** Builds the CLI's services: platform ports over one client, a 0600 file store and Node timers. */
export function createNodeContainer(options: NodeContainerOptions = {}): NodeContainer {
  const client = new PlatformClient({
    // The CLI says what failed itself, and has its own --debug lines on stderr: the client's
    // request lines would say it twice (and console.debug writes to stdout, which --json owns), so
    // its level is set here, not by PAWLOWEEN_LOG or PAWLOWEEN_DEBUG.
    logLevel: 'warn',
    logger: withoutRequestFailures(),
    ...options.client,
  });
  const storagePath = options.storagePath ?? defaultStoragePath();
  const ports: NodePorts = {
    runner: options.ports?.runner ?? new PlatformRunner(client, { runTimeout: options.runTimeout }),
    billing:
      options.ports?.billing ??
      (options.oneShot
        ? notFollowingUsage(new PlatformBilling(client))
        : new PlatformBilling(client)),
    remoteStorage:
      options.ports?.remoteStorage ??
      new PlatformRemoteStorage(client, { appVersion: options.appVersion }),
    auth: options.ports?.auth ?? new PlatformAuth(client),
    clock: options.ports?.clock ?? new NodeClock(),
    localStorage:
      options.ports?.localStorage ??
      new FileStorage(storagePath, (error) => client.logger.warn('storage file:', error)),
  };
  const config: ServicesConfig = {
    session: options.session,
    appName: options.appName,
    // The CLI has no page origin: preset images are served next to the platform it talks to.
    presetUrl:
      options.presetUrl ??
      ((preset) => new URL(presetImagePath(preset), client.options.baseUrl).href),
    // The platform streams the costume image as soon as it is written: the CLI saves it meanwhile.
    streamOutputs: options.streamOutputs ?? true,
  };
  keepToken(ports.localStorage, options.keptToken);
  const { container, services } = createServicesContainer(ports, config, {
    lazy: options.oneShot,
  });
  return { container, services, client, storagePath };
}

function keepToken(store: NodePorts['localStorage'], token: string | null | undefined): void {
  if (token === undefined || store.getItem(STORAGE_KEYS.accessToken) === (token ?? undefined))
    return;
  if (token === null) store.removeItem(STORAGE_KEYS.accessToken);
  else store.setItem(STORAGE_KEYS.accessToken, token);
}

/** Billing whose usage changes are not followed: nothing re-reads the balance after a run. */
function notFollowingUsage(billing: NodePorts['billing']): NodePorts['billing'] {
  return {
    getBalance: () => billing.getBalance(),
    getSubscriptionStatus: () => billing.getSubscriptionStatus(),
    subscribeUrl: () => billing.subscribeUrl(),
    onUsageChanged: () => () => {},
  };
}
