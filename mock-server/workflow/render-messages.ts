import type { WorkflowNotice } from '../../domain/model/workflow';
import type { PetLocation } from './locate/pet-location';
import type { CostumeJob, CostumeResult } from './render-costume';

/**
 * What crosses to a render worker: the job's data (functions and signals stay behind), and where
 * the pet is when the photo was located before its run (location-cache.ts).
 */
export type WorkerJob = Omit<CostumeJob, 'signal' | 'onImage' | 'locate'> & {
  readonly location?: PetLocation;
};

export type ToWorker = { type: 'run'; job: WorkerJob } | { type: 'abort' };

export type FromWorker =
  | { type: 'image'; imageFile: string; notice?: WorkflowNotice }
  | { type: 'done'; result: CostumeResult }
  | { type: 'failed'; name: string; message: string };
