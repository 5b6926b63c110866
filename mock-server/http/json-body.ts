import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from './platform-error';

/** How deep a JSON body may nest: far beyond any real one, far below what recursion can take. */
export const MAX_JSON_DEPTH = 64;

/** True when the JSON text opens more than `max` arrays or objects inside each other. */
export function nestsDeeperThan(text: string, max: number): boolean {
  // Fewer openings than `max` in all cannot nest deeper: counted natively, far quicker than the
  // walk below, which only bodies with many openings need.
  let openings = 0;
  for (const open of ['[', '{'])
    for (let at = text.indexOf(open); at !== -1; at = text.indexOf(open, at + 1))
      if (++openings > max) break;
  if (openings <= max) return false;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === 0x22 /* " */) {
      // Skip the string: to its closing quote, past escaped characters.
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === 0x5c /* \ */) i++;
        else if (inner === 0x22) break;
      }
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

type Done = (error: Error | null, body?: unknown) => void;

/**
 * fastify's own JSON parser (same limits, same proto-poisoning refusals), behind a depth check: a
 * body nested 10,000 deep parses, but then overflows the stack wherever it is walked again.
 * `onText` sees the body's text first (storage keeps it).
 */
export function installJsonParser(
  app: FastifyInstance,
  onText?: (request: FastifyRequest, text: string) => void,
): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done: Done) => {
      const text = body.toString();
      if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
        done(validationError(`The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep.`));
        return;
      }
      onText?.(request, text);
      parseJson(request, text, done);
    },
  );
}
