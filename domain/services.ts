import { APP_DEFAULTS } from './model/app-config';
import { STORAGE_KEYS } from './model/constants';
import { GALLERY_SHAPE, INITIAL_GALLERY, type StoredGallery } from './model/gallery-item';
import { presetImagePath } from './model/presets';
import { EMPTY_PROFILE, isUserProfile, type UserProfile } from './model/profile';
import { AuthPort } from './ports/auth.port';
import { BillingPort } from './ports/billing.port';
import { ClockPort } from './ports/clock.port';
import { RunnerPort } from './ports/runner.port';
import { LocalStoragePort, RemoteStoragePort } from './ports/storage.port';
import { Account } from './use-cases/account';
import { CreateAnother } from './use-cases/create-another';
import { Creation } from './use-cases/creation';
import { Gallery } from './use-cases/gallery';
import { GenerateCostume, type PresetUrl, type RunRecovery } from './use-cases/generate-costume';
import { GenerationView } from './use-cases/generation-view';
import { UnsettledRuns } from './use-cases/unsettled-runs';
import { PetFace } from './use-cases/pet-face';
import { Profile } from './use-cases/profile';
import { ProgressTimeline } from './use-cases/progress-timeline';
import { RetryGeneration } from './use-cases/retry-generation';
import { RunModel } from './use-cases/run-model';
import { SelectInputs } from './use-cases/select-inputs';
import { Session, type SessionConfig } from './use-cases/session';
import { SignIn } from './use-cases/sign-in';
import { StorageSync } from './use-cases/storage-sync';

/** What a driver decides when it builds the services (a composition root binds it). */
export interface ServicesConfig {
  readonly session?: SessionConfig;
  /** The app name of download file names; the preview's CONSTANTS may change it. */
  readonly appName?: string;
  /** Where the workflow fetches preset images from. */
  readonly presetUrl?: PresetUrl;
  /**
   * Generate streamed, so the image shows before the video is ready. Off by default: a driver
   * turns it on when its runner's stream carries workflow outputs (the platform client's does).
   */
  readonly streamOutputs?: boolean;
  /** How a run survives a lost network or a reload; the browser gives all three (issue 31). */
  readonly recovery?: RunRecovery;
}
export const ServicesConfig = Symbol('ServicesConfig');

/** Every use case, resolved once per driver and handed to it as one typed object. */
export interface Services {
  readonly session: Session;
  readonly gallery: Gallery;
  readonly profile: Profile;
  readonly account: Account;
  readonly progress: ProgressTimeline;
  readonly selectInputs: SelectInputs;
  /** The stateless command: runs the workflow, saves the item, answers it (the CLI's batch runs several). */
  readonly generateCostume: GenerateCostume;
  /** The Create view's run: its progress and results, read by the UI. */
  readonly generation: GenerationView;
  readonly retryGeneration: RetryGeneration;
  readonly createAnother: CreateAnother;
  /** Any model or workflow, run whole or streamed (the CLI's `run`). */
  readonly runModel: RunModel;
  /** A terminal's sign-in: in the browser here, or approved on another device (the CLI's login). */
  readonly signIn: SignIn;
  /** Whether the locator is sure of the pet's photo, and the face its owner tapped (issue 39). */
  readonly petFace: PetFace;
}

// Each token is a const of its own: a unique symbol type, so the table below can say what it provides.
const SessionToken = Symbol('Session');
const GalleryToken = Symbol('Gallery');
const ProfileToken = Symbol('Profile');
const AccountToken = Symbol('Account');
const ProgressToken = Symbol('ProgressTimeline');
const SelectInputsToken = Symbol('SelectInputs');
const GenerateCostumeToken = Symbol('GenerateCostume');
const GenerationToken = Symbol('GenerationView');
const RetryGenerationToken = Symbol('RetryGeneration');
const CreateAnotherToken = Symbol('CreateAnother');
const RunModelToken = Symbol('RunModel');
const SignInToken = Symbol('SignIn');
const PetFaceToken = Symbol('PetFace');
const CreationToken = Symbol('Creation');
const GalleryStorageToken = Symbol('GalleryStorage');
const ProfileStorageToken = Symbol('ProfileStorage');

/** Container tokens of the services and of the state they share. */
export const TOKENS = {
  session: SessionToken,
  gallery: GalleryToken,
  profile: ProfileToken,
  account: AccountToken,
  progress: ProgressToken,
  selectInputs: SelectInputsToken,
  generateCostume: GenerateCostumeToken,
  generation: GenerationToken,
  retryGeneration: RetryGenerationToken,
  createAnother: CreateAnotherToken,
  runModel: RunModelToken,
  signIn: SignInToken,
  petFace: PetFaceToken,
  creation: CreationToken,
  galleryStorage: GalleryStorageToken,
  profileStorage: ProfileStorageToken,
} as const satisfies Record<keyof Services | string, symbol>;

/**
 * What each container token provides: the ports a driver binds and every domain object built
 * here. A factory's arguments are typed from its tokens, so a dependency in the wrong place, or
 * of the wrong type, does not compile (services.test.ts).
 */
export interface Provided {
  [AuthPort]: AuthPort;
  [BillingPort]: BillingPort;
  [ClockPort]: ClockPort;
  [RunnerPort]: RunnerPort;
  [LocalStoragePort]: LocalStoragePort;
  [RemoteStoragePort]: RemoteStoragePort;
  [ServicesConfig]: ServicesConfig;
  [SessionToken]: Session;
  [GalleryToken]: Gallery;
  [ProfileToken]: Profile;
  [AccountToken]: Account;
  [ProgressToken]: ProgressTimeline;
  [SelectInputsToken]: SelectInputs;
  [GenerateCostumeToken]: GenerateCostume;
  [GenerationToken]: GenerationView;
  [RetryGenerationToken]: RetryGeneration;
  [CreateAnotherToken]: CreateAnother;
  [RunModelToken]: RunModel;
  [SignInToken]: SignIn;
  [PetFaceToken]: PetFace;
  [CreationToken]: Creation;
  [GalleryStorageToken]: StorageSync<StoredGallery>;
  [ProfileStorageToken]: StorageSync<UserProfile>;
}

/** A token the container knows. */
export type Token = keyof Provided;

/**
 * A use case's factory and the tokens of its constructor arguments: exactly what inversify's
 * toResolvedValue(factory, deps) takes, without the domain depending on inversify.
 */
export interface Factory {
  readonly token: symbol;
  readonly deps: readonly symbol[];
  readonly create: (...deps: never[]) => unknown;
}

/**
 * One row of the wiring table: `create` is handed what `deps` provide, in their order, and makes
 * what `token` provides.
 */
export const factory = <T extends Token, const D extends readonly Token[]>(
  token: T,
  deps: D,
  create: (...args: { -readonly [K in keyof D]: Provided[D[K]] }) => Provided[T],
): Factory => ({ token, deps, create: create as Factory['create'] });

/** Every stateful domain object; composition roots bind each as a singleton. */
export const FACTORIES: readonly Factory[] = [
  factory(
    TOKENS.session,
    [AuthPort, LocalStoragePort, ClockPort, ServicesConfig],
    (auth: AuthPort, local: LocalStoragePort, clock: ClockPort, config: ServicesConfig) =>
      new Session(auth, local, clock, config.session),
  ),
  factory(
    TOKENS.galleryStorage,
    [LocalStoragePort, RemoteStoragePort, TOKENS.session, ClockPort],
    (local: LocalStoragePort, remote: RemoteStoragePort, session: Session, clock: ClockPort) =>
      new StorageSync<StoredGallery>(
        STORAGE_KEYS.gallery,
        INITIAL_GALLERY,
        GALLERY_SHAPE,
        local,
        remote,
        session,
        clock,
      ),
  ),
  factory(
    TOKENS.profileStorage,
    [LocalStoragePort, RemoteStoragePort, TOKENS.session, ClockPort],
    (local: LocalStoragePort, remote: RemoteStoragePort, session: Session, clock: ClockPort) =>
      new StorageSync<UserProfile>(
        STORAGE_KEYS.profile,
        EMPTY_PROFILE,
        isUserProfile,
        local,
        remote,
        session,
        clock,
      ),
  ),
  factory(
    TOKENS.gallery,
    [TOKENS.galleryStorage, ServicesConfig, ClockPort],
    (storage: StorageSync<StoredGallery>, config: ServicesConfig, clock: ClockPort) =>
      new Gallery(storage, config.appName ?? APP_DEFAULTS.name, clock),
  ),
  factory(
    TOKENS.profile,
    [TOKENS.profileStorage, TOKENS.session, ClockPort],
    (storage: StorageSync<UserProfile>, session: Session, clock: ClockPort) =>
      new Profile(storage, session, clock),
  ),
  factory(
    TOKENS.account,
    [BillingPort, TOKENS.session, LocalStoragePort],
    (billing: BillingPort, session: Session, local: LocalStoragePort) =>
      new Account(billing, session, local),
  ),
  factory(TOKENS.progress, [ClockPort], (clock: ClockPort) => new ProgressTimeline(clock)),
  factory(TOKENS.runModel, [RunnerPort], (runner: RunnerPort) => new RunModel(runner)),
  factory(TOKENS.signIn, [AuthPort], (auth: AuthPort) => new SignIn(auth)),
  factory(TOKENS.creation, [], () => new Creation()),
  factory(TOKENS.selectInputs, [TOKENS.creation], (c: Creation) => new SelectInputs(c)),
  factory(TOKENS.createAnother, [TOKENS.creation], (c: Creation) => new CreateAnother(c)),
  factory(
    TOKENS.petFace,
    [RunnerPort, TOKENS.creation],
    (runner: RunnerPort, c: Creation) => new PetFace(runner, c),
  ),
  factory(
    TOKENS.generateCostume,
    [
      RunnerPort,
      TOKENS.gallery,
      ClockPort,
      ServicesConfig,
      TOKENS.account,
      TOKENS.session,
      LocalStoragePort,
    ],
    (
      runner: RunnerPort,
      gallery: Gallery,
      clock: ClockPort,
      config: ServicesConfig,
      account: Account,
      session: Session,
      local: LocalStoragePort,
    ) => {
      const currentUser = () => session.getSnapshot().user?.userId;
      const unsettled = new UnsettledRuns(local, clock);
      // A sign-out (in this tab, or another one this tab follows) while runs of the user were
      // unsettled: their next sign-in says the runs were still being made when they signed out.
      let signedIn = currentUser();
      session.subscribe(() => {
        const now = currentUser();
        if (signedIn && now !== signedIn) unsettled.signedOut(signedIn);
        signedIn = now;
      });
      return new GenerateCostume(
        runner,
        gallery,
        clock,
        config.presetUrl ?? presetImagePath,
        config.streamOutputs ?? false,
        account,
        config.recovery,
        { currentUser, unsettled },
      );
    },
  ),
  factory(
    TOKENS.generation,
    [
      TOKENS.creation,
      TOKENS.generateCostume,
      ClockPort,
      TOKENS.progress,
      ServicesConfig,
      TOKENS.session,
    ],
    (
      creation: Creation,
      command: GenerateCostume,
      clock: ClockPort,
      progress: ProgressTimeline,
      config: ServicesConfig,
      session: Session,
    ) =>
      new GenerationView(creation, command, clock, progress, config.recovery?.pending, {
        current: () => session.getSnapshot().user?.userId,
        subscribe: (listener) => session.subscribe(listener),
      }),
  ),
  factory(
    TOKENS.retryGeneration,
    [TOKENS.creation, TOKENS.gallery, TOKENS.progress, TOKENS.generateCostume, TOKENS.generation],
    (
      creation: Creation,
      gallery: Gallery,
      progress: ProgressTimeline,
      command: GenerateCostume,
      generation: GenerationView,
    ) => new RetryGeneration(creation, gallery, progress, command, generation),
  ),
];

const SERVICE_KEYS: readonly (keyof Services)[] = [
  'session',
  'gallery',
  'profile',
  'account',
  'progress',
  'selectInputs',
  'generateCostume',
  'generation',
  'retryGeneration',
  'createAnother',
  'runModel',
  'signIn',
  'petFace',
];

/**
 * Resolves every service from a container (anything with get(token)). Lazily, each is built when
 * first read: a one-shot driver (the CLI) builds only the use cases its command uses, after it
 * signed in, so none reads ahead for a view nobody sees.
 */
export function resolveServices(
  container: { get(token: symbol): unknown },
  { lazy = false }: { lazy?: boolean } = {},
): Services {
  if (!lazy)
    return Object.fromEntries(
      SERVICE_KEYS.map((key) => [key, container.get(TOKENS[key])]),
    ) as unknown as Services;
  const services = {};
  for (const key of SERVICE_KEYS)
    Object.defineProperty(services, key, {
      enumerable: true,
      get: () => container.get(TOKENS[key]),
    });
  return services as Services;
}
