import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import type { Principal } from '../auth/authenticate';
import { DEFAULT_PRICING, PLANS, type Pricing } from '../billing/plans';
import { FaultInjector, type FaultKind } from '../http/fault-injector';
import { PlatformError } from '../http/platform-error';
import { seededAccounts } from '../store/test-accounts';
import { WorkflowInputError } from '../workflow/workflow-input';
import { WorkflowQueueFullError } from '../workflow/workflow-pool';
import { character, photo } from '../workflow/test-images';
import type { CostumeRenderer } from './costume-renderer';
import { RunService } from './run-service';
import { TEXT_MODEL_ID } from './text-model';

const ORIGIN = 'http://platform.test';
const FILES = mkdtempSync(path.join(tmpdir(), 'pawloween-run-service-'));
afterAll(() => rmSync(FILES, { recursive: true, force: true }));
let input: { upload_your_pets_photo: string; upload_costume_character: string };

beforeAll(async () => {
  const dataUrl = (type: string, bytes: Buffer) =>
    `data:${type};base64,${bytes.toString('base64')}`;
  input = {
    upload_your_pets_photo: dataUrl('image/jpeg', await photo('#333', '#c84', 96, 96)),
    upload_costume_character: dataUrl('image/png', await character('#84c', 96)),
  };
});

/** Writes an empty image, then an empty video, each when the real renderer would. */
const writeImage = (job: { outDir: string; id: string }) => {
  mkdirSync(job.outDir, { recursive: true });
  writeFileSync(`${job.outDir}/${job.id}.png`, '');
  return `${job.outDir}/${job.id}.png`;
};

/** Renders nothing: writes empty files, and calls onImage first, as the real one does. */
const rendered: CostumeRenderer = async (job) => {
  const imageFile = writeImage(job);
  job.onImage?.(imageFile);
  writeFileSync(`${job.outDir}/${job.id}.mp4`, '');
  return { imageFile, videoFile: `${job.outDir}/${job.id}.mp4` };
};

/** A file URL of this run under a secret name (128 random bits, base64url). */
const fileUrl = (runId: string, extension: string) =>
  expect.stringMatching(new RegExp(`^${ORIGIN}/files/${runId}/[\\w-]{22}\\${extension}$`));

/** A run service over a fresh in-memory platform: project p1 (owner $10), one Free user. */
function platform(
  options: {
    render?: CostumeRenderer;
    pricing?: Pricing;
    ownerCents?: number;
    fault?: FaultKind;
  } = {},
) {
  const { db, accounts, user } = seededAccounts({ ownerCents: options.ownerCents });
  const faults = new FaultInjector();
  if (options.fault) faults.arm({ next: options.fault, count: 1, path: '/v1/run', delayMs: 0 });
  const onRenderError = vi.fn();
  const render = vi.fn(options.render ?? rendered);
  const service = new RunService({
    accounts,
    pricing: options.pricing ?? DEFAULT_PRICING,
    render,
    onRenderError,
    faults,
    sources: { publicDirs: [], filesDir: FILES, ownOrigins: [] },
    now: Date.now,
  });
  const signedIn = (): Principal => ({ mode: 'user', ...accounts.users.userWithProject(user.id)! });
  const anonymous = (): Principal => ({
    mode: 'anonymous',
    project: accounts.users.userWithProject(user.id)!.project,
  });
  const usedCents = () => accounts.users.userById(user.id)!.used_cents;
  const ownerCents = () => accounts.users.userWithProject(user.id)!.project.owner_credits_cents;
  const runs = () =>
    db.prepare('SELECT user_id, model, cost_cents FROM runs').all() as {
      user_id: string | null;
      model: string;
      cost_cents: number;
    }[];
  return {
    accounts,
    user,
    service,
    render,
    onRenderError,
    signedIn,
    anonymous,
    usedCents,
    ownerCents,
    runs,
  };
}

const costume = () => ({ model: COSTUME_WORKFLOW_ID, input });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('the run should have failed'),
    (error: unknown) => {
      expect(error).toBeInstanceOf(PlatformError);
      return error as PlatformError;
    },
  );

describe('RunService: the costume workflow is charged once, for what was delivered', () => {
  it('charges image and video together ($0.50) from the user and the owner, and answers both with the balance left', async () => {
    const p = platform();
    const answer = await p.service.execute(p.signedIn(), costume(), ORIGIN);
    expect(answer.model).toBe(COSTUME_WORKFLOW_ID);
    expect(answer.output).toEqual([
      {
        image_output: { image: fileUrl(answer.id!, '.png'), outputType: 'image' },
        video_output: { video: fileUrl(answer.id!, '.mp4'), outputType: 'video' },
      },
    ]);
    expect(answer.usage).toEqual({ cost: 0.5, remainingCredits: 4.5 });
    expect(p.usedCents()).toBe(50);
    expect(p.ownerCents()).toBe(950);
    expect(p.runs()).toEqual([{ user_id: p.user.id, model: COSTUME_WORKFLOW_ID, cost_cents: 50 }]);
    expect(p.render).toHaveBeenCalledWith(
      expect.objectContaining({ outDir: `${FILES}/${answer.id}` }),
    );
  });

  it('sends the image as soon as it is written, before the answer, when the caller streams', async () => {
    const p = platform();
    const partials: unknown[] = [];
    const answer = await p.service.execute(p.signedIn(), costume(), ORIGIN, {
      onPartial: (partial) => partials.push(partial),
    });
    expect(partials).toEqual([
      {
        id: answer.id,
        model: COSTUME_WORKFLOW_ID,
        output: [
          {
            image_output: { image: fileUrl(answer.id!, '.png'), outputType: 'image' },
          },
        ],
      },
    ]);
  });

  it('an anonymous caller (project key) is charged to the owner only, and told the cost alone', async () => {
    const p = platform();
    const answer = await p.service.execute(p.anonymous(), costume(), ORIGIN);
    expect(answer.usage).toEqual({ cost: 0.5 });
    expect(p.usedCents()).toBe(0);
    expect(p.ownerCents()).toBe(950);
    expect(p.runs()).toEqual([{ user_id: null, model: COSTUME_WORKFLOW_ID, cost_cents: 50 }]);
  });

  it('a failed workflow refunds everything, reports the failure and says nothing was charged', async () => {
    const crash = new Error('ffmpeg died');
    const p = platform({
      render: async () => {
        throw crash;
      },
    });
    const error = await failure(p.service.execute(p.signedIn(), costume(), ORIGIN));
    expect(error).toMatchObject({
      statusCode: 500,
      code: 'WORKFLOW_FAILED',
      message: 'Workflow processing failed: nothing was charged, please retry.',
      context: { charged: false },
    });
    expect(p.onRenderError).toHaveBeenCalledWith(crash);
    expect(p.usedCents()).toBe(0);
    expect(p.ownerCents()).toBe(1_000);
    // Kept uncharged, so its owner can read by id how it ended.
    expect(p.runs()).toEqual([{ user_id: p.user.id, model: COSTUME_WORKFLOW_ID, cost_cents: 0 }]);
  });

  it('a full workflow queue refunds and answers 503, not started, retry in 2 s', async () => {
    const p = platform({
      render: async () => {
        throw new WorkflowQueueFullError(8);
      },
    });
    const error = await failure(p.service.execute(p.signedIn(), costume(), ORIGIN));
    expect(error).toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      details: { started: false },
      headers: { 'retry-after': '2' },
    });
    expect(error.message).toContain('temporarily unavailable');
    expect(p.onRenderError).not.toHaveBeenCalled();
    expect(p.usedCents()).toBe(0);
  });

  it('an input the workflow cannot use refunds and answers 400 naming the field', async () => {
    const p = platform({
      render: async () => {
        throw new WorkflowInputError('upload_your_pets_photo', 'The pet photo is too small.');
      },
    });
    const error = await failure(p.service.execute(p.signedIn(), costume(), ORIGIN));
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'upload_your_pets_photo: The pet photo is too small.',
      details: { field: 'upload_your_pets_photo' },
    });
    expect(p.usedCents()).toBe(0);
    expect(p.onRenderError).not.toHaveBeenCalled();
  });

  it('a platform error from the workflow passes through as it is, refunded', async () => {
    const refused = new PlatformError(409, 'CONFLICT', 'no');
    const p = platform({
      render: async () => {
        throw refused;
      },
    });
    expect(await failure(p.service.execute(p.signedIn(), costume(), ORIGIN))).toBe(refused);
    expect(p.usedCents()).toBe(0);
  });

  it('a video that fails after the image was sent keeps the image charged ($0.20) and refunds the video', async () => {
    const crash = new Error('encoder died');
    const p = platform({
      render: async (job) => {
        job.onImage?.(writeImage(job));
        throw crash;
      },
    });
    const error = await failure(
      p.service.execute(p.signedIn(), costume(), ORIGIN, { onPartial: () => {} }),
    );
    expect(error).toMatchObject({
      statusCode: 500,
      code: 'WORKFLOW_FAILED',
      message: 'Video processing failed: the video was not charged, please retry.',
      context: { charged: 0.2 },
    });
    expect(p.onRenderError).toHaveBeenCalledWith(crash);
    expect(p.usedCents()).toBe(20);
    expect(p.ownerCents()).toBe(980);
    expect(p.runs()).toEqual([{ user_id: p.user.id, model: COSTUME_WORKFLOW_ID, cost_cents: 20 }]);
  });

  it('a failure before the image when streaming still refunds everything', async () => {
    const p = platform({
      render: async () => {
        throw new Error('no image');
      },
    });
    const partial = vi.fn();
    await failure(p.service.execute(p.signedIn(), costume(), ORIGIN, { onPartial: partial }));
    expect(partial).not.toHaveBeenCalled();
    expect(p.usedCents()).toBe(0);
  });

  it('a streamed run whose video fails (fault) fails as a real video failure: image sent and charged ($0.20), then WORKFLOW_FAILED', async () => {
    const p = platform({ fault: 'video-fail' });
    const partials: unknown[] = [];
    const error = await failure(
      p.service.execute(p.signedIn(), costume(), ORIGIN, {
        onPartial: (partial) => partials.push(partial),
      }),
    );
    expect(partials).toContainEqual(
      expect.objectContaining({
        output: [{ image_output: { image: expect.stringMatching(/\.png$/), outputType: 'image' } }],
      }),
    );
    expect(error).toMatchObject({
      statusCode: 500,
      code: 'WORKFLOW_FAILED',
      message: 'Video processing failed: the video was not charged, please retry.',
      context: { charged: 0.2 },
    });
    expect(p.onRenderError).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'InjectedFault' }),
    );
    expect(p.usedCents()).toBe(20);
    expect(p.ownerCents()).toBe(980);
    expect(p.runs()[0]?.cost_cents).toBe(20);
  });

  it('a non-streamed run whose video fails (fault) delivered nothing: WORKFLOW_FAILED, nothing charged', async () => {
    const p = platform({ fault: 'video-fail' });
    const error = await failure(p.service.execute(p.signedIn(), costume(), ORIGIN));
    expect(error).toMatchObject({
      statusCode: 500,
      code: 'WORKFLOW_FAILED',
      context: { charged: false },
    });
    expect(p.usedCents()).toBe(0);
    expect(p.ownerCents()).toBe(1_000);
  });

  it('a run that fails (fault) is taken by the workflow, then fails before its image: nothing charged', async () => {
    const p = platform({ fault: 'run-fail' });
    const partials: unknown[] = [];
    const error = await failure(
      p.service.execute(p.signedIn(), costume(), ORIGIN, {
        onPartial: (partial) => partials.push(partial),
      }),
    );
    expect(error).toMatchObject({
      statusCode: 500,
      code: 'WORKFLOW_FAILED',
      context: { charged: false },
    });
    // The stream opened with the run's id, as it does when the real workflow takes a run.
    expect(partials).toEqual([expect.objectContaining({ output: [] })]);
    expect(p.render).not.toHaveBeenCalled();
    expect(p.onRenderError).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'InjectedFault' }),
    );
    expect(p.usedCents()).toBe(0);
    expect(p.ownerCents()).toBe(1_000);
  });
});

describe('RunService: what is refused before anything is charged', () => {
  it("beyond the plan's per-operation limit: 402 PLAN_UPGRADE_REQUIRED with the plan, limit and price", async () => {
    const free = PLANS[0]!;
    const p = platform({
      pricing: { ...DEFAULT_PRICING, imageCents: free.perOperationLimitCents - 29, videoCents: 30 },
    });
    const error = await failure(p.service.execute(p.signedIn(), costume(), ORIGIN));
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'PLAN_UPGRADE_REQUIRED',
      context: {
        upgradeUrl: `${ORIGIN}/subscribe`,
        currentPlan: 'Free',
        currentLimit: 1,
        required: 1.01,
      },
    });
    expect(p.usedCents()).toBe(0);
    expect(p.render).not.toHaveBeenCalled();
  });

  it('exactly at the limit runs, and a larger plan allows more', async () => {
    const pricing = { ...DEFAULT_PRICING, imageCents: 70, videoCents: 30 };
    const p = platform({ pricing });
    await p.service.execute(p.signedIn(), costume(), ORIGIN);
    expect(p.usedCents()).toBe(100);

    const q = platform({ pricing: { ...DEFAULT_PRICING, imageCents: 71, videoCents: 30 } });
    q.accounts.credits.startPlan(
      q.user.id,
      PLANS.find((plan) => plan.id === 'plus')!,
    );
    await q.service.execute(q.signedIn(), costume(), ORIGIN);
    expect(q.usedCents()).toBe(101);
  });

  it('an anonymous caller is held to the Free limit', async () => {
    const p = platform({ pricing: { ...DEFAULT_PRICING, imageCents: 71, videoCents: 30 } });
    expect((await failure(p.service.execute(p.anonymous(), costume(), ORIGIN))).code).toBe(
      'PLAN_UPGRADE_REQUIRED',
    );
  });

  it('more than the user has left: 402 INSUFFICIENT_BALANCE with what is left and what is needed', async () => {
    const p = platform();
    expect(p.accounts.credits.reserve(p.user.id, 'p1', 460)).toEqual({ ok: true });
    const error = await failure(p.service.execute(p.signedIn(), costume(), ORIGIN));
    expect(error).toMatchObject({
      statusCode: 402,
      code: 'INSUFFICIENT_BALANCE',
      context: { remainingCredits: 0.4, requiredCredits: 0.5 },
    });
    expect(p.usedCents()).toBe(460);
    expect(p.render).not.toHaveBeenCalled();
  });

  it('an owner out of credits: 503 WORKFLOW_UNAVAILABLE, and the user is not charged', async () => {
    const p = platform({ ownerCents: 49 });
    const error = await failure(p.service.execute(p.signedIn(), costume(), ORIGIN));
    expect(error).toMatchObject({ statusCode: 503, code: 'WORKFLOW_UNAVAILABLE' });
    expect(p.usedCents()).toBe(0);
    expect(p.ownerCents()).toBe(49);
  });

  it('input that is not two images: 400 naming every bad field, nothing charged', async () => {
    const p = platform();
    const error = await failure(
      p.service.execute(p.signedIn(), { model: COSTUME_WORKFLOW_ID, input: {} }, ORIGIN),
    );
    expect(error).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(error.message).toBe(
      'Invalid input: upload_your_pets_photo, upload_costume_character must be an image (data URL or preset URL).',
    );
    const whole = await failure(
      p.service.execute(p.signedIn(), { model: COSTUME_WORKFLOW_ID, input: 'a cat' }, ORIGIN),
    );
    expect(whole.message).toBe('Invalid input: input must be an image (data URL or preset URL).');
    expect(p.usedCents()).toBe(0);
  });

  it('keep_photo_background (issue 40): true reaches the workflow; left out or false, it does not', async () => {
    const p = platform();
    const keep = { model: COSTUME_WORKFLOW_ID, input: { ...input, keep_photo_background: true } };
    await p.service.execute(p.signedIn(), keep, ORIGIN);
    expect(p.render.mock.calls[0]![0]).toMatchObject({ keepBackground: true });
    const off = { model: COSTUME_WORKFLOW_ID, input: { ...input, keep_photo_background: false } };
    await p.service.execute(p.signedIn(), off, ORIGIN);
    await p.service.execute(p.signedIn(), costume(), ORIGIN);
    for (const call of p.render.mock.calls.slice(1)) expect(call[0].keepBackground).toBeUndefined();
  });

  it('a keep_photo_background that is not true or false: 400 saying so, nothing charged', async () => {
    const p = platform();
    const bad = { model: COSTUME_WORKFLOW_ID, input: { ...input, keep_photo_background: 'yes' } };
    const error = await failure(p.service.execute(p.signedIn(), bad, ORIGIN));
    expect(error).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(error.message).toBe('Invalid input: keep_photo_background must be true or false.');
    const both = await failure(
      p.service.execute(
        p.signedIn(),
        { model: COSTUME_WORKFLOW_ID, input: { keep_photo_background: 1 } },
        ORIGIN,
      ),
    );
    expect(both.message).toBe(
      'Invalid input: upload_your_pets_photo, upload_costume_character must be an image (data URL or preset URL); keep_photo_background must be true or false.',
    );
    expect(p.usedCents()).toBe(0);
    expect(p.render).not.toHaveBeenCalled();
  });

  it('an unknown model: 404 naming it, cut to 100 characters', async () => {
    const p = platform();
    const model = `workflow/${'x'.repeat(200)}`;
    const error = await failure(p.service.execute(p.signedIn(), { model, input: {} }, ORIGIN));
    expect(error).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(error.message).toBe(`Unknown model or workflow: ${model.slice(0, 100)}`);
    expect(p.usedCents()).toBe(0);
  });
});

describe('RunService: the text model', () => {
  it('charges $0.01 and answers the text with the balance left', async () => {
    const p = platform();
    const answer = await p.service.execute(
      p.signedIn(),
      { model: TEXT_MODEL_ID, input: { prompt: 'A name for a ghost cat' } },
      ORIGIN,
    );
    expect(answer).toMatchObject({
      model: TEXT_MODEL_ID,
      output: [{ type: 'text', content: expect.any(String) }],
      usage: { cost: 0.01, remainingCredits: 4.99 },
    });
    expect(p.usedCents()).toBe(1);
  });
});
