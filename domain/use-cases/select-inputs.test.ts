import { describe, expect, it } from 'vitest';
import { Creation } from './creation';
import { SelectInputs, checkImageFile, isDroppableImage } from './select-inputs';

const preset = (id: string) => ({ source: 'preset', id });
const upload = (dataUrl: string) => ({ source: 'upload', dataUrl });

describe('SelectInputs', () => {
  it('selects a preset, and selecting the selected one deselects it', () => {
    const select = new SelectInputs(new Creation());
    select.selectPreset('pet', 'dog1');
    expect(select.getSnapshot().inputs.pet).toEqual(preset('dog1'));
    select.selectPreset('pet', 'cat1');
    expect(select.getSnapshot().inputs.pet).toEqual(preset('cat1'));
    select.selectPreset('pet', 'cat1');
    expect(select.getSnapshot().inputs.pet).toBeUndefined();
  });

  it('keeps pet and costume selections apart', () => {
    const select = new SelectInputs(new Creation());
    select.selectPreset('pet', 'dog1');
    select.selectPreset('costume', 'witch');
    expect(select.getSnapshot().inputs).toEqual({ pet: preset('dog1'), costume: preset('witch') });
  });

  it('keeps uploads per side and clears them on undefined', () => {
    const select = new SelectInputs(new Creation());
    select.setUpload('costume', 'data:x');
    expect(select.getSnapshot().inputs.costume).toEqual(upload('data:x'));
    select.setUpload('costume', undefined);
    expect(select.getSnapshot().inputs.costume).toBeUndefined();
  });

  it('holds one source per side: an upload takes the place of the preset and back', () => {
    const select = new SelectInputs(new Creation());
    select.selectPreset('pet', 'dog1');
    select.setUpload('pet', 'data:rex');
    expect(select.getSnapshot().inputs.pet).toEqual(upload('data:rex'));
    // Selecting a preset over an upload replaces it rather than deselecting anything.
    select.selectPreset('pet', 'dog1');
    expect(select.getSnapshot().inputs.pet).toEqual(preset('dog1'));
    select.clear('pet');
    expect(select.getSnapshot().inputs.pet).toBeUndefined();
  });

  it('enables Generate exactly when both sides hold something, whatever their sources and the mode', () => {
    const sources = {
      none: () => undefined,
      preset: (select: SelectInputs, kind: 'pet' | 'costume') =>
        select.selectPreset(kind, kind === 'pet' ? 'dog1' : 'witch'),
      upload: (select: SelectInputs, kind: 'pet' | 'costume') =>
        select.setUpload(kind, `data:image/png;base64,${kind}`),
    };
    for (const mode of ['upload', 'presets'] as const) {
      for (const [petName, pet] of Object.entries(sources)) {
        for (const [costumeName, costume] of Object.entries(sources)) {
          const select = new SelectInputs(new Creation());
          select.setMode(mode);
          pet(select, 'pet');
          costume(select, 'costume');
          const both = petName !== 'none' && costumeName !== 'none';
          expect(select.getSnapshot().canGenerate, `${mode}: ${petName} + ${costumeName}`).toBe(
            both,
          );
        }
      }
    }
  });

  it('keeps both sides when the mode changes', () => {
    const select = new SelectInputs(new Creation());
    select.setUpload('pet', 'data:rex');
    select.setMode('presets');
    select.selectPreset('costume', 'witch');
    expect(select.getSnapshot()).toMatchObject({
      mode: 'presets',
      inputs: { pet: upload('data:rex'), costume: preset('witch') },
      canGenerate: true,
    });
  });

  it('accepts only jpeg, png, webp and gif types up to 25 MB as chosen', () => {
    expect(checkImageFile({ type: 'image/png', size: 25 * 1024 * 1024 })).toBeUndefined();
    expect(checkImageFile({ type: 'image/png', size: 25 * 1024 * 1024 + 1 })).toMatch(/25 MB/);
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toMatch(/image file/);
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toMatch(/image file/);
  });

  it('lets drag-and-drop take only image/ files', () => {
    expect(isDroppableImage({ type: 'image/heic' })).toBe(true);
    expect(isDroppableImage({ type: 'text/plain' })).toBe(false);
  });
});
