import { z } from 'zod';

/** How structured output is asked for. */
export const ResponseFormat = z.discriminatedUnion('type', [
  z.object({ type: z.literal('json_object') }),
  z.object({
    type: z.literal('json_schema'),
    json_schema: z.object({
      name: z.string().min(1),
      schema: z.record(z.string(), z.unknown()),
      strict: z.boolean().optional(),
    }),
  }),
]);
export type ResponseFormat = z.infer<typeof ResponseFormat>;

/** POST /v1/run: a model or workflow id, its input, and optionally structured output or streaming. */
export const RunRequest = z.object({
  model: z.string().min(1),
  input: z.union([z.record(z.string(), z.unknown()), z.string()]),
  response_format: ResponseFormat.optional(),
  stream: z.boolean().optional(),
});
export type RunRequest = z.infer<typeof RunRequest>;

/**
 * Answer of a non-streamed run. `output` is left open: each model shapes its own entries, and a
 * missing output is for the caller to report ('No output received from workflow').
 */
export const RunResponse = z.object({
  id: z.string().optional(),
  model: z.string().optional(),
  output: z.array(z.unknown()).optional(),
  usage: z
    .object({ cost: z.number().optional(), remainingCredits: z.number().optional() })
    .optional(),
});
export type RunResponse = z.infer<typeof RunResponse>;

/** Where a run is: still going, or how it ended. */
export const RunStatus = z.enum(['running', 'succeeded', 'failed', 'cancelled']);
export type RunStatus = z.infer<typeof RunStatus>;

/**
 * GET /v1/runs/:id and POST /v1/runs/:id/cancel: a run's status and what it delivered, in the run
 * answer's shape; `usage.cost` is what it was charged (so far, while running).
 */
export const RunState = RunResponse.extend({ id: z.string(), status: RunStatus });
export type RunState = z.infer<typeof RunState>;

/** One `data: ` line of a streamed run: content, or an error frame mid-stream. */
export const StreamEvent = z.union([
  z.object({ content: z.string() }),
  z.object({
    error: z.object({
      message: z.string(),
      code: z.string().optional(),
      statusCode: z.number().optional(),
      details: z.unknown().optional(),
      context: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
]);
export type StreamEvent = z.infer<typeof StreamEvent>;

export const STREAM_DONE = '[DONE]';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
