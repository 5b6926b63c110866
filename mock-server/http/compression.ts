import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers of 1 KiB or more, such as a large gallery from storage, are compressed. Smaller ones go as
 * they are: compressing them costs more CPU than it saves on the wire.
 */
export const COMPRESS_MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/(json|javascript)|text\/|image\/svg\+xml)/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
// Brotli's quality 4 compresses about as well as gzip 6 and is faster: these are built per request.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The encoding the client accepts that we prefer, br over gzip; q=0 refuses one. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

function compress(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
): void {
  // Streams (static files, which come precompressed from the build) and small answers pass through.
  // A callback hook, not an async one: most API answers are small, and a promise per request shows
  // in the server bench's requests per second.
  if (
    (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
    // A string's UTF-8 length is at least its length: the byte count only when it may be short.
    (payload.length < COMPRESS_MIN_BYTES && Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) ||
    reply.hasHeader('content-encoding') ||
    !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))
  )
    return done(null, payload);
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'Accept-Encoding');
  else if (!/accept-encoding/i.test(String(vary)))
    reply.header('vary', `${String(vary)}, Accept-Encoding`);
  const accept = request.headers['accept-encoding'];
  const encoding = accept ? pickEncoding(accept) : undefined;
  if (!encoding) return done(null, payload);
  (encoding === 'br' ? brotli(payload, BROTLI) : gzipAsync(payload)).then(
    (body) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, body);
    },
    (error: Error) => done(error),
  );
}

/** Compresses dynamic text answers (JSON, pages) for clients that accept br or gzip. */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', compress);
}
