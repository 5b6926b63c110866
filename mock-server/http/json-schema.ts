import { toJSONSchema, type z } from 'zod';

/** A shared API schema as the JSON Schema fastify compiles a route's serializer from. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _draft, ...jsonSchema } = toJSONSchema(schema, { io: 'output' }) as Record<
    string,
    unknown
  >;
  return jsonSchema;
}
