import type { z } from 'zod';
import { validationError } from './platform-error';

/** Validates with a shared API schema; a failure is a 400 VALIDATION_ERROR naming the fields. */
export function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = [...new Set(result.error.issues.map((issue) => issue.path.join('.') || what))];
  throw validationError(`Invalid ${what}: ${fields.join(', ')}`, result.error.issues);
}
