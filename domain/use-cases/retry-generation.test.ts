import { describe, expect, it } from 'vitest';
import { costumeOutput } from '../../adapters/memory/memory-runner';
import { createStudio } from '../../tests/support/test-container';
import { domainError } from '../errors';

/** A studio whose first run came back with the image only. */
async function afterVideoFailed() {
  const f = createStudio();
  f.ready();
  f.runner.answer(costumeOutput('img-1', ''));
  await f.generate.execute();
  return f;
}

describe('RetryGeneration.retryVideo', () => {
  it('gives the video to the item this run saved, not to an older one with the same image URL', async () => {
    const f = await afterVideoFailed();
    const first = f.gallery.getSnapshot().items[0];
    f.createAnother.execute();
    f.ready();
    f.clock.advance(1_000);
    await f.generate.execute();
    const second = f.retry.getSnapshot().itemId;
    expect(second).not.toBe(first?.id);
    f.runner.answer(costumeOutput('img-2', 'vid-2'));
    expect(await f.retry.retryVideo()).toEqual({ ok: true });
    const items = f.gallery.getSnapshot().items;
    expect(items.map((item) => [item.id, item.imageUrl, item.videoUrl])).toEqual([
      [second, 'img-1', 'vid-2'],
      [first?.id, 'img-1', ''],
    ]);
  });

  it('re-runs the whole workflow and sets videoUrl on the gallery item the run saved', async () => {
    const f = await afterVideoFailed();
    f.runner.answer(costumeOutput('img-2', 'vid-2'));
    expect(await f.retry.retryVideo()).toEqual({ ok: true });
    expect(f.runner.runs).toHaveLength(2);
    expect(f.runner.runs[1]?.input).toEqual(f.runner.runs[0]?.input);
    expect(f.gallery.getSnapshot().items).toHaveLength(1);
    expect(f.gallery.getSnapshot().items[0]).toMatchObject({
      imageUrl: 'img-1',
      videoUrl: 'vid-2',
    });
    expect(f.retry.getSnapshot()).toMatchObject({
      results: { imageUrl: 'img-1', videoUrl: 'vid-2' },
      videoError: undefined,
      generation: { videoReady: true, videoError: false, imageReady: true, isGenerating: false },
    });
  });

  it('shows a spinner (no error, not ready) and the video stage while retrying', async () => {
    const f = await afterVideoFailed();
    let release: () => void = () => {};
    f.runner.answer(
      () => new Promise((resolve) => (release = () => resolve(costumeOutput('i', 'v')))),
    );
    const pending = f.retry.retryVideo();
    expect(f.retry.getSnapshot().generation).toMatchObject({
      videoError: false,
      videoReady: false,
    });
    expect(f.progress.getSnapshot().stage).toBe('video');
    release();
    await pending;
  });

  it('keeps the video error and opens the Video Generation Failed dialog when no video comes', async () => {
    const f = await afterVideoFailed();
    f.runner.answer(costumeOutput('img-2', ''));
    expect(await f.retry.retryVideo()).toEqual({ ok: false });
    const s = f.retry.getSnapshot();
    expect(s.generation.videoError).toBe(true);
    expect(s.dialog?.title).toBe('Video Generation Failed');
    expect(f.gallery.getSnapshot().items[0]?.videoUrl).toBe('');
  });

  it('classifies a thrown error on the video card and opens its dialog', async () => {
    const f = await afterVideoFailed();
    f.runner.answer({
      throws: domainError({ code: 'WORKFLOW_UNAVAILABLE' }, 'Workflow unavailable'),
    });
    await f.retry.retryVideo();
    const s = f.retry.getSnapshot();
    expect(s.videoError?.code).toBe('MODEL_UNAVAILABLE');
    expect(s.dialog?.title).toBe('Workflow Temporarily Unavailable');
    expect(s.generation.isGenerating).toBe(false);
  });

  it('generates both again when there is no image to attach a video to', async () => {
    const f = createStudio();
    f.ready();
    f.runner.answer(
      { throws: domainError({ code: 'WORKFLOW_UNAVAILABLE' }, 'Workflow unavailable') },
      costumeOutput('i', 'v'),
    );
    await f.generate.execute();
    expect(f.retry.getSnapshot().dialog?.actions[0]?.kind).toBe('retry-video');
    expect(await f.retry.retryVideo()).toEqual({ ok: true });
    expect(f.gallery.getSnapshot().items[0]).toMatchObject({ imageUrl: 'i', videoUrl: 'v' });
  });
});

describe('RetryGeneration.retryImage', () => {
  async function afterBothFailed() {
    const f = createStudio();
    f.ready();
    f.runner.answer({ throws: new Error('network down') });
    await f.generate.execute();
    return f;
  }

  it('re-runs and adds a new gallery item on success', async () => {
    const f = await afterBothFailed();
    f.clock.advance(5_000);
    f.runner.answer(costumeOutput('img-new', 'vid-new'));
    expect(await f.retry.retryImage()).toEqual({ ok: true });
    expect(f.gallery.getSnapshot().items).toEqual([
      {
        v: 1,
        id: String(f.clock.now()),
        timestamp: f.clock.now(),
        imageUrl: 'img-new',
        videoUrl: 'vid-new',
        isFavorite: false,
      },
    ]);
    expect(f.retry.getSnapshot().generation).toMatchObject({
      imageReady: true,
      imageError: false,
      videoReady: true,
      videoError: false,
    });
  });

  it("runs again with Keep my photo's background when the failed run had it (issue 40)", async () => {
    const f = createStudio();
    f.ready();
    f.select.setKeepBackground(true);
    f.runner.answer({ throws: new Error('network down') });
    await f.generate.execute();
    f.runner.answer(costumeOutput('img-new', 'vid-new'));
    await f.retry.retryImage();
    f.runner.answer(costumeOutput('img-2', 'vid-2'));
    await f.retry.retryBoth();
    expect(
      f.runner.runs.map((run) => (run.input as Record<string, unknown>).keep_photo_background),
    ).toEqual([true, true, true]);
  });

  it('adds an item even when only the image comes back, leaving the video error', async () => {
    const f = await afterBothFailed();
    f.runner.answer(costumeOutput('img-new', ''));
    await f.retry.retryImage();
    expect(f.gallery.getSnapshot().items[0]).toMatchObject({ imageUrl: 'img-new', videoUrl: '' });
    expect(f.retry.getSnapshot().generation).toMatchObject({ imageReady: true, videoError: true });
  });

  it('shows the image error card again when the image is still missing', async () => {
    const f = await afterBothFailed();
    f.runner.answer({ output: [] });
    expect(await f.retry.retryImage()).toEqual({ ok: false });
    expect(f.retry.getSnapshot().generation.imageError).toBe(true);
    expect(f.gallery.getSnapshot().items).toHaveLength(0);
  });
});

describe('RetryGeneration: states mutation testing found unstated', () => {
  it('retrying the image shows its spinner: generating, its card cleared, not failed', async () => {
    const f = createStudio();
    f.ready();
    f.runner.answer({ throws: new Error('network down') });
    await f.generate.execute();
    let release: () => void = () => {};
    f.runner.answer(
      () => new Promise((resolve) => (release = () => resolve(costumeOutput('i', 'v')))),
    );
    const pending = f.retry.retryImage();
    const s = f.retry.getSnapshot();
    expect(s.generation).toMatchObject({ isGenerating: true, imageError: false });
    expect(s.imageError).toBeUndefined();
    expect(s.dialog).toBeUndefined();
    expect(f.progress.getSnapshot().stage).toBe('image');
    release();
    await pending;
    expect(f.retry.getSnapshot().results).toEqual({ imageUrl: 'i', videoUrl: 'v' });
  });

  it('does nothing while a run is on its way', async () => {
    const f = createStudio();
    f.ready();
    let release: () => void = () => {};
    f.runner.answer(
      () => new Promise((resolve) => (release = () => resolve(costumeOutput('i', '')))),
    );
    const first = f.generate.execute();
    expect(await f.retry.retryImage()).toEqual({ ok: false });
    expect(f.runner.runs).toHaveLength(1);
    release();
    await first;
  });

  it('a new image keeps the video already shown, and its readiness', async () => {
    const f = createStudio();
    f.ready();
    f.runner.answer(costumeOutput('', 'vid-old'), costumeOutput('img-new', ''));
    await f.generate.execute();
    expect(await f.retry.retryImage()).toEqual({ ok: true });
    const s = f.retry.getSnapshot();
    expect(s.results).toEqual({ imageUrl: 'img-new', videoUrl: 'vid-old' });
    expect(s.dialog).toBeUndefined();
  });

  it('with no run before, a new image alone has no video, and a video retry generates both', async () => {
    const f = createStudio();
    f.ready();
    f.runner.answer(costumeOutput('img', ''), costumeOutput('img-2', 'vid-2'));
    expect(await f.retry.retryImage()).toEqual({ ok: true });
    expect(f.retry.getSnapshot().results).toEqual({ imageUrl: 'img', videoUrl: '' });

    const g = createStudio();
    g.ready();
    expect(await g.retry.retryVideo()).toEqual({ ok: true });
    expect(g.runner.runs).toHaveLength(1);
  });

  it('an image still missing names it on the card and opens no dialog', async () => {
    const f = createStudio();
    f.ready();
    f.runner.answer(costumeOutput('', 'v'));
    await f.generate.execute();
    f.generate.dismissDialog();
    expect(await f.retry.retryImage()).toEqual({ ok: false });
    const s = f.retry.getSnapshot();
    expect(s.imageError?.technical).toBe('Image generation failed: the workflow returned no image');
    expect(s.dialog).toBeUndefined();
  });

  it('a video that comes back closes nothing it should not: no dialog, no card', async () => {
    const f = await afterVideoFailed();
    f.runner.answer(costumeOutput('img-2', 'vid-2'));
    await f.retry.retryVideo();
    expect(f.retry.getSnapshot()).toMatchObject({ dialog: undefined, videoError: undefined });
  });
});

describe('RetryGeneration.retryBoth', () => {
  it('resets the state and generates again', async () => {
    const f = createStudio();
    f.ready();
    f.runner.answer({ output: [] }, costumeOutput('i', 'v'));
    await f.generate.execute();
    expect(f.retry.getSnapshot().canRetryBoth).toBe(true);
    expect(await f.retry.retryBoth()).toEqual({ ok: true });
    expect(f.retry.getSnapshot()).toMatchObject({
      imageError: undefined,
      videoError: undefined,
      generation: { imageReady: true, videoReady: true, imageError: false, videoError: false },
    });
    expect(f.gallery.getSnapshot().counts.all).toBe(1);
  });
});
