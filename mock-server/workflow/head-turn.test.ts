import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { turnHead } from './head-turn';
import { composePortrait, posesOf } from './portrait';
import { PORTRAIT_SIZE } from './scene';

// In the video the pet's head turns and nods with the hat it wears, and the scene bends smoothly
// around it.

const SIZE = 200;
const HEAD = { x: 100, y: 100, r: 40 };

/** A grey scene with one bright 3 px marker at (x, y). */
function sceneWithMarker(x: number, y: number): Buffer {
  const scene = Buffer.alloc(SIZE * SIZE * 3, 60);
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++)
      scene.fill(250, ((y + dy) * SIZE + x + dx) * 3, ((y + dy) * SIZE + x + dx) * 3 + 3);
  return scene;
}

const red = (scene: Buffer, x: number, y: number) =>
  scene[(Math.round(y) * SIZE + Math.round(x)) * 3] ?? 0;

describe('turning the head', () => {
  it('moves what is on the head round its centre by the tilt, as the worn pieces are', () => {
    const scene = sceneWithMarker(HEAD.x + 30, HEAD.y);
    const turned = turnHead(scene, SIZE, HEAD, { tilt: 20, lift: 0 });
    const angle = (20 * Math.PI) / 180;
    // SVG's rotate(20) turns clockwise on screen (y grows downwards): the marker goes down.
    expect(
      red(turned, HEAD.x + 30 * Math.cos(angle), HEAD.y + 30 * Math.sin(angle)),
    ).toBeGreaterThan(200);
    expect(red(turned, HEAD.x + 30, HEAD.y)).toBeLessThan(120);
  });

  it('raises the head by the lift', () => {
    const turned = turnHead(sceneWithMarker(HEAD.x, HEAD.y), SIZE, HEAD, { tilt: 0, lift: 0.25 });
    expect(red(turned, HEAD.x, HEAD.y - 10)).toBeGreaterThan(200);
    expect(red(turned, HEAD.x, HEAD.y)).toBeLessThan(120);
  });

  it('leaves the scene as it is at rest and beyond the head’s reach', () => {
    const scene = sceneWithMarker(HEAD.x + 30, HEAD.y);
    expect(turnHead(scene, SIZE, HEAD, { tilt: 0, lift: 0 }).equals(scene)).toBe(true);
    const far = sceneWithMarker(HEAD.x + 70, HEAD.y);
    const turned = turnHead(far, SIZE, HEAD, { tilt: 20, lift: 0.2 });
    expect(red(turned, HEAD.x + 70, HEAD.y)).toBe(250);
  });

  it('turns a staged pet’s face in the video poses, not only its hat', async () => {
    const pet = await readFile('ui/public/presets/pets/cat1.png');
    const witch = await readFile('ui/public/presets/costumes/witch.png');
    const portrait = await composePortrait(pet, witch, { pet: 'cat1', costume: 'witch' });
    const head = portrait.sway?.head;
    if (!head) throw new Error('a staged pet in a worn costume has a head that turns');
    /** How much the face (the head's lower half, where the witch's hat is not) differs. */
    const faceChange = (poses: readonly Buffer[]) => {
      const [base, pose] = [poses[0]!, poses[3]!];
      let change = 0;
      for (let y = Math.round(head.y + 0.2 * head.r); y < head.y + 0.8 * head.r; y++)
        for (let x = Math.round(head.x - 0.6 * head.r); x < head.x + 0.6 * head.r; x++) {
          const i = (y * PORTRAIT_SIZE + x) * 3;
          change += Math.abs((base[i] ?? 0) - (pose[i] ?? 0));
        }
      return change;
    };
    const moving = await posesOf(portrait);
    const still = await posesOf({ ...portrait, sway: { ...portrait.sway!, head: undefined } });
    expect(faceChange(still)).toBe(0);
    expect(faceChange(moving)).toBeGreaterThan(1000);
  });
});
