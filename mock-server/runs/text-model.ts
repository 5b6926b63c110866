import type { ResponseFormat } from '../../adapters/platform/api';

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

/** A value matching a JSON schema: the first of each choice, strings from the spooky name. */
function valueFor(schema: unknown, name: string, depth: number): unknown {
  if (!schema || typeof schema !== 'object' || depth > 8) return null;
  const node = schema as Record<string, unknown>;
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  const choice = (node.anyOf ?? node.oneOf) as unknown[] | undefined;
  if (Array.isArray(choice) && choice.length > 0) return valueFor(choice[0], name, depth + 1);
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  switch (type) {
    case 'object': {
      const properties = (node.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [
          key,
          valueFor(child, `${name}`, depth + 1),
        ]),
      );
    }
    case 'array': {
      const count = typeof node.minItems === 'number' ? Math.min(node.minItems, 5) || 1 : 1;
      return Array.from({ length: count }, () => valueFor(node.items, name, depth + 1));
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

/** The model's answer to a prompt: plain text, or JSON text matching the asked format. */
export function textAnswer(input: unknown, format: ResponseFormat | undefined): string {
  const name = spookyName(promptOf(input));
  if (!format) return `${name} rises at midnight, ready for Halloween.`;
  if (format.type === 'json_object') return JSON.stringify({ name });
  return JSON.stringify(valueFor(format.json_schema.schema, name, 0));
}

export type StreamMode = 'chunk' | 'letter' | 'word';

/** Splits an answer into streamed pieces (SPEC.md 7 streaming modes: chunk by default, letter, word). */
export function streamPieces(text: string, mode: StreamMode): string[] {
  if (mode === 'letter') return Array.from(text);
  if (mode === 'word') return text.match(/\S+\s*/g) ?? [text];
  return text.match(/[\s\S]{1,16}/g) ?? [text];
}
