import { availableParallelism } from 'node:os';
import PQueue from 'p-queue';
import type { CostumeJob, CostumeResult } from './render-costume';
import { renderOnWorkers } from './render-workers';

/** The pool is saturated: the route answers 429/503 instead of piling up work. */
export class WorkflowQueueFullError extends Error {
  override readonly name = 'WorkflowQueueFullError';
  readonly code = 'QUEUE_FULL';
  constructor(readonly maxQueue: number) {
    super(`The costume workflow queue is full (${maxQueue} waiting); try again shortly`);
  }
}

export interface WorkflowPoolOptions<Job, Result> {
  /** Runs at once; defaults to the core count, since each run keeps about one core busy. */
  readonly concurrency?: number;
  /** Runs allowed to wait beyond those running; more are refused with WorkflowQueueFullError. */
  readonly maxQueue?: number;
  /** The work itself: by default the costume workflow on one worker thread per run at once; tests pass a stand-in. */
  readonly task?: (job: Job) => Promise<Result>;
}

export interface WorkflowPool<Job, Result> {
  /** Queues a run; a plain function (no `this`), so `pool.run` can be handed around unbound. */
  run: (job: Job) => Promise<Result>;
  /** Runs in progress and runs waiting. */
  stats(): { running: number; queued: number };
  /** Resolves when nothing is running or waiting. */
  idle(): Promise<void>;
}

export function createWorkflowPool<
  Job extends { signal?: AbortSignal; onStart?: () => void } = CostumeJob,
  Result = CostumeResult,
>(options: WorkflowPoolOptions<Job, Result> = {}): WorkflowPool<Job, Result> {
  const concurrency = options.concurrency ?? availableParallelism();
  const maxQueue = options.maxQueue ?? concurrency * 4;
  const task = options.task ?? (renderOnWorkers() as unknown as (job: Job) => Promise<Result>);
  const queue = new PQueue({ concurrency });
  return {
    run: async (job) => {
      if (queue.size >= maxQueue) throw new WorkflowQueueFullError(maxQueue);
      job.onStart?.();
      // A caller that gives up while waiting leaves the queue at once (p-queue honours the signal).
      return queue.add(() => task(job), { signal: job.signal });
    },
    stats: () => ({ running: queue.pending, queued: queue.size }),
    idle: () => queue.onIdle(),
  };
}
