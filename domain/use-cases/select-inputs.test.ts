import { describe, expect, it } from 'vitest';
import { Creation } from './creation';
import { SelectInputs, checkImageFile, isDroppableImage } from './select-inputs';

describe('SelectInputs', () => {
  it('selects a preset, and selecting the selected one deselects it', () => {
    const select = new SelectInputs(new Creation());
    select.selectPreset('pet', 'dog1');
    expect(select.getSnapshot().presets.pet).toBe('dog1');
    select.selectPreset('pet', 'cat1');
    expect(select.getSnapshot().presets.pet).toBe('cat1');
    select.selectPreset('pet', 'cat1');
    expect(select.getSnapshot().presets.pet).toBeUndefined();
  });

  it('keeps pet and costume selections apart', () => {
    const select = new SelectInputs(new Creation());
    select.selectPreset('pet', 'dog1');
    select.selectPreset('costume', 'witch');
    expect(select.getSnapshot().presets).toEqual({ pet: 'dog1', costume: 'witch' });
  });

  it('keeps uploads per slot and clears them on undefined', () => {
    const select = new SelectInputs(new Creation());
    select.setUpload('costume', 'data:x');
    expect(select.getSnapshot().uploads.costume).toBe('data:x');
    select.setUpload('costume', undefined);
    expect(select.getSnapshot().uploads.costume).toBeUndefined();
  });

  it('accepts only jpeg, png, webp and gif up to 10 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 10 * 1024 * 1024 })).toBeUndefined();
    expect(checkImageFile({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toMatch(/10 MB/);
    expect(checkImageFile({ type: 'image/svg+xml', size: 10 })).toMatch(/image file/);
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toMatch(/image file/);
  });

  it('lets drag-and-drop take only image/ files', () => {
    expect(isDroppableImage({ type: 'image/heic' })).toBe(true);
    expect(isDroppableImage({ type: 'text/plain' })).toBe(false);
  });
});
