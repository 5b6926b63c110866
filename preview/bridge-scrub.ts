import type { PreviewMessage } from './messages';

/** What a secret is replaced with: the text around it still says what went wrong. */
export const REDACTED = '[redacted]';

// A credential in an address: ?access_token= (the pricing page), ?accessToken= (the sign-in
// return), user_token (headless mode), and refresh or id tokens; the name stays, the value goes.
const TOKEN_PARAM = /(\b(?:(?:access|user|refresh|id)_?)?token=)[^&#\s"'<>`:()[\]{}]+/gi;
// "access_token":"…" and the like, as a logged object or message is written out.
const TOKEN_FIELD = /("(?:(?:access|user|refresh|id)_?)?token"\s*:\s*")[^"]*(")/gi;
// An Authorization header's value.
const BEARER = /\b(Bearer\s+)[^\s"',;]+/gi;
// A JWT, or any base64url JSON segment of one (a header or payload on its own): '{"' is 'eyJ'.
const JWT_LIKE = /eyJ[A-Za-z0-9_-]{8,}(?:\.[A-Za-z0-9_-]*){0,2}/g;

/** The text with every token-looking value blanked out (SPEC.md section 8: messages to the editor). */
export function scrubSecrets(text: string): string {
  return text
    .replace(TOKEN_PARAM, `$1${REDACTED}`)
    .replace(TOKEN_FIELD, `$1${REDACTED}$2`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(JWT_LIKE, REDACTED);
}

/**
 * A message for the parent frame without secrets: a forwarded error or a capture failure can carry
 * whatever the page wrote into it, an address with the user's token included. The capture's image
 * is pixels, not text, and is left alone (its base64 may spell 'eyJ' by chance).
 */
export function scrubMessage(message: PreviewMessage): PreviewMessage {
  switch (message.type) {
    case 'consoleError': {
      const { file, stack } = message;
      return {
        ...message,
        message: scrubSecrets(message.message),
        ...(file !== undefined && { file: scrubSecrets(file) }),
        ...(stack !== undefined && { stack: scrubSecrets(stack) }),
      };
    }
    case 'captureError':
      return { ...message, error: scrubSecrets(message.error) };
    default:
      return message;
  }
}
