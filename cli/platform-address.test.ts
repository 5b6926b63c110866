import { describe, expect, it } from 'vitest';
import { cliTestPlatform } from './testing/cli-test-platform';
import { finished, spawnCli } from './testing/spawn-cli';

const shared = cliTestPlatform();

describe('a --base-url with a wrong path (real process)', () => {
  it('says no platform was found at that address, not to check a name or id', async () => {
    const { env, token } = await shared.newUser();
    const wrong = `${shared.platform.baseUrl}/nope`;
    for (const command of [['usage'], ['gallery', 'list']]) {
      const result = await finished(spawnCli(['--base-url', wrong, ...command], env));
      expect(result.code).toBe(1);
      expect(result.err).toContain('Error: Platform Not Found');
      expect(result.err).toContain(`No Pawloween platform was found at ${wrong}`);
      expect(result.err).toContain('--base-url');
      expect(result.err).not.toContain('Check the name or id you gave');
      expect(result.err).not.toContain(token);
    }
    const json = await finished(spawnCli(['--base-url', wrong, 'usage', '--json'], env));
    expect(JSON.parse(json.out)).toMatchObject({ error: { code: 'PLATFORM_NOT_FOUND' } });
  });

  it('keeps "Not Found" for a name the platform does not know, at the right address', async () => {
    const { env } = await shared.newUser();
    const result = await finished(
      spawnCli(['run', 'text/no-such-model', '--input', '{"prompt":"x"}'], env),
    );
    expect(result.code).toBe(1);
    expect(result.err).toContain('Unknown model or workflow: text/no-such-model');
    expect(result.err).toContain('Check the name or id you gave');
  });
});

describe('an https --base-url of a platform that speaks http (real process)', () => {
  it('says the address speaks http and which one to use, without an OpenSSL dump', async () => {
    const { env, token } = await shared.newUser();
    const https = shared.platform.baseUrl.replace(/^http:/, 'https:');
    for (const command of [['usage'], ['gallery', 'list']]) {
      const result = await finished(spawnCli(['--base-url', https, ...command], env));
      expect(result.code).toBe(1);
      expect(result.err).toContain('Error: Platform Speaks http');
      expect(result.err).toContain(`${https} speaks http, not https.`);
      expect(result.err).toContain(`Use --base-url ${shared.platform.baseUrl}`);
      expect(result.err).not.toMatch(/SSL|openssl|ssl3_/i);
      expect(result.err).not.toContain(token);
    }
    const json = await finished(spawnCli(['--base-url', https, 'usage', '--json'], env));
    expect(JSON.parse(json.out)).toMatchObject({ error: { code: 'PLATFORM_SPEAKS_HTTP' } });
  });
});
