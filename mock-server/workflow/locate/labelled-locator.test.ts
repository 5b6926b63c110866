import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelledLocation, readLabels, type PhotoLabel } from './labelled-locator';

const fixtures = path.resolve(import.meta.dirname, '../../../tests/fixtures');

async function located(set: string, pick: (label: PhotoLabel) => boolean) {
  const dir = path.join(fixtures, set);
  const label = (await readLabels(dir)).find(pick);
  if (!label) throw new Error(`no such label in ${set}`);
  return {
    label,
    location: await labelledLocation(await readFile(path.join(dir, label.file)), label),
  };
}

// photos-held-out-2 labels heads, faces and outlines but no body boxes: the contact sheet's
// --labelled review still needs a body to dress.
describe('labelledLocation', () => {
  it('gives a label with no body box the bounds of its traced outline', async () => {
    const { label, location } = await located('photos-held-out-2', (l) => !l.body && !!l.outline);
    const points = label.outline!.flat();
    expect(location.body.x).toBe(Math.min(...points.map(([x]) => x)));
    expect(location.body.y).toBe(Math.min(...points.map(([, y]) => y)));
    expect(location.body.x + location.body.w).toBe(Math.max(...points.map(([x]) => x)));
    expect(location.body.y + location.body.h).toBe(Math.max(...points.map(([, y]) => y)));
  });

  it('gives a label with a head only a body below the head, within the photo', async () => {
    const { location } = await located('photos-held-out-2', (l) => !l.body && !l.outline);
    const { head, body } = location;
    expect(body.y).toBe(head.y);
    expect(body.x).toBeLessThanOrEqual(head.x);
    expect(body.w).toBeGreaterThan(head.w);
    expect(body.h).toBeGreaterThan(head.h);
    expect(body.x + body.w).toBeLessThanOrEqual(location.width);
    expect(body.y + body.h).toBeLessThanOrEqual(location.height);
    expect(location.matte).toBeUndefined();
  });

  it('takes a body box as labelled, and the traced outline as a sure matte', async () => {
    const { label, location } = await located('photos-held-out', (l) => !!l.body && !!l.outline);
    expect(location.body).toEqual(label.body);
    expect(location.matte?.confidence).toBe(1);
  });
});
