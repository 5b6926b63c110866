import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  API_PATHS,
  IDEMPOTENCY_KEY_HEADER,
  RunRequest,
  STREAM_DONE,
} from '../../adapters/platform/api';
import type { AppContext } from '../app-context';
import { errorBody } from '../http/error-handler';
import { parse } from '../http/parse';
import { PlatformError } from '../http/platform-error';
import type { StoredAnswer } from '../store/idempotency-store';
import { streamPieces, type StreamMode } from '../runs/text-model';

/** Two phone photos as base64 data URLs exceed fastify's 1 MiB default; 10 MB each plus base64 overhead fits. */
export const RUN_BODY_LIMIT = 30 * 1024 * 1024;

function streamModeOf(input: unknown): StreamMode {
  const mode =
    input && typeof input === 'object' ? (input as Record<string, unknown>).stream_mode : undefined;
  return mode === 'letter' || mode === 'word' ? mode : 'chunk';
}

function sendStream(reply: FastifyReply, pieces: string[]) {
  const lines = [
    ...pieces.map((content) => `data: ${JSON.stringify({ content })}\n\n`),
    `data: ${STREAM_DONE}\n\n`,
  ];
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}

export async function runRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post(API_PATHS.run, { bodyLimit: RUN_BODY_LIMIT }, async (request, reply) => {
    const principal = await ctx.guard.check(request, ['user', 'headless', 'anonymous']);
    const body = parse(RunRequest, request.body, 'run request');
    const origin = ctx.originOf(request);

    const produce = (): Promise<StoredAnswer> =>
      ctx.runs.execute(principal, body, origin).then(
        (answer) => ({ status: 200, body: answer }),
        (error: unknown) => {
          if (!(error instanceof PlatformError) || error.headers) throw error;
          return {
            status: error.statusCode,
            body: errorBody(error.message, error.code, error.context, error.details),
          };
        },
      );
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    const scope =
      principal.mode === 'anonymous'
        ? `project:${principal.project.id}`
        : `user:${principal.user.id}`;
    const answer =
      typeof key === 'string' && key.length > 0 && key.length <= 200
        ? await ctx.idempotency.once(scope, key, produce)
        : await produce();

    const wantsStream =
      body.stream === true || String(request.headers.accept).includes('text/event-stream');
    if (answer.status !== 200 || !wantsStream) return reply.code(answer.status).send(answer.body);
    const run = answer.body as { output?: Array<{ content?: string }> };
    const text = run.output?.[0]?.content;
    return sendStream(
      reply,
      typeof text === 'string'
        ? streamPieces(text, streamModeOf(body.input))
        : [JSON.stringify(run)],
    );
  });
}
