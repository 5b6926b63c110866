import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PlatformClient } from '../client';
import { BASE_URL, recordingLogger, url, useMswServer } from '../../../../tests/support/msw-server';

const server = useMswServer();
const Costume = z.object({ name: z.string(), spookiness: z.number().int().min(0).max(10) });

/** Answers POST /v1/run with this output and returns the request bodies seen. */
function runAnswering(output: unknown[]) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(url('/v1/run'), async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ output });
    }),
  );
  return bodies;
}

describe('structured output (SPEC.md 5)', () => {
  it('a zod schema becomes a strict json_schema format, and the answer is parsed against it', async () => {
    const bodies = runAnswering([JSON.stringify({ name: 'Vampire', spookiness: 9 })]);
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    const result = await client.run.create({
      model: 'm',
      input: 'describe',
      response_format: Costume,
    });
    expect(result.parsed).toEqual({ name: 'Vampire', spookiness: 9 });
    expect(bodies[0]?.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'response',
        strict: true,
        schema: expect.objectContaining({
          type: 'object',
          properties: {
            name: { type: 'string' },
            spookiness: expect.objectContaining({ type: 'integer', maximum: 10 }),
          },
          required: ['name', 'spookiness'],
          additionalProperties: false,
        }),
      },
    });
  });

  it('reads the JSON from a text model entry ({ content })', async () => {
    runAnswering([{ content: JSON.stringify({ name: 'Mummy', spookiness: 5 }) }]);
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    expect(
      (await client.run.create({ model: 'm', input: 'x', response_format: Costume })).parsed,
    ).toEqual({ name: 'Mummy', spookiness: 5 });
  });

  it('accepts an already parsed object as output too', async () => {
    runAnswering([{ name: 'Ghost', spookiness: 3 }]);
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    expect(
      (await client.run.create({ model: 'm', input: 'x', response_format: Costume })).parsed,
    ).toEqual({ name: 'Ghost', spookiness: 3 });
  });

  it('falls back to json_object when the schema has no JSON Schema form', async () => {
    const bodies = runAnswering(['{}']);
    const logger = recordingLogger();
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', logger });
    await client.run.create({
      model: 'm',
      input: 'x',
      response_format: z.object({ when: z.date() }),
    });
    expect(bodies[0]?.response_format).toEqual({ type: 'json_object' });
    expect(logger.lines.some((line) => line.level === 'warn')).toBe(true);
  });

  it('an answer that does not match the schema is only logged: the run still resolves', async () => {
    runAnswering([JSON.stringify({ name: 'Witch', spookiness: 'very' })]);
    const logger = recordingLogger();
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't', logger });
    const result = await client.run.create({ model: 'm', input: 'x', response_format: Costume });
    expect(result.output).toEqual([JSON.stringify({ name: 'Witch', spookiness: 'very' })]);
    expect(result.parsed).toBeUndefined();
    expect(logger.lines.filter((line) => line.level === 'warn')).toHaveLength(1);
  });

  it('a response_format object is sent as given and nothing is parsed', async () => {
    const bodies = runAnswering(['{"a":1}']);
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    const result = await client.run.create({
      model: 'm',
      input: 'x',
      response_format: { type: 'json_object' },
    });
    expect(bodies[0]?.response_format).toEqual({ type: 'json_object' });
    expect(result.parsed).toBeUndefined();
  });
});
