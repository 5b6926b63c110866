// The test driver's composition root: the domain wired to in-memory adapters and a fake clock.
import type { Container } from 'inversify';
import { createServicesContainer } from '../../adapters/services.container';
import { MemoryAuth } from '../../adapters/memory/memory-auth';
import { MemoryBilling } from '../../adapters/memory/memory-billing';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { MemoryRemoteStorage } from '../../adapters/memory/memory-remote-storage';
import { MemoryRunner } from '../../adapters/memory/memory-runner';
import type { ServicesConfig, Services } from '../../domain/services';
import { FakeClock } from './fake-clock';

export interface TestAdapters {
  readonly clock: FakeClock;
  readonly runner: MemoryRunner;
  readonly auth: MemoryAuth;
  readonly billing: MemoryBilling;
  readonly local: MemoryLocalStorage;
  readonly remote: MemoryRemoteStorage;
}

export interface TestContainer extends TestAdapters {
  readonly container: Container;
  readonly services: Services;
}

/** A fresh container per test; pass adapters to script them or to share them between two. */
export function createTestContainer(
  adapters: Partial<TestAdapters> = {},
  config: ServicesConfig = {},
): TestContainer {
  const ports: TestAdapters = {
    clock: adapters.clock ?? new FakeClock(),
    runner: adapters.runner ?? new MemoryRunner(),
    auth: adapters.auth ?? new MemoryAuth(),
    billing: adapters.billing ?? new MemoryBilling(),
    local: adapters.local ?? new MemoryLocalStorage(),
    remote: adapters.remote ?? new MemoryRemoteStorage(),
  };
  const { container, services } = createServicesContainer(
    { ...ports, remoteStorage: ports.remote, localStorage: ports.local },
    config,
  );
  return { ...ports, container, services };
}

/** The Create view's use cases from a fresh test container, with a helper filling both uploads. */
export function createStudio(adapters: Partial<TestAdapters> = {}, config: ServicesConfig = {}) {
  const t = createTestContainer(adapters, config);
  const s = t.services;
  return {
    ...t,
    gallery: s.gallery,
    progress: s.progress,
    generate: s.generation,
    command: s.generateCostume,
    retry: s.retryGeneration,
    select: s.selectInputs,
    createAnother: s.createAnother,
    ready() {
      s.selectInputs.setUpload('pet', 'data:image/png;base64,PET');
      s.selectInputs.setUpload('costume', 'data:image/png;base64,COSTUME');
    },
  };
}
