import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { cliTestPlatform, runInMemory } from './testing/cli-test-platform';

const shared = cliTestPlatform();

/** An address where nothing listens: a port the system gave out and took back. */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('platform errors in the terminal', () => {
  it('opens a pricing page that works outside the app with `plan --open`', async () => {
    const { env } = await shared.newUser();
    const opened: string[] = [];
    const result = await runInMemory(env, ['plan', '--open'], {
      openUrl: async (url) => (opened.push(url), true),
    });
    expect(result.code).toBe(0);
    expect(opened).toHaveLength(1);
    // A browser with no app around it: the page must know the user and offer the plans.
    const page = await (await fetch(opened[0]!)).text();
    expect(page).not.toContain('Open this page from the app');
    expect(page).toMatch(/checkout\?session=/);
  });

  it('prints that address when no browser can start (SSH), and warns it carries the token', async () => {
    const { env, token } = await shared.newUser();
    const result = await runInMemory(env, ['plan', '--open']);
    expect(result.code).toBe(0);
    expect(result.out.trim()).toBe(`${shared.platform.baseUrl}/subscribe?access_token=${token}`);
    expect(result.err).toContain('carries your access token');
  });

  it('never prints the app-only pricing address in `plan`', async () => {
    const { cli } = await shared.newUser();
    const plan = await cli('plan');
    expect(plan.out).toMatch(/Pricing\s+pawloween plan --open \(Upgrade\)/);
    expect(plan.out).not.toContain('/subscribe');
  });

  // Each waits out the client's retries (about 2.5 s): side by side, not one after another.
  it.concurrent.each([
    ['usage'],
    ['whoami'],
    ['plan'],
    ['gallery', 'list'],
    ['generate', '--pet', 'dog1', '--costume', 'vampire'],
    ['batch', '--pets', 'dog1', '--costumes', 'vampire'],
  ])('names the address and the way out when the platform is down: %s', async (...args) => {
    const { env } = await shared.newUser();
    const baseUrl = await closedAddress();
    const result = await runInMemory({ ...env, PAWLOWEEN_BASE_URL: baseUrl }, args);
    expect(result.code).toBe(1);
    expect(result.err).toContain('Platform Not Reachable');
    expect(result.err).toContain(
      `Could not reach the platform at ${baseUrl} (connection refused).`,
    );
    expect(result.err).toContain('`pawloween serve`');
    expect(result.err).toContain('--base-url');
    expect(result.out).toBe('');
  });

  it('exits 3 from whoami when the platform refuses a well-formed token', async () => {
    const { env, token } = await shared.newUser();
    await runInMemory(env, ['logout']);
    const result = await runInMemory({ ...env, PAWLOWEEN_TOKEN: token }, ['whoami']);
    expect(result.code).toBe(3);
    expect(result.err).toContain('refused your token');
    expect(result.err).toContain('pawloween login');
    expect(result.out).toBe('');
  });
});
