// Issue 42: a damaged DATA_DIR/signing-secret was accepted: empty made every sign-in a 500, and
// "abZZZZ" started with a 1-byte HMAC key, with which a token was forged in 172 tries. The real
// server process now refuses to start on it and says what to do.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, stopStartedServers } from './support/server-process';

const dirs: string[] = [];
afterAll(async () => {
  await stopStartedServers();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('a damaged signing secret', () => {
  it.each([
    ['empty', ''],
    ['1 byte then garbage', 'abZZZZ'],
    ['31 bytes', 'ab'.repeat(31)],
  ])('%s: the platform refuses to start and names the file', async (_, secret) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-secret-'));
    dirs.push(dataDir);
    writeFileSync(path.join(dataDir, 'signing-secret'), secret, { mode: 0o600 });
    await expect(startServer(dataDir, await freePort())).rejects.toThrow(
      /signing-secret is damaged: it must hold at least 32 bytes as hex/,
    );
  });

  it('32 bytes of hex start it', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-secret-'));
    dirs.push(dataDir);
    writeFileSync(path.join(dataDir, 'signing-secret'), 'c3'.repeat(32), { mode: 0o600 });
    const server = await startServer(dataDir, await freePort());
    await server.stop();
  });
});
