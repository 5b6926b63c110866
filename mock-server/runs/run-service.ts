import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  ERROR_CODES,
  type RunRequest,
  type RunResponse,
  type RunState,
} from '../../adapters/platform/src/api';
import {
  COSTUME_WORKFLOW_ID,
  CostumeWorkflowInput,
  WORKFLOW_INPUT,
  type WorkflowNotice,
} from '../../domain/model/workflow';
import { FACE_INPUT } from '../../domain/model/face-point';
import type { Principal } from '../auth/authenticate';
import { FREE_PLAN, findPlan, toUsd, type Pricing } from '../billing/plans';
import type { FaultInjector } from '../http/fault-injector';
import {
  insufficientBalance,
  notFound,
  planUpgradeRequired,
  PlatformError,
  validationError,
  workflowUnavailable,
} from '../http/platform-error';
import type { Accounts } from '../store/accounts';
import { FILE_RETENTION_MS } from '../store/file-retention';
import type { RunRecord } from '../store/runs-journal';
import { ABANDONED_STATUS, type StillWanted } from '../store/idempotency-store';
import { WorkflowInputError } from '../workflow/workflow-input';
import { WorkflowQueueFullError } from '../workflow/workflow-pool';
import type { CostumeRenderer } from './costume-renderer';
import { faultyRenderer } from './injected-faults';
import { CostumeRun, secretStem } from './costume-run';
import { resolveImage, type ImageSources } from './image-input';
import { TEXT_MODEL_ID, textAnswer } from './text-model';

export interface RunServiceDeps {
  accounts: Accounts;
  pricing: Pricing;
  render: CostumeRenderer;
  /** Told about failures of the workflow itself, which the caller only sees as WORKFLOW_FAILED. */
  onRenderError: (error: unknown) => void;
  faults: FaultInjector | undefined;
  sources: ImageSources;
  now: () => number;
}

const workflowFailed = () =>
  new PlatformError(
    500,
    'WORKFLOW_FAILED',
    'Workflow processing failed: nothing was charged, please retry.',
    {
      charged: false,
    },
  );

// details.started false is what the client reads to retry a run safely; 'unavailable' picks the
// model-unavailable error card (SPEC.md 8) when the retries run out.
const workflowBusy = () =>
  new PlatformError(
    503,
    ERROR_CODES.serviceUnavailable,
    'The costume workflow is busy (temporarily unavailable): try again in a few seconds.',
    undefined,
    { started: false },
    { 'retry-after': '2' },
  );

/**
 * The run was stopped before its whole answer was delivered: every caller went away (issue 33:
 * cancelling must not cost money) or its owner cancelled it. What was delivered is charged (the
 * image's share once its event went out), the rest refunded; the Idempotency-Key is free to run
 * it again.
 */
const stoppedRun = (record: RunRecord) =>
  new PlatformError(
    ABANDONED_STATUS,
    'RUN_ABANDONED',
    record.costCents > 0
      ? 'The run was stopped after its image was delivered: the image was charged, the video was not.'
      : 'The run was stopped before anything was delivered: nothing was charged. Send the run again with the same Idempotency-Key to get it.',
    { charged: record.costCents > 0 ? toUsd(record.costCents) : false },
  );

/**
 * The image was delivered but the video failed: the image is charged and kept, the run fails as
 * WORKFLOW_FAILED (the stream's error frame) so the caller offers Retry Video.
 */
const videoFailed = (record: RunRecord) =>
  new PlatformError(
    500,
    'WORKFLOW_FAILED',
    'Video processing failed: the video was not charged, please retry.',
    { charged: toUsd(record.costCents) },
  );

/**
 * How long a read by id keeps a run its callers left wanted: the app reads a run it follows every
 * second, so a run is stopped (charged what was delivered) only once nobody waits or reads.
 */
export const READ_KEEPS_RUN_MS = 10_000;

/** A part of the answer known before the whole: the costume image while the video encodes. */
export type OnPartialAnswer = (partial: RunResponse) => void;

/** How one request takes part in a run. */
export interface RunCall {
  /** Streams: told the image as soon as it exists (it is then delivered, and charged). */
  onPartial?: OnPartialAnswer;
  /** Whether anybody still waits for the answer; a run nobody waits for is not charged. */
  wanted?: StillWanted;
  /** Who may read and cancel the run by id (the Idempotency-Key's scope). */
  owner?: string;
}

/** POST /v1/run: price, charge, run and answer; the costume workflow or the text model. */
export class RunService {
  /** Costume runs still rendering, by id, until settled (then the runs journal has them). */
  private readonly live = new Map<string, CostumeRun>();
  /** When each live run was last read by its owner: a run read while it goes is still wanted. */
  private readonly readAt = new Map<string, number>();

  constructor(private readonly deps: RunServiceDeps) {}

  async execute(
    principal: Principal,
    request: RunRequest,
    origin: string,
    call: RunCall = {},
  ): Promise<RunResponse> {
    if (request.model === COSTUME_WORKFLOW_ID)
      return this.costume(principal, request, origin, call);
    if (request.model === TEXT_MODEL_ID) return this.text(principal, request, origin);
    throw notFound(`Unknown model or workflow: ${request.model.slice(0, 100)}`);
  }

  /**
   * GET /v1/runs/:id: a costume run of this owner, still going or settled within the retention
   * window. Reading a run still going hands out its image if it exists (charged from then on).
   */
  find(id: string, owner: string): RunState | undefined {
    const live = this.live.get(id);
    if (live?.info.owner === owner) {
      this.readAt.set(id, this.deps.now());
      return answerOf(live.progress());
    }
    const record = this.deps.accounts.runs.find(id, owner, this.deps.now() - FILE_RETENTION_MS);
    return record && answerOf(record);
  }

  /**
   * POST /v1/runs/:id/cancel: a run still going is stopped now, charged what was delivered (nothing
   * before its image went out); a settled run is answered as it is.
   */
  cancel(id: string, owner: string): RunState | undefined {
    const live = this.live.get(id);
    if (live?.info.owner === owner) return answerOf(live.stop('cancelled'));
    return this.find(id, owner);
  }

  private async costume(
    principal: Principal,
    request: RunRequest,
    origin: string,
    { onPartial, wanted: calling = () => true, owner = '' }: RunCall,
  ): Promise<RunResponse> {
    const parsed = CostumeWorkflowInput.safeParse(request.input);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || 'input');
      const images = fields.filter((field) => field !== WORKFLOW_INPUT.keepBackground);
      const said = [
        ...(images.length
          ? [`${images.join(', ')} must be an image (data URL or preset URL)`]
          : []),
        ...(images.length < fields.length
          ? [`${WORKFLOW_INPUT.keepBackground} must be true or false`]
          : []),
      ];
      throw validationError(`Invalid input: ${said.join('; ')}.`, parsed.error.issues);
    }
    const { sources, pricing, accounts, faults } = this.deps;
    const local = { ...sources, ownOrigins: [...sources.ownOrigins, origin] };
    const pet = await resolveImage(WORKFLOW_INPUT.pet, parsed.data.upload_your_pets_photo, local);
    const costume = await resolveImage(
      WORKFLOW_INPUT.costume,
      parsed.data.upload_costume_character,
      local,
    );
    const id = randomUUID();
    // Journalled as pending until settled: a crash in between is refunded at start.
    const userId = this.charge(principal, pricing.imageCents + pricing.videoCents, origin, {
      id,
      videoCents: pricing.videoCents,
    });
    const url = (file: string) =>
      `${origin}/files/${path.relative(sources.filesDir, file).split(path.sep).join('/')}`;
    const run = new CostumeRun(
      accounts,
      pricing,
      {
        id,
        model: request.model,
        owner,
        userId,
        projectId: principal.project.id,
        folder: path.join(sources.filesDir, id),
        url,
      },
      (settled) => {
        this.live.delete(settled.info.id);
        this.readAt.delete(settled.info.id);
      },
    );
    this.live.set(id, run);
    // Wanted while a caller waits for the answer, or while its owner reads it by id (an app that
    // reloaded, or a tab opened again, follows its run so): then it finishes and is charged whole.
    const wanted = () =>
      calling() || this.deps.now() - (this.readAt.get(id) ?? -Infinity) < READ_KEEPS_RUN_MS;
    const onImage = (imageFile: string, notice?: WorkflowNotice) => {
      run.imageReady(imageFile, notice);
      if (!onPartial || !calling()) return;
      const image = run.deliverImage();
      if (image) onPartial({ id, model: request.model, output: [image] });
    };
    // An injected fault fails the render itself, so the run takes the real failure's path.
    const fault = faults?.take('/v1/run', ['run-fail', 'video-fail'])?.next;
    const render =
      fault === 'run-fail' || fault === 'video-fail'
        ? faultyRenderer(this.deps.render, fault)
        : this.deps.render;
    let files: { imageFile: string; videoFile: string };
    try {
      files = await render({
        pet,
        costume,
        ...(parsed.data[FACE_INPUT] && { face: parsed.data[FACE_INPUT] }),
        outDir: run.info.folder,
        id: secretStem(),
        ...(parsed.data.keep_photo_background ? { keepBackground: true } : {}),
        // A stream opens with the run's id, so its caller can cancel it before anything is delivered.
        onStart: () => {
          if (onPartial && calling()) onPartial({ id, model: request.model, output: [] });
        },
        onImage,
      });
    } catch (error) {
      if (run.settlement || !wanted()) throw stoppedRun(run.stop('cancelled'));
      const record = run.stop('failed');
      if (record.costCents > 0) {
        this.deps.onRenderError(error);
        throw videoFailed(record);
      }
      if (error instanceof PlatformError) throw error;
      if (error instanceof WorkflowQueueFullError) throw workflowBusy();
      if (error instanceof WorkflowInputError)
        throw validationError(error.message, { field: error.field });
      this.deps.onRenderError(error);
      throw workflowFailed();
    }
    if (run.settlement || !wanted()) throw stoppedRun(run.stop('cancelled'));
    const record = run.succeed(files);
    return {
      id,
      model: request.model,
      output: record.output,
      usage: this.usage(principal, record.costCents),
    };
  }

  private async text(
    principal: Principal,
    request: RunRequest,
    origin: string,
  ): Promise<RunResponse> {
    const content = textAnswer(request.input, request.response_format);
    this.charge(principal, this.deps.pricing.textCents, origin);
    return {
      id: randomUUID(),
      model: request.model,
      output: [{ type: 'text', content }],
      usage: this.usage(principal, this.deps.pricing.textCents),
    };
  }

  /** Checks the plan's per-operation limit, then takes the credits; returns the user charged. */
  private charge(
    principal: Principal,
    cents: number,
    origin: string,
    run?: { id: string; videoCents: number },
  ): string | undefined {
    const user = principal.mode === 'anonymous' ? undefined : principal.user;
    const plan = (user && findPlan(user.plan_id)) || FREE_PLAN;
    if (cents > plan.perOperationLimitCents)
      throw planUpgradeRequired({
        upgradeUrl: `${origin}/subscribe`,
        currentPlan: plan.name,
        currentLimit: toUsd(plan.perOperationLimitCents),
        required: toUsd(cents),
      });
    const reservation = this.deps.accounts.credits.reserve(
      user?.id,
      principal.project.id,
      cents,
      run,
    );
    if (!reservation.ok)
      throw reservation.reason === 'owner-balance'
        ? workflowUnavailable()
        : insufficientBalance(toUsd(reservation.remainingCents), toUsd(cents));
    return user?.id;
  }

  private usage(principal: Principal, cents: number): RunResponse['usage'] {
    if (principal.mode === 'anonymous') return { cost: toUsd(cents) };
    const user = this.deps.accounts.users.userById(principal.user.id);
    return {
      cost: toUsd(cents),
      remainingCredits: user ? toUsd(user.allocated_cents - user.used_cents) : 0,
    };
  }
}

/** A run record in the run answer's shape, with its status. */
function answerOf(record: RunRecord): RunState {
  return {
    id: record.id,
    model: record.model,
    status: record.status,
    output: record.output,
    usage: { cost: toUsd(record.costCents) },
  };
}
