import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/** The ffmpeg binary shipped in node_modules, so nothing is downloaded or assumed installed. */
export const FFMPEG_PATH: string = ffmpegInstaller.path;

export interface FfmpegProcess {
  /** Raw frames go here. */
  readonly stdin: Writable;
  /** Resolves when ffmpeg exits 0; rejects with its last stderr lines otherwise, or on abort. */
  readonly done: Promise<void>;
}

/** Starts ffmpeg; an abort kills it at once (the caller deletes the partial output). */
export function startFfmpeg(args: readonly string[], signal?: AbortSignal): FfmpegProcess {
  const child: ChildProcessByStdio<Writable, null, Readable> = spawn(
    FFMPEG_PATH,
    ['-hide_banner', '-loglevel', 'error', ...args],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  // A dying ffmpeg closes its stdin; the write error is reported through `done` instead.
  child.stdin.on('error', () => undefined);
  const onAbort = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', onAbort, { once: true });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) reject(abortError(signal));
      else if (code === 0) resolve();
      else reject(new Error(`ffmpeg failed (${code ?? killedBy}): ${stderr.trim()}`));
    });
  });
  // An abort can end ffmpeg while the caller still awaits a frame, before it awaits `done`: mark the
  // rejection handled now so it is not reported as unhandled; callers still see it when they await.
  done.catch(() => undefined);
  return { stdin: child.stdin, done };
}

export function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException('The costume run was aborted', 'AbortError');
}

/** Writes a chunk and waits for the pipe to drain, so frames never pile up in memory. */
export function writeChunk(stream: Writable, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.destroyed || stream.writableEnded) {
      reject(new Error('ffmpeg stopped reading frames'));
      return;
    }
    if (stream.write(chunk)) resolve();
    else {
      const cleanup = () => {
        stream.off('drain', onDrain);
        stream.off('close', onClose);
      };
      const onDrain = () => {
        cleanup();
        resolve();
      };
      const onClose = () => {
        cleanup();
        reject(new Error('ffmpeg stopped reading frames'));
      };
      stream.on('drain', onDrain);
      stream.on('close', onClose);
    }
  });
}
