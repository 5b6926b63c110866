import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_PATHS,
  IDEMPOTENCY_KEY_HEADER,
  RunRequest,
  STREAM_DONE,
  type RunResponse,
  type RunState,
} from '../../adapters/platform/src/api';
import type { Principal } from '../auth/authenticate';
import type { AppContext } from '../app-context';
import { errorBody } from '../http/error-handler';
import { parse } from '../http/parse';
import { notFound, PlatformError } from '../http/platform-error';
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

/** An SSE comment: clients skip it, and it tells them (and any proxy) the run is still being made. */
const HEARTBEAT = ': still making your costume\n\n';

/** What `coming` settles with, or undefined when it has not within `ms`. */
async function quietFor<T>(coming: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const quiet = new Promise<undefined>(
    (resolve) => (timer = setTimeout(() => resolve(undefined), ms)),
  );
  try {
    return await Promise.race([coming, quiet]);
  } finally {
    clearTimeout(timer);
  }
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

/** A run's partial answers (its start, its image) as they come, each read once, in order. */
class PartialAnswers {
  private readonly waiting: RunResponse[] = [];
  private wake: (() => void) | undefined;

  readonly push = (partial: RunResponse) => {
    this.waiting.push(partial);
    this.wake?.();
  };

  next(): Promise<RunResponse> {
    const ready = this.waiting.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve) => {
      this.wake = () => {
        this.wake = undefined;
        resolve(this.waiting.shift()!);
      };
    });
  }
}

/** The answer's entries less the outputs (image_output, ...) already streamed. */
function unsent(output: unknown[] | undefined, sent: Set<string>): unknown[] {
  return (output ?? []).flatMap((entry) => {
    if (!entry || typeof entry !== 'object') return [entry];
    const others = Object.entries(entry).filter(([key]) => !sent.has(key));
    return others.length > 0 ? [Object.fromEntries(others)] : [];
  });
}

/**
 * The run's start (its id), its costume image, then the rest of the answer when it is complete:
 * the stream opens only with the first partial answer, once the workflow took the run, so
 * refusals before it starts (402, 429, 503) keep their HTTP status.
 */
async function* liveEvents(
  first: RunResponse,
  partials: PartialAnswers,
  answer: Promise<StoredAnswer>,
  heartbeatMs: number,
): AsyncGenerator<string, void, undefined> {
  const sent = new Set<string>();
  const ended = answer.then(
    (finished) => ({ finished }),
    (error: unknown) => ({ error }),
  );
  let next: RunResponse | undefined = first;
  let end: Awaited<typeof ended> | undefined;
  while (next) {
    for (const entry of next.output ?? []) if (entry) for (const key in entry) sent.add(key);
    yield event(JSON.stringify(next));
    const coming = Promise.race([partials.next().then((partial) => ({ partial })), ended]);
    let step: Awaited<typeof coming> | undefined;
    while (!(step = await quietFor(coming, heartbeatMs))) yield HEARTBEAT;
    if ('partial' in step) next = step.partial;
    else [next, end] = [undefined, step];
  }
  if (!end || 'error' in end) {
    yield errorFrame(end?.error);
    return;
  }
  const { finished } = end;
  if (finished.status !== 200) {
    const { error } = finished.body as { error: Record<string, unknown> };
    yield `data: ${JSON.stringify({ error: { ...error, statusCode: finished.status } })}\n\n`;
    return;
  }
  const run = finished.body as RunResponse;
  yield event(JSON.stringify({ ...run, output: unsent(run.output, sent) }));
  yield `data: ${STREAM_DONE}\n\n`;
}

/**
 * What a retry must repeat for its key to answer it: the request body, less whether it streams
 * (issue 41: a run first streamed is answered whole to run.create with its key after a reload,
 * and a run created whole is streamed again).
 */
const fingerprintOf = (body: unknown) => {
  const { stream: _streamed, ...request } = body as Record<string, unknown>;
  return createHash('sha256').update(JSON.stringify(request)).digest('base64url');
};

/**
 * Whose a run is: its Idempotency-Key's scope and who may read or cancel it by id. Anonymous
 * callers of one project are told apart by address: never each other's answers or runs.
 */
const ownerOf = (principal: Principal, request: FastifyRequest) =>
  principal.mode === 'anonymous'
    ? `project:${principal.project.id}:${request.ip}`
    : `user:${principal.user.id}`;

/** A run's id as the platform makes them (a UUID); anything else is no run. */
const RUN_ID = /^[0-9a-f-]{36}$/;

export async function runRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const allowed = ['user', 'headless', 'anonymous'] as const;
  const onRequest = ctx.guard.before(allowed);
  /** GET /v1/runs/:id and its cancel: the owner's run, or 404 (another's run is no run). */
  const byId =
    (act: (id: string, owner: string) => RunState | undefined) =>
    async (request: FastifyRequest) => {
      const principal = await ctx.guard.check(request, allowed);
      const { id } = request.params as { id: string };
      const run = RUN_ID.test(id) ? act(id, ownerOf(principal, request)) : undefined;
      if (!run) throw notFound('No run with this id.');
      return run;
    };
  app.get(
    `${API_PATHS.runs}/:id`,
    { onRequest },
    byId((id, owner) => ctx.runs.find(id, owner)),
  );
  app.post(
    `${API_PATHS.runs}/:id/cancel`,
    { onRequest },
    byId((id, owner) => ctx.runs.cancel(id, owner)),
  );
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
    const partials = new PartialAnswers();

    const owner = ownerOf(principal, request);
    const produce = (wanted: StillWanted): Promise<StoredAnswer> =>
      ctx.runs
        .execute(principal, body, origin, {
          onPartial: wantsStream ? partials.push : undefined,
          wanted,
          owner,
        })
        .then(
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
    const pending =
      typeof key === 'string' && key.length > 0 && key.length <= 200
        ? ctx.idempotency.once(owner, key, fingerprintOf(request.body), produce, gone.signal)
        : produce(() => !gone.signal.aborted);
    if (!wantsStream) {
      const answer = await pending;
      return reply.code(answer.status).send(answer.body);
    }
    // Whichever comes first: the run's start (stream it, the image and video follow) or the whole answer.
    const first = await Promise.race([
      partials.next().then((partial) => ({ partial })),
      pending.then((answer) => ({ answer })),
    ]);
    if ('partial' in first) {
      // Every later line of this request names its run; a caller that leaves mid-stream (a
      // reload, a lost network) is normal, logged at info (issue 41), never as an error.
      const runId = first.partial.id;
      reply.log = reply.log.child({ runId });
      gone.signal.addEventListener('abort', () => reply.log.info('caller left mid-run'));
      return sendStream(reply, liveEvents(first.partial, partials, pending, ctx.streamHeartbeatMs));
    }
    const { answer } = first;
    if (answer.status !== 200) return reply.code(answer.status).send(answer.body);
    return sendStream(reply, answerEvents(answer.body as RunResponse, body.input));
  });
}
