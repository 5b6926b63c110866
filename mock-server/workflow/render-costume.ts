import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { batOverlays, batPoses, renderBatSprites } from './bats';
import { hex, mix } from './color';
import { abortError } from './ffmpeg';
import type { FacePoint } from '../../domain/model/face-point';
import type { WorkflowNotice } from '../../domain/model/workflow';
import { locateAtFace } from './locate/face-seed';
import type { LocatePet } from './locate/pet-location';
import { composePortrait, type Portrait, type PresetIds } from './portrait';
import { PORTRAIT_SIZE } from './scene';
import { DEFAULT_VIDEO, encodeVideo, type VideoOptions } from './video';

export interface CostumeJob {
  readonly pet: Buffer;
  readonly costume: Buffer;
  /** Directory the outputs are written to (created if missing). */
  readonly outDir: string;
  /** File stem of the outputs: `<id>.png` and `<id>.mp4`. */
  readonly id: string;
  readonly signal?: AbortSignal;
  /** Called by the pool once it took the job (not refused as busy). */
  readonly onStart?: () => void;
  /**
   * Called as soon as the image file is complete, while the video is still encoding, with what
   * the image's result tells its owner (no character in the costume picture).
   */
  readonly onImage?: (imageFile: string, notice?: WorkflowNotice) => void;
  readonly video?: Partial<VideoOptions>;
  /** The preset ids of the inputs, when the caller knows them; read off the bytes otherwise. */
  readonly presets?: PresetIds;
  /** Finds the pet in an uploaded photo: the detector (locatePet) unless a test or review says. */
  readonly locate?: LocatePet;
  /** Keep my photo's background: an uploaded photo fills the portrait (ignored for a preset pet). */
  readonly keepBackground?: boolean;
  /** Where the owner said the pet's face is (fractions of the photo): that is its head. */
  readonly face?: FacePoint;
}

export interface CostumeResult {
  readonly imageFile: string;
  readonly videoFile: string;
  /** What the image's result tells its owner, if anything (Portrait's notice). */
  readonly notice?: WorkflowNotice;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

function outputPath(job: Pick<CostumeJob, 'outDir' | 'id'>, extension: string): string {
  // The id becomes a served file name: never let it climb out of outDir.
  if (!SAFE_ID.test(job.id)) throw new Error(`Invalid output id: ${JSON.stringify(job.id)}`);
  return path.join(job.outDir, `${job.id}${extension}`);
}

/** The 1024x1024 PNG portrait, written atomically so a half-written file is never served. */
export async function renderCostumeImage(
  job: Omit<CostumeJob, 'onImage' | 'video'>,
): Promise<{ imageFile: string; portrait: Portrait }> {
  const imageFile = outputPath(job, '.png');
  job.signal?.throwIfAborted();
  const { face } = job;
  const locate = job.locate ?? (face && ((pet: Buffer) => locateAtFace(pet, face)));
  const portrait = await composePortrait(job.pet, job.costume, job.presets, {
    ...(locate ? { locate } : {}),
    ...(job.keepBackground ? { keepBackground: true } : {}),
  });
  const sprites = await renderBatSprites(
    portrait.bats.map((flight) => flight.size),
    '#07040c',
    hex(mix(portrait.palette.accent, { r: 0, g: 0, b: 0 }, 0.35)),
  );
  const png = await sharp(portrait.base, {
    raw: { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE, channels: 3 },
  })
    .composite(batOverlays(batPoses(portrait.bats, 0), sprites, 1, PORTRAIT_SIZE))
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
  if (job.signal?.aborted) throw abortError(job.signal);
  await mkdir(job.outDir, { recursive: true, mode: 0o700 });
  await writeAtomically(imageFile, png);
  return { imageFile, portrait };
}

/** The looping MP4 of a composed portrait; a partial file is removed on failure or abort. */
export async function renderCostumeVideo(job: {
  readonly portrait: Portrait;
  readonly outDir: string;
  readonly id: string;
  readonly signal?: AbortSignal;
  readonly video?: Partial<VideoOptions>;
}): Promise<{ videoFile: string }> {
  const videoFile = outputPath(job, '.mp4');
  const partial = `${videoFile}.${process.pid}.part`;
  await mkdir(job.outDir, { recursive: true, mode: 0o700 });
  try {
    await encodeVideo(job.portrait, partial, { ...DEFAULT_VIDEO, ...job.video }, job.signal);
    await rename(partial, videoFile);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { videoFile };
}

/** The whole costume workflow: image first (reported through onImage), then the video. */
export async function renderCostume(job: CostumeJob): Promise<CostumeResult> {
  const { imageFile, portrait } = await renderCostumeImage(job);
  const { notice } = portrait;
  job.onImage?.(imageFile, notice);
  const { videoFile } = await renderCostumeVideo({ ...job, portrait });
  return { imageFile, videoFile, ...(notice ? { notice } : {}) };
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const partial = `${file}.${process.pid}.part`;
  try {
    await writeFile(partial, data, { mode: 0o600 });
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
