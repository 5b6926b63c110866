import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { APIPromise } from './api-promise';
import { PlatformClient } from './client';
import type { Fetch } from './config';
import { BASE_URL, url, useMswServer } from '../../../tests/support/msw-server';

const server = useMswServer();
const balance = { allocatedCredits: 5, usedCredits: 1, remainingCredits: 4 };
const runAnswer = {
  id: 'run-1',
  model: 'm',
  output: [{ content: 'hi' }],
  usage: { remainingCredits: 3 },
};

/** Usage and run answers that note each request they were sent. */
function platform() {
  const seen: Request[] = [];
  server.use(
    http.get(url('/v1/subscriptions/usage'), ({ request }) => {
      seen.push(request);
      return HttpResponse.json(
        { credits: { userBalance: balance } },
        { headers: { 'x-request-id': 'req-usage', 'x-ratelimit-remaining': '59' } },
      );
    }),
    http.post(url('/v1/run'), ({ request }) => {
      seen.push(request);
      return HttpResponse.json(runAnswer, { headers: { 'x-request-id': 'req-run' } });
    }),
    http.get(url('/v1/storage'), ({ request }) => {
      seen.push(request);
      return HttpResponse.json(
        { sessionData: { pets: ['Rex'] } },
        { headers: { etag: '"v1"', 'x-request-id': 'req-storage' } },
      );
    }),
  );
  return seen;
}

describe('raw response access: .withResponse()', () => {
  it('gives the data, the Response and the request id of one request', async () => {
    const seen = platform();
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    const usage = client.subscriptions.usage();
    expect(usage).toBeInstanceOf(APIPromise);
    expect(usage).toBeInstanceOf(Promise);
    const { data, response, requestId } = await usage.withResponse();
    expect(data).toEqual(balance);
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-remaining')).toBe('59');
    expect(requestId).toBe('req-usage');
    // Awaiting the same call as well sends nothing more.
    expect(await usage).toEqual(balance);
    expect(seen).toHaveLength(1);
  });

  it('on a run and on storage too', async () => {
    platform();
    const client = new PlatformClient({ baseUrl: BASE_URL, accessToken: 't' });
    const run = await client.run.create({ model: 'm', input: 'x' }).withResponse();
    expect(run.data).toMatchObject({ ...runAnswer, requestId: 'req-run' });
    expect(run.requestId).toBe('req-run');
    expect(run.response.headers.get('content-type')).toContain('application/json');
    const stored = await client.storage.get().withResponse();
    expect(stored.data).toEqual({ sessionData: { pets: ['Rex'] }, etag: '"v1"' });
    expect(stored.response.headers.get('etag')).toBe('"v1"');
  });

  it('rejects both ways alike when the call fails, before anything is sent', async () => {
    const client = new PlatformClient({ baseUrl: BASE_URL, apiKey: 'project' });
    // No user: usage refuses without a request (msw would fail the test on any request).
    await expect(client.subscriptions.usage().withResponse()).rejects.toMatchObject({
      name: 'ValidationError',
    });
    await expect(client.subscriptions.usage()).rejects.toMatchObject({ name: 'ValidationError' });
  });
});

describe('an APIPromise runs its call at once, as an async method did', () => {
  it('checks for a user with the credentials of the moment of the call', async () => {
    platform();
    const client = new PlatformClient({ baseUrl: BASE_URL, apiKey: 'project' });
    const usage = client.subscriptions.usage();
    client.setCredentials({ accessToken: 'signed-in-later' });
    await expect(usage).rejects.toMatchObject({ name: 'ValidationError' });
  });
});

describe('defaultHeaders, defaultQuery, a custom fetch and fetchOptions', () => {
  it('sends defaultHeaders and defaultQuery with every request; a call’s own win', async () => {
    const seen = platform();
    const client = new PlatformClient({
      baseUrl: BASE_URL,
      accessToken: 'access-token-1234',
      defaultHeaders: { 'x-app': 'pawloween', 'x-proxy-key': 'proxy-secret-5678' },
      defaultQuery: { tenant: 'north', appVersion: 'default' },
    });
    await client.subscriptions.usage({ headers: { 'x-app': 'call' } });
    await client.storage.get({ appVersion: '2' });
    const [usage, storage] = seen.map((request) => request);
    expect(usage!.headers.get('x-app')).toBe('call');
    expect(usage!.headers.get('x-proxy-key')).toBe('proxy-secret-5678');
    expect(usage!.headers.get('x-sub-dev-access-token')).toBe('access-token-1234');
    expect(new URL(usage!.url).searchParams.get('tenant')).toBe('north');
    expect(new URL(storage!.url).searchParams.get('appVersion')).toBe('2');
    expect(storage!.headers.get('x-app')).toBe('pawloween');
    // The default headers' values are masked like the credentials.
    expect(JSON.stringify(client)).not.toContain('proxy-secret');
  });

  it('keeps defaultHeaders and defaultQuery after setCredentials', async () => {
    const seen = platform();
    const client = new PlatformClient({
      baseUrl: BASE_URL,
      defaultHeaders: { 'x-app': 'pawloween' },
      defaultQuery: { tenant: 'north' },
    });
    client.setCredentials({ accessToken: 'fresh' });
    await client.subscriptions.usage();
    expect(seen[0]!.headers.get('x-app')).toBe('pawloween');
    expect(new URL(seen[0]!.url).searchParams.get('tenant')).toBe('north');
  });

  it('hands a custom fetch every request with fetchOptions, the client’s own fields winning', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetch: Fetch = (input, init) => {
      calls.push({ url: String(input), init });
      return Promise.resolve(Response.json({ credits: { userBalance: balance } }));
    };
    const client = new PlatformClient({
      baseUrl: BASE_URL,
      accessToken: 't',
      fetch,
      fetchOptions: { cache: 'no-store', keepalive: true, method: 'DELETE' } as never,
    });
    expect(await client.subscriptions.usage()).toEqual(balance);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(`${BASE_URL}/v1/subscriptions/usage`);
    expect(calls[0]!.init).toMatchObject({
      cache: 'no-store',
      keepalive: true,
      method: 'GET',
      redirect: 'manual',
    });
  });
});
