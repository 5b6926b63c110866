import type { FastifyInstance } from 'fastify';

export interface SecurityOptions {
  /** Origins (besides this server) allowed to call the API, frame the app and receive its messages. */
  allowedOrigins: readonly string[];
}

/** The policy pages and the app run under: no inline script anywhere, framing only by ourselves and allowed origins. */
export function contentSecurityPolicy(
  allowedOrigins: readonly string[],
  formTargets: readonly string[] = [],
): string {
  const others = allowedOrigins.join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React and html2canvas set style attributes; scripts stay locked down.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${others}`.trim(),
    "frame-src 'self'",
    "worker-src 'self' blob:",
    `frame-ancestors 'self' ${others}`.trim(),
    `form-action 'self' ${formTargets.join(' ')}`.trim(),
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Pages that run in a popup and post back to the window that opened them. */
const OPENER_PAGES = /^\/(auth|subscribe|checkout)(\/|\?|$)/;

/**
 * The app may open popups and keep talking to them; a page that posts to its opener must not sever
 * that link itself, or an app on another origin never hears back from sign-in or checkout.
 */
export function openerPolicy(url: string): string {
  return OPENER_PAGES.test(url) ? 'unsafe-none' : 'same-origin-allow-popups';
}

const ALLOWED_HEADERS =
  'content-type, authorization, x-sub-dev-access-token, x-user-token, idempotency-key, if-match, accept';

/**
 * Headers on every answer. Referrer-Policy is no-referrer everywhere: the sign-in return lands on the
 * app with ?accessToken= and the pricing page carries tokens, so no page of this origin may leak its URL.
 * A page with its own policy (sign-in) replaces the default CSP in its handler.
 */
export function installSecurityHeaders(app: FastifyInstance, options: SecurityOptions) {
  const allowed = new Set(options.allowedOrigins);
  // Built once: these are the same on every answer, and an API answer is small enough that
  // per-request work on its headers shows in its requests per second (npm run bench -- server).
  const everyAnswer = {
    'content-security-policy': contentSecurityPolicy(options.allowedOrigins),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  // With each opener policy: one call per answer instead of two.
  const byOpenerPolicy = new Map(
    ['unsafe-none', 'same-origin-allow-popups'].map((policy) => [
      policy,
      { ...everyAnswer, 'cross-origin-opener-policy': policy },
    ]),
  );

  // One callback hook, not an onSend one as well: each hook is a runner and a promise or two per
  // request, a measurable share of a small API answer under load.
  app.addHook('onRequest', (request, reply, done) => {
    reply
      .headers(byOpenerPolicy.get(openerPolicy(request.url))!)
      .header('x-request-id', request.id);
    const origin = request.headers.origin;
    if (typeof origin !== 'string' || !allowed.has(origin)) {
      if (request.method === 'OPTIONS' && origin) return reply.code(403).send();
      return done();
    }
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    reply.header('access-control-expose-headers', 'x-request-id, etag, retry-after');
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .send();
    }
    done();
  });
}
