import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SETTINGS } from '../../mock-server/settings';
import { runCli } from '../program';
import { memoryIo } from '../testing/memory-io';
import { inPty } from '../testing/pty';
import { finished, spawnCli } from '../testing/spawn-cli';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Waits for a condition, failing (so cleanup runs) well within the test's own timeout. */
async function waitFor(condition: () => boolean, what: string, ms = 45_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('pawloween serve', () => {
  it(
    'starts the local platform from any directory and stops it cleanly',
    { timeout: 60_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-serve-'));
      dirs.push(dataDir);
      const port = await freePort();
      const stop = new AbortController();
      const io = memoryIo({ PATH: process.env.PATH, LOG_LEVEL: 'warn' }, { signal: stop.signal });
      const serving = runCli(['serve', '--port', String(port), '--data-dir', dataDir], io);

      let health: Response | undefined;
      while (!health?.ok) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      }
      expect(await health.json()).toEqual({ ok: true });
      expect(io.stdout.text()).toContain(`Pawloween is running at http://localhost:${port}`);

      stop.abort();
      expect(await serving).toBe(0);
    },
  );

  it('--help lists every setting the platform reads', async () => {
    const help = await finished(spawnCli(['serve', '--help'], {}));
    expect(help.code).toBe(0);
    for (const setting of SETTINGS) expect(help.out).toContain(setting.name);
    expect(help.out).toContain('./data of the current folder');
  });

  it(
    "without --data-dir keeps its database in the caller's ./data, and says where at start",
    { timeout: 60_000 },
    async () => {
      const caller = mkdtempSync(path.join(tmpdir(), 'pawloween-serve-caller-'));
      dirs.push(caller);
      const port = await freePort();
      const child = spawnCli(
        ['serve', '--port', String(port)],
        { LOG_LEVEL: 'warn' },
        { cwd: caller },
      );
      const done = finished(child);
      try {
        let output = '';
        child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        await waitFor(
          () => output.includes('Data folder:') || child.exitCode !== null,
          'the start lines',
        );
        expect(output).toContain(`Data folder: ${path.join(caller, 'data')}`);
        expect(readdirSync(path.join(caller, 'data'))).toContain('pawloween.db');
      } finally {
        child.kill('SIGTERM');
        await done;
      }
    },
  );

  it('on a terminal its log is readable lines, not JSON', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-serve-'));
    dirs.push(dataDir);
    const port = await freePort();
    const session = inPty(['serve', '--port', String(port), '--data-dir', dataDir], {
      LOG_LEVEL: 'info',
    });
    try {
      await waitFor(() => session.output().includes('Pawloween is running'), 'the start');
      // A refused request logs at info.
      await fetch(`http://127.0.0.1:${port}/v1/subscriptions/usage`);
      await waitFor(() => session.output().includes('/v1/subscriptions/usage'), 'the log line');
      expect(session.output()).toMatch(
        /\d\d:\d\d:\d\d INFO {2}request completed GET \/v1\/subscriptions\/usage 401 \d+ ms/,
      );
      expect(session.output()).not.toContain('{"level"');
    } finally {
      session.type('\u0003');
      await session.exited;
    }
  });
});
