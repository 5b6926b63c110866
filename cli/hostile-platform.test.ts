// The real CLI process against hostile platforms this test starts (issue 32): what the platform
// answers must never move the CLI's token elsewhere, nor reach the terminal as control sequences.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finished, spawnCli } from './testing/spawn-cli';
import { hostileServer, readableToken, type HostileServer } from './testing/hostile-platform';

const servers: HostileServer[] = [];
let config: string;

beforeAll(() => {
  config = mkdtempSync(path.join(tmpdir(), 'pawloween-hostile-cli-'));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  rmSync(config, { recursive: true, force: true });
});

async function server(handler: Parameters<typeof hostileServer>[0]): Promise<HostileServer> {
  const started = await hostileServer(handler);
  servers.push(started);
  return started;
}

const cli = (baseUrl: string, args: string[], env: Record<string, string> = {}) =>
  finished(
    spawnCli(args, {
      PAWLOWEEN_BASE_URL: baseUrl,
      PAWLOWEEN_TOKEN: TOKEN,
      XDG_CONFIG_HOME: config,
      ...env,
    }),
  );

const TOKEN = readableToken();

describe('pawloween against a hostile platform', () => {
  it('never follows a redirect to another origin with its token', async () => {
    const evil = await server((_request, response) => {
      response.end('{}');
    });
    const platform = await server((request, response) => {
      response.writeHead(302, { location: `${evil.baseUrl}${request.url ?? '/'}` }).end();
    });
    for (const args of [['usage']]) {
      const run = await cli(platform.baseUrl, args);
      expect(run.code, args.join(' ')).not.toBe(0);
      expect(run.err).toContain('Refused to follow a redirect');
    }
    expect(platform.seen.length).toBeGreaterThan(0);
    expect(platform.seen.every((seen) => seen.headers['x-sub-dev-access-token'] === TOKEN)).toBe(
      true,
    );
    expect(evil.seen).toEqual([]);
  });

  it('refuses to send its token over plain http off loopback, unless told it may', async () => {
    const run = await cli('http://192.168.1.20:8787', ['usage']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('Refused to send your token over plain http to 192.168.1.20:8787');
    expect(run.err).toContain('--allow-http');
  });
});
