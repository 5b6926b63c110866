import { ACCEPTED_IMAGE_TYPES, LIMITS } from '../model/constants';
import type { InputMode } from '../model/generation';
import type { PresetKind } from '../model/presets';
import type { Creation } from './creation';

/** What the person picks in the Create view: the mode, uploads and presets. */
export class SelectInputs {
  readonly getSnapshot: Creation['getSnapshot'];
  readonly subscribe: Creation['subscribe'];

  constructor(private readonly creation: Creation) {
    this.getSnapshot = creation.getSnapshot;
    this.subscribe = creation.subscribe;
  }

  /** Switches between Upload Photos and Use Presets. */
  setMode(mode: InputMode): void {
    this.creation.change({ mode, validationMessage: undefined });
  }

  /** Keeps an uploaded image (a data URL); undefined clears the slot. */
  setUpload(kind: PresetKind, dataUrl: string | undefined): void {
    this.creation.change((state) => ({
      uploads: { ...state.uploads, [kind]: dataUrl },
      validationMessage: undefined,
    }));
  }

  /** Selects a preset; selecting the one already selected deselects it. */
  selectPreset(kind: PresetKind, id: string): void {
    this.creation.change((state) => ({
      presets: { ...state.presets, [kind]: state.presets[kind] === id ? undefined : id },
      validationMessage: undefined,
    }));
  }
}

/** Why a chosen file cannot be an input, or undefined when it can (DESIGN.md "Inputs"). */
export function checkImageFile(file: { type: string; size: number }): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'Please choose an image file (JPEG, PNG, WebP or GIF).';
  }
  if (file.size > LIMITS.maxUploadBytes) {
    return 'That image is larger than 10 MB. Please choose a smaller one.';
  }
  return undefined;
}

/** Drag-and-drop takes only files whose type starts with image/ (SPEC.md section 5). */
export function isDroppableImage(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}
