import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, testApp, type TestApp } from '../../tests/server/helpers';
import { runCli } from '../program';
import { memoryIo } from '../testing/memory-io';

const MODEL = 'text/spooky-namer';
let platform: TestApp;
let env: Record<string, string>;
let home: string;

beforeAll(async () => {
  platform = await testApp();
  await platform.app.listen({ port: 0, host: '127.0.0.1' });
  home = mkdtempSync(path.join(tmpdir(), 'pawloween-cli-run-'));
  env = {
    PAWLOWEEN_BASE_URL: `http://127.0.0.1:${(platform.app.server.address() as AddressInfo).port}`,
    PAWLOWEEN_TOKEN: await signIn(platform.app),
    XDG_CONFIG_HOME: home,
  };
});
afterAll(async () => {
  // fetch keeps connections alive, which would hold close() open.
  platform.app.server.closeAllConnections();
  await platform.close();
  rmSync(home, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  const io = memoryIo(env);
  const code = await runCli(args, io);
  return { code, out: io.stdout.text(), err: io.stderr.text() };
}

describe('pawloween run', () => {
  it('runs any model and prints its text answer', async () => {
    const result = await cli('run', MODEL, '--input', '{"prompt":"a black cat"}');
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^\w+ [\w ]+ of [\w ]+ rises at midnight, ready for Halloween\.\n$/);
  });

  it('streams the same answer to stdout', async () => {
    const whole = await cli('run', MODEL, '--input', '{"prompt":"a black cat"}');
    const streamed = await cli(
      'run',
      MODEL,
      '--input',
      '{"prompt":"a black cat"}',
      '--stream',
      '--mode',
      'word',
    );
    expect(streamed.code).toBe(0);
    expect(streamed.out).toBe(whole.out);
  });

  it('asks for structured output that follows a JSON Schema file', async () => {
    const schema = path.join(home, 'pet-name.json');
    writeFileSync(
      schema,
      JSON.stringify({
        type: 'object',
        properties: { name: { type: 'string' }, scary: { type: 'boolean' } },
        required: ['name', 'scary'],
        additionalProperties: false,
      }),
    );
    const result = await cli('run', MODEL, '--input', '{"prompt":"a bat"}', '--schema', schema);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toEqual({
      name: expect.any(String),
      scary: expect.any(Boolean),
    });
  });

  it('refuses input that is not JSON (exit 2)', async () => {
    const result = await cli('run', MODEL, '--input', '{prompt');
    expect(result.code).toBe(2);
    expect(result.err).toContain('--input must be JSON');
  });

  it('shows a platform error with its code and request id (exit 1)', async () => {
    const result = await cli('run', 'text/no-such-model', '--input', '"hi"');
    expect(result.code).toBe(1);
    expect(result.err).toContain('Unknown model or workflow: text/no-such-model');
    expect(result.err).toContain('Code: NOT_FOUND');
    expect(result.err).toMatch(/Request id: [0-9a-f-]{36}/);
  });
});
