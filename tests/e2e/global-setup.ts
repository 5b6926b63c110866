import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildAppOnce } from './support/build';
import { ensureChromium } from './support/chromium';
import { ROOT, SCREENSHOT_DIR } from './support/paths';
import { acquireRunLock } from './support/run-lock';
import type { E2EPlatform } from './support/platform';
import { freePort, waitUntilAnswering } from './support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One local platform per journey file running at once (support/platform.ts picks a file's). */
    e2ePlatforms: E2EPlatform[];
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

interface Started {
  platform: E2EPlatform;
  stop: () => Promise<void>;
}

/**
 * The same local platform server `npm start` runs, on a free port with a fresh data folder and
 * fault injection on, its log written to a file beside (not in) the data folder.
 */
async function startPlatform(): Promise<Started> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-e2e-'));
  // Beside the data folder, not in it: the journeys read it (support/platform-log.ts).
  const logDir = mkdtempSync(path.join(tmpdir(), 'pawloween-e2e-log-'));
  const logFile = path.join(logDir, 'platform.log');
  const log = createWriteStream(logFile);
  const port = await freePort();
  const projectToken = `pk_e2e_${randomBytes(9).toString('base64url')}`;
  const baseUrl = `http://localhost:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'mock-server/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PROJECT_TOKEN: projectToken,
      PUBLIC_BASE_URL: baseUrl,
      HOST: '127.0.0.1',
      PAWLOWEEN_FAULTS: '1',
      // Every journey signs up accounts of its own from this computer, about 65 in a run: more
      // than a person's 20 an hour (tests/reliability/storage-quota.test.ts attacks that brake).
      SIGNUPS_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for the error message only: a server that dies on start says why.
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const stopAndClean = async () => {
    await stop(child);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logDir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/healthz`, child, 60_000);
  } catch (error) {
    await stopAndClean();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.join('')}`);
  }
  return { platform: { baseUrl, projectToken, logFile }, stop: stopAndClean };
}

/**
 * Builds the app once and starts a local platform for each journey file that runs at once; the
 * journeys reach theirs through support/platform.ts.
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  const release = await acquireRunLock(ROOT);
  try {
    rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
    await buildAppOnce(ROOT);
  } catch (error) {
    release();
    throw error;
  }

  // One a worker: vitest runs at most maxWorkers journey files at once (vitest.config.ts).
  const starts = await Promise.allSettled(
    Array.from({ length: project.config.maxWorkers ?? 1 }, () => startPlatform()),
  );
  const started = starts.flatMap((start) => (start.status === 'fulfilled' ? [start.value] : []));
  const stopAll = () => Promise.all(started.map((entry) => entry.stop()));
  const failed = starts.find((start) => start.status === 'rejected');
  if (failed) {
    await stopAll();
    release();
    throw failed.reason;
  }

  project.provide(
    'e2ePlatforms',
    started.map((entry) => entry.platform),
  );

  return async () => {
    await stopAll();
    release();
    const shots = existsSync(SCREENSHOT_DIR) ? readdirSync(SCREENSHOT_DIR).length : 0;
    console.log(`\nBrowser journeys: ${shots} failure screenshot(s) in ${SCREENSHOT_DIR}\n`);
  };
}
