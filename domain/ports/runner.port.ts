import type { PetSight } from '../model/face-point';

/** A run's answer (SPEC.md section 3 "Run response"); a missing output is the caller's to report. */
export interface RunResult {
  readonly output?: readonly unknown[];
  /** What the run cost (USD) and left, when the platform says. */
  readonly usage?: { readonly cost?: number; readonly remainingCredits?: number };
}

export interface RunOptions {
  /** A zod schema or a response_format object; the client turns a schema into strict json_schema. */
  readonly responseFormat?: unknown;
  /** Cancels the run when aborted. */
  readonly signal?: AbortSignal;
  /**
   * The run's Idempotency-Key: the same key sent again is the same run, answered again and
   * charged once (a run nobody waited for is not charged, and runs afresh).
   */
  readonly idempotencyKey?: string;
}

/** How streamed content is handed out (SPEC.md section 7): as received, per letter or per word. */
export type StreamMode = 'chunk' | 'letter' | 'word';

export interface StreamOptions extends RunOptions {
  readonly mode?: StreamMode;
}

/**
 * What a streamed workflow run tells, read once by the runner: its id once the platform names it
 * (before anything is delivered), each image or video output as it exists, then `done` with what
 * the run cost, or `error` with why it failed (in the domain's codes). Nothing follows either.
 */
export type WorkflowEvent =
  | { readonly type: 'run-id'; readonly runId: string }
  | {
      readonly type: 'image';
      readonly url: string;
      /** What the workflow tells about the image (a code, WorkflowNotice for the costume's). */
      readonly notice?: string;
    }
  | { readonly type: 'video'; readonly url: string }
  | { readonly type: 'done'; readonly cost?: number }
  | { readonly type: 'error'; readonly error: unknown };

/**
 * A run read by its id (GET /v1/runs/:id): its answer so far, where it stands, and in `usage.cost`
 * what the platform charged for it (USD): what it delivered so far.
 */
export interface RunRead extends RunResult {
  readonly id: string;
  readonly status: 'running' | 'succeeded' | 'failed' | 'cancelled';
}

/** Runs AI models and workflows on the platform, spending the user's credits. */
export const RunnerPort = Symbol('RunnerPort');
export interface RunnerPort {
  /** Runs a model or workflow (e.g. 'workflow/{uuid}') and resolves with its output list. */
  run(
    model: string,
    input: Record<string, unknown> | string,
    options?: RunOptions,
  ): Promise<RunResult>;
  /** Runs a model streamed and yields its text piece by piece. */
  stream(
    model: string,
    input: Record<string, unknown> | string,
    options?: StreamOptions,
  ): AsyncIterable<string>;
  /** Runs a workflow ('workflow/{uuid}') streamed; never throws: it ends with `done` or `error`. */
  streamWorkflow(
    workflow: string,
    input: Record<string, unknown>,
    options?: RunOptions,
  ): AsyncIterable<WorkflowEvent>;
  /**
   * Stops a run still going, by the id its stream named (`run-id`); answers the run as it stands
   * then, charged what it delivered (nothing before its image).
   */
  cancel(runId: string): Promise<RunRead>;
  /**
   * Reads a run of this user by its id (the stream's first content names it). Reading a run still
   * going hands its image out if it exists (charged from then) and keeps it wanted: it finishes,
   * and its whole answer is charged once (README "Money"). Rejects with a not-found error for a
   * run that is not this user's or is older than 24 hours.
   */
  read(id: string): Promise<RunRead>;
  /**
   * Where the costume workflow would put the pet's head in this photo (a data URL), and whether it
   * is sure: asked before a run, so an unsure photo's owner can tap the face (issue 39). Free.
   */
  locatePet(photo: string): Promise<PetSight>;
}
