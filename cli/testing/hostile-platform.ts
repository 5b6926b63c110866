import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a hostile server saw of one request. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}

export type Handler = (
  request: IncomingMessage,
  response: ServerResponse,
) => void | boolean | Promise<void | boolean>;

export interface HostileServer {
  readonly baseUrl: string;
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on a free loopback port that records every request (method, URL, headers)
 * and answers through `handler`; a handler that answers nothing leaves the request hanging.
 */
export async function hostileServer(handler: Handler): Promise<HostileServer> {
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    void handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

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
