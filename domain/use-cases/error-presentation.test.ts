import { describe, expect, it } from 'vitest';
import {
  domainError,
  imageGenerationError,
  videoGenerationError,
  type DomainErrorCode,
} from '../errors';
import { formatUsd, presentErrorCard, presentErrorDialog } from './error-presentation';

describe('presentErrorCard', () => {
  it.each([
    [
      'Request TIMEOUT after 600000 ms',
      'due to network timeout',
      'TIMEOUT_ERROR',
      'Check your internet connection and try again',
    ],
    [
      'Network error',
      'due to network timeout',
      'TIMEOUT_ERROR',
      'Check your internet connection and try again',
    ],
    [
      'Service Unavailable',
      '- AI model temporarily unavailable',
      'MODEL_UNAVAILABLE',
      'The AI model is busy. Please try again in a few moments',
    ],
    [
      'model is loading',
      '- AI model temporarily unavailable',
      'MODEL_UNAVAILABLE',
      'The AI model is busy. Please try again in a few moments',
    ],
    [
      'Bad INPUT image',
      'due to invalid input',
      'INVALID_INPUT',
      'Try using a different image or check image format',
    ],
    [
      'Invalid data URL',
      'due to invalid input',
      'INVALID_INPUT',
      'Try using a different image or check image format',
    ],
    [
      'Rate exceeded',
      '- too many requests',
      'RATE_LIMITED',
      'Please wait a moment before trying again',
    ],
    [
      'Over the LIMIT',
      '- too many requests',
      'RATE_LIMITED',
      'Please wait a moment before trying again',
    ],
    [
      'Processing aborted',
      'during processing',
      'PROCESSING_ERROR',
      'Try with a different image or retry the generation',
    ],
    [
      'Job failed',
      'during processing',
      'PROCESSING_ERROR',
      'Try with a different image or retry the generation',
    ],
    [
      'No output received from workflow',
      'due to an unexpected error',
      'UNKNOWN_ERROR',
      'Please try again or contact support if the issue persists',
    ],
  ])('classifies %j', (message, suffix, code, suggestion) => {
    expect(presentErrorCard('image', new Error(message))).toEqual({
      message: `Image generation failed ${suffix}`,
      code,
      technical: message,
      suggestion,
    });
  });

  it('takes the first matching row in the listed order', () => {
    // 'network' (row 1) beats 'model' (row 2), 'invalid' (row 3) beats 'limit' (row 4).
    expect(presentErrorCard('video', new Error('model network')).code).toBe('TIMEOUT_ERROR');
    expect(presentErrorCard('video', new Error('limit invalid')).code).toBe('INVALID_INPUT');
    expect(presentErrorCard('video', new Error('failed: rate')).code).toBe('RATE_LIMITED');
    expect(presentErrorCard('video', new Error('failed input')).code).toBe('INVALID_INPUT');
  });

  it('names the video for video cards and reads non-Error values', () => {
    expect(presentErrorCard('video', 'timeout').message).toBe(
      'Video generation failed due to network timeout',
    );
  });
});

describe('presentErrorDialog', () => {
  it('asks for a plan upgrade with both amounts and opens upgradeUrl', () => {
    const dialog = presentErrorDialog(
      domainError(
        {
          code: 'PLAN_UPGRADE_REQUIRED',
          currentLimit: 0.5,
          required: 1.25,
          upgradeUrl: 'https://x/upgrade',
        },
        'upgrade',
      ),
    );
    expect(dialog.title).toBe('Plan Upgrade Required');
    expect(dialog.message).toBe(
      'Your current plan allows up to $0.50 per operation, but $1.25 is required.',
    );
    expect(dialog.actions).toEqual([
      { kind: 'open-url', label: 'Upgrade Plan', url: 'https://x/upgrade' },
      { kind: 'close', label: 'Close' },
    ]);
  });

  it('starts subscribe when the plan upgrade has no upgradeUrl', () => {
    const dialog = presentErrorDialog(domainError({ code: 'PLAN_UPGRADE_REQUIRED' }, 'upgrade'));
    expect(dialog.actions[0]).toEqual({ kind: 'subscribe', label: 'Upgrade Plan' });
  });

  it('says the workflow is unavailable until the owner adds credits; Try Again Later retries the video', () => {
    const dialog = presentErrorDialog(domainError({ code: 'WORKFLOW_UNAVAILABLE' }, 'x'));
    expect(dialog.title).toBe('Workflow Temporarily Unavailable');
    expect(dialog.message).toMatch(/owner needs to add credits/);
    expect(dialog.actions[0]).toEqual({ kind: 'retry-video', label: 'Try Again Later' });
  });

  it('says what the user has and needs when credits run short', () => {
    const dialog = presentErrorDialog(
      domainError({ code: 'INSUFFICIENT_BALANCE', remainingCredits: 0.1, requiredCredits: 2 }, 'x'),
    );
    expect(dialog.title).toBe('Insufficient Credits');
    expect(dialog.message).toBe('You have $0.10 in credits but need $2.00 to run this workflow.');
    expect(dialog.actions[0]).toEqual({ kind: 'add-credits', label: 'Add Credits' });
  });

  it('offers Retry Video for a video failure', () => {
    const dialog = presentErrorDialog(videoGenerationError('no video'));
    expect(dialog.title).toBe('Video Generation Failed');
    expect(dialog.actions.map((a) => a.label)).toEqual(['Retry Video', 'Close']);
  });

  it.each([
    imageGenerationError('x'),
    domainError({ code: 'UNKNOWN_ERROR' }, 'x'),
    new Error('boom'),
    'a string',
  ])('shows the generic dialog with only Close for %s', (error) => {
    const dialog = presentErrorDialog(error);
    expect(dialog).toMatchObject({
      title: 'Generation Failed',
      message: 'Workflow execution failed. Please try again or contact support.',
      actions: [{ kind: 'close', label: 'Close' }],
    });
  });

  it('formats dollars with 2 decimals', () => {
    expect(formatUsd(3)).toBe('$3.00');
    expect(formatUsd(0.125)).toBe('$0.13');
    expect(formatUsd(undefined)).toBe('$0.00');
  });
});

describe('presentErrorDialog for every domain error code', () => {
  const SPECIFIC: Partial<Record<DomainErrorCode, string>> = {
    PLAN_UPGRADE_REQUIRED: 'Plan Upgrade Required',
    WORKFLOW_UNAVAILABLE: 'Workflow Temporarily Unavailable',
    INSUFFICIENT_BALANCE: 'Insufficient Credits',
    VIDEO_GENERATION_FAILED: 'Video Generation Failed',
  };
  const ALL: Record<DomainErrorCode, true> = {
    PLAN_UPGRADE_REQUIRED: true,
    INSUFFICIENT_BALANCE: true,
    RATE_LIMIT_EXCEEDED: true,
    USER_UNSUBSCRIBED: true,
    WORKFLOW_UNAVAILABLE: true,
    AUTHENTICATION_FAILED: true,
    ACCESS_DENIED: true,
    VALIDATION_ERROR: true,
    NOT_FOUND: true,
    PRECONDITION_FAILED: true,
    SERVICE_UNAVAILABLE: true,
    NETWORK_ERROR: true,
    TIMEOUT_ERROR: true,
    ABORTED: true,
    UNKNOWN_ERROR: true,
    VIDEO_GENERATION_FAILED: true,
    IMAGE_GENERATION_FAILED: true,
  };
  it.each(Object.keys(ALL) as DomainErrorCode[])('%s has its dialog, keyed by code', (code) => {
    const dialog = presentErrorDialog(
      domainError({ code } as Parameters<typeof domainError>[0], 'x'),
    );
    expect(dialog.code).toBe(code);
    expect(dialog.title).toBe(SPECIFIC[code] ?? 'Generation Failed');
  });

  it('a look-alike of a platform error by name gets the generic dialog', () => {
    const lookAlike = Object.assign(new Error('x'), { name: 'InsufficientBalanceError' });
    expect(presentErrorDialog(lookAlike)).toMatchObject({
      code: undefined,
      title: 'Generation Failed',
    });
  });
});
