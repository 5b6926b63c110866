import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DropZone } from './drop-zone';
import { SIDES } from './input-sides';

/** A screen whose main pointer is a finger (coarse) or a mouse. */
function pointer(coarse: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: coarse && query === '(pointer: coarse)',
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    })),
  );
}

const zone = (
  <DropZone
    label="Pet Photo"
    hint={SIDES.pet.zoneHint}
    preview={undefined}
    previewAlt=""
    onFile={() => undefined}
    onReject={() => undefined}
    onClear={() => undefined}
  />
);

afterEach(() => vi.unstubAllGlobals());

describe('what an empty drop zone asks for', () => {
  it('with a mouse: Click or drop', () => {
    pointer(false);
    render(zone);
    expect(screen.getByText('Click to choose or drop an image')).toBeTruthy();
    expect(SIDES.pet.uploadHint('Click')).toMatch(/^Click to choose or drop a photo · /);
  });

  it('with a finger (phones): Tap to choose', () => {
    pointer(true);
    render(zone);
    expect(screen.getByText('Tap to choose or drop an image')).toBeTruthy();
  });
});
