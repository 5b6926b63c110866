// Issue 42: behind a same-host reverse proxy (PUBLIC_BASE_URL at the proxy, the platform on
// loopback), anyone signed in as the owner with no password: e-mail-only sign-in stayed on because
// the platform listened on loopback, and "only from this computer" saw the proxy's loopback socket.
// Against the real server process; a request from loopback carrying X-Forwarded-For is exactly
// what such a proxy sends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_TOKEN } from '../../mock-server/config';
import {
  freePort,
  startServer,
  type ServerProcess,
  stopStartedServers,
} from './support/server-process';
import { signInOverHttp } from './support/sign-in-over-http';

const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-proxy-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await stopStartedServers();
  rmSync(dataDir, { recursive: true, force: true });
});

const PUBLIC = 'https://pets.example.test';
const STRANGER = '203.0.113.9';

/** The sign-in form, straight from this computer or relayed by the proxy for `forwardedFor`. */
async function signIn(
  baseUrl: string,
  form: { email: string; password: string },
  forwardedFor?: string,
) {
  const response = await fetch(`${baseUrl}/auth/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: new URLSearchParams({
      ...form,
      project_token: DEFAULT_PROJECT_TOKEN,
      redirect_uri: `${baseUrl}/`,
    }),
  });
  const location = response.headers.get('location');
  return {
    status: response.status,
    token: location ? new URL(location).searchParams.get('accessToken') : null,
  };
}

describe('the platform behind a reverse proxy on the same computer', () => {
  it('signs nobody in by e-mail alone, and takes the forwarded address only from TRUST_PROXY', async () => {
    const port = await freePort();
    server = await startServer(dataDir, port);
    await signInOverHttp(server.baseUrl, 'owner@example.com');
    await server.stop();

    const owner = { email: 'owner@example.com', password: 'owner password' };
    const attacker = { email: 'owner@example.com', password: 'attacker-password' };
    server = await startServer(dataDir, port, 60_000, { PUBLIC_BASE_URL: PUBLIC });
    // Through the proxy the stranger gets no token, and neither does a bare loopback socket:
    // without TRUST_PROXY the platform cannot tell the proxy from a person on this computer.
    expect(await signIn(server.baseUrl, attacker, STRANGER)).toEqual({ status: 403, token: null });
    expect(await signIn(server.baseUrl, attacker)).toEqual({ status: 403, token: null });
    await server.stop();

    server = await startServer(dataDir, port, 60_000, {
      PUBLIC_BASE_URL: PUBLIC,
      TRUST_PROXY: '127.0.0.1',
    });
    expect(await signIn(server.baseUrl, attacker, STRANGER)).toEqual({ status: 403, token: null });
    // Straight from this computer (no proxy's word) the owner sets the password; then it is the
    // password, through the proxy too.
    expect((await signIn(server.baseUrl, owner)).token).toBeTruthy();
    expect((await signIn(server.baseUrl, owner, STRANGER)).token).toBeTruthy();
    expect(await signIn(server.baseUrl, attacker, STRANGER)).toMatchObject({
      status: 401,
      token: null,
    });
    await server.stop();
  });
});
