import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../adapters/platform/src/api';
import { IDEMPOTENCY_LIMITS } from '../../mock-server/store/idempotency-store';
import {
  anonymousHeaders,
  appPerTest,
  costumeRun,
  expectErrorShape,
  signIn,
  userBalance,
  userHeaders,
} from './helpers';

let now = Date.UTC(2025, 9, 31, 20);
const setup = appPerTest();
const start = () => {
  now = Date.UTC(2025, 9, 31, 20);
  return setup({ now: () => now });
};
const textRun = (prompt: string) => ({ model: 'text/spooky-namer', input: { prompt } });

describe('Idempotency-Key on POST /v1/run', () => {
  it('replays the first answer to the same request, and a different request with the key is a 422', async () => {
    const { app, token } = await start();
    const post = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/v1/run',
        headers: { ...userHeaders(token), [IDEMPOTENCY_KEY_HEADER]: 'key-1' },
        payload,
      });
    const first = await post(costumeRun());
    expect(first.statusCode).toBe(200);
    const balance = await userBalance(app, token);
    expect((await post(costumeRun())).json()).toEqual(first.json());
    const other = await post(textRun('a bat'));
    expect(other.statusCode).toBe(422);
    expect(expectErrorShape(other, 'IDEMPOTENCY_KEY_REUSED').message).toMatch(/different request/);
    expect(await userBalance(app, token)).toEqual(balance);
  });

  it('two anonymous callers of one project using the same key never get each other’s answer', async () => {
    const { app } = await start();
    const post = (remoteAddress: string, prompt: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/run',
        remoteAddress,
        headers: { ...anonymousHeaders, [IDEMPOTENCY_KEY_HEADER]: 'shared' },
        payload: textRun(prompt),
      });
    const a = (await post('127.0.0.1', 'Rex')).json();
    const b = (await post('127.0.0.2', 'Mittens')).json();
    expect(b.id).not.toBe(a.id);
    expect(b.output[0].content).not.toBe(a.output[0].content);
  });

  it('forgets a key after 24 hours: the same key then runs (and charges) again', async () => {
    const started = await start();
    const { app } = started;
    let { token } = started;
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/v1/run',
        headers: { ...userHeaders(token), [IDEMPOTENCY_KEY_HEADER]: 'daily' },
        payload: textRun('Boo'),
      });
    const first = (await post()).json();
    now += IDEMPOTENCY_LIMITS.ttlMs - 1_000;
    // A day on, the token of the day before has expired: the same person, signed in again.
    token = await signIn(app);
    expect((await post()).json().id).toBe(first.id);
    now += 2_000;
    expect((await post()).json().id).not.toBe(first.id);
  });
});
