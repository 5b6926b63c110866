import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInMemory } from './testing/cli-test-platform';

const home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-exit-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const cli = (args: string[], env: Record<string, string> = {}) =>
  runInMemory({ XDG_CONFIG_HOME: home, PATH: process.env.PATH, ...env }, args);

/** Nothing any exit code path prints should look like a Node stack. */
const noStack = (text: string) => expect(text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);

describe('exit codes', () => {
  it.each([['ftp://files.example.com'], ['not a url'], ['localhost:8787'], ['file:///etc']])(
    'refuses --base-url %s as a usage error (2)',
    async (url) => {
      const result = await cli(['--base-url', url, 'usage']);
      expect(result.code).toBe(2);
      expect(result.err).toContain(`The base URL '${url}' is not an http:// or https:// address.`);
      noStack(result.err);
    },
  );

  it('refuses a PAWLOWEEN_BASE_URL that is not http(s) as a usage error too', async () => {
    const result = await cli(['whoami'], { PAWLOWEEN_BASE_URL: 'ftp://example.com' });
    expect(result.code).toBe(2);
    expect(result.err).toContain('PAWLOWEEN_BASE_URL');
  });

  it('checks generate for usage (2) before sign-in (3)', async () => {
    const result = await cli(['generate']);
    expect(result.code).toBe(2);
    expect(result.err).toContain('generate needs --pet and --costume');
  });

  it.each([['0'], ['11'], ['2.5'], ['abc']])(
    'refuses `batch --concurrency %s` in one sentence naming the flag and its range',
    async (n) => {
      const result = await cli([
        'batch',
        '--pets',
        'dog1',
        '--costumes',
        'ghost',
        '--concurrency',
        n,
      ]);
      expect(result.code).toBe(2);
      expect(result.err.split('\n')[0]).toBe(
        `Error: --concurrency must be a whole number from 1 to 10, not '${n}'.`,
      );
      expect(result.err).not.toContain('is invalid');
    },
  );

  it.each([['abc'], ['0'], ['70000'], ['80.5']])(
    'refuses `serve --port %s` as a usage error (2)',
    async (port) => {
      const result = await cli(['serve', '--port', port]);
      expect(result.code).toBe(2);
      expect(result.err).toContain('a port number from 1 to 65535');
      noStack(result.err);
    },
  );

  it('says a port is in use, without a stack, and exits 1 before starting anything', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const result = await cli(['serve', '--port', String(port)]);
      expect(result.code).toBe(1);
      expect(result.err).toContain(`Port ${port} is already in use on 127.0.0.1.`);
      expect(result.err).toContain(`pawloween serve --port ${port + 1}`);
      noStack(result.err);
      expect(result.out).toBe('');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
