const VISIBLE_TAIL = 4;

/**
 * '***' and the last four characters; a short secret shows nothing of itself. ASCII, so a masked
 * value pasted into a header fails as a wrong token (401), not as an unsendable header.
 */
export function maskSecret(secret: string | undefined): string | undefined {
  if (secret === undefined) return undefined;
  return secret.length >= 4 * VISIBLE_TAIL ? `***${secret.slice(-VISIBLE_TAIL)}` : '***';
}
