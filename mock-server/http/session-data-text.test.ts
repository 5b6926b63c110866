import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionDataText } from './session-data-text';

const text = (body: string) => sessionDataText(body, JSON.parse(body));

describe('sessionDataText', () => {
  it('is the value of a body as the client library writes it', () => {
    const body = JSON.stringify({ sessionData: { 'pet-gallery': [{ id: '1' }], x: 'a}b' } });
    expect(text(body)).toBe('{"pet-gallery":[{"id":"1"}],"x":"a}b"}');
  });

  it('gives up on any other shape, so the caller stringifies what it parsed', () => {
    for (const body of [
      '{"sessionData":{"a":1},"other":2}',
      '{"sessionData":{"a":1},"sessionData":{"b":2}}',
      '{"sessionData":{"a":1},"session\\u0044ata":{"b":2}}',
      '{"other":2,"sessionData":{"a":1}}',
      ' {"sessionData":{"a":1}}',
      '{"sessionData":{"a":1}} ',
      '{ "sessionData": {"a":1} }',
      '{"sessionData":{"nested":{"sessionData":1}}}',
      '{"sessionData":{"path":"C:\\\\users"}}',
    ])
      expect(text(body), body).toBeUndefined();
  });

  it('whenever it answers, the answer parses to exactly what the whole body parsed to', () => {
    const key = fc.oneof(fc.string(), fc.constantFrom('sessionData', 'a', '1', '__x'));
    const value = fc.jsonValue();
    fc.assert(
      fc.property(fc.dictionary(key, value), fc.dictionary(key, value), (data, extra) => {
        for (const body of [
          JSON.stringify({ sessionData: data }),
          JSON.stringify({ sessionData: data, ...extra }),
          `{"sessionData":${JSON.stringify(data)},"sessionData":${JSON.stringify(extra)}}`,
        ]) {
          const parsed = JSON.parse(body) as { sessionData: unknown };
          const found = sessionDataText(body, parsed);
          if (found !== undefined) expect(JSON.parse(found)).toEqual(parsed.sessionData);
          if (Object.keys(parsed).length !== 1) expect(found).toBeUndefined();
        }
      }),
      { numRuns: 1000 },
    );
  });
});
