import { describe, expect, it } from 'vitest';
import { logFormatOf, logLines, prettyLine } from './log-lines';

describe('the log as readable lines', () => {
  it('says time, level, message, request and answer on one line, then any other field', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 30,
        time: Date.UTC(2026, 10, 27, 12, 1, 2),
        pid: 1,
        hostname: 'h',
        reqId: 'r-1',
        req: { method: 'POST', path: '/v1/run' },
        res: { statusCode: 402 },
        responseTime: 12.4,
        msg: 'request completed',
        runs: 2,
      }),
    );
    expect(line).toBe('12:01:02 INFO  request completed POST /v1/run 402 12 ms runs=2 reqId=r-1\n');
  });

  it("puts an error's stack under its line, indented", () => {
    const line = prettyLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'costume workflow failed',
        err: { stack: 'Error: x\n    at y' },
      }),
    );
    expect(line).toBe('00:00:00 ERROR costume workflow failed\n  Error: x\n      at y\n');
  });

  it('passes a line that is not JSON through as it is', () => {
    const written: string[] = [];
    logLines({ write: (text: string) => written.push(text) } as never).write('plain text\n');
    expect(written).toEqual(['plain text\n']);
  });

  it('is pretty on a terminal and JSON when piped, unless LOG_FORMAT says; a typo is refused', () => {
    expect(logFormatOf(undefined, true)).toBe('pretty');
    expect(logFormatOf(undefined, false)).toBe('json');
    expect(logFormatOf('json', true)).toBe('json');
    expect(logFormatOf('pretty', false)).toBe('pretty');
    expect(() => logFormatOf('jsn', true)).toThrow(
      'LOG_FORMAT must be "pretty" or "json", not "jsn".',
    );
  });
});
