// The one place that binds the domain's ports and use cases in an inversify container; each driver's
// composition root (browser, node, tests) only chooses the adapters.
import { Container } from 'inversify';
import { AuthPort } from '../domain/ports/auth.port';
import { BillingPort } from '../domain/ports/billing.port';
import { ClockPort } from '../domain/ports/clock.port';
import { RunnerPort } from '../domain/ports/runner.port';
import { LocalStoragePort, RemoteStoragePort } from '../domain/ports/storage.port';
import { FACTORIES, ServicesConfig, resolveServices, type Services } from '../domain/services';

/** Every port the use cases need, one adapter each. */
export interface Ports {
  readonly runner: RunnerPort;
  readonly billing: BillingPort;
  readonly remoteStorage: RemoteStoragePort;
  readonly auth: AuthPort;
  readonly clock: ClockPort;
  readonly localStorage: LocalStoragePort;
}

/** Binds the ports as given and every use case as a singleton built by its factory. */
export function createServicesContainer(
  ports: Ports,
  config: ServicesConfig,
  /** lazy: each use case is built when first used (see resolveServices). */
  options: { lazy?: boolean } = {},
): { container: Container; services: Services } {
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
  return { container, services: resolveServices(container, options) };
}
