// The CLI's composition root (cli/ reaches adapters only through this file).
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
import { FileStorage, defaultStoragePath } from './file-storage';
import { NodeClock } from './node-clock';

/** Ports a caller may supply instead of the defaults (tests). */
export interface NodePorts {
  readonly runner: RunnerPort;
  readonly billing: BillingPort;
  readonly remoteStorage: RemoteStoragePort;
  readonly auth: AuthPort;
  readonly clock: ClockPort;
  readonly localStorage: LocalStoragePort;
}

export interface NodeContainerOptions extends ServicesConfig {
  /** Platform client options (baseUrl, timeout, fetch, logger, ...); credentials come from the session. */
  readonly client?: ClientOptions;
  /** Sent as ?appVersion= on storage calls. */
  readonly appVersion?: string;
  /** The device storage file; defaults to <config dir>/pawloween/storage.json. */
  readonly storagePath?: string;
  readonly ports?: Partial<NodePorts>;
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
  const client = new PlatformClient({ ...options.client });
  const storagePath = options.storagePath ?? defaultStoragePath();
  const ports: NodePorts = {
    runner: options.ports?.runner ?? new PlatformRunner(client),
    billing: options.ports?.billing ?? new PlatformBilling(client),
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
  return { container, services: resolveServices(container), client, storagePath };
}
