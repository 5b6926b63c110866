import { describe, expect, it } from 'vitest';
import { createWorkflowPool, WorkflowQueueFullError } from './workflow-pool';

interface Job {
  readonly name: string;
  readonly signal?: AbortSignal;
}

/** A task whose runs finish only when the test says so, recording how many overlap. */
function controlledTask() {
  const finishers = new Map<string, () => void>();
  const started: string[] = [];
  let running = 0;
  let maxRunning = 0;
  const task = (job: Job) =>
    new Promise<string>((resolve) => {
      started.push(job.name);
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      finishers.set(job.name, () => {
        running -= 1;
        resolve(job.name);
      });
    });
  const finish = (name: string) => finishers.get(name)?.();
  return { task, finish, started, maxRunning: () => maxRunning };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createWorkflowPool', () => {
  it('never runs more than its concurrency and refuses work beyond maxQueue', async () => {
    const work = controlledTask();
    const pool = createWorkflowPool<Job, string>({ concurrency: 2, maxQueue: 2, task: work.task });
    const accepted = ['a', 'b', 'c', 'd'].map((name) => pool.run({ name }));
    await tick();
    expect(work.started).toEqual(['a', 'b']);
    expect(pool.stats()).toEqual({ running: 2, queued: 2 });

    await expect(pool.run({ name: 'e' })).rejects.toBeInstanceOf(WorkflowQueueFullError);
    await expect(pool.run({ name: 'e' })).rejects.toMatchObject({ code: 'QUEUE_FULL' });

    work.finish('a');
    await tick();
    expect(work.started).toEqual(['a', 'b', 'c']);
    // Room again: a new run is accepted once one has left the queue.
    const late = pool.run({ name: 'f' });
    for (const name of ['b', 'c', 'd', 'f']) {
      work.finish(name);
      await tick();
    }
    await expect(Promise.all([...accepted, late])).resolves.toEqual(['a', 'b', 'c', 'd', 'f']);
    expect(work.maxRunning()).toBe(2);
    expect(pool.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('defaults its concurrency to the core count', async () => {
    const { availableParallelism } = await import('node:os');
    const work = controlledTask();
    const pool = createWorkflowPool<Job, string>({ task: work.task });
    const runs = Array.from({ length: availableParallelism() + 1 }, (_, i) =>
      pool.run({ name: String(i) }),
    );
    await tick();
    expect(pool.stats().running).toBe(availableParallelism());
    for (let i = 0; i < runs.length; i++) {
      work.finish(String(i));
      await tick();
    }
    await Promise.all(runs);
  });

  it('works when run is handed around unbound (as the /v1/run route does)', async () => {
    const { run } = createWorkflowPool<Job, string>({ task: async (job) => job.name });
    await expect(run({ name: 'unbound' })).resolves.toBe('unbound');
  });

  it('drops a waiting run whose caller aborted, without running it', async () => {
    const work = controlledTask();
    const pool = createWorkflowPool<Job, string>({ concurrency: 1, maxQueue: 5, task: work.task });
    const first = pool.run({ name: 'first' });
    const controller = new AbortController();
    const waiting = pool.run({ name: 'waiting', signal: controller.signal });
    controller.abort();
    await expect(waiting).rejects.toThrow();
    work.finish('first');
    await first;
    await pool.idle();
    expect(work.started).toEqual(['first']);
  });
});
