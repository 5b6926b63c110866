import { createHash } from 'node:crypto';
import type { PetLocation } from './locate/pet-location';

// An app asks POST /v1/pets/locate about an uploaded photo before its run (issue 39, "Tap your
// pet's face") and then sends the same photo in the run: the locator's answer is kept here for a
// while, by the photo's bytes, so the run dresses the pet from it instead of looking at the photo a
// second time (the detector, the head and the cut-out: about a second of CPU). The locator gives
// the same answer for the same bytes, so a location found for one caller is right for any.

/** Photos remembered at once: a cut-out is at most 640 px a side, 400 KB. */
const MOST = 16;
/** An app runs within minutes of its check; after this a location is looked for again. */
const KEPT_MS = 15 * 60_000;

interface Kept {
  readonly location: PetLocation;
  readonly at: number;
}

const digest = (photo: Uint8Array) => createHash('sha256').update(photo).digest('base64url');

export class LocationCache {
  readonly #kept = new Map<string, Kept>();

  constructor(private readonly now: () => number = Date.now) {}

  remember(photo: Uint8Array, location: PetLocation): void {
    const key = digest(photo);
    this.#kept.delete(key);
    this.#kept.set(key, { location, at: this.now() });
    for (const oldest of this.#kept.keys()) {
      if (this.#kept.size <= MOST) break;
      this.#kept.delete(oldest);
    }
  }

  /** The location found for these exact bytes in the last KEPT_MS, if any. */
  recall(photo: Uint8Array): PetLocation | undefined {
    const key = digest(photo);
    const kept = this.#kept.get(key);
    if (!kept) return undefined;
    if (this.now() - kept.at > KEPT_MS) {
      this.#kept.delete(key);
      return undefined;
    }
    return kept.location;
  }
}

/** The platform process's one cache: the locate thread fills it, the render threads' jobs read it. */
export const locationCache = new LocationCache();
