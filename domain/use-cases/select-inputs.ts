import { ACCEPTED_IMAGE_TYPES, LIMITS } from '../model/constants';
import {
  ACCEPTED_KINDS,
  KIND_NAMES,
  sniffFile,
  type AcceptedKind,
  type FileKind,
} from '../model/image-file';
import type { InputMode, InputSource } from '../model/generation';
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

  /** Puts an uploaded image (a data URL) on one side, in place of its preset; undefined clears the side. */
  setUpload(kind: PresetKind, dataUrl: string | undefined): void {
    this.setSide(kind, dataUrl === undefined ? undefined : { source: 'upload', dataUrl });
  }

  /**
   * Selects a preset for one side, in place of its upload; selecting the one already selected
   * deselects it (SPEC.md section 4).
   */
  selectPreset(kind: PresetKind, id: string): void {
    const current = this.creation.getSnapshot().inputs[kind];
    const again = current?.source === 'preset' && current.id === id;
    this.setSide(kind, again ? undefined : { source: 'preset', id });
  }

  /**
   * Keep my photo's background (issue 40): an uploaded pet photo fills the image instead of the
   * pet being cut out into the scene. Kept while the pet changes; a preset pet ignores it.
   */
  setKeepBackground(keep: boolean): void {
    this.creation.change((state) => ({ inputs: { ...state.inputs, keepBackground: keep } }));
  }

  /** Empties one side, whatever it held. */
  clear(kind: PresetKind): void {
    this.setSide(kind, undefined);
  }

  private setSide(kind: PresetKind, input: InputSource | undefined): void {
    this.creation.change((state) => ({
      inputs: { ...state.inputs, [kind]: input },
      validationMessage: undefined,
    }));
  }
}

/** Why a file of this media type and size cannot be an input, or undefined when it can. */
export function checkImageFile(file: { type: string; size: number }): string | undefined {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'Please choose an image file (JPEG, PNG, WebP or GIF).';
  }
  if (file.size > LIMITS.maxChosenBytes) {
    return 'That image is larger than 25 MB. Please choose a smaller one.';
  }
  return undefined;
}

const SAVE_AS = 'Save it as JPEG or PNG and try again.';

export type ChosenFileCheck =
  | { readonly ok: true; readonly kind: AcceptedKind; readonly type: string }
  | { readonly ok: false; readonly message: string };

/**
 * Whether a chosen file can be an input (DESIGN.md "Inputs"), judged by what its first bytes say
 * it is, whatever its name or claimed type, then by its size; a refusal names the file and what it
 * is, and says what to do.
 */
export function checkChosenFile(file: {
  name: string;
  size: number;
  head: Uint8Array;
}): ChosenFileCheck {
  const kind = sniffFile(file.head);
  if (!isAccepted(kind)) return { ok: false, message: describeRefusal(file.name, kind) };
  if (file.size > LIMITS.maxChosenBytes) {
    return {
      ok: false,
      message: `"${file.name}" is larger than 25 MB. Please choose a smaller one.`,
    };
  }
  return { ok: true, kind, type: ACCEPTED_KINDS[kind] };
}

function isAccepted(kind: FileKind): kind is AcceptedKind {
  return kind in ACCEPTED_KINDS;
}

/** The refusal of a file whose bytes are not a JPEG, PNG, WebP or GIF. */
export function describeRefusal(name: string, kind: FileKind): string {
  if (kind === 'unknown') return `"${name}" is not a picture this app can read. ${SAVE_AS}`;
  const picture = !['pdf', 'zip', 'text'].includes(kind);
  return `"${name}" is ${KIND_NAMES[kind]}, ${picture ? 'which this app cannot read' : 'not a picture'}. ${SAVE_AS}`;
}

/** A file whose first bytes promise a picture that then does not decode. */
export function describeUnreadable(name: string, kind: AcceptedKind): string {
  return `"${name}" looks like ${KIND_NAMES[kind]} but could not be read (it may be damaged or cut short). ${SAVE_AS}`;
}

/** What is sent, after downsizing to 1536 px, must fit the platform's 10 MB. */
export function checkSentImage(name: string, bytes: number): string | undefined {
  if (bytes <= LIMITS.maxUploadBytes) return undefined;
  return `"${name}" is still larger than 10 MB after resizing to ${LIMITS.maxUploadSidePx} px. ${SAVE_AS}`;
}

/** Drag-and-drop takes only files whose type starts with image/ (SPEC.md section 5). */
export function isDroppableImage(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}
