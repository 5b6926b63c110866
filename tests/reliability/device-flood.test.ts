// Issue 32: device sign-in could be blocked for everyone (999 starts from 18 addresses filled every
// place for 10 minutes, and every real `login --device` got 503). Against the real server process:
// a flood from 200 loopback addresses (each up to its page budget), then a real `pawloween login
// --device` still starts, is approved on the page and signs in.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_TOKEN } from '../../mock-server/config';
import { finished, spawnCli } from '../../cli/testing/spawn-cli';
import {
  freePort,
  startServer,
  type ServerProcess,
  stopStartedServers,
} from './support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-device-flood-'));
const home = mkdtempSync(path.join(tmpdir(), 'pawloween-device-home-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await stopStartedServers();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });
});

/** POST /v1/auth/device from a given loopback source address (127.0.0.0/8 is all this machine's). */
function startFrom(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ projectToken: DEFAULT_PROJECT_TOKEN });
    const call = request(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        method: 'POST',
        path: '/v1/auth/device',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        agent: false,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

describe('device sign-in under a flood of starts from many addresses', () => {
  it('keeps room: a real login --device from a new address starts and signs in', async () => {
    const port = await freePort();
    server = await startServer(dataDir, port);
    // Enough addresses to hold every one of the 1000 places at 5 each.
    const flooders = 200;
    const statuses = new Map<number, number>();
    // Each address asks 8 times (more than its 5 places); 10 addresses at a time.
    for (let first = 0; first < flooders; first += 10) {
      const batch = Array.from({ length: 10 }, (_, i) => `127.0.1.${first + i + 1}`);
      const answers = await Promise.all(
        batch.flatMap((address) => Array.from({ length: 8 }, () => startFrom(port, address))),
      );
      for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }

    const cli = spawnCli(['login', '--device', '--json'], {
      PAWLOWEEN_BASE_URL: server.baseUrl,
      PAWLOWEEN_PROJECT_TOKEN: DEFAULT_PROJECT_TOKEN,
      XDG_CONFIG_HOME: home,
    });
    const done = finished(cli);
    let stderr = '';
    cli.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no code shown:\n${stderr}`)), 20_000);
      cli.stderr?.on('data', () => {
        const shown = /enter the code {2}([A-Z]{4}-[A-Z]{4})/.exec(stderr)?.[1];
        if (shown) {
          clearTimeout(timer);
          resolve(shown);
        }
      });
    });
    const approve = await fetch(`${server.baseUrl}/auth/device`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user_code: code, email: 'real-person@example.com' }),
    });
    expect(approve.status).toBe(200);
    const result = await done;
    expect(result.code, result.err).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({ email: 'real-person@example.com' });
    // No flooder was refused either: each address's oldest codes made way for its new ones.
    expect(Object.fromEntries(statuses)).toEqual({ 200: flooders * 8 });
  });
});
