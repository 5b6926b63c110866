import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './request-logging';

/** A reply whose logger records each line's level and message. */
function replyLoggingTo(lines: string[], statusCode = 200) {
  const at = (level: string) => (_fields: unknown, message: string) =>
    lines.push(`${level}: ${message}`);
  const log = {
    isLevelEnabled: () => true,
    debug: at('debug'),
    info: at('info'),
    error: at('error'),
  };
  return { log, statusCode, elapsedTime: 1 } as unknown as FastifyReply;
}

const request = { method: 'POST', url: '/v1/run' } as FastifyRequest;

describe('the one line per request', () => {
  it('says a caller that closed its connection mid-answer (a reload) left, at info, not error (issue 41)', () => {
    const lines: string[] = [];
    const premature = Object.assign(new Error('Premature close'), {
      code: 'ERR_STREAM_PREMATURE_CLOSE',
    });
    new OneLinePerRequest().requestCompleted(premature, request, replyLoggingTo(lines));
    expect(lines).toEqual(['info: caller left before the answer ended']);
  });

  it('still logs a real failure at error level', () => {
    const lines: string[] = [];
    new OneLinePerRequest().requestCompleted(new Error('disk'), request, replyLoggingTo(lines));
    expect(lines).toEqual(['error: request errored']);
  });
});
