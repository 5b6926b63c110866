import { describe, expect, it } from 'vitest';
import { costumeOutput } from '../../adapters/memory/memory-runner';
import { domainError } from '../errors';
import { COSTUME_WORKFLOW_ID } from '../model/workflow';
import { createStudio as creationFixture } from '../../tests/support/test-container';

describe('GenerateCostume', () => {
  it('refuses upload mode without both images, word for word', async () => {
    const f = creationFixture();
    f.select.setUpload('pet', 'data:image/png;base64,PET');
    expect(await f.generate.execute()).toEqual({ ok: false });
    expect(f.generate.getSnapshot().validationMessage).toBe(
      "Please upload both your pet's photo and a costume character image.",
    );
    expect(f.runner.runs).toHaveLength(0);
  });

  it('refuses preset mode without a pet and a costume, word for word', async () => {
    const f = creationFixture();
    f.select.setMode('presets');
    f.select.selectPreset('costume', 'witch');
    await f.generate.execute();
    expect(f.generate.getSnapshot().validationMessage).toBe(
      'Please select both a pet and a costume from the presets.',
    );
  });

  it('enables Generate when both sides hold an input, in either mode', () => {
    const f = creationFixture();
    expect(f.generate.getSnapshot().canGenerate).toBe(false);
    f.ready();
    expect(f.generate.getSnapshot().canGenerate).toBe(true);
    f.select.setMode('presets');
    expect(f.generate.getSnapshot().canGenerate).toBe(true);
    f.select.clear('costume');
    expect(f.generate.getSnapshot().canGenerate).toBe(false);
  });

  it("refuses with the current mode's message when one side is missing, whatever the other holds", async () => {
    const f = creationFixture();
    f.select.setUpload('pet', 'data:image/png;base64,PET');
    f.select.setMode('presets');
    await f.generate.execute();
    expect(f.generate.getSnapshot().validationMessage).toBe(
      'Please select both a pet and a costume from the presets.',
    );
    f.select.setMode('upload');
    f.select.selectPreset('costume', 'witch');
    f.select.clear('pet');
    await f.generate.execute();
    expect(f.generate.getSnapshot().validationMessage).toBe(
      "Please upload both your pet's photo and a costume character image.",
    );
    expect(f.runner.runs).toHaveLength(0);
  });

  it('sends each side what it holds: an uploaded pet with a preset costume, and a preset pet with an uploaded costume', async () => {
    const f = creationFixture();
    f.select.setUpload('pet', 'data:image/jpeg;base64,REX');
    f.select.selectPreset('costume', 'witch');
    await f.generate.execute();
    f.createAnother.execute();
    f.select.setMode('presets');
    f.select.selectPreset('pet', 'cat1');
    f.select.setUpload('costume', 'data:image/png;base64,CAPE');
    await f.generate.execute();
    expect(f.runner.runs.map((run) => run.input)).toEqual([
      {
        upload_your_pets_photo: 'data:image/jpeg;base64,REX',
        upload_costume_character: '/presets/costumes/witch.png',
      },
      {
        upload_your_pets_photo: '/presets/pets/cat1.png',
        upload_costume_character: 'data:image/png;base64,CAPE',
      },
    ]);
  });

  it("sends Keep my photo's background with an uploaded pet photo, and never for a preset pet (issue 40)", async () => {
    const f = creationFixture();
    f.select.setUpload('pet', 'data:image/jpeg;base64,REX');
    f.select.selectPreset('costume', 'witch');
    f.select.setKeepBackground(true);
    await f.generate.execute();
    // The same choice beside a preset pet: it has no photo background, so nothing is sent.
    f.select.selectPreset('pet', 'cat1');
    await f.generate.execute();
    // Unticked again, the uploaded photo is cut out as before.
    f.select.setUpload('pet', 'data:image/jpeg;base64,REX');
    f.select.setKeepBackground(false);
    await f.generate.execute();
    expect(f.runner.runs.map((run) => run.input)).toEqual([
      {
        upload_your_pets_photo: 'data:image/jpeg;base64,REX',
        upload_costume_character: '/presets/costumes/witch.png',
        keep_photo_background: true,
      },
      {
        upload_your_pets_photo: '/presets/pets/cat1.png',
        upload_costume_character: '/presets/costumes/witch.png',
      },
      {
        upload_your_pets_photo: 'data:image/jpeg;base64,REX',
        upload_costume_character: '/presets/costumes/witch.png',
      },
    ]);
  });

  it('runs the costume workflow with the uploads as its two inputs', async () => {
    const f = creationFixture();
    f.ready();
    await f.generate.execute();
    expect(f.runner.runs[0]).toMatchObject({
      model: COSTUME_WORKFLOW_ID,
      input: {
        upload_your_pets_photo: 'data:image/png;base64,PET',
        upload_costume_character: 'data:image/png;base64,COSTUME',
      },
    });
  });

  it('sends preset image URLs in preset mode', async () => {
    const f = creationFixture();
    f.select.setMode('presets');
    f.select.selectPreset('pet', 'dog1');
    f.select.selectPreset('costume', 'vampire');
    await f.generate.execute();
    expect(f.runner.runs[0]?.input).toEqual({
      upload_your_pets_photo: '/presets/pets/dog1.png',
      upload_costume_character: '/presets/costumes/vampire.png',
    });
  });

  it('is generating while the run is pending, and shows progress', async () => {
    const f = creationFixture();
    f.ready();
    let release: () => void = () => {};
    f.runner.answer(
      () => new Promise((resolve) => (release = () => resolve(costumeOutput('i', 'v')))),
    );
    const pending = f.generate.execute();
    expect(f.generate.getSnapshot().generation.isGenerating).toBe(true);
    expect(f.generate.getSnapshot().canGenerate).toBe(false);
    expect(f.progress.getSnapshot().active).toBe(true);
    expect(await f.generate.execute()).toEqual({ ok: false });
    release();
    await pending;
    expect(f.generate.getSnapshot().generation.isGenerating).toBe(false);
    expect(f.progress.getSnapshot().active).toBe(false);
    expect(f.runner.runs).toHaveLength(1);
  });

  it('both ready: saves the creation to the gallery with isFavorite false', async () => {
    const f = creationFixture();
    f.ready();
    f.runner.answer(costumeOutput('https://x/i.png', 'https://x/v.mp4'));
    expect(await f.generate.execute()).toEqual({ ok: true });
    const s = f.generate.getSnapshot();
    expect(s.generation).toEqual({
      isGenerating: false,
      imageReady: true,
      videoReady: true,
      imageError: false,
      videoError: false,
    });
    expect(s.results).toEqual({ imageUrl: 'https://x/i.png', videoUrl: 'https://x/v.mp4' });
    expect(s.showResults).toBe(true);
    expect(f.gallery.getSnapshot().items).toEqual([
      {
        v: 1,
        id: String(f.clock.now()),
        timestamp: f.clock.now(),
        imageUrl: 'https://x/i.png',
        videoUrl: 'https://x/v.mp4',
        isFavorite: false,
      },
    ]);
  });

  it('reads outputs spread over several entries', async () => {
    const f = creationFixture();
    f.ready();
    f.runner.answer({
      output: [
        { image_output: { image: 'i', outputType: 'image' } },
        { video_output: { video: 'v', outputType: 'video' } },
      ],
    });
    expect(await f.generate.execute()).toEqual({ ok: true });
  });

  it('image ready, video empty: a video error card offering Retry Video, image kept', async () => {
    const f = creationFixture();
    f.ready();
    f.runner.answer(costumeOutput('i', ''));
    await f.generate.execute();
    const s = f.generate.getSnapshot();
    expect(s.generation).toMatchObject({ imageReady: true, videoReady: false, videoError: true });
    expect(s.imageError).toBeUndefined();
    expect(s.videoError?.message).toBe('Video generation failed during processing');
    expect(s.canRetryBoth).toBe(false);
    expect(f.gallery.getSnapshot().items[0]).toMatchObject({ imageUrl: 'i', videoUrl: '' });
  });

  it('both missing: both error cards and Retry Both, nothing saved', async () => {
    const f = creationFixture();
    f.ready();
    f.runner.answer({ output: [] });
    await f.generate.execute();
    const s = f.generate.getSnapshot();
    expect(s.generation).toMatchObject({ imageError: true, videoError: true });
    expect(s.imageError?.code).toBe('PROCESSING_ERROR');
    expect(s.canRetryBoth).toBe(true);
    expect(s.showResults).toBe(true);
    expect(f.gallery.getSnapshot().items).toHaveLength(0);
  });

  it("reports 'No output received from workflow' when the answer has no output", async () => {
    const f = creationFixture();
    f.ready();
    f.runner.answer({});
    await f.generate.execute();
    const s = f.generate.getSnapshot();
    expect(s.imageError?.technical).toBe('No output received from workflow');
    expect(s.videoError?.technical).toBe('No output received from workflow');
    expect(s.canRetryBoth).toBe(true);
    expect(s.dialog?.title).toBe('Generation Failed');
  });

  it('an exception: both error cards, classified, and the dialog for its name', async () => {
    const f = creationFixture();
    f.ready();
    f.runner.answer({
      throws: domainError(
        { code: 'INSUFFICIENT_BALANCE', remainingCredits: 0.5, requiredCredits: 1 },
        'Insufficient balance',
      ),
    });
    await f.generate.execute();
    const s = f.generate.getSnapshot();
    expect(s.imageError?.message).toBe('Image generation failed due to an unexpected error');
    expect(s.dialog?.title).toBe('Insufficient Credits');
    expect(s.generation.isGenerating).toBe(false);
    f.generate.dismissDialog();
    expect(f.generate.getSnapshot().dialog).toBeUndefined();
  });

  it('shows no dialog for a 401: the session signs out silently', async () => {
    const f = creationFixture();
    f.ready();
    f.runner.answer({ throws: domainError({ code: 'AUTHENTICATION_FAILED' }, 'Unauthorized') });
    await f.generate.execute();
    expect(f.generate.getSnapshot().dialog).toBeUndefined();
  });

  it('clears the previous results and errors when generating again', async () => {
    const f = creationFixture();
    f.ready();
    f.runner.answer({ output: [] }, costumeOutput('i', 'v'));
    await f.generate.execute();
    await f.generate.execute();
    expect(f.generate.getSnapshot()).toMatchObject({
      imageError: undefined,
      videoError: undefined,
      canRetryBoth: false,
    });
  });
});

describe('GenerateCostume: states mutation testing found unstated', () => {
  it('a new run starts with nothing ready and nothing failed, whatever the last run left', async () => {
    const f = creationFixture();
    f.ready();
    f.runner.answer({ throws: new Error('boom') });
    await f.generate.execute();
    let release: () => void = () => {};
    f.runner.answer(
      () => new Promise((resolve) => (release = () => resolve(costumeOutput('i', 'v')))),
    );
    const pending = f.generate.execute();
    expect(f.generate.getSnapshot().generation).toEqual({
      isGenerating: true,
      imageReady: false,
      videoReady: false,
      imageError: false,
      videoError: false,
    });
    release();
    await pending;
  });

  it('is still generating while the creation is saved to the gallery', async () => {
    const f = creationFixture();
    f.ready();
    const whileSaving: boolean[] = [];
    f.gallery.subscribe(() => whileSaving.push(f.generate.getSnapshot().generation.isGenerating));
    await f.generate.execute();
    expect(whileSaving.length).toBeGreaterThan(0);
    expect(whileSaving[0]).toBe(true);
  });

  it('names what the workflow did not return on each card', async () => {
    const f = creationFixture();
    f.ready();
    f.runner.answer({ output: [] }, costumeOutput('i', ''));
    await f.generate.execute();
    expect(f.generate.getSnapshot().imageError?.technical).toBe(
      'Image generation failed: the workflow returned no image',
    );
    await f.generate.execute();
    expect(f.generate.getSnapshot().videoError?.technical).toBe(
      'Video generation failed: the workflow returned no video',
    );
  });

  it('an exception after a good run leaves no result and nothing ready, and both cards', async () => {
    const f = creationFixture();
    f.ready();
    f.runner.answer(costumeOutput('i', 'v'), { throws: new Error('boom') });
    await f.generate.execute();
    await f.generate.execute();
    const s = f.generate.getSnapshot();
    expect(s.results).toEqual({ imageUrl: '', videoUrl: '' });
    expect(s.generation).toEqual({
      isGenerating: false,
      imageReady: false,
      videoReady: false,
      imageError: true,
      videoError: true,
    });
    expect(s.videoError?.message).toBe('Video generation failed due to an unexpected error');
  });

  it('an image without its video teaches no price', async () => {
    const f = creationFixture();
    f.ready();
    f.runner.answer({ ...costumeOutput('i', ''), usage: { cost: 0.5 } } as never);
    expect(await f.generate.execute()).toEqual({ ok: false });
    expect(f.services.account.getSnapshot().generationCost).toBeUndefined();
  });
});

describe('CreateAnother', () => {
  it('clears inputs, results, state and error, keeping the mode', async () => {
    const f = creationFixture();
    f.select.setMode('presets');
    f.select.selectPreset('pet', 'cat1');
    f.select.selectPreset('costume', 'ghost');
    f.runner.answer({ throws: new Error('boom') });
    await f.generate.execute();
    f.createAnother.execute();
    const s = f.createAnother.getSnapshot();
    expect(s).toMatchObject({
      mode: 'presets',
      inputs: {},
      results: undefined,
      imageError: undefined,
      videoError: undefined,
      dialog: undefined,
      showResults: false,
      canGenerate: false,
    });
    expect(s.generation.imageError).toBe(false);
  });
});

describe('GenerateCostume, the command', () => {
  it('answers the item it saved, and runs at once in the same millisecond get items of their own', async () => {
    const f = creationFixture();
    f.runner.answer(costumeOutput('/files/a.png', '/files/a.mp4'));
    const inputs = { pet: 'data:image/png;base64,P', costume: 'data:image/png;base64,C' };
    const [one, two] = await Promise.all([
      f.command.execute({ inputs }),
      f.command.execute({ inputs }),
    ]);
    expect(one?.item).toMatchObject({ imageUrl: '/files/a.png', videoUrl: '/files/a.mp4' });
    expect(two?.item?.id).not.toBe(one?.item?.id);
    const saved = f.gallery.getSnapshot().items;
    expect(saved.map((item) => item.id).sort()).toEqual([one?.item?.id, two?.item?.id].sort());
    // The command keeps no run state: the Create view saw none of this.
    expect(f.generate.getSnapshot().results).toBeUndefined();
  });

  it('rejects with the run error when no image came, and saves nothing', async () => {
    const f = creationFixture();
    const refused = domainError({ code: 'AUTHENTICATION_FAILED' }, 'Unauthorized');
    f.runner.answer({ throws: refused });
    const inputs = { pet: 'data:image/png;base64,P', costume: 'data:image/png;base64,C' };
    await expect(f.command.execute({ inputs })).rejects.toBe(refused);
    expect(f.gallery.getSnapshot().items).toHaveLength(0);
  });

  it('says what a run was charged so far from its one read, and what cancelling it charged', async () => {
    const f = creationFixture();
    const image = costumeOutput('/files/a.png', '').output;
    f.runner.reads.set('r1', { id: 'r1', status: 'running', output: image, usage: { cost: 0.2 } });
    f.runner.reads.set('r2', { id: 'r2', status: 'running', output: [] });
    expect(await f.command.chargeSoFar('r1')).toEqual({ status: 'running', cost: 0.2 });
    // A run read without a cost has been charged nothing yet.
    expect(await f.command.chargeSoFar('r2')).toEqual({ status: 'running', cost: 0 });
    expect(await f.command.cancel('r1')).toEqual({ status: 'cancelled', cost: 0.2 });
    expect(await f.command.cancel('r2')).toEqual({ status: 'cancelled', cost: 0 });
    expect(f.runner.cancelled).toEqual(['r1', 'r2']);
  });
});
