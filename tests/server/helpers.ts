import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterEach } from 'vitest';
import { COSTUME_WORKFLOW_ID } from '../../domain/model/workflow';
import { buildApp, type AppOptions } from '../../mock-server/app';
import { DEFAULT_PROJECT_TOKEN } from '../../mock-server/config';
import type { CostumeRenderer } from '../../mock-server/runs/costume-renderer';

export const PROJECT_TOKEN = DEFAULT_PROJECT_TOKEN;
export const ORIGIN = 'http://localhost';

/** Writes two small files instead of rendering: route tests check the platform, not the artwork. */
export const stubRenderer: CostumeRenderer = async ({ outDir, id }) => {
  await mkdir(outDir, { recursive: true });
  const imageFile = path.join(outDir, `${id}.png`);
  const videoFile = path.join(outDir, `${id}.mp4`);
  await writeFile(imageFile, PNG_BYTES);
  await writeFile(videoFile, Buffer.from('000000186674797069736f6d', 'hex'));
  return { imageFile, videoFile };
};

export const PNG_BYTES = await sharp({
  create: { width: 4, height: 4, channels: 3, background: '#ff7a1a' },
})
  .png()
  .toBuffer();
export const PNG_DATA_URL = `data:image/png;base64,${PNG_BYTES.toString('base64')}`;

/** A fast stand-in for the pet locator: sure of a head in the upper middle of any photo. */
export const stubLocator = async () => ({
  width: 1,
  height: 1,
  head: { x: 0.3, y: 0.1, w: 0.4, h: 0.4 },
  confidence: 0.9,
  sure: true,
  method: 'stub',
});

export interface TestApp {
  app: FastifyInstance;
  dir: string;
  close: () => Promise<void>;
}

/**
 * A platform on a temporary data folder with an in-memory database and a preset folder holding dog1
 * and vampire. Given the `dir` of one closed before, it starts again on that folder (a restart).
 */
export async function testApp(
  options: Partial<AppOptions> = {},
  dir = mkdtempSync(path.join(tmpdir(), 'pawloween-server-')),
): Promise<TestApp> {
  const publicDir = path.join(dir, 'public');
  mkdirSync(path.join(publicDir, 'presets', 'pets'), { recursive: true });
  mkdirSync(path.join(publicDir, 'presets', 'costumes'), { recursive: true });
  writeFileSync(path.join(publicDir, 'presets', 'pets', 'dog1.png'), PNG_BYTES);
  writeFileSync(path.join(publicDir, 'presets', 'costumes', 'vampire.png'), PNG_BYTES);
  const app = await buildApp({
    dataDir: path.join(dir, 'data'),
    databaseFile: ':memory:',
    signingSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
    distDir: path.join(dir, 'no-dist'),
    publicDir,
    renderCostume: stubRenderer,
    locatePet: stubLocator,
    ...options,
  });
  return {
    app,
    dir,
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * For files whose tests each want a fresh platform: registers an afterEach that closes the
 * current one, and returns a function that starts one (options as testApp) and signs in a user.
 */
export function appPerTest() {
  let current: TestApp | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (options: Partial<AppOptions> = {}) => {
    current = await testApp(options);
    return { app: current.app, token: await signIn(current.app) };
  };
}

/**
 * For files whose tests each hold costume runs at a gated renderer's gates (pass
 * tests/support/gated-renderer.ts's gatedRenderer; taken as a parameter, as it imports this file):
 * registers an afterEach that opens every gate, cuts open sockets and closes the platform (a test
 * that failed midway leaves runs held and sockets open: both would hold close() open), and returns
 * a function that starts a platform on a fresh gated renderer (options as testApp), signs in a
 * user and listens on a loopback port.
 */
export function gatedPlatformPerTest<Gate extends { renderer: CostumeRenderer; openAll(): void }>(
  gatedRenderer: () => Gate,
) {
  let current: { t?: TestApp; gate: Gate } | undefined;
  afterEach(async () => {
    current?.gate.openAll();
    current?.t?.app.server.closeAllConnections();
    await current?.t?.close();
    current = undefined;
  });
  return async (options: Partial<AppOptions> = {}) => {
    const gate = gatedRenderer();
    current = { gate };
    const t = await testApp({ renderCostume: gate.renderer, ...options });
    current.t = t;
    const token = await signIn(t.app);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    /** Closes the platform and starts it again on its folder (a restart), not listening. */
    const restart = async () => {
      await t.app.close();
      const again = await testApp({ renderCostume: gate.renderer, ...options }, t.dir);
      current = { t: again, gate };
      return again.app;
    };
    return { app: t.app, token, base, gate, restart };
  };
}

/** Signs in through the real sign-in form and returns the access token from the 303 redirect. */
export async function signIn(
  app: FastifyInstance,
  email = 'ghost@example.com',
  projectToken = PROJECT_TOKEN,
  redirectUri = `${ORIGIN}/`,
): Promise<string> {
  const reply = await app.inject({
    method: 'POST',
    url: '/auth/sign-in',
    payload: new URLSearchParams({
      email,
      project_token: projectToken,
      redirect_uri: redirectUri,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (reply.statusCode !== 303)
    throw new Error(`sign-in answered ${reply.statusCode}: ${reply.body}`);
  const token = new URL(String(reply.headers.location)).searchParams.get('accessToken');
  if (!token) throw new Error('no accessToken in the redirect');
  return token;
}

export const userHeaders = (token: string) => ({ 'x-sub-dev-access-token': token });
export const headlessHeaders = (token: string) => ({
  authorization: `Bearer ${PROJECT_TOKEN}`,
  'x-user-token': token,
});
export const anonymousHeaders = { authorization: `Bearer ${PROJECT_TOKEN}` };

export const costumeRun = (pet = PNG_DATA_URL, costume = PNG_DATA_URL) => ({
  model: COSTUME_WORKFLOW_ID,
  input: { upload_your_pets_photo: pet, upload_costume_character: costume },
});

/** POST /v1/run as the signed-in user: a costume run unless `payload` says otherwise. */
export const postRun = (app: FastifyInstance, token: string, payload: object = costumeRun()) =>
  app.inject({ method: 'POST', url: '/v1/run', headers: userHeaders(token), payload });

/** The signed-in user's credits, as GET /v1/subscriptions/usage reports them. */
export async function userBalance(app: FastifyInstance, token: string) {
  const reply = await app.inject({ url: '/v1/subscriptions/usage', headers: userHeaders(token) });
  return (reply.json() as { credits: { userBalance: Record<string, number> } }).credits.userBalance;
}

/** Arms a fault on a platform started with `faults: true` (mock-server/routes/faults.ts). */
export const armFault = (app: FastifyInstance, fault: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/__faults', payload: fault });

/** Every error answer has the platform's shape (SPEC.md 8) and a request id. */
export function expectErrorShape(
  reply: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  code?: string,
) {
  const body = reply.json() as { error?: { message?: unknown; code?: unknown } };
  if (typeof body.error?.message !== 'string' || typeof body.error.code !== 'string')
    throw new Error(`not an error body: ${JSON.stringify(body)}`);
  if (typeof reply.headers['x-request-id'] !== 'string') throw new Error('no x-request-id');
  if (code && body.error.code !== code)
    throw new Error(`expected ${code}, got ${String(body.error.code)}`);
  return body.error as {
    message: string;
    code: string;
    details?: unknown;
    context?: Record<string, unknown>;
  };
}

/** One event of a streamed run: a part of the run answer, or an error frame. */
export interface RunEvent {
  id?: string;
  output?: { image_output?: { image: string }; video_output?: { video: string } }[];
  usage?: { cost?: number };
  error?: { code?: string; statusCode?: number; context?: Record<string, unknown> };
}

/** The events of a streamed run's answer as they arrive, each parsed; ends at [DONE] or the end. */
export async function* runEvents(reply: Response): AsyncGenerator<RunEvent, void, undefined> {
  const reader = reply.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true });
    const frames = text.split('\n\n');
    text = frames.pop()!;
    for (const frame of frames) {
      const data = frame.slice('data: '.length);
      if (data === '[DONE]') return;
      const parsed = JSON.parse(data) as { content?: string; error?: RunEvent['error'] };
      yield parsed.content ? (JSON.parse(parsed.content) as RunEvent) : { error: parsed.error };
    }
  }
}

/** Reads a run's events up to the first that `wanted` picks; the rest stay to be read. */
export async function eventWhere(
  events: AsyncGenerator<RunEvent, void, undefined>,
  wanted: (event: RunEvent) => boolean,
): Promise<RunEvent> {
  for (;;) {
    const { value, done } = await events.next();
    if (done) throw new Error('the stream ended before the event wanted');
    if (wanted(value)) return value;
  }
}
