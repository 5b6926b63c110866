import { describe, expect, it } from 'vitest';
import { MemoryRunner } from '../../adapters/memory/memory-runner';
import { TAP_PROMPT } from '../model/face-point';
import { Creation } from './creation';
import { PetFace } from './pet-face';
import { SelectInputs } from './select-inputs';

// Issue 39: each uploaded pet photo is shown to the locator; an unsure one waits for its owner's
// face point, which stays with that photo alone.

const UNSURE = 'data:image/jpeg;base64,dW5zdXJl';
const SURE = 'data:image/jpeg;base64,c3VyZQ==';

function setUp() {
  const runner = new MemoryRunner();
  runner.sights.set(UNSURE, { sure: false, head: { x: 0.6, y: 0.2, w: 0.2, h: 0.2 } });
  const creation = new Creation();
  const select = new SelectInputs(creation);
  const petFace = new PetFace(runner, creation);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { runner, creation, select, petFace, settled };
}

describe('PetFace', () => {
  it('asks for the face of a photo the locator is unsure of, starting the mark at its guess', async () => {
    const { select, petFace, creation, settled } = setUp();
    select.setUpload('pet', UNSURE);
    expect(petFace.getSnapshot().check).toBe('checking');
    await settled();
    const { check, guess } = petFace.getSnapshot();
    expect(check).toBe('unsure');
    expect(guess.x).toBeCloseTo(0.7, 9);
    expect(guess.y).toBeCloseTo(0.3, 9);
    expect(petFace.readyToGenerate()).toBe(false);
    expect(creation.getSnapshot().validationMessage).toBe(TAP_PROMPT);

    petFace.setPoint({ x: 0.42, y: 1.3 });
    expect(creation.getSnapshot().inputs.pet).toEqual({
      source: 'upload',
      dataUrl: UNSURE,
      face: { x: 0.42, y: 1 },
    });
    expect(creation.getSnapshot().validationMessage).toBeUndefined();
    expect(petFace.readyToGenerate()).toBe(true);
  });

  it('waits for a check under way before Generate goes', async () => {
    const { select, petFace } = setUp();
    select.setUpload('pet', UNSURE);
    const ready = petFace.readyToGenerate();
    expect(ready).toBeInstanceOf(Promise);
    expect(petFace.getSnapshot().asked).toBe(true);
    expect(await ready).toBe(false);
  });

  it('a new photo drops the old one’s point; a sure one or a failed check asks nothing', async () => {
    const { runner, select, petFace, creation, settled } = setUp();
    select.setUpload('pet', UNSURE);
    await settled();
    petFace.setPoint({ x: 0.5, y: 0.5 });
    select.setUpload('pet', SURE);
    await settled();
    expect(creation.getSnapshot().inputs.pet).toEqual({ source: 'upload', dataUrl: SURE });
    expect(petFace.getSnapshot()).toMatchObject({ check: 'sure', point: undefined });
    expect(petFace.readyToGenerate()).toBe(true);

    runner.sights.set(UNSURE, { throws: new Error('offline') });
    select.setUpload('pet', UNSURE);
    await settled();
    expect(petFace.getSnapshot().check).toBe('unknown');
    expect(petFace.readyToGenerate()).toBe(true);
    expect(runner.located).toEqual([UNSURE, SURE, UNSURE]);
  });

  it('says whether the locator is sure of a photo (the CLI’s question)', async () => {
    const { petFace } = setUp();
    expect(await petFace.isSure(UNSURE)).toBe(false);
    expect(await petFace.isSure(SURE)).toBe(true);
  });
});
