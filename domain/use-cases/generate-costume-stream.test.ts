import { describe, expect, it } from 'vitest';
import type { StreamedAnswer } from '../../adapters/memory/memory-runner';
import { createStudio } from '../../tests/support/test-container';
import { NOTICE_TEXT } from '../model/workflow';

const image = (url: string) => ({ type: 'image', url }) as const;
const video = (url: string) => ({ type: 'video', url }) as const;
const done = (cost?: unknown) => ({ type: 'done', cost: cost as number }) as const;

/** A streamed answer whose video waits until `release()`, or fails with `fail(error)`. */
function imageThenVideo(imageUrl: string, videoUrl: string) {
  let release: () => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const gate = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  const answer: StreamedAnswer = {
    events: async function* () {
      yield image(imageUrl);
      await gate;
      yield video(videoUrl);
      yield done();
    },
  };
  return { answer, release: () => release(), fail: (error: unknown) => fail(error) };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('GenerateCostume, streamed', () => {
  it('a costume picture with no character: the image and the results say so; a notice it does not know, nothing', async () => {
    const f = createStudio({}, { streamOutputs: true });
    f.ready();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    f.runner.answer({
      events: async function* () {
        yield { type: 'image', url: 'https://x/i.png', notice: 'no_character' };
        await gate;
        yield video('https://x/v.mp4');
        yield done();
      },
    });
    const pending = f.generate.execute();
    await settled();
    const said = NOTICE_TEXT.no_character;
    expect(f.generate.getSnapshot().results).toEqual({
      imageUrl: 'https://x/i.png',
      videoUrl: '',
      imageNote: said,
    });
    release();
    expect(await pending).toEqual({ ok: true });
    expect(f.generate.getSnapshot().results).toMatchObject({ imageNote: said });

    f.runner.answer({
      events: async function* () {
        yield { type: 'image', url: 'https://x/j.png', notice: 'something_new' };
        yield video('https://x/w.mp4');
        yield done();
      },
    });
    expect(await f.generate.execute()).toEqual({ ok: true });
    expect(f.generate.getSnapshot().results).not.toHaveProperty('imageNote');
  });

  it('shows the image card while the video is still encoding, then the video', async () => {
    const f = createStudio({}, { streamOutputs: true });
    f.ready();
    const run = imageThenVideo('https://x/i.png', 'https://x/v.mp4');
    f.runner.answer(run.answer);
    const pending = f.generate.execute();
    await settled();

    const early = f.generate.getSnapshot();
    expect(early.results).toEqual({ imageUrl: 'https://x/i.png', videoUrl: '' });
    expect(early.generation).toEqual({
      isGenerating: true,
      imageReady: true,
      videoReady: false,
      imageError: false,
      videoError: false,
    });
    expect(early.showResults).toBe(true);
    // The overlay gives way so the image can be seen; the video stage goes on in the video card.
    expect(f.progress.getSnapshot()).toMatchObject({ active: true, stage: 'video', percent: 0 });
    expect(f.gallery.getSnapshot().items).toHaveLength(0);

    run.release();
    expect(await pending).toEqual({ ok: true });
    const done = f.generate.getSnapshot();
    expect(done.results).toEqual({ imageUrl: 'https://x/i.png', videoUrl: 'https://x/v.mp4' });
    expect(done.generation).toMatchObject({ isGenerating: false, videoReady: true });
    expect(f.gallery.getSnapshot().items).toMatchObject([
      { imageUrl: 'https://x/i.png', videoUrl: 'https://x/v.mp4', isFavorite: false },
    ]);
  });

  it('keeps the progress overlay on the fake clock until the image arrives', async () => {
    const f = createStudio({}, { streamOutputs: true });
    f.ready();
    let sendImage: () => void = () => {};
    f.runner.answer({
      events: async function* () {
        await new Promise<void>((resolve) => (sendImage = resolve));
        yield image('i');
        yield video('v');
        yield done();
      },
    });
    const pending = f.generate.execute();
    f.clock.advance(4_000);
    expect(f.progress.getSnapshot()).toMatchObject({ active: true, stage: 'image' });
    expect(f.progress.getSnapshot().percent).toBeGreaterThan(0);
    expect(f.generate.getSnapshot().showResults).toBe(false);
    sendImage();
    await pending;
    expect(f.progress.getSnapshot().active).toBe(false);
  });

  it('a failure after the image keeps the image as a creation and offers Retry Video', async () => {
    const f = createStudio({}, { streamOutputs: true });
    f.ready();
    const run = imageThenVideo('i', 'v');
    f.runner.answer(run.answer);
    const pending = f.generate.execute();
    await settled();
    run.fail(new Error('Workflow processing failed: nothing was charged'));
    expect(await pending).toEqual({ ok: false });

    const s = f.generate.getSnapshot();
    expect(s.generation).toMatchObject({
      isGenerating: false,
      imageReady: true,
      imageError: false,
      videoError: true,
    });
    expect(s.imageError).toBeUndefined();
    expect(s.videoError?.message).toBe('Video generation failed during processing');
    expect(s.canRetryBoth).toBe(false);
    expect(f.gallery.getSnapshot().items).toMatchObject([{ imageUrl: 'i', videoUrl: '' }]);
  });

  it('reads a video before the image as no early image, and both in the creation', async () => {
    const f = createStudio({}, { streamOutputs: true });
    f.ready();
    f.runner.answer({
      events: async function* () {
        yield video('v');
        yield image('i');
        yield done();
      },
    });
    expect(await f.generate.execute()).toEqual({ ok: true });
    expect(f.generate.getSnapshot().results).toEqual({ imageUrl: 'i', videoUrl: 'v' });
  });

  it('tells the run’s id once, as the runner names it, before its image', async () => {
    const f = createStudio({}, { streamOutputs: true });
    f.ready();
    f.runner.answer({
      events: async function* () {
        yield { type: 'run-id', runId: 'r1' } as const;
        yield image('i');
        yield video('v');
        yield done(0.5);
      },
    });
    const seen: string[] = [];
    const created = await f.services.generateCostume.execute({
      inputs: { pet: 'p', costume: 'c' },
      onRunId: (id) => seen.push(`run ${id}`),
      onImage: (url) => seen.push(`image ${url}`),
    });
    expect(seen).toEqual(['run r1', 'image i']);
    expect(created.results).toEqual({ imageUrl: 'i', videoUrl: 'v', cost: 0.5 });
  });

  it("says 'No output received from workflow' when the stream carries no output", async () => {
    const f = createStudio({}, { streamOutputs: true });
    f.ready();
    f.runner.answer({
      events: async function* () {
        yield done();
      },
    });
    await f.generate.execute();
    expect(f.generate.getSnapshot().imageError?.technical).toBe('No output received from workflow');
  });
});

describe('GenerateCostume, not streamed (streamOutputs: false)', () => {
  it('runs the workflow whole: nothing shows until both outputs are in', async () => {
    const f = createStudio({}, { streamOutputs: false });
    f.ready();
    const run = imageThenVideo('i', 'v');
    f.runner.answer(run.answer);
    const pending = f.generate.execute();
    await settled();
    expect(f.generate.getSnapshot().results).toBeUndefined();
    expect(f.progress.getSnapshot().active).toBe(true);
    run.release();
    expect(await pending).toEqual({ ok: true });
    expect(f.generate.getSnapshot().results).toEqual({ imageUrl: 'i', videoUrl: 'v' });
  });
});

describe('the price of a costume, learned from the run', () => {
  it('a finished costume’s charge is remembered on the device for the next Generate', async () => {
    const f = createStudio({}, { streamOutputs: true });
    f.ready();
    f.runner.answer({
      events: async function* () {
        yield image('https://x/i.png');
        yield video('https://x/v.mp4');
        yield done(0.5);
      },
    });
    expect(await f.generate.execute()).toEqual({ ok: true });
    expect(f.services.account.getSnapshot().generationCost).toBe(0.5);
    // Another session on this device starts with it.
    const later = createStudio({ local: f.local });
    expect(later.services.account.getSnapshot().generationCost).toBe(0.5);
  });

  it('a run whose video failed, or whose usage is not a price, teaches nothing', async () => {
    const f = createStudio({}, { streamOutputs: true });
    f.ready();
    const run = imageThenVideo('https://x/i.png', 'https://x/v.mp4');
    f.runner.answer(run.answer);
    const pending = f.generate.execute();
    run.fail(new Error('encoder died'));
    await pending;
    for (const cost of [-1, 'free', Number.NaN, 1e9]) {
      f.runner.answer({
        events: async function* () {
          yield image('https://x/i.png');
          yield video('https://x/v.mp4');
          yield done(cost);
        },
      });
      f.ready();
      await f.generate.execute();
    }
    expect(f.services.account.getSnapshot().generationCost).toBeUndefined();
  });
});
