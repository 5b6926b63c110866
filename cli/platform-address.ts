import { domainCode } from '../domain/errors';
import { CliError, EXIT, GenerationFailed } from './cli-error';

/** How long the check of the platform's address may take before the first error stands as it is. */
const CHECK_MS = 5000;
/** A path every platform serves (SPEC.md 7): without a token it answers 401, never 404. */
const ALWAYS_THERE = '/v1/storage';

/**
 * A "not found" may be the platform's answer about a name (an unknown model) or a sign that no
 * platform lives at the address (`--base-url http://localhost:8787/nope`: every call is a 404).
 * One unsigned GET of a path every platform serves tells them apart: a 404 there means the address
 * is wrong, and the failure says so instead of asking to check a name or id. No token is sent.
 */
export async function explainNotFound(
  error: unknown,
  baseUrl: string | undefined,
): Promise<unknown> {
  const reason = error instanceof GenerationFailed ? error.reason : error;
  if (!baseUrl || domainCode(reason) !== 'NOT_FOUND') return error;
  const probe = new URL(`${baseUrl}${ALWAYS_THERE}`);
  const status = await fetch(probe, { signal: AbortSignal.timeout(CHECK_MS), redirect: 'manual' })
    .then((response) => response.status)
    .catch(() => undefined);
  if (status !== 404) return error;
  return new CliError(
    'Platform Not Found',
    EXIT.failure,
    [
      `No Pawloween platform was found at ${baseUrl}: GET ${probe.pathname} answered 404 Not Found.`,
    ],
    {
      code: 'PLATFORM_NOT_FOUND',
      action:
        'Check the address given with --base-url or PAWLOWEEN_BASE_URL: the platform answers at its root unless it is served under a path (the local one: http://localhost:8787).',
    },
  );
}
