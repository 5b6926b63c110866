// The client library against the real local platform (mock-server/app.ts) over a real socket:
// the same contract the msw tests assume, checked against the server that ships.
import { beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import {
  authorizationPageUrl,
  IdempotencyKeyReusedError,
  PlatformClient,
  UnprocessableEntityError,
  pricingPageUrl,
  userFromToken,
} from '../../adapters/platform/src/index';
import {
  PlatformAuth,
  PlatformBilling,
  PlatformRemoteStorage,
  PlatformRunner,
} from '../../adapters/platform-ports';
import { costumeRun, PROJECT_TOKEN, signIn } from '../server/helpers';
import { contractPlatform } from './support/contract-platform';

const TEXT_MODEL = 'text/spooky-namer';
const contract = contractPlatform();
const { armFault, signedInClient } = contract;
let baseUrl: string;
beforeAll(() => {
  baseUrl = contract.platform.baseUrl;
});

describe('mode (a): a signed-in user', () => {
  it('reads the token, balance and subscription status', async () => {
    const { accessToken, client } = await signedInClient('ann@example.com');
    expect(userFromToken(accessToken)).toMatchObject({
      email: 'ann@example.com',
      userId: expect.any(String),
      exp: expect.any(Number),
    });
    const balance = await client.subscriptions.usage();
    expect(balance.remainingCredits).toBe(balance.allocatedCredits - balance.usedCredits);
    await expect(client.subscriptions.status()).resolves.toMatchObject({
      hasActiveSubscription: false,
      status: 'none',
    });
  });

  it('runs the costume workflow: image and video URLs, credits spent, usage-changed announced', async () => {
    const { client } = await signedInClient('bob@example.com');
    const before = await client.subscriptions.usage();
    const usageChanged = vi.fn();
    client.on('usage-changed', usageChanged);
    const { output } = await new PlatformRunner(client).run(
      COSTUME_WORKFLOW_ID,
      costumeRun().input,
    );
    expect(output?.[0]).toMatchObject({
      image_output: { image: expect.stringContaining('/files/'), outputType: 'image' },
      video_output: { video: expect.stringContaining('/files/'), outputType: 'video' },
    });
    expect(usageChanged).toHaveBeenCalledOnce();
    expect((await client.subscriptions.usage()).remainingCredits).toBeLessThan(
      before.remainingCredits,
    );
  });

  it("run.create() types a workflow's answer: the image and video URLs, no cast", async () => {
    const { client } = await signedInClient('eve-typed@example.com');
    const result = await client.run.create({
      model: COSTUME_WORKFLOW_ID,
      input: costumeRun().input,
    });
    const entry = result.output?.[0];
    expectTypeOf(entry?.image_output?.image).toEqualTypeOf<string | undefined>();
    expectTypeOf(entry?.video_output?.video).toEqualTypeOf<string | undefined>();
    expect(new URL(entry!.image_output!.image).pathname).toMatch(/^\/files\/.+\.png$/);
    expect(new URL(entry!.video_output!.video).pathname).toMatch(/^\/files\/.+\.mp4$/);
  });

  it('charges a run once however often its Idempotency-Key is sent', async () => {
    const { client } = await signedInClient('cid@example.com');
    const first = await client.run.create({
      model: TEXT_MODEL,
      input: 'Rex',
      idempotencyKey: 'same-run-1',
    });
    const afterFirst = await client.subscriptions.usage();
    const again = await client.run.create({
      model: TEXT_MODEL,
      input: 'Rex',
      idempotencyKey: 'same-run-1',
    });
    expect(again.output).toEqual(first.output);
    expect((await client.subscriptions.usage()).usedCredits).toBe(afterFirst.usedCredits);
  });

  it('streams the text model; the pieces join to the whole answer in every mode', async () => {
    const { client } = await signedInClient('dee@example.com');
    const whole = (await client.run.create({ model: TEXT_MODEL, input: { prompt: 'Boo' } }))
      .output as { content: string }[];
    for (const mode of ['chunk', 'letter', 'word'] as const) {
      const pieces: string[] = [];
      for await (const piece of client.run.stream({
        model: TEXT_MODEL,
        input: { prompt: 'Boo' },
        mode,
      }))
        pieces.push(piece);
      expect(pieces.join('')).toBe(whole[0]?.content);
      if (mode === 'letter') expect(pieces).toHaveLength(whole[0]!.content.length);
    }
  });

  it('gets structured output parsed against a zod schema', async () => {
    const { client } = await signedInClient('eve@example.com');
    const Pet = z.object({
      name: z.string(),
      age: z.number().int().min(1),
      tags: z.array(z.string()).min(2),
      mood: z.enum(['eerie', 'jolly']),
    });
    const result = await client.run.create({
      model: TEXT_MODEL,
      input: 'Mittens',
      response_format: Pet,
    });
    expect(Pet.safeParse(result.parsed).success).toBe(true);
  });

  it('stores keys without losing another writer’s key (ETag / If-Match, 412 merge)', async () => {
    const { accessToken } = await signedInClient('fay@example.com');
    const tabA = new PlatformRemoteStorage(new PlatformClient({ baseUrl, accessToken }), {
      appVersion: '1',
    });
    const tabB = new PlatformRemoteStorage(new PlatformClient({ baseUrl, accessToken }), {
      appVersion: '1',
    });
    await tabA.set('pet-gallery', [{ id: '1' }]);
    await Promise.all([
      tabA.set('pet-gallery', [{ id: '2' }]),
      tabB.set('user-profile', { displayName: 'Fay' }),
    ]);
    await expect(tabA.get('user-profile')).resolves.toEqual({ displayName: 'Fay' });
    await expect(tabB.get('pet-gallery')).resolves.toEqual([{ id: '2' }]);

    const raw = new PlatformClient({ baseUrl, accessToken }).storage;
    const stale = await raw.get({ appVersion: '1' });
    await tabB.set('user-profile', { displayName: 'Fay 2' });
    await expect(
      raw.put(stale.sessionData, { appVersion: '1', ifMatch: stale.etag }),
    ).rejects.toMatchObject({ statusCode: 412 });
    await tabA.clear();
    await expect(tabA.get('pet-gallery')).resolves.toBeUndefined();
  });

  it('a pricing page URL the platform serves', async () => {
    const { accessToken, client } = await signedInClient('gus@example.com');
    const url = await new PlatformBilling(client).subscribeUrl();
    expect(url).toBe(pricingPageUrl(baseUrl, { accessToken }));
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('mode (b) headless, (c) anonymous and demo', () => {
  it('(b) project key plus user key reads usage, but storage is refused', async () => {
    const userKey = await signIn(contract.platform.app, 'hal@example.com');
    const client = new PlatformClient({ baseUrl, apiKey: `${PROJECT_TOKEN}=\n`, userKey });
    await expect(client.subscriptions.usage()).resolves.toHaveProperty('remainingCredits');
    await expect(client.storage.get()).rejects.toMatchObject({
      name: 'AccessDeniedError',
      action: 'none',
    });
  });

  it('(c) a project key alone cannot read a user’s usage: 401, and auth listeners hear it', async () => {
    const client = new PlatformClient({
      baseUrl,
      apiKey: PROJECT_TOKEN,
      getUserToken: async () => undefined,
    });
    const unauthorized = vi.fn();
    new PlatformAuth(client).onUnauthorized(unauthorized);
    await expect(client.subscriptions.usage()).rejects.toMatchObject({
      name: 'AuthenticationError',
      requestId: expect.any(String),
    });
    expect(unauthorized).toHaveBeenCalledOnce();
  });

  it('the user key gets the demo project, whose key alone (mode c) runs models', async () => {
    const userKey = await signIn(contract.platform.app, 'ida@example.com');
    const demo = await new PlatformClient({ baseUrl, userKey }).projects.demo();
    expect(demo).toMatchObject({ isDemo: true, apiKey: expect.any(String) });
    const client = new PlatformClient({ baseUrl, apiKey: demo.apiKey });
    expect(client.authMode).toBe('project');
    await expect(client.run.create({ model: TEXT_MODEL, input: 'Boo' })).resolves.toHaveProperty(
      'output',
    );
  });

  it('sign-in pages exist where the URL builders point, /auth and /auth/demo', async () => {
    const { authorizationUrl } = new PlatformClient({ baseUrl }).options;
    for (const demo of [false, true]) {
      const url = authorizationPageUrl({
        authorizationUrl,
        projectToken: PROJECT_TOKEN,
        redirectUri: `${baseUrl}/`,
        demo,
      });
      expect((await fetch(url)).status, url).toBe(200);
    }
  });
});

describe('typed errors from the real platform', () => {
  it('an unknown model is a NotFoundError with the x-request-id', async () => {
    const { client } = await signedInClient('jon@example.com');
    await expect(client.run.create({ model: 'text/nope', input: 'x' })).rejects.toMatchObject({
      name: 'NotFoundError',
      code: 'NOT_FOUND',
      requestId: expect.any(String),
    });
  });

  it('a used Idempotency-Key sent with another input is an IdempotencyKeyReusedError (422), not UnknownError', async () => {
    const { client } = await signedInClient('kim@example.com');
    await client.run.create({ model: TEXT_MODEL, input: 'Rex', idempotencyKey: 'reused-key-1' });
    const refused = await client.run
      .create({ model: TEXT_MODEL, input: 'Mia', idempotencyKey: 'reused-key-1' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(IdempotencyKeyReusedError);
    expect(refused).toBeInstanceOf(UnprocessableEntityError);
    expect(refused).toMatchObject({
      name: 'IdempotencyKeyReusedError',
      code: 'IDEMPOTENCY_KEY_REUSED',
      status: 422,
      action: 'none',
    });
  });

  it.each([
    ['402', 'InsufficientBalanceError', 'top-up'],
    ['503', 'WorkflowUnavailableError', 'wait'],
    ['429', 'RateLimitError', 'wait'],
  ])('an injected %s is a %s (%s), not retried into a charge', async (fault, name, action) => {
    const { accessToken } = await signedInClient(`fault-${fault}@example.com`);
    await armFault(fault);
    const noRetry = new PlatformClient({
      baseUrl,
      accessToken,
      maxRetries: 0,
    });
    await expect(
      noRetry.run.create({ model: COSTUME_WORKFLOW_ID, input: costumeRun().input }),
    ).rejects.toMatchObject({ name, action });
  });
});
