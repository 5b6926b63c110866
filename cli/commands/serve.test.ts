import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../program';
import { memoryIo } from '../testing/memory-io';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

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
});
