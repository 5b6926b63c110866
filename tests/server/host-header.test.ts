import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TOKEN, costumeRun, signIn, testApp, userHeaders, type TestApp } from './helpers';

const PUBLIC = 'http://localhost:8787';
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await testApp({ publicBaseUrl: PUBLIC });
  // With an origin configured, only it (and its loopback aliases on the same port) receives tokens.
  token = await signIn(t.app, undefined, undefined, `${PUBLIC}/`);
});
afterAll(() => t.close());

describe('a Host header the caller chose never makes the platform point elsewhere', () => {
  it('run answers carry the configured origin under Host: evil.example, and a loopback alias of it as asked', async () => {
    const run = (host: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/run',
        headers: { ...userHeaders(token), host },
        payload: costumeRun(),
      });
    const evil = (await run('evil.example')).json().output[0].image_output.image as string;
    expect(new URL(evil).origin).toBe(PUBLIC);
    const alias = (await run('127.0.0.1:8787')).json().output[0].image_output.image as string;
    expect(new URL(alias).origin).toBe('http://127.0.0.1:8787');
  });

  it('the sign-in form does not send a token to the Host header’s origin', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/auth/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'evil.example' },
      payload: new URLSearchParams({
        email: 'victim@example.com',
        project_token: PROJECT_TOKEN,
        redirect_uri: 'http://evil.example/',
      }).toString(),
    });
    expect(String(reply.headers.location ?? '')).not.toContain('evil.example');
    expect(reply.body).not.toContain('evil.example');
    expect(reply.statusCode).toBeGreaterThanOrEqual(400);
  });
});
