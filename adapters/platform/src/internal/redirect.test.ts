// Redirects against real local servers (issue 32): a platform that answers 302 to another origin
// must never get the client to send its tokens there; a redirect within the platform still works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileServer, type HostileServer } from '../../../../tests/support/hostile-server';
import { MAX_REDIRECTS, Transport } from './transport';
import { RedirectRefusedError } from '../transport-errors';

const USAGE = {
  credits: { userBalance: { allocatedCredits: 5, usedCredits: 1, remainingCredits: 4 } },
};

let evil: HostileServer;
let platform: HostileServer;

beforeAll(async () => {
  // Another port is another origin: it records what reaches it and answers as the platform would.
  evil = await hostileServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(USAGE));
  });
  platform = await hostileServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const hops = Number(url.searchParams.get('hops') ?? 0);
    if (url.pathname === '/v1/subscriptions/usage' && url.searchParams.has('away'))
      return void response.writeHead(302, { location: `${evil.baseUrl}/steal` }).end();
    if (url.pathname === '/v1/subscriptions/usage' && url.searchParams.has('loop'))
      return void response
        .writeHead(307, { location: `/v1/subscriptions/usage?loop=1&hops=${hops + 1}` })
        .end();
    if (url.pathname === '/v1/subscriptions/usage' && url.searchParams.has('moved'))
      return void response.writeHead(301, { location: '/v1/here' }).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(USAGE));
  });
});

afterAll(async () => {
  await Promise.all([evil.close(), platform.close()]);
});

// The transport is what every resource of PlatformClient sends through.
const usage = (client: Transport, query: string) =>
  client.request({ method: 'GET', path: `/v1/subscriptions/usage?${query}` });

describe('redirects', () => {
  it.each([
    ['an access token', { accessToken: 'user-access-token' }],
    ['a project key and a user token', { apiKey: 'pk_project', userKey: 'user-token' }],
  ])('a 302 to another origin is refused and %s never reaches it', async (_, credentials) => {
    const client = new Transport({ baseUrl: platform.baseUrl, maxRetries: 2, ...credentials });
    const seenBefore = platform.seen.length;
    const error = await usage(client, 'away=1').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect(error).toMatchObject({ code: 'REDIRECT_REFUSED', statusCode: 302 });
    expect((error as Error).message).toContain(`${evil.baseUrl}/steal`);
    expect(evil.seen).toEqual([]);
    // Refused, not retried: one request reached the platform.
    expect(platform.seen.length - seenBefore).toBe(1);
  });

  it('a redirect within the platform is followed, with the credentials, to its answer', async () => {
    const client = new Transport({ baseUrl: platform.baseUrl, accessToken: 'tok' });
    const seenBefore = platform.seen.length;
    await expect(usage(client, 'moved=1')).resolves.toEqual(USAGE);
    const [first, second] = platform.seen.slice(seenBefore);
    expect(second?.url).toBe('/v1/here');
    expect(second?.headers['x-sub-dev-access-token']).toBe('tok');
    expect(first?.headers['x-sub-dev-access-token']).toBe('tok');
  });

  it(`gives up after ${MAX_REDIRECTS} redirects within the platform`, async () => {
    const client = new Transport({ baseUrl: platform.baseUrl, accessToken: 'tok' });
    const seenBefore = platform.seen.length;
    await expect(usage(client, 'loop=1')).rejects.toThrow(/more than 5 redirects/);
    expect(platform.seen.length - seenBefore).toBe(MAX_REDIRECTS + 1);
  });
});
