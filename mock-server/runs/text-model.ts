import type { ResponseFormat } from '../../adapters/platform/src/api';
import { validationError } from '../http/platform-error';

/** A small deterministic text model, so the client's text, streaming and structured-output paths have a real server. */
export const TEXT_MODEL_ID = 'text/spooky-namer';

const TITLES = ['Count', 'Lady', 'Sir', 'Baron', 'Madame', 'Doctor', 'Captain', 'Duchess'];
const NAMES = [
  'Whiskerfang',
  'Barkula',
  'Pumpkinpaw',
  'Shadowtail',
  'Grimsnout',
  'Boo Fluff',
  'Moonhowl',
  'Cobweb',
];
const PLACES = [
  'the Hollow Moon',
  'Cryptwood',
  'the Misty Moor',
  'Ravenhall',
  'the Crooked Manor',
  'Bone Hill',
];

function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) value = Math.imul(value ^ text.charCodeAt(i), 16777619);
  return value >>> 0;
}

const pick = <T>(list: readonly T[], seed: number, salt: number): T =>
  list[(seed >>> salt) % list.length] as T;

export function promptOf(input: unknown): string {
  if (typeof input === 'string') return input;
  if (input && typeof input === 'object') {
    const prompt = (input as Record<string, unknown>).prompt;
    if (typeof prompt === 'string') return prompt;
  }
  return JSON.stringify(input ?? '');
}

export function spookyName(prompt: string): string {
  const seed = hash(prompt);
  return `${pick(TITLES, seed, 0)} ${pick(NAMES, seed, 5)} of ${pick(PLACES, seed, 11)}`;
}

/**
 * What one answer may cost the server. A request past any of them is refused with a 400 naming the
 * limit, before anything is charged: a small schema must not grow into millions of values.
 */
export const TEXT_LIMITS = {
  /** Nesting of a json_schema response format. */
  schemaDepth: 8,
  /** Values (objects, arrays, strings, numbers...) in one structured answer. */
  answerValues: 2_000,
  /** Characters of one answer. */
  answerChars: 64 * 1024,
  /** Events of one streamed answer. */
  streamEvents: 4_096,
} as const;

/** A value matching a JSON schema: the first of each choice, strings from the spooky name. */
function valueFor(
  schema: unknown,
  name: string,
  depth: number,
  budget: { values: number },
): unknown {
  if (depth > TEXT_LIMITS.schemaDepth)
    throw validationError(
      `response_format.json_schema is nested more than ${TEXT_LIMITS.schemaDepth} levels deep.`,
    );
  if (--budget.values < 0)
    throw validationError(
      `response_format.json_schema asks for more than ${TEXT_LIMITS.answerValues} values in one answer.`,
    );
  if (!schema || typeof schema !== 'object') return null;
  const node = schema as Record<string, unknown>;
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  const choice = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(choice) && choice.length > 0)
    return valueFor(choice[0], name, depth + 1, budget);
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  switch (type) {
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [
          key,
          valueFor(child, name, depth + 1, budget),
        ]),
      );
    }
    case 'array': {
      const count = typeof node.minItems === 'number' ? Math.min(node.minItems, 5) || 1 : 1;
      return Array.from({ length: count }, () => valueFor(node.items, name, depth + 1, budget));
    }
    case 'string':
      return typeof node.maxLength === 'number' ? name.slice(0, node.maxLength) : name;
    case 'integer':
    case 'number':
      return typeof node.minimum === 'number' ? Math.max(13, node.minimum) : 13;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/**
 * The model's answer to a prompt: plain text, or JSON text matching the asked format. Refused (400)
 * when it would exceed TEXT_LIMITS, streamed in the input's stream_mode or not.
 */
export function textAnswer(input: unknown, format: ResponseFormat | undefined): string {
  const answer = unboundedAnswer(input, format);
  if (answer.length > TEXT_LIMITS.answerChars)
    throw validationError(
      `The answer would be longer than ${TEXT_LIMITS.answerChars} characters: ask for a smaller response_format.`,
    );
  const mode = streamModeOf(input);
  if (streamPieces(answer, mode).length > TEXT_LIMITS.streamEvents)
    throw validationError(
      `Streamed in "${mode}" mode the answer would take more than ${TEXT_LIMITS.streamEvents} events: use stream_mode "chunk".`,
    );
  return answer;
}

function unboundedAnswer(input: unknown, format: ResponseFormat | undefined): string {
  const name = spookyName(promptOf(input));
  if (!format) return `${name} rises at midnight, ready for Halloween.`;
  if (format.type === 'json_object') return JSON.stringify({ name });
  const budget = { values: TEXT_LIMITS.answerValues };
  return JSON.stringify(valueFor(format.json_schema.schema, name, 0, budget));
}

export type StreamMode = 'chunk' | 'letter' | 'word';

/** The input's stream_mode (SPEC.md 7): chunk unless it asks for letter or word. */
export function streamModeOf(input: unknown): StreamMode {
  const mode =
    input && typeof input === 'object' ? (input as Record<string, unknown>).stream_mode : undefined;
  return mode === 'letter' || mode === 'word' ? mode : 'chunk';
}

/** Splits an answer into streamed pieces (SPEC.md 7 streaming modes: chunk by default, letter, word). */
export function streamPieces(text: string, mode: StreamMode): string[] {
  if (mode === 'letter') return Array.from(text);
  if (mode === 'word') return text.match(/\S+\s*/g) ?? [text];
  return text.match(/[\s\S]{1,16}/g) ?? [text];
}
