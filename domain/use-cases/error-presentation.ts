import { errorMessage, isDomainError, type DomainErrorCode } from '../errors';
import { LIMITS } from '../model/constants';
import type { DisplayedError } from '../model/generation';
import type { MediaKind } from './gallery';

interface CardRule {
  readonly words: readonly string[];
  readonly suffix: string;
  readonly code: string;
  readonly suggestion: string;
}

/** SPEC.md section 8 "Error cards", in order: the first row whose word appears wins. */
export const ERROR_CARD_RULES: readonly CardRule[] = [
  {
    words: ['timeout', 'network'],
    suffix: 'due to network timeout',
    code: 'TIMEOUT_ERROR',
    suggestion: 'Check your internet connection and try again',
  },
  {
    words: ['unavailable', 'model'],
    suffix: '- AI model temporarily unavailable',
    code: 'MODEL_UNAVAILABLE',
    suggestion: 'The AI model is busy. Please try again in a few moments',
  },
  {
    words: ['input', 'invalid'],
    suffix: 'due to invalid input',
    code: 'INVALID_INPUT',
    suggestion: 'Try using a different image or check image format',
  },
  {
    words: ['rate', 'limit'],
    suffix: '- too many requests',
    code: 'RATE_LIMITED',
    suggestion: 'Please wait a moment before trying again',
  },
  {
    words: ['processing', 'failed'],
    suffix: 'during processing',
    code: 'PROCESSING_ERROR',
    suggestion: 'Try with a different image or retry the generation',
  },
];

const OTHERWISE: Omit<CardRule, 'words'> = {
  suffix: 'due to an unexpected error',
  code: 'UNKNOWN_ERROR',
  suggestion: 'Please try again or contact support if the issue persists',
};

/** The error card of the image or video result, classified from the error's message. */
export function presentErrorCard(kind: MediaKind, error: unknown): DisplayedError {
  const technical = errorMessage(error);
  const text = technical.toLowerCase();
  const rule =
    ERROR_CARD_RULES.find((r) => r.words.some((word) => text.includes(word))) ?? OTHERWISE;
  const subject = kind === 'image' ? 'Image' : 'Video';
  return {
    message: `${subject} generation failed ${rule.suffix}`,
    code: rule.code,
    technical,
    suggestion: rule.suggestion,
  };
}

/** What a dialog button does; the driver carries it out. */
export type DialogAction =
  | { readonly kind: 'open-url'; readonly label: string; readonly url: string }
  | { readonly kind: 'subscribe'; readonly label: string }
  | { readonly kind: 'add-credits'; readonly label: string }
  | { readonly kind: 'retry-video'; readonly label: string }
  | { readonly kind: 'close'; readonly label: string };

export interface ErrorDialog {
  /** The error's code, or undefined for an error the domain does not know. */
  readonly code: DomainErrorCode | undefined;
  readonly title: string;
  readonly message: string;
  /** Buttons left to right; Close is always last. */
  readonly actions: readonly DialogAction[];
}

const CLOSE: DialogAction = { kind: 'close', label: 'Close' };

/** Dollar amounts with the credit display's 2 decimals. */
export function formatUsd(amount: number | undefined): string {
  return `$${(Number.isFinite(amount) ? (amount as number) : 0).toFixed(LIMITS.creditDecimals)}`;
}

const GENERIC = {
  title: 'Generation Failed',
  message: 'Workflow execution failed. Please try again or contact support.',
  actions: [CLOSE],
} as const;

/** The workflow error dialog, chosen by the error's code (SPEC.md section 8 "Error dialog by error name"). */
export function presentErrorDialog(error: unknown): ErrorDialog {
  if (!isDomainError(error)) return { code: undefined, ...GENERIC };
  const code = error.code;
  switch (error.code) {
    case 'PLAN_UPGRADE_REQUIRED': {
      const url = error.upgradeUrl || undefined;
      return {
        code,
        title: 'Plan Upgrade Required',
        message: `Your current plan allows up to ${formatUsd(error.currentLimit)} per operation, but ${formatUsd(error.required)} is required.`,
        actions: [
          url
            ? { kind: 'open-url', label: 'Upgrade Plan', url }
            : { kind: 'subscribe', label: 'Upgrade Plan' },
          CLOSE,
        ],
      };
    }
    case 'WORKFLOW_UNAVAILABLE':
      return {
        code,
        title: 'Workflow Temporarily Unavailable',
        message:
          'This workflow is temporarily unavailable because the project owner needs to add credits. Please try again later.',
        actions: [{ kind: 'retry-video', label: 'Try Again Later' }, CLOSE],
      };
    case 'INSUFFICIENT_BALANCE':
      return {
        code,
        title: 'Insufficient Credits',
        message: `You have ${formatUsd(error.remainingCredits)} in credits but need ${formatUsd(error.requiredCredits)} to run this workflow.`,
        actions: [{ kind: 'add-credits', label: 'Add Credits' }, CLOSE],
      };
    case 'VIDEO_GENERATION_FAILED':
      return {
        code,
        title: 'Video Generation Failed',
        message:
          `Your costume image is ready, but the video could not be created. ${error.message}`.trim(),
        actions: [{ kind: 'retry-video', label: 'Retry Video' }, CLOSE],
      };
    case 'IMAGE_GENERATION_FAILED':
    case 'RATE_LIMIT_EXCEEDED':
    case 'USER_UNSUBSCRIBED':
    case 'AUTHENTICATION_FAILED':
    case 'ACCESS_DENIED':
    case 'VALIDATION_ERROR':
    case 'NOT_FOUND':
    case 'PRECONDITION_FAILED':
    case 'SERVICE_UNAVAILABLE':
    case 'NETWORK_ERROR':
    case 'TIMEOUT_ERROR':
    case 'ABORTED':
    case 'UNKNOWN_ERROR':
      return { code, ...GENERIC };
    default: {
      const unhandled: never = error;
      return unhandled;
    }
  }
}
