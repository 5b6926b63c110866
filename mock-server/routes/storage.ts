import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_PATHS,
  ERROR_CODES,
  StoragePutRequest,
  StorageQuery,
  type StorageWriteResponse,
} from '../../adapters/platform/src/api';
import type { AppContext } from '../app-context';
import { andThen } from '../auth/authenticate';
import { installJsonParser } from '../http/json-body';
import { parse } from '../http/parse';
import { sessionDataText } from '../http/session-data-text';
import { PlatformError } from '../http/platform-error';
import type { StoredJson, WriteResult } from '../store/storage-store';
import { checkGalleryItems } from './gallery-items';

const etagOf = (version: number) => `"v${version}"`;

/** The version an If-Match names: undefined when absent or '*', NaN when it names no version of ours. */
function expectedVersion(request: FastifyRequest): number | undefined {
  const header = request.headers['if-match'];
  if (typeof header !== 'string' || header.trim() === '*') return undefined;
  const match = header.trim().match(/^(?:W\/)?"v(\d{1,15})"$/);
  return match ? Number(match[1]) : Number.NaN;
}

const WRITTEN = JSON.stringify({ success: true } satisfies StorageWriteResponse);

/**
 * A write's answer, for the handler to return (fastify sends it): the body as text, the same bytes
 * fastify's serializer would make of { success: true }, made once. Returned rather than sent: a
 * promise resolved with the reply (a thenable) costs another call and microtask per write.
 */
function answerWrite(reply: FastifyReply, result: WriteResult): string {
  if (!result.ok)
    throw new PlatformError(
      412,
      ERROR_CODES.preconditionFailed,
      'Storage changed since it was read: read it again, merge and retry.',
      { currentETag: etagOf(result.currentVersion) },
    );
  reply.header('etag', etagOf(result.version)).type('application/json; charset=utf-8');
  return WRITTEN;
}

/**
 * The query, validated once per distinct query text: clients send the same ?appVersion= on every
 * call, and a schema parse per request showed in the server bench. Only valid queries are kept.
 */
const knownQueries = new Map<string, StorageQuery>();
function storageQuery(request: FastifyRequest): StorageQuery {
  const url = request.raw.url ?? '';
  const text = url.slice(url.indexOf('?') + 1 || url.length);
  const known = knownQueries.get(text);
  if (known) return known;
  const query = parse(StorageQuery, request.query, 'query');
  if (text.length <= 256) {
    if (knownQueries.size >= 1_000) knownQueries.clear();
    knownQueries.set(text, query);
  }
  return query;
}

/**
 * A GET's body as bytes, made once per stored version (the store replaces its entry on every
 * write): a string built per read was copied again to be written to the socket, a tenth of a
 * read's CPU (npm run bench -- server). Held only as long as the store keeps the entry.
 */
const answers = new WeakMap<StoredJson, Buffer>();
function answerOf(stored: StoredJson): Buffer {
  let answer = answers.get(stored);
  if (!answer) {
    answer = Buffer.from(`{"sessionData":${stored.json}}`);
    answers.set(stored, answer);
  }
  return answer;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A storage PUT's body as the text it came in, for sessionDataText (a request decoration, no WeakMap entry per write). */
    storageBodyText: string | null;
  }
}

/** Per-user remote storage, mode (a) only (SPEC.md 6), with ETag / If-Match (DESIGN.md). */
export async function storageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // The app's JSON parser, keeping the text for these routes only.
  app.decorateRequest('storageBodyText', null);
  installJsonParser(app, (request, text) => {
    request.storageBodyText = text;
  });
  const onRequest = ctx.guard.before(['user']);

  // Not an async handler: the guard judged this request in onRequest, and answering in the same
  // turn leaves out a promise and a microtask per read. The body is returned, never sent here: when
  // the guard had to wait (a token not seen since start), fastify sends what the promise gives, and
  // a reply sent inside it as well would be sent twice (an empty body, with compression).
  app.get(API_PATHS.storage, { onRequest }, (request, reply) =>
    andThen(ctx.guard.user(request, ['user']), ({ user }) => {
      storageQuery(request);
      const stored = ctx.storage.readJson(user.id);
      reply
        .header('etag', etagOf(stored.version))
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8');
      return answerOf(stored);
    }),
  );

  // As the GET: not an async handler, so a write costs one promise (its commit) and not three.
  app.put(API_PATHS.storage, { onRequest }, (request, reply) =>
    andThen(ctx.guard.user(request, ['user']), ({ user }) => {
      const { appVersion } = storageQuery(request);
      const { sessionData } = parse(StoragePutRequest, request.body, 'storage body');
      const text = request.storageBodyText;
      const json =
        (text !== null && sessionDataText(text, request.body)) || JSON.stringify(sessionData);
      // One read of what is stored serves both the gallery rules (parsed only when an item fails
      // them) and the quota's size before the write.
      const stored = ctx.storage.readJson(user.id);
      const before = stored.json;
      checkGalleryItems(sessionData, ctx.originOf(request), () => JSON.parse(before));
      const bytes = Buffer.byteLength(json);
      return withinQuota(user, stored.bytes, bytes, () =>
        ctx.storage.writeJson(user.id, json, appVersion, expectedVersion(request), bytes),
      ).then((result) => {
        if (result.ok) forgetDroppedFiles(user.id, before, json);
        return answerWrite(reply, result);
      });
    }),
  );

  /** The project's storage quota (507 when full), kept by the write whether it lands or not. */
  const withinQuota = (
    user: { id: string; project_id: string },
    beforeBytes: number,
    afterBytes: number,
    write: () => Promise<WriteResult>,
  ): Promise<WriteResult> => {
    const settle = ctx.storageQuota.reserve(user.project_id, user.id, beforeBytes, afterBytes);
    let written: Promise<WriteResult>;
    try {
      written = write();
    } catch (error) {
      settle(false);
      throw error;
    }
    return written.then(
      (result) => {
        settle(result.ok);
        return result;
      },
      (error: unknown) => {
        settle(false);
        throw error;
      },
    );
  };

  /** A gallery item deleted takes its image and video with it (after the write is committed). */
  const forgetDroppedFiles = (userId: string, before: string, after: string) => {
    if (before === after || !before.includes('/files/')) return;
    void ctx.fileRetention
      .forgetDropped(userId, before, after)
      .catch((error: unknown) => app.log.error({ err: error }, 'removing dropped files failed'));
  };

  app.delete(API_PATHS.storage, { onRequest }, async (request, reply) => {
    const { user } = await ctx.guard.user(request, ['user']);
    const { appVersion } = storageQuery(request);
    const stored = ctx.storage.readJson(user.id);
    const result = await withinQuota(user, stored.bytes, Buffer.byteLength('{}'), () =>
      ctx.storage.clear(user.id, appVersion, expectedVersion(request)),
    );
    if (result.ok) forgetDroppedFiles(user.id, stored.json, '{}');
    return answerWrite(reply, result);
  });
}
