import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp, type TestApp } from '../../tests/server/helpers';
import { runCli } from '../program';
import { memoryIo } from '../testing/memory-io';

let platform: TestApp;
let baseUrl: string;
let home: string;

beforeAll(async () => {
  platform = await testApp({ faults: true, publicDir: path.resolve('ui/public') });
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`;
  home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-batch-'));
});
afterAll(async () => {
  // fetch keeps connections alive, which would hold close() open.
  platform.app.server.closeAllConnections();
  await platform.close();
  rmSync(home, { recursive: true, force: true });
});

async function user() {
  const token = await signIn(platform.app, `b-${Math.random().toString(36).slice(2)}@example.com`);
  return async (...args: string[]) => {
    const io = memoryIo({
      PAWLOWEEN_BASE_URL: baseUrl,
      PAWLOWEEN_TOKEN: token,
      XDG_CONFIG_HOME: home,
    });
    const code = await runCli(args, io);
    return { code, out: io.stdout.text(), err: io.stderr.text() };
  };
}

describe('pawloween batch', () => {
  it('generates every combination, saves each to the gallery with its own id, and prints a summary table', async () => {
    const cli = await user();
    const out = mkdtempSync(path.join(home, 'out-'));
    const result = await cli(
      'batch',
      '--pets',
      'dog1,cat1,rabbit1',
      '--costumes',
      'vampire,witch',
      '--concurrency',
      '4',
      '--out',
      out,
    );
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/#\s+Pet\s+Costume\s+Result/);
    for (const pet of ['dog1', 'cat1', 'rabbit1'])
      for (const costume of ['vampire', 'witch'])
        expect(result.out).toMatch(new RegExp(`${pet}\\s+${costume}\\s+ok`));
    expect(result.out).toContain('6 of 6 succeeded.');
    expect(readdirSync(out)).toHaveLength(12);
    const items = JSON.parse((await cli('gallery', 'list', '--json')).out) as { id: string }[];
    expect(new Set(items.map((item) => item.id)).size).toBe(6);
  });

  it('lists failures with their error card titles and exits non-zero', async () => {
    const cli = await user();
    await platform.app.inject({ method: 'POST', url: '/__faults', payload: { next: 'run-fail' } });
    const result = await cli(
      'batch',
      '--pets',
      'dog1,cat1',
      '--costumes',
      'ghost',
      '--concurrency',
      '1',
    );
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/dog1\s+ghost\s+failed/);
    expect(result.out).toMatch(/cat1\s+ghost\s+ok/);
    expect(result.err).toContain('1 of 2 failed:');
    expect(result.err).toContain('dog1 + ghost: Image generation failed during processing');
  });

  it('exits 4 when the credits run out part way, naming the failures as Insufficient Credits', async () => {
    // Its own platform where a generation costs $1.00: the free $5.00 pay for 5 of these 6.
    const dear = await testApp({
      publicDir: path.resolve('ui/public'),
      pricing: { imageCents: 60, videoCents: 40 },
    });
    await dear.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const env = {
        PAWLOWEEN_BASE_URL: `http://127.0.0.1:${(dear.app.server.address() as AddressInfo).port}`,
        PAWLOWEEN_TOKEN: await signIn(dear.app),
        XDG_CONFIG_HOME: home,
      };
      const io = memoryIo(env);
      const args = [
        'batch',
        '--pets',
        'dog1,cat1,rabbit1',
        '--costumes',
        'vampire,witch',
        '--json',
      ];
      expect(await runCli(args, io)).toBe(4);
      expect(JSON.parse(io.stdout.text())).toMatchObject({ total: 6, failed: 1 });
      expect(io.stderr.text()).toContain('1 of 6 failed:');
      expect(io.stderr.text()).toMatch(/: Image generation failed .*\(Insufficient Credits\)/);
      expect(io.stderr.text()).toMatch(/Request id: \S+/);
      const usage = memoryIo(env);
      await runCli(['usage', '--json'], usage);
      expect(JSON.parse(usage.stdout.text()).remainingCredits).toBe(0);
    } finally {
      dear.app.server.closeAllConnections();
      await dear.close();
    }
  });

  it('checks every input before spending a credit', async () => {
    const cli = await user();
    const result = await cli('batch', '--pets', 'dog1,nosuchpet', '--costumes', 'vampire');
    expect(result.code).toBe(2);
    expect(result.err).toContain("Unknown pet preset 'nosuchpet'");
    expect(JSON.parse((await cli('usage', '--json')).out).usedCredits).toBe(0);
  });

  it('never asks for more than 10 at once', async () => {
    const cli = await user();
    const result = await cli(
      'batch',
      '--pets',
      'dog1',
      '--costumes',
      'vampire',
      '--concurrency',
      '11',
    );
    expect(result.code).toBe(2);
    expect(result.err).toContain('a whole number from 1 to 10');
  });
});
