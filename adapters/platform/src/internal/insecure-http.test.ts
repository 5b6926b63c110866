// Tokens never go over plain http to a host off loopback unless the caller says so (issue 32).
import { describe, expect, it, vi } from 'vitest';
import { PlatformClient } from '../client';
import { PlatformError } from '../errors';

const USAGE = {
  credits: { userBalance: { allocatedCredits: 5, usedCredits: 1, remainingCredits: 4 } },
};
const answering = () =>
  vi.fn(async () => new Response(JSON.stringify(USAGE), { status: 200 }) as Response);

describe('plain http', () => {
  it.each([
    'http://api.example.com',
    'http://192.168.1.20:8787',
    'http://10.0.0.1',
    'http://[fe80::1]:8787',
    'http://127.0.0.1.example.com',
    'http://localhost.example.com',
    'http://api.localhost:8787',
  ])('refuses %s with INSECURE_BASE_URL before anything is sent', (baseUrl) => {
    const fetch = answering();
    let error: unknown;
    try {
      new PlatformClient({ baseUrl, accessToken: 'secret', fetch });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(PlatformError);
    expect(error).toMatchObject({ code: 'INSECURE_BASE_URL' });
    expect((error as Error).message).toContain(new URL(baseUrl).host);
    expect(fetch).not.toHaveBeenCalled();
  });

  it.each([
    'http://localhost:8787',
    'http://127.0.0.1:9',
    'http://127.8.9.10',
    'http://[::1]:8787',
    'http://127.1:8787',
    'https://api.example.com',
  ])('allows %s (loopback, or https)', async (baseUrl) => {
    const fetch = answering();
    const client = new PlatformClient({ baseUrl, accessToken: 'secret', fetch });
    await expect(client.subscriptions.usage()).resolves.toBeDefined();
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('allows any http host with allowInsecureHttp, also after the credentials change', async () => {
    const fetch = answering();
    const client = new PlatformClient({
      baseUrl: 'http://192.168.1.20:8787',
      allowInsecureHttp: true,
      fetch,
    });
    client.setCredentials({ accessToken: 'secret' });
    await client.subscriptions.usage();
    expect(fetch).toHaveBeenCalledWith(
      'http://192.168.1.20:8787/v1/subscriptions/usage',
      expect.anything(),
    );
  });
});
