// A preset pet stands in the scene like a located photo's pet: its outline is known exactly (the
// character's own alpha, written by make-media into preset-mattes/), its head is the reviewed one
// (PET_HEADS), so nothing has to be found and nothing is guessed.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PRESET_IMAGE_SIZE } from '../../domain/model/presets';
import type { PetMatte } from './locate/matte';
import type { PetLocation, PixelBox } from './locate/pet-location';
import type { Placement } from './placement';
import { planStage } from './stage';
import type { HeadAnchor } from './wearables';

const MATTES = new URL('./preset-mattes/', import.meta.url);

const mattes = new Map<string, Promise<PetMatte | undefined>>();

/** The preset pet's outline, read once; undefined when none was made for it. */
function presetMatte(petId: string): Promise<PetMatte | undefined> {
  let matte = mattes.get(petId);
  if (!matte) {
    matte = readMatte(petId);
    mattes.set(petId, matte);
  }
  return matte;
}

async function readMatte(petId: string): Promise<PetMatte | undefined> {
  if (!/^[a-z0-9]+$/.test(petId)) return undefined;
  const file = await readFile(fileURLToPath(new URL(`${petId}.png`, MATTES))).catch(
    () => undefined,
  );
  if (!file) return undefined;
  const { data, info } = await sharp(file).extractChannel(0).raw().toBuffer({
    resolveWithObject: true,
  });
  return { width: info.width, height: info.height, alpha: new Uint8Array(data), confidence: 1 };
}

/** The reviewed head as the locator would have given it, in pixels of the preset picture. */
function locationOf(head: HeadAnchor, matte: PetMatte, side: number): PetLocation {
  const pixels = (x0: number, y0: number, x1: number, y1: number): PixelBox => ({
    x: x0 * side,
    y: y0 * side,
    w: (x1 - x0) * side,
    h: (y1 - y0) * side,
  });
  return {
    width: side,
    height: side,
    head: pixels(head.cx - head.r, head.cy - head.r, head.cx + head.r, head.cy + head.r),
    body: pixels(head.body.x0, head.body.y0, head.body.x1, head.body.y1),
    facing: head.facing,
    confidence: 1,
    method: 'preset',
    matte,
  };
}

/** The reviewed head, from fractions of the preset picture to fractions of the stage's crop. */
function headOnCrop(head: HeadAnchor, crop: Placement['crop'], side: number): HeadAnchor {
  const x = (value: number) => (value * side - crop.x) / crop.side;
  const y = (value: number) => (value * side - crop.y) / crop.side;
  return {
    cx: x(head.cx),
    cy: y(head.cy),
    r: (head.r * side) / crop.side,
    facing: head.facing,
    body: { x0: x(head.body.x0), y0: y(head.body.y0), x1: x(head.body.x1), y1: y(head.body.y1) },
  };
}

/**
 * Where a preset pet stands in the scene and its outline; undefined (the pet stays in its disc)
 * when its outline was not made. `side` is the square picture's side as given (the app's presets
 * are PRESET_IMAGE_SIZE; make-media draws them larger for the landing page).
 */
export async function stagePresetPet(
  petId: string,
  head: HeadAnchor,
  side: number = PRESET_IMAGE_SIZE,
): Promise<{ placement: Placement; matte: PetMatte } | undefined> {
  const matte = await presetMatte(petId);
  if (!matte) return undefined;
  const staged = planStage(locationOf(head, matte, side));
  if (!staged) return undefined;
  return { placement: { ...staged, head: headOnCrop(head, staged.crop, side) }, matte };
}
