import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { signIn, testApp, type TestApp } from '../../tests/server/helpers';
import { runCli } from '../program';
import { memoryIo } from './memory-io';

type TestAppOptions = Parameters<typeof testApp>[0];

export interface ListeningPlatform extends TestApp {
  readonly baseUrl: string;
}

/** A test platform (see testApp) listening on a free loopback port, as the CLI reaches it: over HTTP. */
export async function listeningPlatform(options: TestAppOptions = {}): Promise<ListeningPlatform> {
  const platform = await testApp(options);
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    ...platform,
    baseUrl: `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`,
    close: async () => {
      // fetch keeps connections alive, which would hold close() open.
      platform.app.server.closeAllConnections();
      await platform.close();
    },
  };
}

/** Runs one CLI command on a memory terminal with `env`, and returns what it printed and asked. */
export async function runInMemory(
  env: Record<string, string | undefined>,
  args: string[],
  options: Parameters<typeof memoryIo>[1] = {},
) {
  const io = memoryIo(env, options);
  const code = await runCli(args, io);
  return { code, out: io.stdout.text(), err: io.stderr.text(), questions: io.questions };
}

export interface CliTestPlatform {
  readonly platform: ListeningPlatform;
  /** A temporary XDG_CONFIG_HOME, also a place for the tests' files. */
  readonly home: string;
  /** A fresh user, so galleries and credits never leak between tests, with a CLI signed in as it. */
  newUser(): Promise<{
    token: string;
    env: Record<string, string>;
    cli: (...args: string[]) => ReturnType<typeof runInMemory>;
  }>;
}

/**
 * One listening platform and one config home for a whole test file: made in beforeAll, removed in
 * afterAll. Read `platform` and `home` inside tests and hooks, not at the top of the file.
 */
export function cliTestPlatform(options: TestAppOptions = {}): CliTestPlatform {
  let platform: ListeningPlatform | undefined;
  let home: string | undefined;
  beforeAll(async () => {
    platform = await listeningPlatform(options);
    home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-'));
  });
  afterAll(async () => {
    await platform?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });
  const started = () => {
    if (!platform || !home) throw new Error('cliTestPlatform is read before its beforeAll ran');
    return { platform, home };
  };
  return {
    get platform() {
      return started().platform;
    },
    get home() {
      return started().home;
    },
    async newUser() {
      const { platform, home } = started();
      const email = `cli-${Math.random().toString(36).slice(2)}@example.com`;
      const token = await signIn(platform.app, email);
      const env = {
        PAWLOWEEN_BASE_URL: platform.baseUrl,
        PAWLOWEEN_TOKEN: token,
        XDG_CONFIG_HOME: home,
      };
      return { token, env, cli: (...args: string[]) => runInMemory(env, args) };
    },
  };
}
