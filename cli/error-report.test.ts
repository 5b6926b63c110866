// Every domain error code has its words in the terminal: the table below is typed by the union, so
// a new code fails to compile here (and in reportOf's switch) until the CLI says something for it.
import { describe, expect, it } from 'vitest';
import { domainError, type DomainErrorCode } from '../domain/errors';
import { EXIT } from './cli-error';
import { reportOf } from './error-report';

const TITLES: Record<DomainErrorCode, string> = {
  PLAN_UPGRADE_REQUIRED: 'Plan Upgrade Required',
  INSUFFICIENT_BALANCE: 'Insufficient Credits',
  RATE_LIMIT_EXCEEDED: 'Too Many Requests',
  USER_UNSUBSCRIBED: 'Subscription Needed',
  WORKFLOW_UNAVAILABLE: 'Workflow Temporarily Unavailable',
  AUTHENTICATION_FAILED: 'Sign-in Needed',
  ACCESS_DENIED: 'Access Denied',
  VALIDATION_ERROR: 'Invalid Request',
  NOT_FOUND: 'Not Found',
  PRECONDITION_FAILED: 'Changed Elsewhere',
  SERVICE_UNAVAILABLE: 'Platform Busy',
  NETWORK_ERROR: 'Platform Not Reachable',
  TIMEOUT_ERROR: 'Platform Timed Out',
  ABORTED: 'Unexpected Error',
  UNKNOWN_ERROR: 'Unexpected Error',
  VIDEO_GENERATION_FAILED: 'Unexpected Error',
  IMAGE_GENERATION_FAILED: 'Unexpected Error',
};

describe('reportOf', () => {
  it.each(Object.entries(TITLES) as [DomainErrorCode, string][])(
    '%s has its title, its code in --json and a next step',
    (code, title) => {
      const report = reportOf(
        domainError({ code } as Parameters<typeof domainError>[0], 'said', { requestId: 'r1' }),
      );
      expect(report).toMatchObject({ title, code, requestId: 'r1' });
      expect(report.action).toBeTruthy();
    },
  );

  it('exits 3 for a refused token and 4 for money, 1 otherwise', () => {
    const exit = (code: DomainErrorCode) =>
      reportOf(domainError({ code } as Parameters<typeof domainError>[0], 'x')).exitCode;
    expect(exit('AUTHENTICATION_FAILED')).toBe(EXIT.auth);
    expect(exit('INSUFFICIENT_BALANCE')).toBe(EXIT.credits);
    expect(exit('PLAN_UPGRADE_REQUIRED')).toBe(EXIT.credits);
    expect(exit('USER_UNSUBSCRIBED')).toBe(EXIT.credits);
    expect(exit('NOT_FOUND')).toBe(EXIT.failure);
  });

  it('reads the wait of a 429 from its facts, not from its name', () => {
    const report = reportOf(domainError({ code: 'RATE_LIMIT_EXCEEDED', retryAfter: 12 }, 'slow'));
    expect(report.action).toBe('Wait 12 s before trying again.');
    const lookAlike = Object.assign(new Error('slow'), { name: 'RateLimitError', retryAfter: 12 });
    expect(reportOf(lookAlike).title).toBe('Unexpected Error');
  });
});
