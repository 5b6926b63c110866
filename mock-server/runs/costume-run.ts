import { randomBytes } from 'node:crypto';
import { readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { WorkflowNotice } from '../../domain/model/workflow';
import type { Pricing } from '../billing/plans';
import type { Accounts } from '../store/accounts';
import type { RunRecord, SettledStatus } from '../store/runs-journal';

/**
 * A file name nobody can work out from the run's id or from its other file's name (128 random
 * bits): a run's files are public only to whoever was given their URL.
 */
export const secretStem = () => randomBytes(16).toString('base64url');

export interface CostumeRunInfo {
  id: string;
  model: string;
  /** Who may read or cancel it by id: the Idempotency-Key's scope (routes/run.ts). */
  owner: string;
  userId: string | undefined;
  projectId: string;
  /** The run's folder under the files folder (its id): nothing else is ever written there. */
  folder: string;
  /** The public URL of a file in the folder. */
  url: (file: string) => string;
}

type Entry = Record<string, unknown>;

/**
 * One costume run from its charge to its settlement. The money rule lives here, once: a run costs
 * what was delivered to its caller (the image's share once the image event went out or the image
 * was read by id, the whole price once the whole answer went out), the rest is refunded, and the
 * files nobody was given are removed. Settled once, whichever comes first (the render's end, the
 * caller gone, a cancel); the runs journal then answers for it.
 */
export class CostumeRun {
  private image: { file: string; url: string; notice?: WorkflowNotice } | undefined;
  private imageDelivered = false;
  private settled: RunRecord | undefined;

  constructor(
    private readonly accounts: Accounts,
    private readonly pricing: Pricing,
    readonly info: CostumeRunInfo,
    private readonly onSettled: (run: CostumeRun) => void,
  ) {}

  get cents(): number {
    return this.pricing.imageCents + this.pricing.videoCents;
  }

  /** The settlement, once made (a cancel or an abandonment before the render ended). */
  get settlement(): RunRecord | undefined {
    return this.settled;
  }

  /**
   * The image is whole: it is moved to a secret name of its own, so its URL gives nothing of the
   * video's (which keeps the render's secret stem) and the image is served only once handed out.
   */
  imageReady(file: string, notice?: WorkflowNotice): void {
    if (this.settled) return;
    const published = path.join(path.dirname(file), `${secretStem()}${path.extname(file)}`);
    renameSync(file, published);
    this.image = { file: published, url: this.info.url(published), ...(notice && { notice }) };
  }

  /** The image's output: its URL, and what its result tells the owner (DESIGN.md, `notice`). */
  private imageOutput(image: NonNullable<CostumeRun['image']>): Entry {
    const { url, notice } = image;
    return { image_output: { image: url, outputType: 'image', ...(notice && { notice }) } };
  }

  /** Hands the image out (an image event, or a read by id): from now on its share is charged. */
  deliverImage(): Entry | undefined {
    if (!this.image || this.settled) return undefined;
    if (!this.imageDelivered) {
      this.accounts.runs.markImageDelivered(this.info.id);
      this.imageDelivered = true;
    }
    return this.imageOutput(this.image);
  }

  /** What a read by id shows of a run still going: the image, delivered (and charged) by the read. */
  progress(): RunRecord {
    const image = this.deliverImage();
    const { id, model } = this.info;
    return {
      id,
      model,
      status: 'running',
      output: image ? [image] : [],
      costCents: this.imageDelivered ? this.pricing.imageCents : 0,
    };
  }

  /** The whole answer went out: the whole price. */
  succeed(files: { imageFile: string; videoFile: string; notice?: WorkflowNotice }): RunRecord {
    if (!this.image) this.imageReady(files.imageFile, files.notice);
    const entry: Entry = {
      ...this.imageOutput(this.image!),
      video_output: { video: this.info.url(files.videoFile), outputType: 'video' },
    };
    this.imageDelivered = true;
    return this.settle('succeeded', [entry]);
  }

  /**
   * The caller is gone, the run was cancelled, or it failed: the delivered image (if any) is
   * charged and kept, everything else refunded and removed. Settled once; later calls only remove
   * what the render wrote since.
   */
  stop(status: Exclude<SettledStatus, 'succeeded'>): RunRecord {
    const record = this.settle(status, this.delivered());
    this.removeUndelivered();
    return record;
  }

  private delivered(): Entry[] {
    return this.imageDelivered && this.image ? [this.imageOutput(this.image)] : [];
  }

  private settle(status: SettledStatus, output: Entry[]): RunRecord {
    if (this.settled) return this.settled;
    const { id, model, owner, userId, projectId } = this.info;
    const costCents = output.some((entry) => 'video_output' in entry)
      ? this.cents
      : this.imageDelivered
        ? this.pricing.imageCents
        : 0;
    this.settled = { id, model, status, output, costCents };
    // The refund deletes the pending record with it, so a restart never refunds it again.
    this.accounts.credits.refund(userId, projectId, this.cents - costCents, id);
    this.accounts.runs.recordRun({
      id,
      userId,
      projectId,
      model,
      costCents,
      owner,
      status,
      output,
    });
    this.onSettled(this);
    return this.settled;
  }

  /** The run's folder, less the delivered image: nobody was given the rest. */
  private removeUndelivered(): void {
    const { folder } = this.info;
    if (!this.imageDelivered || !this.image) {
      rmSync(folder, { recursive: true, force: true });
      return;
    }
    const kept = path.basename(this.image.file);
    for (const name of safeList(folder))
      if (name !== kept) rmSync(path.join(folder, name), { force: true });
  }
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
