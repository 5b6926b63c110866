import type { FastifyRequest } from 'fastify';

/**
 * Whether a sign-in form post may have come from another site (login CSRF: a foreign page that
 * auto-posts the attacker's e-mail would sign the visitor in as the attacker). Browsers name the
 * page that posted in Origin and say in Sec-Fetch-Site whether it was this origin. Only this
 * platform's own pages, and the configured ALLOWED_ORIGINS (trusted apps, such as `npm run dev`'s
 * Vite server proxying the sign-in page), may post.
 *
 * Origin "null" is what chromium sends for this platform's own pages too (they are served with
 * Referrer-Policy no-referrer), so it passes only with Sec-Fetch-Site same-origin; a sandboxed
 * frame or a data: page says cross-site. A request with neither header comes from a program, not
 * a web page (no browser leaves both out of a form post), and passes.
 */
export function isForeignFormPost(
  request: FastifyRequest,
  ownOrigin: string,
  allowedOrigins: readonly string[],
): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null')
    return origin !== ownOrigin && !allowedOrigins.includes(origin);
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  return origin === 'null';
}
