import type { Generated } from './generation';
import type { Downloaded } from './media-files';
import { errorJson, type ErrorReport } from './error-report';

/**
 * One creation as `generate --json` prints it and as each row of `batch --json` reads: the same
 * keys every time, null where there is nothing (README "Command line").
 */
export interface CreationResult {
  readonly pet: string;
  readonly costume: string;
  readonly id: string | null;
  readonly timestamp: number | null;
  readonly imageUrl: string | null;
  readonly videoUrl: string | null;
  readonly isFavorite: boolean | null;
  readonly imageFile: string | null;
  readonly videoFile: string | null;
  /** False when the creation could not be written to the remote gallery; null when there is none. */
  readonly synced: boolean | null;
  readonly error: ReturnType<typeof errorJson>['error'] | null;
}

export function creationResult(input: {
  pet: string;
  costume: string;
  generated?: Generated;
  files?: Downloaded;
  failure?: ErrorReport;
}): CreationResult {
  const { generated, files, failure } = input;
  const item = generated?.item;
  return {
    pet: input.pet,
    costume: input.costume,
    id: item?.id ?? null,
    timestamp: item?.timestamp ?? null,
    imageUrl: item?.imageUrl || null,
    videoUrl: item?.videoUrl || null,
    isFavorite: item?.isFavorite ?? null,
    imageFile: files?.imageFile ?? null,
    videoFile: files?.videoFile ?? null,
    synced: generated ? generated.synced : null,
    error: failure ? errorJson(failure).error : null,
  };
}
