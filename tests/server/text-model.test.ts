import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TEXT_LIMITS } from '../../mock-server/runs/text-model';
import {
  expectErrorShape,
  signIn,
  testApp,
  userBalance,
  userHeaders,
  type TestApp,
} from './helpers';

let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await testApp();
  token = await signIn(t.app);
});
afterEach(() => t.close());

const run = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/run',
    headers: { ...userHeaders(token), ...headers },
    payload: { model: 'text/spooky-namer', ...payload },
  });
const contents = (body: string) =>
  body
    .split('\n\n')
    .filter((line) => line.startsWith('data: ') && line !== 'data: [DONE]')
    .map((line) => (JSON.parse(line.slice(6)) as { content: string }).content);

describe('POST /v1/run: the text model', () => {
  it('answers the same text for the same prompt and charges one cent', async () => {
    const first = (await run({ input: { prompt: 'Rex the beagle' } })).json();
    const second = (await run({ input: { prompt: 'Rex the beagle' } })).json();
    expect(first.output[0].content).toBe(second.output[0].content);
    expect(first.output[0].content).toMatch(/ of /);
    expect(second.usage).toEqual({ cost: 0.01, remainingCredits: 4.98 });
  });

  it('honours a json_schema response format with JSON that matches the schema', async () => {
    const schema = z.object({
      name: z.string(),
      age: z.number().int().min(1),
      tags: z.array(z.string()).min(2),
      mood: z.enum(['eerie', 'jolly']),
    });
    const reply = await run({
      input: 'Mittens',
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'pet', schema: z.toJSONSchema(schema), strict: true },
      },
    });
    expect(schema.parse(JSON.parse(reply.json().output[0].content))).toMatchObject({
      mood: 'eerie',
    });
    const object = await run({ input: 'Mittens', response_format: { type: 'json_object' } });
    expect(JSON.parse(object.json().output[0].content)).toHaveProperty('name');
  });

  it('streams data: lines ending in [DONE], by chunk, word or letter', async () => {
    const whole = (await run({ input: { prompt: 'Boo' } })).json().output[0].content as string;
    const chunked = await run({ input: { prompt: 'Boo' }, stream: true });
    expect(chunked.headers['content-type']).toContain('text/event-stream');
    expect(chunked.body.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(contents(chunked.body).join('')).toBe(whole);
    const words = contents(
      (await run({ input: { prompt: 'Boo', stream_mode: 'word' }, stream: true })).body,
    );
    expect(words.length).toBe(whole.split(' ').length);
    const letters = contents(
      (
        await run(
          { input: { prompt: 'Boo', stream_mode: 'letter' } },
          { accept: 'text/event-stream' },
        )
      ).body,
    );
    expect(letters.length).toBe(whole.length);
  });

  describe('bounded answers (TEXT_LIMITS): refused with a 400 naming the limit, nothing charged', () => {
    /** An object of `width` string properties, its arrays `levels` deep with `minItems` each. */
    const nested = (levels: number, minItems: number, width: number): object => {
      const strings = Object.fromEntries(
        Array.from({ length: width }, (_, i) => [`s${i}`, { type: 'string' }]),
      );
      let schema: object = { type: 'object', properties: strings };
      for (let i = 0; i < levels; i++)
        schema = {
          type: 'object',
          properties: { ...strings, more: { type: 'array', minItems, items: schema } },
        };
      return schema;
    };
    const structured = (schema: object, input: object = { prompt: 'Boo' }) =>
      run({
        input,
        stream: true,
        response_format: { type: 'json_schema', json_schema: { name: 'x', schema } },
      });

    it.each([
      [
        'arrays of 5 nested 8 deep, 24 strings each, streamed by letter (once killed the process)',
        nested(8, 5, 24),
        /nested more than 8 levels/,
      ],
      ['5 x 5 x 5 objects of 24 strings each', nested(3, 5, 24), /more than 2000 values/],
      [
        'a const of 100,000 characters',
        { const: 'x'.repeat(100_000) },
        /longer than 65536 characters/,
      ],
    ])('%s', async (_, schema, message) => {
      const before = await userBalance(t.app, token);
      const reply = await structured(schema, { prompt: 'Boo', stream_mode: 'letter' });
      expect(reply.statusCode).toBe(400);
      expect(expectErrorShape(reply, 'VALIDATION_ERROR').message).toMatch(message);
      expect(await userBalance(t.app, token)).toEqual(before);
    });

    it('a letter stream of more events than the limit is refused; the same answer in chunks is served', async () => {
      const schema = {
        type: 'array',
        minItems: 5,
        items: {
          type: 'object',
          properties: Object.fromEntries(
            Array.from({ length: 40 }, (_, i) => [`p${i}`, { type: 'string' }]),
          ),
        },
      };
      const letters = await structured(schema, { prompt: 'Boo', stream_mode: 'letter' });
      expect(letters.statusCode).toBe(400);
      expect(letters.json().error.message).toContain(
        `more than ${TEXT_LIMITS.streamEvents} events`,
      );
      const chunks = await structured(schema, { prompt: 'Boo' });
      expect(chunks.statusCode).toBe(200);
      expect(contents(chunks.body).join('').length).toBeGreaterThan(TEXT_LIMITS.streamEvents);
    });
  });
});
