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
import { freePort, waitUntilAnswering } from './support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the local platform server that also serves the built app, e.g. http://localhost:41234. */
    e2eBaseUrl: string;
    /** The project token the server was started with. */
    e2eProjectToken: string;
    /** The file the server's log (pino JSON lines, stdout and stderr) is written to as it runs. */
    e2ePlatformLog: string;
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

/**
 * Builds the app once and starts the same local platform server `npm start` runs, on a free port
 * with a fresh data folder and fault injection on; the journeys reach it through inject().
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
  const cleanUp = () => {
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logDir, { recursive: true, force: true });
  };

  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/healthz`, child, 60_000);
  } catch (error) {
    await stop(child);
    cleanUp();
    release();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.join('')}`);
  }

  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2eProjectToken', projectToken);
  project.provide('e2ePlatformLog', logFile);

  return async () => {
    await stop(child);
    cleanUp();
    release();
    const shots = existsSync(SCREENSHOT_DIR) ? readdirSync(SCREENSHOT_DIR).length : 0;
    console.log(`\nBrowser journeys: ${shots} failure screenshot(s) in ${SCREENSHOT_DIR}\n`);
  };
}
