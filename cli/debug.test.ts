import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliTestPlatform, runInMemory } from './testing/cli-test-platform';
import { generateArgs } from './testing/generate-args';
import { finished, spawnCli } from './testing/spawn-cli';

const shared = cliTestPlatform();

describe('pawloween --debug (real process)', () => {
  it('prints each request with its status, time and request id on stderr, and never the token', async () => {
    const { env, token } = await shared.newUser();
    for (const [args, extra] of [
      [['--debug', 'usage'], env],
      [['--debug', '--token', token, 'gallery', 'list', '--json'], { ...env, PAWLOWEEN_TOKEN: '' }],
      [['usage', '--json'], { ...env, PAWLOWEEN_DEBUG: '1' }],
    ] as const) {
      const result = await finished(spawnCli(args, extra));
      expect(result.code).toBe(0);
      const lines = result.err.split('\n').filter((line) => line.startsWith('[debug] '));
      expect(lines[0]).toMatch(
        /^\[debug\] platform http:\/\/127\.0\.0\.1:\d+, token from (environment|flag)$/,
      );
      // method, host and path, status, time, and the platform's request id
      expect(lines).toContainEqual(
        expect.stringMatching(
          // usage reads the balance; gallery list only the gallery
          /^\[debug\] GET 127\.0\.0\.1:\d+\/v1\/(subscriptions\/usage|storage) -> 200 in \d+ ms \(request id [\w-]+\)$/,
        ),
      );
      expect(lines.at(-1)).toMatch(/^\[debug\] exit 0 after \d+ ms$/);
      // Neither the token nor any part of it (its signature) shows anywhere.
      for (const part of [token, ...token.split('.')])
        for (const stream of [result.err, result.out]) expect(stream).not.toContain(part);
      if ((args as readonly string[]).includes('--json'))
        expect(() => JSON.parse(result.out)).not.toThrow();
    }
  });

  it('says which call failed, and prints nothing of the kind without --debug', async () => {
    const { env, token } = await shared.newUser();
    const refused = await finished(
      spawnCli(['--debug', 'usage'], { ...env, PAWLOWEEN_TOKEN: `${token}x` }),
    );
    expect(refused.code).toBe(3);
    expect(refused.err).toMatch(
      /\[debug\] GET 127\.0\.0\.1:\d+\/v1\/subscriptions\/usage -> 401 in \d+ ms/,
    );
    expect(refused.err).not.toContain(token);
    const quiet = await finished(spawnCli(['usage'], env));
    expect(quiet.code).toBe(0);
    expect(quiet.err).not.toContain('[debug]');
  });

  it('logs the media downloads too (gallery export)', async () => {
    const { env, token } = await shared.newUser();
    const made = await runInMemory(
      env,
      generateArgs(mkdtempSync(path.join(shared.home, 'generated-'))),
    );
    expect(made.code).toBe(0);
    const dir = mkdtempSync(path.join(shared.home, 'export-'));
    const result = await finished(spawnCli(['--debug', 'gallery', 'export', dir], env));
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/\[debug\] GET 127\.0\.0\.1:\d+\/files\/\S+\.png -> 200 in \d+ ms/);
    expect(result.err).toMatch(/\[debug\] GET 127\.0\.0\.1:\d+\/files\/\S+\.mp4 -> 200 in \d+ ms/);
    expect(result.err).not.toContain(token);
  });
});
