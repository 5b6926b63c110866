import { vi } from 'vitest';
import {
  INITIAL_GALLERY,
  GALLERY_SHAPE,
  type StoredGallery,
} from '../../domain/model/gallery-item';
import type { AuthPort } from '../../domain/ports/auth.port';
import type { BillingPort } from '../../domain/ports/billing.port';
import type { ClockPort } from '../../domain/ports/clock.port';
import type { RunResult, RunnerPort } from '../../domain/ports/runner.port';
import type { LocalStoragePort, RemoteStoragePort } from '../../domain/ports/storage.port';
import { Account } from '../../domain/use-cases/account';
import { Profile } from '../../domain/use-cases/profile';
import { EMPTY_PROFILE, isUserProfile, type UserProfile } from '../../domain/model/profile';
import { CreateAnother } from '../../domain/use-cases/create-another';
import { Creation } from '../../domain/use-cases/creation';
import { Gallery } from '../../domain/use-cases/gallery';
import { GenerateCostume } from '../../domain/use-cases/generate-costume';
import { ProgressTimeline } from '../../domain/use-cases/progress-timeline';
import { RetryGeneration } from '../../domain/use-cases/retry-generation';
import { SelectInputs } from '../../domain/use-cases/select-inputs';
import { Session } from '../../domain/use-cases/session';
import { StorageSync } from '../../domain/use-cases/storage-sync';
import { STORAGE_KEYS } from '../../domain/model/constants';
import type { UiServices } from '../app/services';

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

export function memoryLocalStorage(): LocalStoragePort {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key),
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const memoryRemote = (): RemoteStoragePort => {
  const map = new Map<string, unknown>();
  return {
    get: async (key) => map.get(key),
    set: async (key, value) => void map.set(key, value),
    remove: async (key) => void map.delete(key),
    clear: async () => map.clear(),
  };
};

/** An unsigned token with the given claims (the client only decodes, never verifies). */
export function fakeToken(claims: Record<string, unknown>): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'none' })}.${part(claims)}.sig`;
}

const fakeAuth: AuthPort = {
  decodeToken: (token) => {
    try {
      return JSON.parse(atob(token.split('.')[1] ?? ''));
    } catch {
      return undefined;
    }
  },
  useCredentials: () => undefined,
  signInUrl: (redirect) => `/auth?redirect_uri=${encodeURIComponent(redirect)}`,
  onUnauthorized: () => () => undefined,
  registerLoopbackRedirect: () =>
    Promise.reject(new Error('the app never signs in through a loopback listener')),
  startDeviceSignIn: () => Promise.reject(new Error('the app never signs in by device code')),
  pollDeviceSignIn: () => Promise.resolve({ status: 'expired' }),
  revoke: async () => undefined,
  refresh: () => Promise.reject(new Error('no platform in component tests')),
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
 * The real domain use cases over in-memory ports, with a runner the test controls: the services
 * the browser composition root provides, minus the network.
 */
export function createTestServices(
  options: {
    signedIn?: boolean;
    run?: RunnerPort['run'];
    /** Streams the run (the image before the video), as the browser's platform runner does. */
    stream?: RunnerPort['stream'];
    remainingCredits?: number;
  } = {},
) {
  const local = memoryLocalStorage();
  if (options.signedIn ?? true) {
    local.setItem(
      STORAGE_KEYS.accessToken,
      fakeToken({ sub: 'u1', email: 'luna@example.com', exp: Date.now() / 1000 + 3600 }),
    );
  }
  const run = vi.fn<RunnerPort['run']>(options.run ?? (async () => workflowOutput()));
  const runner: RunnerPort = {
    run,
    stream: options.stream ?? (() => (async function* () {})()),
  };
  const session = new Session(fakeAuth, local, timerClock, { projectToken: 'project' });
  const galleryStorage = new StorageSync<StoredGallery>(
    STORAGE_KEYS.gallery,
    INITIAL_GALLERY,
    GALLERY_SHAPE,
    local,
    memoryRemote(),
    session,
  );
  const gallery = new Gallery(galleryStorage, undefined, timerClock);
  const creation = new Creation();
  const progress = new ProgressTimeline(timerClock);
  const billing: BillingPort = {
    getBalance: vi.fn<BillingPort['getBalance']>(async () => ({
      allocatedCredits: 10,
      usedCredits: 10 - (options.remainingCredits ?? 7.5),
      remainingCredits: options.remainingCredits ?? 7.5,
    })),
    getSubscriptionStatus: vi.fn<BillingPort['getSubscriptionStatus']>(async () => ({
      hasActiveSubscription: false,
      status: 'none',
    })),
    subscribeUrl: vi.fn(async () => '/subscribe'),
    onUsageChanged: () => () => undefined,
  };
  const account = new Account(billing, session, local);
  const generateCostume = new GenerateCostume(
    creation,
    runner,
    gallery,
    timerClock,
    progress,
    undefined,
    Boolean(options.stream),
    account,
  );
  const profileStorage = new StorageSync<UserProfile>(
    STORAGE_KEYS.profile,
    EMPTY_PROFILE,
    isUserProfile,
    local,
    memoryRemote(),
    session,
  );
  const services: UiServices = {
    session,
    gallery,
    profile: new Profile(profileStorage, session, timerClock),
    account,
    selectInputs: new SelectInputs(creation),
    generateCostume,
    retryGeneration: new RetryGeneration(creation, gallery, timerClock, progress, generateCostume),
    createAnother: new CreateAnother(creation),
    progress,
  };
  return { services, run, local, billing };
}
