import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signIn, testApp, userHeaders, type TestApp } from './helpers';

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
});
