// Issue 32: on HOST=0.0.0.0 without PUBLIC_BASE_URL, a sign-in from another machine got 400
// (redirect not allowed), though 0.0.0.0 is how the platform is reached from other machines. The
// real server process, reached through this machine's own network address.
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_TOKEN } from '../../mock-server/config';
import {
  freePort,
  startServer,
  type ServerProcess,
  stopStartedServers,
} from './support/server-process';

const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-network-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await stopStartedServers();
  rmSync(dataDir, { recursive: true, force: true });
});

const signIn = (baseUrl: string, redirectUri: string, host?: string) =>
  fetch(`${baseUrl}/auth/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(host ? { host } : {}),
    },
    body: new URLSearchParams({
      email: 'far-away@example.com',
      password: 'a long password',
      project_token: DEFAULT_PROJECT_TOKEN,
      redirect_uri: redirectUri,
    }),
  });

describe.skipIf(!lanAddress)('0.0.0.0 without PUBLIC_BASE_URL', () => {
  it('signs in another machine at this machine’s address, says what to set for a host name, and still ignores Host', async () => {
    const port = await freePort();
    server = await startServer(dataDir, port, 60_000, { HOST: '0.0.0.0', PUBLIC_BASE_URL: '' });
    const lan = `http://${lanAddress}:${port}`;
    expect(server.output()).toContain(`Other machines reach it at ${lan}`);
    expect(server.output()).toContain('set PUBLIC_BASE_URL');

    const reply = await signIn(lan, `${lan}/`);
    expect(reply.status).toBe(303);
    const location = new URL(reply.headers.get('location')!);
    expect(location.origin).toBe(lan);
    expect(location.searchParams.get('accessToken')).toMatch(/^eyJ/);

    // A name the machine does not have is no origin of its own: no token goes there.
    const evil = await signIn(lan, 'http://evil.example:8787/', `evil.example:${port}`);
    expect(evil.status).toBe(400);
    expect(evil.headers.get('location')).toBeNull();
  });
});
