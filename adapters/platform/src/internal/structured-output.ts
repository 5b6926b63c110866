import { toJSONSchema, type z } from 'zod';
import type { ResponseFormat } from '../api/run';
import type { Logger } from '../config';

/** A zod schema rather than a ready response_format object. */
export function isZodSchema(value: unknown): value is z.ZodType {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_zod' in value &&
    typeof (value as z.ZodType).safeParse === 'function'
  );
}

/**
 * A zod schema becomes a strict json_schema format; a schema JSON Schema cannot
 * express (dates, transforms, ...) falls back to json_object, so the run still returns JSON.
 */
export function toResponseFormat(
  format: ResponseFormat | z.ZodType,
  logger: Logger,
  name = 'response',
): ResponseFormat {
  if (!isZodSchema(format)) return format;
  try {
    const { $schema: _ignored, ...schema } = toJSONSchema(format) as Record<string, unknown>;
    return { type: 'json_schema', json_schema: { name, schema, strict: true } };
  } catch (error) {
    logger.warn(
      '[platform] response_format schema has no JSON Schema form; using json_object',
      error,
    );
    return { type: 'json_object' };
  }
}

/** The run's structured answer checked against the schema; a mismatch is logged, never thrown. */
export function parseStructured<T>(
  output: readonly unknown[] | undefined,
  schema: z.ZodType<T>,
  logger: Logger,
): T | undefined {
  const first = output?.length === 1 ? output[0] : output;
  // Text models answer [{ content: '<json>' }]; others may answer the JSON string or object itself.
  const candidate = contentOf(first) ?? first;
  const value = typeof candidate === 'string' ? parseJson(candidate) : candidate;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  logger.warn(
    '[platform] structured output does not match the response_format schema',
    parsed.error.issues,
  );
  return undefined;
}

function contentOf(entry: unknown): string | undefined {
  const content =
    typeof entry === 'object' && entry !== null
      ? (entry as { content?: unknown }).content
      : undefined;
  return typeof content === 'string' ? content : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
