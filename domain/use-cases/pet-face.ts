import { TAP_PROMPT, type FacePoint, type PetSight } from '../model/face-point';
import type { RunnerPort } from '../ports/runner.port';
import type { Creation } from './creation';
import { Store } from './store';

/**
 * Where the check of the pet's photo stands: nothing to check (no uploaded pet photo), asking the
 * locator, sure of the head, unsure (the owner is asked to tap the face), or unknown (the check
 * failed: the run goes as it would have without it).
 */
export type FaceCheck = 'none' | 'checking' | 'sure' | 'unsure' | 'unknown';

export interface PetFaceSnapshot {
  readonly check: FaceCheck;
  /** The uploaded pet photo checked (a data URL). */
  readonly photo?: string;
  /** Where the head mark starts before the owner taps: the locator's guess, or the middle. */
  readonly guess: FacePoint;
  /** Where the owner put the mark on this photo (it travels with the run). */
  readonly point?: FacePoint;
  /** Generate was pressed before a tap: the prompt is said aloud. */
  readonly asked: boolean;
}

const MIDDLE: FacePoint = { x: 0.5, y: 0.4 };

/**
 * When unsure, ask the owner (issue 39): each uploaded pet photo is shown to the workflow's pet
 * locator before the run; when it is unsure of the head (or sees no animal) the Create view asks
 * "Tap your pet's face", and the point tapped (moved at will before Generate) goes with the run as
 * the workflow's face point, so no photo comes back with a costume kept off an unfound face.
 */
export class PetFace extends Store<PetFaceSnapshot> {
  constructor(
    private readonly runner: RunnerPort,
    private readonly creation: Creation,
  ) {
    super({ check: 'none', guess: MIDDLE, asked: false });
    creation.subscribe(() => this.follow());
    this.follow();
  }

  /** The check under way, settled (never rejected) once it answered. */
  private checking: Promise<void> = Promise.resolve();

  /** Puts the head mark here on the current pet photo (fractions of the photo as seen). */
  setPoint(point: FacePoint): void {
    const pet = this.creation.getSnapshot().inputs.pet;
    if (pet?.source !== 'upload') return;
    const face = { x: clamp01(point.x), y: clamp01(point.y) };
    this.creation.change((state) => ({
      inputs: { ...state.inputs, pet: { ...pet, face } },
      validationMessage:
        state.validationMessage === TAP_PROMPT ? undefined : state.validationMessage,
    }));
  }

  /**
   * Whether Generate may go (once the photo's check is done, when it is under way): not while the locator is unsure of
   * the photo and no face is tapped (then the prompt is the reason, and the view brings the photo
   * into focus).
   */
  readyToGenerate(): boolean | Promise<boolean> {
    if (this.getSnapshot().check !== 'checking') return this.tapped();
    this.update({ asked: true });
    return this.checking.then(() => this.tapped());
  }

  private tapped(): boolean {
    const { check, point } = this.getSnapshot();
    if (check !== 'unsure' || point) {
      this.update({ asked: false });
      return true;
    }
    this.update({ asked: true });
    this.creation.change({ validationMessage: TAP_PROMPT });
    return false;
  }

  /** Whether the locator is sure of the head in a photo (a data URL); unknown when it cannot say. */
  async isSure(photo: string): Promise<boolean | undefined> {
    return this.runner.locatePet(photo).then(
      (sight) => sight.sure,
      () => undefined,
    );
  }

  private follow(): void {
    const pet = this.creation.getSnapshot().inputs.pet;
    const photo = pet?.source === 'upload' ? pet.dataUrl : undefined;
    const point = pet?.source === 'upload' ? pet.face : undefined;
    const state = this.getSnapshot();
    if (photo === state.photo) {
      this.update({ point });
      return;
    }
    if (!photo) {
      this.update({
        check: 'none',
        photo: undefined,
        point: undefined,
        guess: MIDDLE,
        asked: false,
      });
      return;
    }
    this.update({ check: 'checking', photo, point, guess: MIDDLE, asked: false });
    this.checking = this.runner.locatePet(photo).then(
      (sight) => this.checked(photo, sight),
      () => {
        if (this.getSnapshot().photo === photo) this.update({ check: 'unknown' });
      },
    );
  }

  private checked(photo: string, sight: PetSight): void {
    if (this.getSnapshot().photo !== photo) return;
    const { head } = sight;
    const guess = {
      x: clamp01(head.x + head.w / 2),
      y: clamp01(head.y + head.h / 2),
    };
    this.update({ check: sight.sure ? 'sure' : 'unsure', guess });
  }
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0.5));
