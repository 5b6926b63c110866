import type { Handler } from '../../tests/support/hostile-server';

export { hostileServer, type HostileServer } from '../../tests/support/hostile-server';

/** An unsigned token that reads well (the CLI checks exp locally; a hostile platform checks nothing). */
export function readableToken(sub = 'victim', email = 'victim@example.com'): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, email, exp })}.c2lnbmF0dXJl`;
}

/** The platform API answers the CLI needs to get as far as the gallery, then `more` for the rest. */
export function fakePlatform(
  sessionData: () => Record<string, unknown>,
  more: Handler = () => false,
): Handler {
  return async (request, response) => {
    if ((await more(request, response)) !== false) return;
    const json = (body: unknown, status = 200) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? '').split('?')[0];
    if (path === '/v1/subscriptions/usage')
      return json({
        credits: { userBalance: { allocatedCredits: 10, usedCredits: 0, remainingCredits: 10 } },
      });
    if (path === '/v1/subscriptions/plan')
      return json({
        userPlan: { planId: null, status: 'none', startedAt: null, endsAt: null, plan: null },
      });
    if (path === '/v1/storage' && request.method === 'GET')
      return json({ sessionData: sessionData() });
    if (path === '/v1/storage') return json({ success: true });
    json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  };
}
