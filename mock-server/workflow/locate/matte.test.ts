import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { locatePet, warmUpLocator } from './locate-pet';
import { MATTE_TRUSTED } from './pet-location';

// How the cut-out does on real photographs is measured with the locator's (locate-pet.test.ts,
// npm run measure:locator); here, pictures with nothing to cut out.

describe('the cut-out of the pet', () => {
  beforeAll(() => warmUpLocator(), 60_000);

  it('is unsure of a picture with nothing to cut out: a black frame, a white one', async () => {
    for (const background of ['#000000', '#ffffff']) {
      const frame = await sharp({ create: { width: 480, height: 360, channels: 3, background } })
        .png()
        .toBuffer();
      const found = await locatePet(frame);
      expect(found.matte?.confidence ?? 0, background).toBeLessThan(MATTE_TRUSTED);
    }
  });
});
