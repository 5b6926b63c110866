import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from './database';

/** SQLite's own default: the request path checkpoints after this many WAL pages while no worker does. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

export interface CheckpointOptions {
  /** How often the worker looks for new commits to copy into the database file. */
  intervalMs: number;
  /** WAL size at which the worker is started: a platform that writes little never starts one. */
  startAtBytes: number;
  /** The worker failed: the request path checkpoints again, as SQLite does by default. */
  onError: (error: unknown) => void;
}

export const CHECKPOINT_DEFAULTS = { intervalMs: 1_000, startAtBytes: 1024 * 1024 } as const;

/**
 * The worker: its own connection to the file, a PASSIVE checkpoint when another connection has
 * committed since its last look (data_version), never blocking the writer. Plain JavaScript run
 * with `eval`, so it needs no loader under tsx.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.libsql);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const dataVersion = db.prepare('PRAGMA data_version');
let seen;
const pass = () => {
  const version = dataVersion.get().data_version;
  if (version === seen) return;
  seen = version;
  db.pragma('wal_checkpoint(PASSIVE)');
};
const timer = setInterval(pass, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
parentPort.postMessage('ready');
`;

/**
 * Checkpoints the WAL off the request path. By default SQLite copies the WAL into the database file
 * inside whichever COMMIT crosses 1000 pages, fsyncs included: under a stream of storage writes that
 * stalled the event loop (and every request waiting on it) for 5-40 ms every couple of seconds.
 * Here, once the WAL has grown, a worker thread does it on its own connection and the request path
 * stops checkpointing; if the worker fails, the request path takes the job back. Durability is
 * unchanged: a commit is in the WAL before it is answered, whoever copies it on later.
 */
export class WalCheckpointer {
  private worker: Worker | undefined;
  private stopped = false;
  private readonly watch: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly file: string,
    private readonly options: CheckpointOptions,
  ) {
    this.watch = setInterval(() => this.startWhenGrown(), options.intervalMs).unref();
  }

  private startWhenGrown() {
    if (this.worker || this.stopped) return;
    let size = 0;
    try {
      size = statSync(`${this.file}-wal`).size;
    } catch {
      return;
    }
    if (size < this.options.startAtBytes) return;
    clearInterval(this.watch);
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        libsql: createRequire(import.meta.url).resolve('libsql'),
        file: this.file,
        intervalMs: this.options.intervalMs,
      },
    });
    worker.unref();
    this.worker = worker;
    worker.once('message', () => this.db.pragma('wal_autocheckpoint = 0'));
    const failed = (error: unknown) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
      this.options.onError(error);
    };
    worker.once('error', failed);
    worker.once('exit', (code) => failed(new Error(`WAL checkpoint worker exited with ${code}`)));
  }

  /** Before the database closes: the worker closes its connection and ends. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.watch);
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // Held until it has ended: in a shutdown nothing else may keep the process alive, and an
    // unref'd worker would let it end here, before the database is checkpointed and closed.
    worker.ref();
    worker.postMessage('stop');
    await exited;
    this.db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  }
}
