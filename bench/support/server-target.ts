// A server under load in its own process, so autocannon (in the parent) and the server do not share
// one event loop. argv[2] is 'ours' (the local platform as `npm start` runs it, request logs to
// /dev/null, rate limit off) or 'bare' (plain fastify routes answering the same bytes: the body and
// headers ours answered, recorded by the parent, so the baseline is the platform minus its work).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyReply } from 'fastify';
import { buildApp } from '../../mock-server/app';

export interface TargetReady {
  base: string;
  token?: string;
}

/** One answer of ours, as the bare routes repeat it. */
export interface RecordedAnswer {
  body: string;
  headers: Record<string, string>;
}

export interface BarePayloads {
  usage: RecordedAnswer;
  storage: RecordedAnswer;
  storageWrite: RecordedAnswer;
}

async function ours(): Promise<TargetReady> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pawloween-bench-server-'));
  const app = await buildApp({
    dataDir: dir,
    // The benchmark measures the platform, not the 60-per-minute budget of one user.
    rateLimit: false,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const reply = await fetch(`${base}/auth/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: 'bench@example.com',
      project_token: 'pk_local_pawloween',
      redirect_uri: `${base}/`,
    }),
  });
  const token = new URL(reply.headers.get('location') ?? '').searchParams.get('accessToken');
  return { base, token: token ?? undefined };
}

async function bare(payloads: BarePayloads): Promise<TargetReady> {
  const app = Fastify();
  const answer = (reply: FastifyReply, { body, headers }: RecordedAnswer) =>
    reply.headers(headers).send(body);
  app.get('/v1/subscriptions/usage', async (_request, reply) => answer(reply, payloads.usage));
  app.get('/v1/storage', async (_request, reply) => answer(reply, payloads.storage));
  // Parses the same body (fastify's JSON parser) and answers as ours does.
  app.put('/v1/storage', async (request, reply) => {
    if (!request.body || typeof request.body !== 'object') return reply.code(400).send({});
    return answer(reply, payloads.storageWrite);
  });
  return { base: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

const kind = process.argv[2];
if (kind === 'ours') process.send?.(await ours());
else
  process.once('message', async (payloads: BarePayloads) => process.send?.(await bare(payloads)));
// Exit normally (so --cpu-prof writes its profile) when the parent says so or goes away.
process.once('SIGINT', () => process.exit(0));
process.once('disconnect', () => process.exit(0));
