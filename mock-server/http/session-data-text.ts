const PREFIX = '{"sessionData":';

/**
 * The text of sessionData inside a storage PUT body, when the body is exactly {"sessionData":…}
 * as JSON.stringify writes it (what the client library sends); undefined for any other shape.
 * Stored as it came, the object skips a stringify of the whole gallery on every write.
 *
 * `parsed` is the body as JSON.parse read it. The slice is exactly the value when the key is the
 * only one and nothing else could spell it: no \u escape anywhere, and no second "sessionData".
 */
export function sessionDataText(body: string, parsed: unknown): string | undefined {
  if (!body.startsWith(PREFIX) || !body.endsWith('}')) return undefined;
  if (body.includes('\\u') || body.includes('"sessionData"', PREFIX.length)) return undefined;
  if (typeof parsed !== 'object' || parsed === null || Object.keys(parsed).length !== 1)
    return undefined;
  return body.slice(PREFIX.length, -1);
}
