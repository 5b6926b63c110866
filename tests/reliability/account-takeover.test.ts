// Issue 32 (high): accounts made while the platform listened on loopback have no password. Restarted
// with HOST=0.0.0.0 on the same DATA_DIR, a stranger on another machine must not be able to claim
// one by typing its e-mail. The real server process, reached through this machine's own network
// address (so the socket's peer is not loopback), as another machine on the network reaches it.
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
import { signInOverHttp } from './support/sign-in-over-http';

/** An IPv4 address of this machine that is not loopback: connecting to it, the peer address is it too. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-takeover-'));
let server: ServerProcess | undefined;
afterAll(async () => {
  await stopStartedServers();
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/auth/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: new URLSearchParams({
      email,
      password,
      project_token: DEFAULT_PROJECT_TOKEN,
      redirect_uri: `${baseUrl}/`,
    }),
  });
  const location = response.headers.get('location');
  return {
    status: response.status,
    body: await response.text(),
    token: location ? new URL(location).searchParams.get('accessToken') : null,
  };
}

const gallery = async (baseUrl: string, token: string) =>
  fetch(`${baseUrl}/v1/storage`, { headers: { 'x-sub-dev-access-token': token } });

describe.skipIf(!lanAddress)('a loopback account after the platform leaves loopback', () => {
  it('is refused to another machine and claimed by its owner on this one', async () => {
    const port = await freePort();
    server = await startServer(dataDir, port);
    const ownerToken = await signInOverHttp(server.baseUrl, 'owner@example.com');
    const put = await fetch(`${server.baseUrl}/v1/storage?appVersion=1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-sub-dev-access-token': ownerToken },
      body: JSON.stringify({ sessionData: { 'pet-gallery': '[]', secret: 'owner only' } }),
    });
    expect(put.status).toBe(200);
    await server.stop();

    const lan = `http://${lanAddress}:${port}`;
    // PUBLIC_BASE_URL off loopback: a loopback socket counts as this computer only when the
    // operator says no proxy on it relays others (TRUST_PROXY; tests/reliability/trust-proxy.test.ts).
    server = await startServer(dataDir, port, 60_000, {
      HOST: '0.0.0.0',
      PUBLIC_BASE_URL: lan,
      TRUST_PROXY: '127.0.0.1',
    });
    expect(server.output()).toMatch(/1 account.* no password yet/);

    // The stranger, from another address of the network, types the owner's e-mail first.
    const stranger = await signIn(lan, 'owner@example.com', 'attacker-password');
    expect(stranger.status).toBe(403);
    expect(stranger.token).toBeNull();
    expect(stranger.body).toContain('has no password yet');

    // The owner, on the platform's own computer, sets the password; from then on only it works.
    const owner = await signIn(server.baseUrl, 'owner@example.com', 'owner password');
    expect(owner.token).toBeTruthy();
    const fromLan = await signIn(lan, 'owner@example.com', 'owner password');
    expect(fromLan.token).toBeTruthy();
    const stored = (await (await gallery(lan, fromLan.token!)).json()) as {
      sessionData: Record<string, unknown>;
    };
    expect(stored.sessionData.secret).toBe('owner only');
    const again = await signIn(lan, 'owner@example.com', 'attacker-password');
    expect(again.status).toBe(401);
    expect(again.token).toBeNull();

    // A newcomer on the network still makes an account with the first password.
    expect((await signIn(lan, 'newcomer@example.com', 'newcomer pass')).token).toBeTruthy();
  });
});
