import {
  domainCode,
  isConnectionLost,
  videoGenerationError,
  type DomainErrorCode,
} from '../errors';
import type { GalleryItem } from '../model/gallery-item';
import type { GenerationResults, InputSource } from '../model/generation';
import { presetImagePath, type PresetKind } from '../model/presets';
import type { ClockPort } from '../ports/clock.port';
import type { ConnectivityPort } from '../ports/connectivity.port';
import type { PendingRunPort } from '../ports/pending-run.port';
import type { RunnerPort, RunRead } from '../ports/runner.port';
import {
  followCostumeRun,
  runCostumeWorkflow,
  streamCostumeWorkflow,
  type WorkflowInputs,
} from './costume-run';
import type { InputSides } from './creation';
import type { Gallery } from './gallery';
import { LIVE_RUN, type UnsettledRuns } from './unsettled-runs';

/** Where a run is, and what the platform charged for it (USD): what it delivered so far. */
export interface RunCharge {
  readonly status: RunRead['status'];
  readonly cost: number;
}

const chargeOf = ({ status, usage }: RunRead): RunCharge => ({ status, cost: usage?.cost ?? 0 });

export const VALIDATION_MESSAGES = {
  upload: "Please upload both your pet's photo and a costume character image.",
  presets: 'Please select both a pet and a costume from the presets.',
} as const;

/** The video card's text for a run that ended with its image alone while nobody followed it. */
export const VIDEO_NOT_FINISHED =
  'The video was stopped when the page was left, so only its picture was charged. Retry Video makes the video again.';

/** Technical texts of the cards when the workflow answered but left a result out. */
export const MISSING_IMAGE = 'Image generation failed: the workflow returned no image';
export const MISSING_VIDEO = 'Video generation failed: the workflow returned no video';

/** Where a preset's image is fetched from by the workflow; drivers may make it absolute. */
export type PresetUrl = (preset: { kind: PresetKind; id: string }) => string;

export type { WorkflowInputs } from './costume-run';

/**
 * How a run survives a lost network or a reload (issue 31). Each run gets its own
 * Idempotency-Key; sent again with it, the platform answers the same run and charges it once (a
 * run whose caller went away is not charged and runs afresh). Without these, as in the CLI and
 * most tests, a lost run ends in its error cards.
 */
export interface RunRecovery {
  /** Tells when the device is back online; a run lost with the network is then sent again. */
  readonly connectivity?: ConnectivityPort;
  /** A fresh Idempotency-Key. */
  readonly newKey?: () => string;
  /** Keeps the pending run on the device, so a reload sends it again. */
  readonly pending?: PendingRunPort;
}

/** Who a run is for: its creation reaches that user's gallery only (issue 41). */
export interface RunOwners {
  /** The id of the user signed in now, if any. */
  currentUser(): string | undefined;
  readonly unsettled: UnsettledRuns;
}

/** What became of a run picked up on its owner's next sign-in. */
export interface PickedUpRun {
  /** In the gallery (its picture at least), or nothing of it was made and nothing charged. */
  readonly outcome: 'in-gallery' | 'not-charged';
  /** Its owner had signed out while it was being made (else the tab was closed). */
  readonly signedOut: boolean;
}

export const PICKED_UP_NOTICES = {
  signedOut: {
    'in-gallery': 'Your costume was still being made when you signed out: it is in your gallery.',
    'not-charged': 'Your costume was still being made when you signed out: it was not charged.',
  },
  closed: {
    'in-gallery': 'The costume you started before the page was closed is in your gallery.',
    'not-charged':
      'The costume you started before the page was closed could not be finished: it was not charged.',
  },
} as const;

/** Waits before a left run is read again after a passing failure (rate limit, network). */
export const PICK_UP_RETRY_MS = [5_000, 20_000, 60_000] as const;
const PASSING_FAILURES = new Set<DomainErrorCode>([
  'RATE_LIMIT_EXCEEDED',
  'SERVICE_UNAVAILABLE',
  'NETWORK_ERROR',
  'TIMEOUT_ERROR',
]);

export const RECOVERY_LIMITS = {
  /** Sends of a lost run after the first, while online: after 1, 2, 4 and 8 s. */
  resends: 4,
  firstResendDelayMs: 1_000,
  /** How long a lost run waits for the network before its error cards show. */
  offlineWaitMs: 5 * 60_000,
  /** A pending run older than this is not picked up after a reload. */
  pendingMaxAgeMs: 60 * 60_000,
} as const;

export const RECOVERY_NOTICES = {
  offline:
    'You are offline. Your costume will finish when the connection returns, and it is charged only once.',
  resending: 'Reconnecting to finish your costume…',
  resumed: 'Picking up the costume you started before the page reloaded…',
  inputsLost:
    'The costume you started before the page reloaded could not be picked up: its photos were too large to keep on this device. Nothing was charged for it; add them again and press Generate.',
} as const;

export interface CostumeRequest {
  readonly inputs: WorkflowInputs;
  /** The run's Idempotency-Key; a fresh one when left out. */
  readonly idempotencyKey?: string;
  /** The run request is about to leave for the platform: from there on it is charged. */
  readonly onSent?: () => void;
  /** The costume image arrived before the video (streamed runs only), and what is said under it. */
  readonly onImage?: (imageUrl: string, imageNote?: string) => void;
  /**
   * A run already sent whose id is known (a page that reloaded): followed by its id first, so the
   * image that was shown comes back and only the video is waited for, charged once. Sent again
   * with its key only when nothing of it went out.
   */
  readonly runId?: string;
  /** The platform named the run (the stream's first content): a reload can follow it by this id. */
  readonly onRunId?: (id: string) => void;
  /** What happens to a run the network interrupted; undefined once it is sent again or settled. */
  readonly onNotice?: (notice: string | undefined) => void;
  /** The run is answered and its item made, just before the item is written to the gallery. */
  readonly onCreated?: (created: CostumeCreated) => void;
}

/** What one run made: the workflow's answer and, when an image came back, the item it saved. */
export interface CostumeCreated {
  readonly results: GenerationResults;
  /** The gallery item made from the image (id, URLs); undefined when no image came back. */
  readonly item?: GalleryItem;
  /** Why the video is missing, when the run failed after its image arrived. */
  readonly videoFailure?: unknown;
}

/**
 * Generate Halloween Costume (SPEC.md section 4 "Generation"), as a command that keeps no state of
 * a run: run the costume workflow (sent again with its key when the connection was lost), save
 * what came back to the gallery, and answer the item it made. What a run looks like while it goes
 * is the caller's (GenerationView for the app, the progress bar for the CLI), so several runs may
 * go at once (the CLI's batch).
 */
export class GenerateCostume {
  /** The last item id given: ids are creation times in ms and must differ (SPEC.md 3). */
  private lastId = 0;

  constructor(
    private readonly runner: RunnerPort,
    private readonly gallery: Gallery,
    private readonly clock: ClockPort,
    private readonly presetUrl: PresetUrl = presetImagePath,
    /**
     * Run the workflow streamed, so the image is known while the video still encodes. Off for
     * runners whose stream does not carry workflow outputs.
     */
    private readonly streamOutputs = false,
    /** Told what a finished costume cost, so the next Generate can show the price. */
    private readonly prices?: { noteGenerationCost(cost: number): void },
    private readonly recovery: RunRecovery = {},
    private readonly owners?: RunOwners,
  ) {}

  /**
   * Runs this instance is streaming or following now, each with the beat that tells other tabs
   * it is still being made here: never picked up a second time.
   */
  private readonly inFlight = new Map<string, () => void>();

  /**
   * Runs this instance is making now, by id, each settling with what became of it for its owner:
   * a sign-in meanwhile (its owner signed out and back in, in this tab) is told once it ends.
   */
  private readonly finishing = new Map<string, Promise<PickedUpRun['outcome'] | undefined>>();

  /**
   * Runs the workflow and saves its image (with its video, when one came) as a new gallery item.
   * Rejects with the run's error when no image came back at all.
   */
  async execute(request: CostumeRequest): Promise<CostumeCreated> {
    const { inputs, onNotice } = request;
    const { owners } = this;
    const user = owners?.currentUser();
    // Signed out, or another user signed in, since the run started: its creation is not theirs.
    const stillTheirs = () => !owners || owners.currentUser() === user;
    let runId = request.runId;
    let finish: (outcome: PickedUpRun['outcome'] | undefined) => void = () => {};
    const finished = new Promise<PickedUpRun['outcome'] | undefined>((resolve) => {
      finish = resolve;
    });
    const named = (id: string) => {
      runId = id;
      this.finishing.set(id, finished);
      if (!user || !owners) return;
      owners.unsettled.add(user, id);
      owners.unsettled.touch(id);
      // Named again when sent again with its key: one beat per run.
      this.inFlight.get(id)?.();
      const beat = this.clock.every(LIVE_RUN.touchMs, () => owners.unsettled.touch(id));
      this.inFlight.set(id, beat);
    };
    if (runId) named(runId);
    const onImage = (imageUrl: string, imageNote?: string) => {
      if (stillTheirs()) request.onImage?.(imageUrl, imageNote);
    };
    let earlyImage = '';
    let earlyNote: string | undefined;
    const options = { idempotencyKey: request.idempotencyKey ?? this.newKey() };
    let created: CostumeCreated;
    const showImage = (imageUrl: string, imageNote?: string) => {
      if (imageUrl === earlyImage) return;
      earlyImage = imageUrl;
      earlyNote = imageNote;
      onImage?.(imageUrl, imageNote);
    };
    try {
      const followed = request.runId ? await this.follow(request.runId, showImage) : undefined;
      const results =
        followed ??
        (await this.withResends(() => {
          request.onSent?.();
          return this.streamOutputs
            ? streamCostumeWorkflow(
                this.runner,
                inputs,
                {
                  onImage: showImage,
                  onRunId: (id) => {
                    named(id);
                    request.onRunId?.(id);
                  },
                },
                options,
              )
            : runCostumeWorkflow(this.runner, inputs, options);
        }, onNotice));
      onNotice?.(undefined);
      created = { results, item: this.newItem(results) };
      if (results.imageUrl && results.videoUrl && results.cost !== undefined)
        this.prices?.noteGenerationCost(results.cost);
    } catch (error) {
      onNotice?.(undefined);
      // The image already shown is a creation; only the video failed (Retry Video fills it in).
      if (!earlyImage) {
        finish(stillTheirs() ? 'not-charged' : undefined);
        this.leave(runId, stillTheirs());
        throw error;
      }
      const results = {
        imageUrl: earlyImage,
        videoUrl: '',
        ...(earlyNote && { imageNote: earlyNote }),
      };
      created = { results, item: this.newItem(results), videoFailure: error };
    }
    // Its owner left mid-run: the creation waits, as a run id, for their next sign-in here.
    if (!stillTheirs()) {
      finish(undefined);
      this.leave(runId, false);
      return created;
    }
    request.onCreated?.(created);
    try {
      if (created.item) await this.gallery.add(created.item);
    } catch (error) {
      finish(undefined);
      this.leave(runId, false);
      throw error;
    }
    finish(created.item ? 'in-gallery' : 'not-charged');
    this.leave(runId, stillTheirs());
    return created;
  }

  /**
   * On its owner's sign-in: follows by id each run of theirs this device left unsettled (a tab
   * closed, a sign-out mid-run), puts what it made in their gallery, and says what became of it.
   */
  async pickUp(): Promise<PickedUpRun[]> {
    const { owners } = this;
    const user = owners?.currentUser();
    if (!owners || !user) return [];
    const picked: PickedUpRun[] = [];
    const { unsettled } = owners;
    for (const run of unsettled.of(user)) {
      const here = this.finishing.get(run.runId);
      if (here && run.signedOut) {
        // Still being made in this tab, whose owner signed out and back in: told once it ends.
        const outcome = await here;
        if (owners.currentUser() !== user) break;
        if (outcome) {
          picked.push({ outcome, signedOut: true });
          continue;
        }
        // It ended while nobody or someone else was signed in: followed by its id below.
      }
      if (this.inFlight.has(run.runId)) continue;
      // Another tab makes or follows it: it is theirs, unless that tab goes (closed) first.
      while (unsettled.isLive(run.runId) && !this.inFlight.has(run.runId))
        await new Promise<void>((resolve) => this.clock.after(LIVE_RUN.touchMs, resolve));
      if (owners.currentUser() !== user) break;
      if (!unsettled.has(run.runId) || this.inFlight.has(run.runId)) continue;
      // Followed here now: another tab opened meanwhile leaves it to this one.
      owners.unsettled.touch(run.runId);
      const touch = () => owners.unsettled.touch(run.runId);
      this.inFlight.set(run.runId, this.clock.every(LIVE_RUN.touchMs, touch));
      try {
        const { status, results } = await this.followLeftRun(
          run.runId,
          () => owners.currentUser() === user,
        );
        if (owners.currentUser() !== user) break;
        const item = this.newItem(status === 'succeeded' ? results : { ...results, videoUrl: '' });
        if (item) await this.gallery.addUnlessKept(item);
        picked.push({
          outcome: item ? 'in-gallery' : 'not-charged',
          signedOut: run.signedOut === true,
        });
        owners.unsettled.remove(run.runId);
      } catch (error) {
        // A run the platform no longer knows (over 24 hours) made nothing to pick up.
        if (domainCode(error) === 'NOT_FOUND' && owners.currentUser() === user)
          owners.unsettled.remove(run.runId);
      } finally {
        this.inFlight.get(run.runId)?.();
        this.inFlight.delete(run.runId);
      }
    }
    return picked;
  }

  /**
   * Follows a run another tab left, read again after a passing failure (the user's requests
   * rate-limited, the network gone): a run charged for must not wait for a later visit to say so.
   */
  private async followLeftRun(
    runId: string,
    stillTheirs: () => boolean,
  ): ReturnType<typeof followCostumeRun> {
    const read = (id: string) => this.runner.read(id);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await followCostumeRun(read, runId, this.clock);
      } catch (error) {
        const passing = PASSING_FAILURES.has(domainCode(error) ?? 'UNKNOWN_ERROR');
        const wait = PICK_UP_RETRY_MS[attempt];
        if (!passing || wait === undefined || !stillTheirs()) throw error;
        await new Promise<void>((resolve) => this.clock.after(wait, resolve));
      }
    }
  }

  /** The run is over in this tab: settled for its owner, or kept for their next sign-in. */
  private leave(runId: string | undefined, settled: boolean): void {
    if (!runId) return;
    this.finishing.delete(runId);
    this.inFlight.get(runId)?.();
    this.inFlight.delete(runId);
    // Kept, it is picked up on the owner's next sign-in (a sign-out marked it as such).
    if (settled) this.owners?.unsettled.remove(runId);
  }

  /**
   * Follows a run by its id until it ends: its outputs when it delivered both; undefined when
   * nothing of it went out (or the platform no longer knows it), so it may be sent again with its
   * key at no double charge. A run that ended with its image alone rejects with the video's
   * failure, the image told through `onImage` (it was charged, and is a creation).
   */
  private async follow(
    id: string,
    onImage: (imageUrl: string, imageNote?: string) => void,
  ): Promise<GenerationResults | undefined> {
    const { runner } = this;
    try {
      const read = (run: string) => runner.read(run);
      const { status, results } = await followCostumeRun(read, id, this.clock, onImage);
      if (!results.imageUrl) return undefined;
      if (status === 'succeeded' && results.videoUrl) return results;
      onImage(results.imageUrl, results.imageNote);
      throw videoGenerationError(VIDEO_NOT_FINISHED);
    } catch (error) {
      if (domainCode(error) === 'NOT_FOUND') return undefined;
      throw error;
    }
  }

  /**
   * Runs the workflow whole with a fresh key, sent again when its connection is lost, and saves
   * nothing: the retry buttons' runs survive the network as Generate's do.
   */
  async rerun(
    inputs: WorkflowInputs,
    onNotice?: (notice: string | undefined) => void,
  ): Promise<GenerationResults> {
    const options = { idempotencyKey: this.newKey() };
    try {
      return await this.withResends(
        () => runCostumeWorkflow(this.runner, inputs, options),
        onNotice,
      );
    } finally {
      onNotice?.(undefined);
    }
  }

  /**
   * Cancels a run still going, by the id onRunId gave: the platform charges what it had delivered
   * (nothing before the image, the image's share after it), and answers that charge.
   */
  async cancel(runId: string): Promise<RunCharge> {
    return chargeOf(await this.runner.cancel(runId));
  }

  /**
   * What the platform has charged a run so far. Only for a run whose image was delivered, or that
   * ended: reading one still going hands its image out, which charges the image.
   */
  async chargeSoFar(runId: string): Promise<RunCharge> {
    return chargeOf(await this.runner.read(runId));
  }

  /** A new gallery item made from these results, or undefined without an image. */
  newItem(results: GenerationResults): GalleryItem | undefined {
    const { imageUrl, videoUrl } = results;
    if (!imageUrl) return undefined;
    const now = (this.lastId = Math.max(this.clock.now(), this.lastId + 1));
    return { id: String(now), timestamp: now, imageUrl, videoUrl, isFavorite: false };
  }

  /** A fresh Idempotency-Key. */
  newKey(): string {
    return this.recovery.newKey?.() ?? `run-${this.clock.now()}-${randomPart()}`;
  }

  /**
   * The images the workflow takes, or undefined when a side is empty: each side sends what it
   * holds, a preset as its image URL and an upload as its downsized data URL, in either mode.
   */
  workflowInputs(inputs: InputSides): WorkflowInputs | undefined {
    const { pet, costume } = inputs;
    if (!pet || !costume) return undefined;
    // A preset pet has no photo background to keep, nor a face to tap: both go with an upload.
    const keep = inputs.keepBackground === true && pet.source === 'upload';
    const face = pet.source === 'upload' ? pet.face : undefined;
    return {
      pet: this.imageOf('pet', pet),
      costume: this.imageOf('costume', costume),
      ...(keep ? { keepBackground: true } : {}),
      ...(face && { face }),
    };
  }

  private imageOf(kind: PresetKind, input: InputSource): string {
    return input.source === 'upload' ? input.dataUrl : this.presetUrl({ kind, id: input.id });
  }

  /**
   * Sends a run again, with the same key, when its connection was lost: once the device is back
   * online, after 1, 2, 4 and 8 s. Anything the platform answered (a refusal, a failure) ends it.
   */
  private async withResends<T>(
    attempt: () => Promise<T>,
    onNotice: (notice: string) => void = () => {},
  ): Promise<T> {
    const { connectivity } = this.recovery;
    for (let resend = 0; ; resend++) {
      try {
        return await attempt();
      } catch (error) {
        if (!connectivity || !isConnectionLost(error) || resend >= RECOVERY_LIMITS.resends)
          throw error;
        if (!connectivity.isOnline()) {
          onNotice(RECOVERY_NOTICES.offline);
          if (!(await this.untilOnline(connectivity))) throw error;
        }
        onNotice(RECOVERY_NOTICES.resending);
        await new Promise<void>((resolve) =>
          this.clock.after(RECOVERY_LIMITS.firstResendDelayMs * 2 ** resend, resolve),
        );
      }
    }
  }

  /** True once the device is online again; false when it stayed offline too long. */
  private untilOnline(connectivity: ConnectivityPort): Promise<boolean> {
    return new Promise((resolve) => {
      let stopWaiting = () => {};
      const cancelTimeout = this.clock.after(RECOVERY_LIMITS.offlineWaitMs, () => {
        stopWaiting();
        resolve(false);
      });
      stopWaiting = connectivity.whenOnline(() => {
        cancelTimeout();
        resolve(true);
      });
    });
  }
}

/** A key's random part where no key maker was given (the platform client makes its own too). */
function randomPart(): string {
  return Math.random().toString(36).slice(2, 12);
}
