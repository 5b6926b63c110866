import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import { TOKENS } from '../../domain/services';
import type { StorageSync } from '../../domain/use-cases/storage-sync';
import {
  BASE_URL,
  recordingLogger,
  url,
  useMswServer,
  usageAndPlanHandlers,
} from '../../tests/support/msw-server';
import { createNodeContainer } from './node.container';

const server = useMswServer();

// An unsigned token with an exp an hour away: the client only decodes tokens.
const token = () => {
  const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ sub: 'u1', email: 'raven@example.com', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
};

describe('createNodeContainer', () => {
  const dirs: string[] = [];
  const storagePath = () => {
    const dir = mkdtempSync(join(tmpdir(), 'pawloween-node-'));
    dirs.push(dir);
    return join(dir, 'storage.json');
  };
  beforeEach(() => {
    // What a signed-in start reads: the balance, the plan and the stored session data.
    server.use(
      http.get(url('/v1/storage'), () => HttpResponse.json({ sessionData: {} })),
      http.put(url('/v1/storage'), () => HttpResponse.json({ success: true })),
      ...usageAndPlanHandlers(),
    );
  });
  const built: ReturnType<typeof createNodeContainer>[] = [];
  afterEach(async () => {
    // Their storage keeps loading and writing after a test's last assertion; the folders go after.
    const storages = built
      .splice(0)
      .flatMap(({ container }) =>
        [TOKENS.galleryStorage, TOKENS.profileStorage].map((token) =>
          container.get<StorageSync<unknown>>(token).idle(),
        ),
      );
    await Promise.all(storages);
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const build = (path = storagePath(), streamOutputs?: boolean) => {
    const made = createNodeContainer({
      storagePath: path,
      streamOutputs,
      client: { baseUrl: BASE_URL, logger: recordingLogger(), maxRetries: 0 },
      session: { projectToken: 'proj' },
    });
    built.push(made);
    return made;
  };

  it("keeps a login's token in the device store, where the session signs in with it; null removes it", async () => {
    const path = storagePath();
    const kept = token();
    const made = createNodeContainer({
      storagePath: path,
      client: { baseUrl: BASE_URL, logger: recordingLogger(), maxRetries: 0 },
      keptToken: kept,
    });
    built.push(made);
    await made.services.session.start();
    expect(made.services.session.getSnapshot()).toMatchObject({
      mode: 'access-token',
      token: kept,
    });
    made.services.session.dispose();

    const none = createNodeContainer({
      storagePath: path,
      client: { baseUrl: BASE_URL, logger: recordingLogger(), maxRetries: 0 },
      keptToken: null,
    });
    built.push(none);
    await none.services.session.start();
    expect(none.services.session.getSnapshot().isSignedIn).toBe(false);
    none.services.session.dispose();
  });

  it('resolves every use case once (singletons share state)', () => {
    const { services, container } = build();
    expect(Object.keys(services).sort()).toEqual([
      'account',
      'createAnother',
      'gallery',
      'generateCostume',
      'generation',
      'petFace',
      'profile',
      'progress',
      'retryGeneration',
      'runModel',
      'selectInputs',
      'session',
      'signIn',
    ]);
    services.selectInputs.selectPreset('pet', 'dog1');
    expect(services.generation.getSnapshot().inputs.pet).toEqual({
      source: 'preset',
      id: 'dog1',
    });
    expect(
      container.get(Object.getOwnPropertySymbols({})[0] ?? Symbol.for('x'), { optional: true }),
    ).toBeUndefined();
  });

  it('keeps an accepted token in a 0600 file and signs in with it on the next start', async () => {
    const path = storagePath();
    const first = build(path);
    await first.services.session.start();
    await first.services.session.acceptToken(token());
    first.services.session.dispose();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const second = build(path);
    await second.services.session.start();
    expect(second.services.session.getSnapshot()).toMatchObject({
      isSignedIn: true,
      user: { email: 'raven@example.com' },
    });
    second.services.session.dispose();
  });

  it('runs the costume workflow through the platform client with absolute preset URLs', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(url('/v1/run'), async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          output: [
            {
              image_output: { image: `${BASE_URL}/files/i.png`, outputType: 'image' },
              video_output: { video: `${BASE_URL}/files/v.mp4`, outputType: 'video' },
            },
          ],
        });
      }),
    );
    // Whole, not streamed (the CLI's default), so the answer above is the run's.
    const { services } = build(undefined, false);
    await services.session.start();
    services.selectInputs.setMode('presets');
    services.selectInputs.selectPreset('pet', 'cat1');
    services.selectInputs.selectPreset('costume', 'witch');
    expect(await services.generation.execute()).toEqual({ ok: true });
    expect(bodies[0]).toMatchObject({
      model: COSTUME_WORKFLOW_ID,
      input: {
        upload_your_pets_photo: `${BASE_URL}/presets/pets/cat1.png`,
        upload_costume_character: `${BASE_URL}/presets/costumes/witch.png`,
      },
    });
    expect(services.gallery.getSnapshot().items[0]?.videoUrl).toBe(`${BASE_URL}/files/v.mp4`);
    services.session.dispose();
  });
});
