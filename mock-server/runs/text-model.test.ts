import { describe, expect, it } from 'vitest';
import type { ResponseFormat } from '../../adapters/platform/src/api';
import {
  promptOf,
  spookyName,
  streamModeOf,
  streamPieces,
  TEXT_LIMITS,
  textAnswer,
} from './text-model';

const schema = (json: unknown) =>
  ({ type: 'json_schema', json_schema: { name: 'answer', schema: json } }) as ResponseFormat;
const answerFor = (json: unknown, prompt = 'Luna') =>
  JSON.parse(textAnswer({ prompt }, schema(json)));

/** A schema nested `levels` objects deep. */
const nested = (levels: number): unknown =>
  levels === 0 ? { type: 'string' } : { type: 'object', properties: { inner: nested(levels - 1) } };

describe('the local text model answers the same prompt the same way', () => {
  it('reads the prompt from a string, from {prompt}, or from the whole input as JSON', () => {
    expect(promptOf('Luna')).toBe('Luna');
    expect(promptOf({ prompt: 'Luna', stream_mode: 'word' })).toBe('Luna');
    expect(promptOf({ prompt: 3 })).toBe('{"prompt":3}');
    expect(promptOf(undefined)).toBe('""');
  });

  it('names a prompt by a fixed hash: these answers hold across versions', () => {
    expect(spookyName('Luna')).toBe('Duchess Boo Fluff of Bone Hill');
    expect(spookyName('')).toBe('Doctor Moonhowl of Ravenhall');
    expect(spookyName('A name for a ghost cat')).toBe('Count Barkula of the Hollow Moon');
  });

  it('answers text, or a JSON object with the name', () => {
    expect(textAnswer('Luna', undefined)).toBe(
      'Duchess Boo Fluff of Bone Hill rises at midnight, ready for Halloween.',
    );
    expect(JSON.parse(textAnswer('Luna', { type: 'json_object' } as ResponseFormat))).toEqual({
      name: 'Duchess Boo Fluff of Bone Hill',
    });
  });

  it('fills a JSON schema: const, the first enum value, the first choice, each type', () => {
    expect(
      answerFor({
        type: 'object',
        properties: {
          fixed: { const: 'boo' },
          picked: { enum: ['cat', 'dog'] },
          emptyEnum: { enum: [], type: 'boolean' },
          any: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
          one: { oneOf: [{ type: 'boolean' }] },
          maybe: { type: ['null', 'string'] },
          short: { type: 'string', maxLength: 7 },
          age: { type: 'integer', minimum: 5 },
          height: { type: 'number', minimum: 20 },
          brave: { type: 'boolean' },
          nothing: { type: 'null' },
          noSchema: true,
          none: {},
        },
      }),
    ).toEqual({
      fixed: 'boo',
      picked: 'cat',
      emptyEnum: true,
      any: 13,
      one: true,
      maybe: 'Duchess Boo Fluff of Bone Hill',
      short: 'Duchess',
      age: 13,
      height: 20,
      brave: true,
      nothing: null,
      noSchema: null,
      none: null,
    });
  });

  it('gives arrays their minItems, at least one and at most five', () => {
    const items = { type: 'integer' };
    expect(answerFor({ type: 'array', items })).toEqual([13]);
    expect(answerFor({ type: 'array', items, minItems: 0 })).toEqual([13]);
    expect(answerFor({ type: 'array', items, minItems: 3 })).toEqual([13, 13, 13]);
    expect(answerFor({ type: 'array', items, minItems: 9 })).toHaveLength(5);
    expect(answerFor({ type: 'object' })).toEqual({});
  });
});

describe("the text model's limits refuse a request before anything is charged", () => {
  it(`fills a schema ${TEXT_LIMITS.schemaDepth} levels deep, and refuses one level more`, () => {
    expect(() => answerFor(nested(TEXT_LIMITS.schemaDepth))).not.toThrow();
    expect(() => answerFor(nested(TEXT_LIMITS.schemaDepth + 1))).toThrow(
      `response_format.json_schema is nested more than ${TEXT_LIMITS.schemaDepth} levels deep.`,
    );
  });

  it(`gives up to ${TEXT_LIMITS.answerValues} values, and refuses more`, () => {
    // An array of 5 arrays of 5 ... : the object itself counts as one value.
    const properties = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, { type: 'boolean' }]));
    expect(() =>
      answerFor({ type: 'object', properties: properties(TEXT_LIMITS.answerValues - 1) }),
    ).not.toThrow();
    expect(() =>
      answerFor({ type: 'object', properties: properties(TEXT_LIMITS.answerValues) }),
    ).toThrow(
      `response_format.json_schema asks for more than ${TEXT_LIMITS.answerValues} values in one answer.`,
    );
  });

  it(`serves an answer of up to ${TEXT_LIMITS.answerChars} characters, and refuses a longer one`, () => {
    // Each property answers the 30-character name: with its key and punctuation, about 43 characters.
    const strings = (count: number) => ({
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: count }, (_, i) => [`key${1000 + i}`, { type: 'string' }]),
      ),
    });
    const fits = JSON.stringify(answerFor(strings(1_500)));
    expect(fits.length).toBeLessThanOrEqual(TEXT_LIMITS.answerChars);
    expect(fits.length).toBeGreaterThan(TEXT_LIMITS.answerChars - 2_000);
    expect(() => answerFor(strings(1_600))).toThrow(
      `The answer would be longer than ${TEXT_LIMITS.answerChars} characters: ask for a smaller response_format.`,
    );
  });

  it('refuses a letter stream of too many events, and serves the same answer in chunks', () => {
    const format = schema({
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 120 }, (_, i) => [`k${i}`, { type: 'string' }]),
      ),
    });
    expect(() => textAnswer({ prompt: 'Luna', stream_mode: 'letter' }, format)).toThrow(
      `Streamed in "letter" mode the answer would take more than ${TEXT_LIMITS.streamEvents} events: use stream_mode "chunk".`,
    );
    expect(() => textAnswer({ prompt: 'Luna', stream_mode: 'chunk' }, format)).not.toThrow();
  });
});

describe('streaming pieces (SPEC.md 7: chunk by default, word, letter)', () => {
  it('reads the mode from the input, chunk unless letter or word', () => {
    expect(streamModeOf({ stream_mode: 'letter' })).toBe('letter');
    expect(streamModeOf({ stream_mode: 'word' })).toBe('word');
    expect(streamModeOf({ stream_mode: 'sentence' })).toBe('chunk');
    expect(streamModeOf('letter')).toBe('chunk');
    expect(streamModeOf(null)).toBe('chunk');
  });

  it('splits chunks of 16 characters, words with their spaces, letters by code point', () => {
    const text = 'Count Barkula of the Hollow Moon';
    expect(streamPieces(text, 'chunk')).toEqual(['Count Barkula of', ' the Hollow Moon']);
    expect(streamPieces(text, 'word')).toEqual([
      'Count ',
      'Barkula ',
      'of ',
      'the ',
      'Hollow ',
      'Moon',
    ]);
    expect(streamPieces('a🎃b', 'letter')).toEqual(['a', '🎃', 'b']);
    expect(streamPieces('', 'chunk')).toEqual(['']);
    expect(streamPieces('   ', 'word')).toEqual(['   ']);
  });
});
