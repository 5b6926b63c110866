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
  if (body.includes('\\u') || spellsKeyAgain(body)) return undefined;
  if (typeof parsed !== 'object' || parsed === null || Object.keys(parsed).length !== 1)
    return undefined;
  return body.slice(PREFIX.length, -1);
}

/**
 * Whether "sessionData" (quoted) appears again after the prefix. Searched by its rare 'Data"' end:
 * a search for the whole quoted name set up a Boyer-Moore table on every write, a microsecond
 * (most of this function's cost in the server bench); this finds exactly the same places.
 */
function spellsKeyAgain(body: string): boolean {
  const name = '"sessionData"';
  const end = 'Data"';
  for (let at = body.indexOf(end, PREFIX.length); at !== -1; at = body.indexOf(end, at + 1))
    if (body.startsWith(name, at + end.length - name.length)) return true;
  return false;
}
