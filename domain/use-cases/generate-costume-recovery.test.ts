// A run lost with the network, or cut off by a reload, is sent again with its Idempotency-Key
// (issue 31): the platform answers the same run, charged once. Fake clock, fake connectivity.
import { describe, expect, it } from 'vitest';
import { domainError } from '../errors';
import { costumeOutput } from '../../adapters/memory/memory-runner';
import { createStudio } from '../../tests/support/test-container';
import type { PendingRun, PendingRunPort } from '../ports/pending-run.port';
import { RECOVERY_LIMITS, RECOVERY_NOTICES, type RunRecovery } from './generate-costume';

const lost = () => domainError({ code: 'NETWORK_ERROR' }, 'Network error: Failed to fetch');

function connectivity(online: boolean) {
  const waiting = new Set<() => void>();
  return {
    online,
    isOnline() {
      return this.online;
    },
    whenOnline(fn: () => void) {
      waiting.add(fn);
      return () => waiting.delete(fn);
    },
    goOnline() {
      this.online = true;
      for (const fn of [...waiting]) fn();
      waiting.clear();
    },
  };
}

function pendingStore(initial?: ReturnType<PendingRunPort['load']>) {
  let value = initial;
  return {
    port: {
      save: (run: PendingRun) => ((value = run), true),
      load: () => value,
      clear: () => (value = undefined),
    } satisfies PendingRunPort,
    value: () => value,
  };
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

function studio(recovery: RunRecovery) {
  let n = 0;
  const f = createStudio({}, { recovery: { newKey: () => `key-${++n}`, ...recovery } });
  f.ready();
  return f;
}

describe('GenerateCostume: a run lost with the network', () => {
  it('offline: waits for the network, then sends the same run again with its key', async () => {
    const net = connectivity(false);
    const f = studio({ connectivity: net });
    f.runner.answer({ throws: lost() }, costumeOutput('i.png', 'v.mp4'));
    const pending = f.generate.execute();
    await flush();
    expect(f.generate.getSnapshot().notice).toBe(RECOVERY_NOTICES.offline);
    expect(f.generate.getSnapshot().generation.isGenerating).toBe(true);
    f.clock.advance(60_000);
    expect(f.runner.runs).toHaveLength(1);

    net.goOnline();
    await flush();
    expect(f.generate.getSnapshot().notice).toBe(RECOVERY_NOTICES.resending);
    f.clock.advance(RECOVERY_LIMITS.firstResendDelayMs);
    expect(await pending).toEqual({ ok: true });
    const keys = f.runner.runs.map((run) => run.options?.idempotencyKey);
    expect(keys).toEqual(['key-1', 'key-1']);
    const done = f.generate.getSnapshot();
    expect(done.results).toMatchObject({ imageUrl: 'i.png', videoUrl: 'v.mp4' });
    expect(done.notice).toBeUndefined();
    expect(done.imageError).toBeUndefined();
    expect(f.gallery.getSnapshot().items).toHaveLength(1);
  });

  it('online: sends it again after 1, 2, 4 and 8 s, then shows the error cards with Retry', async () => {
    const f = studio({ connectivity: connectivity(true) });
    f.runner.answer({ throws: lost() });
    const pending = f.generate.execute();
    for (const delay of [1_000, 2_000, 4_000, 8_000]) {
      await flush();
      f.clock.advance(delay);
    }
    await pending;
    expect(f.runner.runs).toHaveLength(1 + RECOVERY_LIMITS.resends);
    expect(new Set(f.runner.runs.map((run) => run.options?.idempotencyKey)).size).toBe(1);
    const state = f.generate.getSnapshot();
    expect(state.imageError?.code).toBe('TIMEOUT_ERROR');
    expect(state.canRetryBoth).toBe(true);
    expect(state.notice).toBeUndefined();
  });

  it('offline for longer than the wait: the error cards show', async () => {
    const f = studio({ connectivity: connectivity(false) });
    f.runner.answer({ throws: lost() });
    const pending = f.generate.execute();
    await flush();
    f.clock.advance(RECOVERY_LIMITS.offlineWaitMs);
    await pending;
    expect(f.runner.runs).toHaveLength(1);
    expect(f.generate.getSnapshot().imageError?.code).toBe('TIMEOUT_ERROR');
  });

  it('an answer from the platform (a refusal) is never sent again', async () => {
    const f = studio({ connectivity: connectivity(true) });
    const refused = domainError({ code: 'INSUFFICIENT_BALANCE' }, 'Insufficient credits');
    f.runner.answer({ throws: refused });
    await f.generate.execute();
    expect(f.runner.runs).toHaveLength(1);
  });

  it('Retry Video lost with the network is sent again with its own key, once online', async () => {
    const net = connectivity(true);
    const f = studio({ connectivity: net });
    f.runner.answer(costumeOutput('i.png', ''));
    await f.generate.execute();
    expect(f.generate.getSnapshot().videoError).toBeDefined();
    net.online = false;
    f.runner.answer({ throws: lost() }, costumeOutput('i2.png', 'v2.mp4'));
    const retry = f.retry.retryVideo();
    await flush();
    expect(f.generate.getSnapshot().notice).toBe(RECOVERY_NOTICES.offline);
    net.goOnline();
    await flush();
    f.clock.advance(RECOVERY_LIMITS.firstResendDelayMs);
    expect(await retry).toEqual({ ok: true });
    const keys = f.runner.runs.map((run) => run.options?.idempotencyKey);
    expect(keys).toEqual(['key-1', 'key-2', 'key-2']);
    expect(f.generate.getSnapshot().results).toMatchObject({ videoUrl: 'v2.mp4' });
    expect(f.generate.getSnapshot().notice).toBeUndefined();
  });

  it('without connectivity (CLI, tests) a lost run ends in its error cards at once', async () => {
    const f = studio({});
    f.runner.answer({ throws: lost() });
    await f.generate.execute();
    expect(f.runner.runs).toHaveLength(1);
    expect(f.generate.getSnapshot().imageError?.code).toBe('TIMEOUT_ERROR');
  });
});

describe('GenerateCostume: a reload mid-run', () => {
  it('keeps the pending run (key and inputs) while it runs, and forgets it once it settles', async () => {
    const store = pendingStore();
    const f = studio({ pending: store.port });
    let finish: () => void = () => {};
    f.runner.answer(
      () => new Promise((resolve) => (finish = () => resolve(costumeOutput('i.png', 'v.mp4')))),
    );
    const pending = f.generate.execute();
    expect(store.value()).toMatchObject({
      key: 'key-1',
      mode: 'upload',
      inputs: {
        pet: { source: 'upload', dataUrl: 'data:image/png;base64,PET' },
        costume: { source: 'upload', dataUrl: 'data:image/png;base64,COSTUME' },
      },
    });
    finish();
    await pending;
    expect(store.value()).toBeUndefined();
  });

  it('after the reload: the inputs come back and the run is sent again with its key', async () => {
    const store = pendingStore({
      key: 'sent-before-reload',
      mode: 'presets',
      inputs: {
        pet: { source: 'preset', id: 'dog1' },
        costume: { source: 'preset', id: 'vampire' },
      },
      startedAt: Date.UTC(2025, 9, 31, 11, 59),
    });
    const f = createStudio({}, { recovery: { pending: store.port } });
    f.runner.answer(costumeOutput('i.png', 'v.mp4'));
    expect(await f.generate.resume()).toEqual({ ok: true });
    const state = f.generate.getSnapshot();
    expect(state.mode).toBe('presets');
    expect(state.inputs).toEqual({
      pet: { source: 'preset', id: 'dog1' },
      costume: { source: 'preset', id: 'vampire' },
    });
    expect(f.runner.runs[0]?.options?.idempotencyKey).toBe('sent-before-reload');
    expect(f.gallery.getSnapshot().items).toHaveLength(1);
    expect(store.value()).toBeUndefined();
    // Once per page.
    expect(await f.generate.resume()).toBeUndefined();
    expect(f.runner.runs).toHaveLength(1);
  });

  it('shows what it is doing while the run is picked up', async () => {
    const store = pendingStore({
      key: 'k',
      mode: 'presets',
      inputs: {
        pet: { source: 'preset', id: 'dog1' },
        costume: { source: 'preset', id: 'vampire' },
      },
      startedAt: Date.UTC(2025, 9, 31, 11, 59),
    });
    const f = createStudio({}, { recovery: { pending: store.port } });
    let finish: () => void = () => {};
    f.runner.answer(
      () => new Promise((resolve) => (finish = () => resolve(costumeOutput('i', 'v')))),
    );
    const run = f.generate.resume();
    expect(f.generate.getSnapshot().notice).toBe(RECOVERY_NOTICES.resumed);
    finish();
    await run;
    expect(f.generate.getSnapshot().notice).toBeUndefined();
  });

  it('inputs the device could not keep: says plainly what happened, sends nothing', async () => {
    const store = pendingStore({ key: 'k', startedAt: Date.UTC(2025, 9, 31, 11, 59) });
    const f = createStudio({}, { recovery: { pending: store.port } });
    expect(await f.generate.resume()).toBeUndefined();
    expect(f.generate.getSnapshot().notice).toBe(RECOVERY_NOTICES.inputsLost);
    expect(f.runner.runs).toHaveLength(0);
    expect(store.value()).toBeUndefined();
  });

  it('a pending run older than an hour is forgotten', async () => {
    const store = pendingStore({
      key: 'k',
      mode: 'presets',
      inputs: {
        pet: { source: 'preset', id: 'dog1' },
        costume: { source: 'preset', id: 'vampire' },
      },
      startedAt: Date.UTC(2025, 9, 31, 10, 0),
    });
    const f = createStudio({}, { recovery: { pending: store.port } });
    expect(await f.generate.resume()).toBeUndefined();
    expect(f.runner.runs).toHaveLength(0);
    expect(store.value()).toBeUndefined();
  });
});
