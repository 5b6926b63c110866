import { http, HttpResponse } from 'msw';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { PlatformAuth } from './auth';
import { PlatformBilling } from './billing';
import { PlatformClient, type WorkflowStream } from '../platform/src';
import {
  COSTUME_WORKFLOW_ID,
  CostumeWorkflowOutputEntry,
  type CostumeWorkflowInput,
} from '../../domain/model/workflow';
import { PlatformRemoteStorage } from './remote-storage';
import { PlatformRunner } from './runner';
import { BASE_URL, url, useMswServer, usageAndPlanHandlers } from '../../tests/support/msw-server';

const server = useMswServer();
const newClient = (options = {}) => new PlatformClient({ baseUrl: BASE_URL, ...options });

describe('PlatformRunner', () => {
  it('runs a workflow and hands back its output list', async () => {
    server.use(
      http.post(url('/v1/run'), () =>
        HttpResponse.json({
          id: 'r1',
          output: [{ image_output: { image: '/files/a.png', outputType: 'image' } }],
        }),
      ),
    );
    const runner = new PlatformRunner(newClient({ accessToken: 't' }));
    await expect(
      runner.run('workflow/x', { upload_your_pets_photo: 'a', upload_costume_character: 'b' }),
    ).resolves.toEqual({
      output: [{ image_output: { image: '/files/a.png', outputType: 'image' } }],
    });
  });

  it('streams in the asked mode', async () => {
    server.use(
      http.post(
        url('/v1/run'),
        () =>
          new HttpResponse('data: {"content":"boo!"}\n\ndata: [DONE]\n\n', {
            headers: { 'content-type': 'text/event-stream' },
          }),
      ),
    );
    const pieces: string[] = [];
    for await (const piece of new PlatformRunner(newClient()).stream('m', 'x', { mode: 'letter' }))
      pieces.push(piece);
    expect(pieces).toEqual(['b', 'o', 'o', '!']);
  });

  const sse = (...contents: string[]) =>
    contents.map((content) => `data: ${JSON.stringify({ content })}\n\n`).join('') +
    'data: [DONE]\n\n';
  const answerWith = (body: string) =>
    server.use(
      http.post(
        url('/v1/run'),
        () => new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } }),
      ),
    );
  const eventsOf = async (runner: PlatformRunner) => {
    const events: unknown[] = [];
    for await (const event of runner.streamWorkflow('workflow/x', {})) events.push(event);
    return events;
  };
  const image = { image_output: { image: '/files/a.png', outputType: 'image' } };
  const video = { video_output: { video: '/files/a.mp4', outputType: 'video' } };

  it('streams a workflow as typed events: its id first, the image, the video, then its cost', async () => {
    answerWith(
      sse(
        JSON.stringify({ id: 'r1', output: [] }),
        JSON.stringify({ id: 'r1', output: [image] }),
        JSON.stringify({ id: 'r1', output: [video], usage: { cost: 0.5 } }),
      ),
    );
    expect(await eventsOf(new PlatformRunner(newClient({ accessToken: 't' })))).toEqual([
      { type: 'run-id', runId: 'r1' },
      { type: 'image', url: '/files/a.png' },
      { type: 'video', url: '/files/a.mp4' },
      { type: 'done', cost: 0.5 },
    ]);
  });

  it('reads a workflow that streams its whole answer at once, or cuts its JSON in pieces', async () => {
    const whole = JSON.stringify({ id: 'r2', output: [{ ...image, ...video }] });
    for (const pieces of [[whole], [whole.slice(0, 10), whole.slice(10, 30), whole.slice(30)]]) {
      answerWith(sse(...pieces));
      expect(await eventsOf(new PlatformRunner(newClient({ accessToken: 't' })))).toEqual([
        { type: 'run-id', runId: 'r2' },
        { type: 'image', url: '/files/a.png' },
        { type: 'video', url: '/files/a.mp4' },
        { type: 'done', cost: undefined },
      ]);
    }
  });

  it('ends a workflow stream that failed with its error event, in the domain’s codes', async () => {
    answerWith(sse('not json'));
    const events = await eventsOf(new PlatformRunner(newClient({ accessToken: 't' })));
    expect(events).toEqual([
      {
        type: 'error',
        error: expect.objectContaining({
          code: 'UNKNOWN_ERROR',
          message: 'No output received from workflow',
        }),
      },
    ]);
  });
});

describe('PlatformBilling', () => {
  it('reads the balance and the subscription status', async () => {
    server.use(...usageAndPlanHandlers());
    const billing = new PlatformBilling(newClient({ accessToken: 't' }));
    await expect(billing.getBalance()).resolves.toEqual({
      allocatedCredits: 5,
      usedCredits: 1,
      remainingCredits: 4,
    });
    await expect(billing.getSubscriptionStatus()).resolves.toMatchObject({
      hasActiveSubscription: false,
      status: 'none',
    });
  });

  it('builds the pricing URL from the credentials in use', async () => {
    expect(await new PlatformBilling(newClient({ accessToken: 'jwt' })).subscribeUrl()).toBe(
      `${BASE_URL}/subscribe?access_token=jwt`,
    );
    expect(
      await new PlatformBilling(
        newClient({ apiKey: 'pk', getUserToken: async () => 'ut' }),
      ).subscribeUrl(),
    ).toBe(`${BASE_URL}/subscribe?project_token=pk&user_token=ut`);
  });

  it('hears usage-changed after a run', async () => {
    server.use(http.post(url('/v1/run'), () => HttpResponse.json({ output: [] })));
    const client = newClient({ accessToken: 't' });
    const listener = vi.fn();
    const remove = new PlatformBilling(client).onUsageChanged(listener);
    await client.run.create({ model: 'm', input: {} });
    remove();
    await client.run.create({ model: 'm', input: {} });
    expect(listener).toHaveBeenCalledOnce();
  });
});

describe('PlatformRemoteStorage', () => {
  it('gets, sets and removes single keys of the sessionData, with its appVersion', async () => {
    let data: Record<string, unknown> = { 'user-profile': { displayName: 'Ann' } };
    const versions = new Set<string | null>();
    server.use(
      http.get(url('/v1/storage'), ({ request }) => {
        versions.add(new URL(request.url).searchParams.get('appVersion'));
        return HttpResponse.json({ sessionData: data });
      }),
      http.put(url('/v1/storage'), async ({ request }) => {
        data = ((await request.json()) as { sessionData: Record<string, unknown> }).sessionData;
        return HttpResponse.json({ success: true });
      }),
      http.delete(url('/v1/storage'), () => {
        data = {};
        return HttpResponse.json({ success: true });
      }),
    );
    const storage = new PlatformRemoteStorage(newClient({ accessToken: 't' }), { appVersion: '3' });
    await storage.set('pet-gallery', [{ id: '1' }]);
    await expect(storage.get('pet-gallery')).resolves.toEqual([{ id: '1' }]);
    await expect(storage.get('missing')).resolves.toBeUndefined();
    await storage.remove('user-profile');
    expect(data).toEqual({ 'pet-gallery': [{ id: '1' }] });
    await storage.clear();
    expect(data).toEqual({});
    expect([...versions]).toEqual(['3']);
  });
});

describe('PlatformRemoteStorage.update', () => {
  it('applies the edit to the stored value of its key and answers what it stored', async () => {
    let data: Record<string, unknown> = { 'pet-gallery': ['theirs'], other: 1 };
    server.use(
      http.get(url('/v1/storage'), () => HttpResponse.json({ sessionData: data })),
      http.put(url('/v1/storage'), async ({ request }) => {
        data = ((await request.json()) as { sessionData: Record<string, unknown> }).sessionData;
        return HttpResponse.json({ success: true });
      }),
    );
    const storage = new PlatformRemoteStorage(newClient({ accessToken: 't' }));
    const stored = await storage.update('pet-gallery', (current) => ['mine', ...(current as [])]);
    expect(stored).toEqual(['mine', 'theirs']);
    expect(data).toEqual({ 'pet-gallery': ['mine', 'theirs'], other: 1 });
  });
});

describe('PlatformAuth', () => {
  it('switches the client to new credentials', async () => {
    const client = newClient();
    new PlatformAuth(client).useCredentials({ projectToken: 'pk==', userToken: 'ut' });
    expect(client.authMode).toBe('project-user');
    const pricing = new URL(await client.pricingUrl()).searchParams;
    expect([pricing.get('project_token'), pricing.get('user_token')]).toEqual(['pk', 'ut']);
  });

  it('sign-in URL: project token and redirect, or the /demo page without tokens', () => {
    const withProject = new PlatformAuth(
      newClient({ baseUrl: 'http://localhost:8787', apiKey: 'pk=' }),
    );
    expect(withProject.signInUrl('http://localhost:8787/')).toBe(
      'http://localhost:8787/auth?project_token=pk&redirect_uri=http%3A%2F%2Flocalhost%3A8787%2F',
    );
    const demo = new PlatformAuth(newClient({ baseUrl: 'http://localhost:8787' }));
    expect(new URL(demo.signInUrl('http://localhost:8787/')).pathname).toBe('/auth/demo');
  });

  it('tells its listeners about a 401 on any call', async () => {
    server.use(
      http.get(url('/v1/subscriptions/usage'), () =>
        HttpResponse.json({ error: { message: 'no' } }, { status: 401 }),
      ),
    );
    const client = newClient({ accessToken: 't' });
    const listener = vi.fn();
    new PlatformAuth(client).onUnauthorized(listener);
    await expect(client.subscriptions.usage()).rejects.toMatchObject({
      name: 'AuthenticationError',
    });
    expect(listener).toHaveBeenCalledOnce();
  });
});

describe('the costume workflow', () => {
  it("is the app's, streamed through the client's generic workflow stream", () => {
    const costume = (client: PlatformClient, input: CostumeWorkflowInput) =>
      client.run.stream({ model: COSTUME_WORKFLOW_ID, input });
    expectTypeOf(costume).returns.toEqualTypeOf<WorkflowStream>();
    const entry = { video_output: { video: '/outputs/a.mp4', outputType: 'video' } };
    expect(CostumeWorkflowOutputEntry.parse(entry)).toEqual(entry);
    expect(CostumeWorkflowOutputEntry.safeParse({ image_output: { image: 1 } }).success).toBe(
      false,
    );
  });
});
