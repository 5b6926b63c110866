import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ERROR_CODES, type RunRequest, type RunResponse } from '../../adapters/platform/src/api';
import {
  COSTUME_WORKFLOW_ID,
  CostumeWorkflowInput,
  WORKFLOW_INPUT,
} from '../../domain/model/workflow';
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
import type { AccountsStore } from '../store/accounts-store';
import { ABANDONED_STATUS, type StillWanted } from '../store/idempotency-store';
import { WorkflowInputError, WorkflowQueueFullError } from '../workflow/index';
import type { CostumeRenderer } from './costume-renderer';
import { resolveImage, type ImageSources } from './image-input';
import { TEXT_MODEL_ID, textAnswer } from './text-model';

export interface RunServiceDeps {
  accounts: AccountsStore;
  pricing: Pricing;
  render: CostumeRenderer;
  /** Told about failures of the workflow itself, which the caller only sees as WORKFLOW_FAILED. */
  onRenderError: (error: unknown) => void;
  faults: FaultInjector | undefined;
  sources: ImageSources;
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
 * Every caller went away before the answer was delivered (issue 33: cancelling must not cost
 * money): the run is stopped, its credits go back, and the Idempotency-Key is free to run again.
 */
const abandonedRun = () =>
  new PlatformError(
    ABANDONED_STATUS,
    'RUN_ABANDONED',
    'The caller went away before the answer was delivered: nothing was charged. Send the run again with the same Idempotency-Key to get it.',
    { charged: false },
  );

/** A part of the answer known before the whole: the costume image while the video encodes. */
export type OnPartialAnswer = (partial: RunResponse) => void;

/** POST /v1/run: price, charge, run and answer; the costume workflow or the text model. */
export class RunService {
  constructor(private readonly deps: RunServiceDeps) {}

  async execute(
    principal: Principal,
    request: RunRequest,
    origin: string,
    onPartial?: OnPartialAnswer,
    /** Whether anybody still waits for the answer; a run nobody waits for is not charged. */
    wanted: StillWanted = () => true,
  ): Promise<RunResponse> {
    if (request.model === COSTUME_WORKFLOW_ID)
      return this.costume(principal, request, origin, onPartial, wanted);
    if (request.model === TEXT_MODEL_ID) return this.text(principal, request, origin);
    throw notFound(`Unknown model or workflow: ${request.model.slice(0, 100)}`);
  }

  private async costume(
    principal: Principal,
    request: RunRequest,
    origin: string,
    onPartial: OnPartialAnswer | undefined,
    wanted: StillWanted,
  ): Promise<RunResponse> {
    const parsed = CostumeWorkflowInput.safeParse(request.input);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || 'input');
      throw validationError(
        `Invalid input: ${fields.join(', ')} must be an image (data URL or preset URL).`,
        parsed.error.issues,
      );
    }
    const { sources, pricing, accounts, faults } = this.deps;
    const local = { ...sources, ownOrigins: [...sources.ownOrigins, origin] };
    const pet = await resolveImage(WORKFLOW_INPUT.pet, parsed.data.upload_your_pets_photo, local);
    const costume = await resolveImage(
      WORKFLOW_INPUT.costume,
      parsed.data.upload_costume_character,
      local,
    );
    const cost = pricing.imageCents + pricing.videoCents;
    const id = randomUUID();
    // Journalled as pending until answered or refunded: a crash in between is refunded at start.
    const userId = this.charge(principal, cost, origin, { id, videoCents: pricing.videoCents });

    const url = (file: string) =>
      `${origin}/files/${path.relative(sources.filesDir, file).split(path.sep).join('/')}`;
    const fault = faults?.take('/v1/run', ['run-fail', 'video-fail']);
    let files: { imageFile: string; videoFile: string };
    let imageSent = false;
    const onImage =
      onPartial &&
      ((imageFile: string) => {
        accounts.markImageDelivered(id);
        imageSent = true;
        onPartial({
          id,
          model: request.model,
          output: [{ image_output: { image: url(imageFile), outputType: 'image' } }],
        });
      });
    try {
      if (fault?.next === 'run-fail') throw workflowFailed();
      files = await this.deps.render({
        pet,
        costume,
        outDir: path.join(sources.filesDir, id),
        id,
        onImage,
      });
    } catch (error) {
      if (!wanted()) {
        accounts.refund(userId, principal.project.id, cost);
        throw abandonedRun();
      }
      if (imageSent) return this.videoFailed(principal, request.model, userId, id, error);
      accounts.refund(userId, principal.project.id, cost, id);
      if (error instanceof PlatformError) throw error;
      if (error instanceof WorkflowQueueFullError) throw workflowBusy();
      if (error instanceof WorkflowInputError)
        throw validationError(error.message, { field: error.field });
      this.deps.onRenderError(error);
      throw workflowFailed();
    }
    if (!wanted()) {
      accounts.refund(userId, principal.project.id, cost);
      throw abandonedRun();
    }
    const videoFailed = fault?.next === 'video-fail';
    if (videoFailed) accounts.refund(userId, principal.project.id, pricing.videoCents);
    const charged = videoFailed ? pricing.imageCents : cost;
    accounts.recordRun({
      id,
      userId,
      projectId: principal.project.id,
      model: request.model,
      costCents: charged,
    });

    return {
      id,
      model: request.model,
      output: [
        {
          image_output: { image: url(files.imageFile), outputType: 'image' },
          ...(videoFailed
            ? {}
            : { video_output: { video: url(files.videoFile), outputType: 'video' } }),
        },
      ],
      usage: this.usage(principal, charged),
    };
  }

  /**
   * The image was delivered but the video failed: the image is charged and kept, the run fails
   * as WORKFLOW_FAILED (the stream's error frame) so the caller offers Retry Video.
   */
  private videoFailed(
    principal: Principal,
    model: string,
    userId: string | undefined,
    id: string,
    error: unknown,
  ): never {
    const { accounts, pricing } = this.deps;
    accounts.refund(userId, principal.project.id, pricing.videoCents);
    accounts.recordRun({
      id,
      userId,
      projectId: principal.project.id,
      model,
      costCents: pricing.imageCents,
    });
    this.deps.onRenderError(error);
    throw new PlatformError(
      500,
      'WORKFLOW_FAILED',
      'Video processing failed: the video was not charged, please retry.',
      { charged: toUsd(pricing.imageCents) },
    );
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
    const reservation = this.deps.accounts.reserve(user?.id, principal.project.id, cents, run);
    if (!reservation.ok)
      throw reservation.reason === 'owner-balance'
        ? workflowUnavailable()
        : insufficientBalance(toUsd(reservation.remainingCents), toUsd(cents));
    return user?.id;
  }

  private usage(principal: Principal, cents: number): RunResponse['usage'] {
    if (principal.mode === 'anonymous') return { cost: toUsd(cents) };
    const user = this.deps.accounts.userById(principal.user.id);
    return {
      cost: toUsd(cents),
      remainingCredits: user ? toUsd(user.allocated_cents - user.used_cents) : 0,
    };
  }
}
