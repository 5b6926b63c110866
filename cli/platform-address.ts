import { domainCode } from '../domain/errors';
import { CliError, EXIT, GenerationFailed } from './cli-error';

/** How long the check of the platform's address may take before the first error stands as it is. */
const CHECK_MS = 5000;
/** A path every platform serves (SPEC.md 7): without a token it answers 401, never 404. */
const ALWAYS_THERE = '/v1/storage';

/**
 * What a failure says about the address given, when the address is what is wrong: no platform at
 * its path (explainNotFound), or https to a platform that speaks http (explainPlainHttp).
 */
export async function explainAddress(
  error: unknown,
  baseUrl: string | undefined,
): Promise<unknown> {
  return explainPlainHttp(await explainNotFound(error, baseUrl), baseUrl);
}

/**
 * A "not found" may be the platform's answer about a name (an unknown model) or a sign that no
 * platform lives at the address (`--base-url http://localhost:8787/nope`: every call is a 404).
 * One unsigned GET of a path every platform serves tells them apart: a 404 there means the address
 * is wrong, and the failure says so instead of asking to check a name or id. No token is sent.
 */
async function explainNotFound(error: unknown, baseUrl: string | undefined): Promise<unknown> {
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

/** What TLS says when the other side answers in plain http (OpenSSL's "wrong version number"). */
const TLS_FAILURE = /SSL|TLS|wrong version number|EPROTO/i;

/**
 * An https address of a platform that speaks plain http (`--base-url https://localhost:8787`)
 * fails in TLS with a dump of OpenSSL's internals. When the same address over http answers, the
 * failure says so, and which address to use. No token is sent.
 */
async function explainPlainHttp(error: unknown, baseUrl: string | undefined): Promise<unknown> {
  const reason = error instanceof GenerationFailed ? error.reason : error;
  if (!baseUrl?.startsWith('https:') || domainCode(reason) !== 'NETWORK_ERROR') return error;
  if (!TLS_FAILURE.test(causes(reason))) return error;
  const plain = `http:${baseUrl.slice('https:'.length)}`;
  const answered = await fetch(new URL(`${plain}${ALWAYS_THERE}`), {
    signal: AbortSignal.timeout(CHECK_MS),
    redirect: 'manual',
  }).then(
    () => true,
    () => false,
  );
  if (!answered) return error;
  return new CliError(
    'Platform Speaks http',
    EXIT.failure,
    [`${baseUrl} speaks http, not https.`],
    {
      code: 'PLATFORM_SPEAKS_HTTP',
      action: `Use --base-url ${plain} (or set PAWLOWEEN_BASE_URL to it).`,
    },
  );
}

/** An error's message and those of its causes, as one text. */
function causes(error: unknown): string {
  const texts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    texts.push(current.message, String((current as { code?: unknown }).code ?? ''));
    current = current.cause;
  }
  return texts.join(' ');
}
