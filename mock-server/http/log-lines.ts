/** How the platform writes its log: readable lines for a person, pino's JSON for a machine. */
export type LogFormat = 'pretty' | 'json';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** pino's own fields, said by the line's start; everything else follows as key=value. */
const OWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'req', 'res', 'err', 'reqId']);

/**
 * LOG_FORMAT, or pretty on a terminal and JSON when the output is piped or kept in a file (a log
 * collector reads JSON). Anything else named is refused, so a typo does not pass for a choice.
 */
export function logFormatOf(value: string | undefined, isTerminal: boolean): LogFormat {
  if (value === undefined || value === '') return isTerminal ? 'pretty' : 'json';
  if (value === 'pretty' || value === 'json') return value;
  throw new Error(`LOG_FORMAT must be "pretty" or "json", not "${value}".`);
}

const clock = (time: unknown) =>
  typeof time === 'number' ? new Date(time).toISOString().slice(11, 19) : '--:--:--';

const valueText = (value: unknown) =>
  typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value);

/** One pino entry as `12:01:02 INFO  request completed POST /v1/run 200 12 ms reqId=…`. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const parts = [clock(entry.time), (LEVELS[entry.level as number] ?? 'LOG').padEnd(5)];
  if (typeof entry.msg === 'string') parts.push(entry.msg);
  const req = entry.req as { method?: string; path?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.path ?? ''}`.trim());
  const res = entry.res as { statusCode?: number } | undefined;
  if (res?.statusCode) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  for (const [key, value] of Object.entries(entry))
    if (!OWN.has(key) && key !== 'responseTime' && value !== undefined)
      parts.push(`${key}=${valueText(value)}`);
  if (entry.reqId) parts.push(`reqId=${valueText(entry.reqId)}`);
  let line = parts.join(' ');
  const err = entry.err as { message?: string; stack?: string } | undefined;
  if (err)
    line += `\n  ${(err.stack ?? err.message ?? JSON.stringify(err)).replace(/\n/g, '\n  ')}`;
  return `${line}\n`;
}

/** A destination for pino that writes each entry as a readable line to `out`. */
export function logLines(out: NodeJS.WritableStream): { write(chunk: string): void } {
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) if (json) out.write(prettyLine(json));
    },
  };
}
