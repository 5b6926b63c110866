import type { WorkflowNotice } from '../../domain/model/workflow';
import type { CostumeJob, CostumeResult } from './render-costume';

/** What crosses to a render worker: the job's data (functions and signals stay behind). */
export type WorkerJob = Omit<CostumeJob, 'signal' | 'onImage' | 'locate'>;

export type ToWorker = { type: 'run'; job: WorkerJob } | { type: 'abort' };

export type FromWorker =
  | { type: 'image'; imageFile: string; notice?: WorkflowNotice }
  | { type: 'done'; result: CostumeResult }
  | { type: 'failed'; name: string; message: string };
