// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { PendingRun } from '../../domain/ports/pending-run.port';
import {
  PENDING_RUN_KEY,
  PENDING_RUN_MAX_CHARS,
  SessionPendingRunStore,
} from './pending-run-store';

const run: PendingRun = {
  key: 'key-1',
  mode: 'upload',
  inputs: {
    pet: { source: 'upload', dataUrl: 'data:image/jpeg;base64,PET' },
    costume: { source: 'upload', dataUrl: 'data:image/png;base64,COSTUME' },
  },
  startedAt: 1_000,
};

beforeEach(() => sessionStorage.clear());

describe('SessionPendingRunStore: the run a reload must pick up (issue 31)', () => {
  it('keeps the key and the inputs in sessionStorage, and forgets them on clear', () => {
    const store = new SessionPendingRunStore(sessionStorage, window);
    expect(store.save(run)).toBe(true);
    expect(new SessionPendingRunStore(sessionStorage, window).load()).toEqual(run);
    store.clear();
    expect(sessionStorage.getItem(PENDING_RUN_KEY)).toBeNull();
  });

  it("keeps Keep my photo's background with the inputs, so a reload sends the run as it was (issue 40)", () => {
    const store = new SessionPendingRunStore(sessionStorage, window);
    const kept = { ...run, inputs: { ...run.inputs, keepBackground: true } };
    expect(store.save(kept)).toBe(true);
    expect(new SessionPendingRunStore(sessionStorage, window).load()).toEqual(kept);
  });

  it('keeps the face point tapped on the pet photo, so a reload sends it again (issue 39)', () => {
    const store = new SessionPendingRunStore(sessionStorage, window);
    const tapped = {
      ...run,
      inputs: { ...run.inputs, pet: { ...run.inputs.pet!, face: { x: 0.4, y: 0.3 } } },
    } as PendingRun;
    store.save(tapped);
    expect(new SessionPendingRunStore(sessionStorage, window).load()).toEqual(tapped);
  });

  it('inputs too large to keep: only the key is kept, so the page can say what happened', () => {
    const store = new SessionPendingRunStore(sessionStorage, window);
    const huge = {
      ...run,
      inputs: {
        pet: { source: 'upload', dataUrl: 'x'.repeat(PENDING_RUN_MAX_CHARS) },
        costume: { source: 'preset', id: 'vampire' },
      },
    } satisfies PendingRun;
    expect(store.save(huge)).toBe(false);
    expect(store.load()).toEqual({ key: 'key-1', startedAt: 1_000 });
  });

  it('once the page is being left, a settling run does not clear what the reload needs', () => {
    const store = new SessionPendingRunStore(sessionStorage, window);
    store.save(run);
    window.dispatchEvent(new Event('pagehide'));
    store.clear();
    expect(store.load()).toEqual(run);
    window.dispatchEvent(new Event('pageshow'));
    store.clear();
    expect(store.load()).toBeUndefined();
  });

  it('reads a damaged entry as nothing pending', () => {
    sessionStorage.setItem(PENDING_RUN_KEY, '{not json');
    expect(new SessionPendingRunStore(sessionStorage, window).load()).toBeUndefined();
    sessionStorage.setItem(PENDING_RUN_KEY, JSON.stringify({ key: 3 }));
    expect(new SessionPendingRunStore(sessionStorage, window).load()).toBeUndefined();
  });
});
