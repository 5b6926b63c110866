import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  costumeRun,
  expectErrorShape,
  PROJECT_TOKEN,
  signIn,
  testApp,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeEach(async () => {
  t = await testApp();
});
afterEach(() => t.close());

describe('POST /v1/platform/projects/demo', () => {
  it("returns the user's demo project, the same one every time, whose key runs workflows", async () => {
    const token = await signIn(t.app);
    const call = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/platform/projects/demo',
        headers: { authorization: `Bearer ${token}` },
      });
    const first = await call();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      id: expect.stringMatching(/^proj_/),
      apiKey: expect.stringMatching(/^pk_demo_/),
      isDemo: true,
    });
    expect((await call()).json()).toEqual(first.json());
    const run = await t.app.inject({
      method: 'POST',
      url: '/v1/run',
      headers: { authorization: `Bearer ${first.json().apiKey}` },
      payload: costumeRun(),
    });
    expect(run.statusCode).toBe(200);
  });

  it('refuses a missing user key, a project key and a bad token with 401', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${PROJECT_TOKEN}` },
      { authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.' },
    ]) {
      const reply = await t.app.inject({
        method: 'POST',
        url: '/v1/platform/projects/demo',
        headers,
      });
      expect(reply.statusCode).toBe(401);
      expectErrorShape(reply, 'AUTHENTICATION_FAILED');
    }
  });
});
