import type { PetLocationAnswer } from '../../../adapters/platform/src/api';
import { LOCATION_TRUSTED, type PetLocation } from './pet-location';

/** What POST /v1/pets/locate answers of a location: the head in fractions, and whether it is sure. */
export function petSight(location: PetLocation): PetLocationAnswer {
  const { width, height, head, confidence, method } = location;
  const unit = (v: number) => Math.round(v * 10_000) / 10_000;
  return {
    width,
    height,
    head: {
      x: unit(head.x / width),
      y: unit(head.y / height),
      w: unit(head.w / width),
      h: unit(head.h / height),
    },
    confidence,
    sure: confidence >= LOCATION_TRUSTED,
    method,
  };
}
