import { vi } from 'vitest';
import { MemoryAuth, fakeToken } from '../../adapters/memory/memory-auth';
import { MemoryBilling } from '../../adapters/memory/memory-billing';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { MemoryRemoteStorage } from '../../adapters/memory/memory-remote-storage';
import { MemoryRunner } from '../../adapters/memory/memory-runner';
import { createServicesContainer } from '../../adapters/services.container';
import { STORAGE_KEYS } from '../../domain/model/constants';
import type { ClockPort } from '../../domain/ports/clock.port';
import type { RunResult, RunnerPort } from '../../domain/ports/runner.port';
import type { UiServices } from '../app/services';

export { fakeToken };

/** Time through the global timers, so vi.useFakeTimers() drives every timing rule. */
export const timerClock: ClockPort = {
  now: () => Date.now(),
  after: (ms, fn) => {
    const id = setTimeout(fn, ms);
    return () => clearTimeout(id);
  },
  every: (ms, fn) => {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
};

/** The workflow's answer with both media, as the local platform returns it. */
export function workflowOutput(
  imageUrl = '/files/out.png',
  videoUrl = '/files/out.mp4',
): RunResult {
  return {
    output: [
      { image_output: { image: imageUrl, outputType: 'image' } },
      { video_output: { video: videoUrl, outputType: 'video' } },
    ],
  };
}

/**
 * The services the browser composition root provides, built by the same wiring
 * (adapters/services.container.ts) over the in-memory adapters, with a runner the test controls.
 */
export function createTestServices(
  options: {
    signedIn?: boolean;
    run?: RunnerPort['run'];
    /** Streams the run (the image before the video), as the browser's platform runner does. */
    streamWorkflow?: RunnerPort['streamWorkflow'];
    remainingCredits?: number;
    /** Where the locator puts the pet's head in an uploaded photo (sure, by default). */
    locatePet?: RunnerPort['locatePet'];
  } = {},
) {
  const local = new MemoryLocalStorage();
  if (options.signedIn ?? true) {
    local.setItem(
      STORAGE_KEYS.accessToken,
      fakeToken({ sub: 'u1', email: 'luna@example.com', exp: Date.now() / 1000 + 3600 }),
    );
  }
  const runner = new MemoryRunner();
  const run = vi
    .spyOn(runner, 'run')
    .mockImplementation(options.run ?? (async () => workflowOutput()));
  if (options.locatePet) vi.spyOn(runner, 'locatePet').mockImplementation(options.locatePet);
  if (options.streamWorkflow)
    vi.spyOn(runner, 'streamWorkflow').mockImplementation(options.streamWorkflow);
  const billing = new MemoryBilling('/subscribe');
  const remaining = options.remainingCredits ?? 7.5;
  billing.balance = {
    allocatedCredits: 10,
    usedCredits: 10 - remaining,
    remainingCredits: remaining,
  };
  vi.spyOn(billing, 'getBalance');
  vi.spyOn(billing, 'getSubscriptionStatus');
  vi.spyOn(billing, 'subscribeUrl');
  const { services } = createServicesContainer(
    {
      runner,
      billing,
      auth: new MemoryAuth(),
      clock: timerClock,
      localStorage: local,
      remoteStorage: new MemoryRemoteStorage(),
    },
    { session: { projectToken: 'project' }, streamOutputs: Boolean(options.streamWorkflow) },
  );
  return { services: services as UiServices, run, local, billing };
}
