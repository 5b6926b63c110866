import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cliTestPlatform } from '../testing/cli-test-platform';

const MODEL = 'text/spooky-namer';
const shared = cliTestPlatform();
let cli: Awaited<ReturnType<typeof shared.newUser>>['cli'];
beforeAll(async () => {
  cli = (await shared.newUser()).cli;
});

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
    const schema = path.join(shared.home, 'pet-name.json');
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

  it('shows a platform error with its title, action and request id (exit 1)', async () => {
    const result = await cli('run', 'text/no-such-model', '--input', '"hi"');
    expect(result.code).toBe(1);
    expect(result.err).toContain('Error: Not Found');
    expect(result.err).toContain('Unknown model or workflow: text/no-such-model');
    expect(result.err).toContain('Next: Check the name or id you gave.');
    expect(result.err).toMatch(/Request id: [0-9a-f-]{36}/);
  });
});
