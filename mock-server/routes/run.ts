import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  API_PATHS,
  IDEMPOTENCY_KEY_HEADER,
  RunRequest,
  STREAM_DONE,
  type RunResponse,
} from '../../adapters/platform/src/api';
import type { AppContext } from '../app-context';
import { errorBody } from '../http/error-handler';
import { parse } from '../http/parse';
import { PlatformError } from '../http/platform-error';
import type { StillWanted, StoredAnswer } from '../store/idempotency-store';
import { streamModeOf, streamPieces } from '../runs/text-model';

/** Two phone photos as base64 data URLs exceed fastify's 1 MiB default; 10 MB each plus base64 overhead fits. */
export const RUN_BODY_LIMIT = 30 * 1024 * 1024;

const event = (content: string) => `data: ${JSON.stringify({ content })}\n\n`;

function sendStream(reply: FastifyReply, lines: Iterable<string> | AsyncIterable<string>) {
  return reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(Readable.from(lines));
}

/** The events of a finished answer: text in pieces by mode, anything else as one JSON content. */
function answerEvents(run: RunResponse, input: unknown): string[] {
  const text = (run.output?.[0] as { content?: unknown } | undefined)?.content;
  const pieces =
    typeof text === 'string' ? streamPieces(text, streamModeOf(input)) : [JSON.stringify(run)];
  return [...pieces.map(event), `data: ${STREAM_DONE}\n\n`];
}

/** A failure after the stream has started can only travel as an error frame. */
function errorFrame(error: unknown): string {
  const frame =
    error instanceof PlatformError
      ? {
          message: error.message,
          code: error.code,
          statusCode: error.statusCode,
          context: error.context,
        }
      : {
          message: 'Workflow processing failed, please retry.',
          code: 'WORKFLOW_FAILED',
          statusCode: 500,
        };
  return `data: ${JSON.stringify({ error: frame })}\n\n`;
}

/**
 * Costume image first, the rest of the answer when it is complete: the stream opens only with the
 * first partial answer, so refusals before the run starts (402, 429, 503) keep their HTTP status.
 */
async function* liveEvents(
  image: RunResponse,
  answer: Promise<StoredAnswer>,
): AsyncGenerator<string, void, undefined> {
  yield event(JSON.stringify(image));
  let finished: StoredAnswer;
  try {
    finished = await answer;
  } catch (error) {
    yield errorFrame(error);
    return;
  }
  if (finished.status !== 200) {
    const { error } = finished.body as { error: Record<string, unknown> };
    yield `data: ${JSON.stringify({ error: { ...error, statusCode: finished.status } })}\n\n`;
    return;
  }
  const run = finished.body as RunResponse;
  const rest = (run.output ?? []).flatMap((entry) => {
    if (!entry || typeof entry !== 'object' || !('image_output' in entry)) return [entry];
    const { image_output: _sent, ...others } = entry as Record<string, unknown>;
    return Object.keys(others).length > 0 ? [others] : [];
  });
  yield event(JSON.stringify({ ...run, output: rest }));
  yield `data: ${STREAM_DONE}\n\n`;
}

/** What a retry must repeat for its key to answer it: the parsed request body. */
const fingerprintOf = (body: unknown) =>
  createHash('sha256').update(JSON.stringify(body)).digest('base64url');

export async function runRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const allowed = ['user', 'headless', 'anonymous'] as const;
  const onRequest = ctx.guard.before(allowed);
  app.post(API_PATHS.run, { bodyLimit: RUN_BODY_LIMIT, onRequest }, async (request, reply) => {
    const principal = await ctx.guard.check(request, allowed);
    const body = parse(RunRequest, request.body, 'run request');
    const origin = ctx.originOf(request);
    const wantsStream =
      body.stream === true || String(request.headers.accept).includes('text/event-stream');
    // The caller's connection closing before the answer was written: the run is abandoned.
    const gone = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) gone.abort();
    });
    let partial: ((image: RunResponse) => void) | undefined;
    const firstPartial = new Promise<RunResponse>((resolve) => (partial = resolve));

    const produce = (wanted: StillWanted): Promise<StoredAnswer> =>
      ctx.runs.execute(principal, body, origin, wantsStream ? partial : undefined, wanted).then(
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
    // Anonymous callers of one project are told apart by address: never each other's answers.
    const scope =
      principal.mode === 'anonymous'
        ? `project:${principal.project.id}:${request.ip}`
        : `user:${principal.user.id}`;
    const pending =
      typeof key === 'string' && key.length > 0 && key.length <= 200
        ? ctx.idempotency.once(scope, key, fingerprintOf(request.body), produce, gone.signal)
        : produce(() => !gone.signal.aborted);
    if (!wantsStream) {
      const answer = await pending;
      return reply.code(answer.status).send(answer.body);
    }
    // Whichever comes first: the costume image (stream it, the video follows) or the whole answer.
    const first = await Promise.race([
      firstPartial.then((image) => ({ image })),
      pending.then((answer) => ({ answer })),
    ]);
    if ('image' in first) return sendStream(reply, liveEvents(first.image, pending));
    const { answer } = first;
    if (answer.status !== 200) return reply.code(answer.status).send(answer.body);
    return sendStream(reply, answerEvents(answer.body as RunResponse, body.input));
  });
}
