import sharp from 'sharp';
import { bandOnScreen, batPoses, paintBats, planBehindBats, renderBatSprites } from './bats';
import { hex, mix } from './color';
import { drawFog, prepareFog } from './fog';
import { drawFlash, drawGlows, lightsOf, prepareGlows } from './lights';
import { seededRandom } from './seeded-random';
import { hiderOf, viewOf } from './view';
import { abortError, startFfmpeg, writeChunk } from './ffmpeg';
import { poseDrawer, type Portrait } from './portrait';
import { cameraAt, PORTRAIT_SIZE } from './scene';

export { cameraAt };

export interface VideoOptions {
  /** Square frame side in pixels (even, for yuv420p). */
  readonly size: number;
  readonly fps: number;
  readonly seconds: number;
  readonly crf: number;
  readonly preset: string;
}

/**
 * 720 px: the landing page promises HD, and the viewer shows the video full-screen. It costs more
 * than 576 px (x264 veryfast: 1.69 s against 0.99 s of user time for the 96 frames on the 2-core
 * box); the workflow bench rows in README show what a whole run costs at this size.
 */
export const DEFAULT_VIDEO: VideoOptions = {
  size: 720,
  fps: 24,
  seconds: 4,
  crf: 23,
  preset: 'veryfast',
};

// Frames rendered ahead of the encoder: enough to keep ffmpeg busy, few enough to bound memory.
const FRAMES_AHEAD = 3;

/** H.264 yuv420p with the index up front: what chromium plays and what starts while downloading. */
export function encoderArgs(options: VideoOptions, channels: number, output: string): string[] {
  return [
    ...['-f', 'rawvideo', '-pix_fmt', channels === 4 ? 'rgba' : 'rgb24'],
    ...['-s', `${options.size}x${options.size}`, '-r', String(options.fps), '-i', 'pipe:0'],
    ...['-c:v', 'libx264', '-preset', options.preset, '-crf', String(options.crf)],
    ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an', '-f', 'mp4', '-y', output],
  ];
}

export interface Frame {
  readonly data: Buffer;
  readonly info: { readonly channels: number };
}

/** The pet's mask on the portrait (0..255): what stands in front of the bats and lights behind it. */
async function figureMask(portrait: Portrait): Promise<Uint8Array | undefined> {
  if (!portrait.figure) return undefined;
  const alpha = await sharp({
    create: { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE, channels: 4, background: CLEAR },
  })
    .composite([...portrait.figure])
    .extractChannel(3)
    .raw()
    .toBuffer();
  // Solid where the pet is; the contact shadow and the softest edge (under 60%) hide nothing.
  const mask = new Uint8Array(alpha.length);
  for (let i = 0; i < alpha.length; i++)
    mask[i] = Math.max(0, Math.min(255, ((alpha[i]! - 153) * 255) / 77));
  return mask;
}

const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };
const BEHIND_BATS = 3;

/**
 * Prepares once what every frame reuses (the poses of the pet's sway, drawn as frames first need
 * them, the bats' sprites, the lights' glows, the fog, the pet's mask) and returns a function
 * drawing frame `index` of `count`; frame `count` is frame 0 again (the loop's seam).
 */
export async function frameRenderer(portrait: Portrait, options: VideoOptions) {
  const count = Math.round(options.fps * options.seconds);
  const scale = options.size / PORTRAIT_SIZE;
  const rim = hex(mix(portrait.palette.accent, { r: 0, g: 0, b: 0 }, 0.35));
  const scene = !portrait.keptBackground;
  const mask = await figureMask(portrait);
  // Each pose of the sway is drawn when a frame first needs it, not all before the first frame.
  const poses = poseDrawer(portrait);
  // Bats behind the pet only where its outline is known, to hide them.
  const behind = mask
    ? planBehindBats(seededRandom(portrait.seed ^ 0x6ba7), BEHIND_BATS, portrait.head)
    : [];
  const sprites = await renderBatSprites(
    [...portrait.bats, ...behind].map((flight) => flight.size * scale),
    '#07040c',
    rim,
  );
  // A kept photo has no scene of its own to light or to fog.
  const glows = scene ? prepareGlows(lightsOf(portrait.scenery, portrait.mirror), scale) : [];
  const fog = scene
    ? prepareFog(options.size, bandOnScreen(portrait.head).y1 * scale, portrait.palette.secondary)
    : undefined;
  const render = async (index: number): Promise<Frame> => {
    const t = index / count;
    const camera = cameraAt(t);
    // The worn costume sways twice per loop, so the clip still loops seamlessly.
    const pose = await poses.poseAt(Math.floor(((2 * t) % 1) * poses.count));
    const frame = await sharp(pose, {
      raw: { width: PORTRAIT_SIZE, height: PORTRAIT_SIZE, channels: 3 },
    })
      .extract({ left: camera.left, top: camera.top, width: camera.crop, height: camera.crop })
      .resize(options.size, options.size, { kernel: 'linear' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const view = viewOf(camera, options.size);
    const hide = hiderOf(mask, view);
    if (scene) {
      if (portrait.scenery === 'lab') drawFlash(frame.data, view, t, hide);
      drawGlows(frame.data, view, glows, t, hide);
    }
    paintBats(frame.data, batPoses(behind, t), sprites, scale, options.size, hide);
    if (fog) drawFog(frame.data, fog, t);
    paintBats(frame.data, batPoses(portrait.bats, t), sprites, scale, options.size);
    return frame;
  };
  return { count, render };
}

/** Renders the animated frames with sharp and pipes them to ffmpeg; aborting kills ffmpeg. */
export async function encodeVideo(
  portrait: Portrait,
  output: string,
  options: VideoOptions = DEFAULT_VIDEO,
  signal?: AbortSignal,
): Promise<void> {
  const { count: frames, render: renderFrame } = await frameRenderer(portrait, options);
  signal?.throwIfAborted();
  const pending = new Map<number, Promise<Frame>>();
  const ahead = (index: number) => {
    if (index < frames) pending.set(index, renderFrame(index));
  };
  for (let i = 0; i < FRAMES_AHEAD; i++) ahead(i);
  const first = await pending.get(0);
  if (!first) throw new Error('A video needs at least one frame');
  const ffmpeg = startFfmpeg(encoderArgs(options, first.info.channels, output), signal);
  try {
    for (let index = 0; index < frames; index++) {
      if (signal?.aborted) throw abortError(signal);
      const frame = await pending.get(index);
      pending.delete(index);
      ahead(index + FRAMES_AHEAD);
      if (frame) await writeChunk(ffmpeg.stdin, frame.data);
    }
    ffmpeg.stdin.end();
    await ffmpeg.done;
  } catch (error) {
    ffmpeg.stdin.destroy();
    await ffmpeg.done.catch(() => undefined);
    // Frames still rendering must not surface as unhandled rejections.
    await Promise.allSettled(pending.values());
    throw signal?.aborted ? abortError(signal) : error;
  }
}
