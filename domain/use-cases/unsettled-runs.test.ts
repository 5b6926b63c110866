// Runs a tab left unsettled (closed mid-run, signed out mid-run) are picked up by id on their
// owner's next sign-in only, once, and say what became of them (issue 41, item 2).
import { describe, expect, it, vi } from 'vitest';
import { MemoryLocalStorage } from '../../adapters/memory/memory-local-storage';
import { FakeClock } from '../../tests/support/fake-clock';
import type { GalleryItem } from '../model/gallery-item';
import type { RunRead, RunnerPort } from '../ports/runner.port';
import { domainError } from '../errors';
import type { Gallery } from './gallery';
import { GenerateCostume, PICK_UP_RETRY_MS } from './generate-costume';
import { UnsettledRuns } from './unsettled-runs';

/**
 * A GenerateCostume over a gallery that records what it is given and a runner that reads `runs` by
 * id (throwing `failures` first), or over `streaming`, a runner whose runs are made in this tab.
 */
function fixture(
  runs: Record<string, RunRead>,
  failures: Error[] = [],
  streaming?: Pick<RunnerPort, 'streamWorkflow'>,
) {
  const clock = new FakeClock();
  const unsettled = new UnsettledRuns(new MemoryLocalStorage(), clock);
  const added: GalleryItem[] = [];
  const gallery = {
    add: async (item: GalleryItem) => void added.push(item),
    addUnlessKept: async (item: GalleryItem) => void added.push(item),
  } as unknown as Gallery;
  const reads: string[] = [];
  const runner = {
    ...streaming,
    read: async (id: string) => {
      reads.push(id);
      const failure = failures.shift();
      if (failure) throw failure;
      const run = runs[id];
      if (!run) throw domainError({ code: 'NOT_FOUND' }, 'No run with this id.');
      return run;
    },
  } as unknown as RunnerPort;
  let user: string | undefined;
  const command = new GenerateCostume(
    runner,
    gallery,
    clock,
    undefined,
    true,
    undefined,
    {},
    {
      currentUser: () => user,
      unsettled,
    },
  );
  return { command, unsettled, added, reads, clock, signIn: (id?: string) => (user = id) };
}

const finished = (id: string, status: RunRead['status'], image = '', video = ''): RunRead => ({
  id,
  status,
  output: [
    {
      ...(image ? { image_output: { image } } : {}),
      ...(video ? { video_output: { video } } : {}),
    },
  ],
});

describe('runs left unsettled on this device', () => {
  it('reach their owner’s gallery on the owner’s sign-in only, once, saying what became of them', async () => {
    const f = fixture({
      made: finished('made', 'succeeded', 'https://x/i.png', 'https://x/v.mp4'),
      nothing: finished('nothing', 'cancelled'),
    });
    f.unsettled.add('alice', 'made');
    f.unsettled.add('alice', 'nothing');
    f.unsettled.add('alice', 'gone');
    f.unsettled.signedOut('alice');

    // Someone else signs in here: nothing of Alice's is read, shown or added.
    f.signIn('bob');
    expect(await f.command.pickUp()).toEqual([]);
    expect(f.reads).toEqual([]);
    expect(f.added).toEqual([]);

    f.signIn('alice');
    expect(await f.command.pickUp()).toEqual([
      { outcome: 'in-gallery', signedOut: true },
      { outcome: 'not-charged', signedOut: true },
    ]);
    expect(f.added).toEqual([
      expect.objectContaining({ imageUrl: 'https://x/i.png', videoUrl: 'https://x/v.mp4' }),
    ]);
    // Picked up once; a run the platform no longer knows is forgotten.
    expect(f.unsettled.of('alice')).toEqual([]);
    expect(await f.command.pickUp()).toEqual([]);
  });

  it('a run stopped after its image (a tab closed): the picture alone, kept as the tab left it', async () => {
    const f = fixture({ cut: finished('cut', 'cancelled', 'https://x/i.png') });
    f.unsettled.add('alice', 'cut');
    f.signIn('alice');
    expect(await f.command.pickUp()).toEqual([{ outcome: 'in-gallery', signedOut: false }]);
    expect(f.added).toEqual([
      expect.objectContaining({ imageUrl: 'https://x/i.png', videoUrl: '' }),
    ]);
  });

  it('a run still being made in this tab when its owner signs out and back in: told once it ends', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const f = fixture({}, [], {
      async *streamWorkflow() {
        yield { type: 'run-id', runId: 'live' };
        await gate;
        yield { type: 'image', url: 'https://x/i.png' };
        yield { type: 'video', url: 'https://x/v.mp4' };
        yield { type: 'done', cost: 0.5 };
      },
    } as unknown as Pick<RunnerPort, 'streamWorkflow'>);
    f.signIn('alice');
    const made = f.command.execute({ inputs: { pet: 'p', costume: 'c' } });
    await vi.waitFor(() => expect(f.unsettled.of('alice')).toHaveLength(1));
    f.signIn(undefined);
    f.unsettled.signedOut('alice');
    f.signIn('alice');
    const picked = f.command.pickUp();
    release();
    await made;
    expect(await picked).toEqual([{ outcome: 'in-gallery', signedOut: true }]);
    // A run made in this tab is not read by id.
    expect(f.reads).toEqual([]);
    expect(f.added).toEqual([
      expect.objectContaining({ imageUrl: 'https://x/i.png', videoUrl: 'https://x/v.mp4' }),
    ]);
    expect(f.unsettled.of('alice')).toEqual([]);
  });

  it('a read refused for a passing reason (the user rate-limited) is tried again, not left for a later visit', async () => {
    const limited = () =>
      domainError({ code: 'RATE_LIMIT_EXCEEDED', retryAfter: 30 }, 'Too many requests.');
    const f = fixture({ left: finished('left', 'cancelled', 'https://x/i.png') }, [
      limited(),
      limited(),
    ]);
    f.unsettled.add('alice', 'left');
    f.signIn('alice');
    const picking = f.command.pickUp();
    await vi.waitFor(() => expect(f.reads).toHaveLength(1));
    await f.clock.advanceAsync(PICK_UP_RETRY_MS[0]);
    await vi.waitFor(() => expect(f.reads).toHaveLength(2));
    await f.clock.advanceAsync(PICK_UP_RETRY_MS[1]);
    expect(await picking).toEqual([{ outcome: 'in-gallery', signedOut: false }]);
    expect(f.added).toEqual([expect.objectContaining({ imageUrl: 'https://x/i.png' })]);
    expect(f.unsettled.has('left')).toBe(false);
  });

  it('a read refused for good (the run unknown) is not tried again', async () => {
    const f = fixture({}, []);
    f.unsettled.add('alice', 'gone');
    f.signIn('alice');
    expect(await f.command.pickUp()).toEqual([]);
    expect(f.reads).toEqual(['gone']);
    expect(f.unsettled.has('gone')).toBe(false);
  });

  it('a heartbeat stamped before the clock was set back does not hold a run for ever', () => {
    const clock = new FakeClock();
    const unsettled = new UnsettledRuns(new MemoryLocalStorage(), clock);
    unsettled.add('alice', 'r');
    unsettled.touch('r');
    expect(unsettled.isLive('r')).toBe(true);
    clock.set(clock.now() - 60 * 60_000);
    expect(unsettled.isLive('r')).toBe(false);
  });
});
