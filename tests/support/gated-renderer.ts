import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CostumeRenderer } from '../../mock-server/runs/costume-renderer';
import { PNG_BYTES } from '../server/helpers';

/** A gate that lets one run through per release, whether the run or the release comes first. */
class Gate {
  private permits = 0;
  private opened = false;
  private readonly waiting: (() => void)[] = [];

  wait(): Promise<void> {
    if (this.opened) return Promise.resolve();
    if (this.permits > 0) {
      this.permits -= 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.permits += 1;
  }

  /** Lets every run through, waiting or to come. */
  open(): void {
    this.opened = true;
    for (const next of this.waiting.splice(0)) next();
  }
}

/**
 * A costume renderer for the platform under test that holds the image, then the video, until the
 * test releases each: stages of a streamed run become something a test can stand in.
 */
export function gatedRenderer() {
  const image = new Gate();
  const video = new Gate();
  let started = 0;
  const renderer: CostumeRenderer = async ({ outDir, id, onStart, onImage }) => {
    started += 1;
    onStart?.();
    await mkdir(outDir, { recursive: true });
    const imageFile = path.join(outDir, `${id}.png`);
    const videoFile = path.join(outDir, `${id}.mp4`);
    await image.wait();
    await writeFile(imageFile, PNG_BYTES);
    onImage?.(imageFile);
    await video.wait();
    await writeFile(videoFile, Buffer.from('000000186674797069736f6d', 'hex'));
    return { imageFile, videoFile };
  };
  return {
    renderer,
    /** How many runs have reached the renderer (each one is charged). */
    started: () => started,
    releaseImage: () => image.release(),
    releaseVideo: () => video.release(),
    /** Lets every run finish, so the platform can close after a test that failed midway. */
    openAll: () => {
      image.open();
      video.open();
    },
  };
}
