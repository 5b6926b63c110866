// Local platform throughput: GET usage against a bare fastify route answering the same JSON, and storage PUT p99 at 50 connections.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../mock-server/app';
import type { BenchRow } from './bench-row';

const DURATION_S = 8;

async function signIn(base: string): Promise<string> {
  const reply = await fetch(`${base}/auth/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: `bench-${Math.random()}@example.com`,
      project_token: 'pk_local_pawloween',
      redirect_uri: `${base}/`,
    }),
  });
  return new URL(reply.headers.get('location') ?? '').searchParams.get('accessToken') ?? '';
}

const cannon = (options: autocannon.Options) => autocannon({ duration: DURATION_S, ...options });

export default async function serverBench(): Promise<BenchRow[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pawloween-bench-'));
  // Rate limiting is off: the benchmark measures the platform, not the 60-per-minute budget.
  const app = await buildApp({ dataDir: dir, rateLimit: false, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await signIn(base);
  const headers = { 'x-sub-dev-access-token': token };

  const usageJson = await (await fetch(`${base}/v1/subscriptions/usage`, { headers })).text();
  const bare = Fastify();
  bare.get('/usage', async (_request, reply) => reply.type('application/json').send(usageJson));
  const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });

  const ours = await cannon({ url: `${base}/v1/subscriptions/usage`, headers, connections: 10 });
  const baseline = await cannon({ url: `${bareBase}/usage`, connections: 10 });
  const body = JSON.stringify({
    sessionData: {
      'pet-gallery': Array.from({ length: 20 }, (_, i) => ({
        id: String(i),
        imageUrl: `/files/${i}/x.png`,
        videoUrl: '',
        isFavorite: false,
        timestamp: i,
      })),
    },
  });
  const put = await cannon({
    url: `${base}/v1/storage?appVersion=bench`,
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body,
    connections: 50,
  });

  await bare.close();
  await app.close();
  rmSync(dir, { recursive: true, force: true });

  const errors = ours.non2xx + put.non2xx + ours.errors + put.errors;
  const ratio = ours.requests.average / baseline.requests.average;
  return [
    {
      figure: 'GET usage req/s (vs bare fastify, same JSON)',
      ours: ours.requests.average,
      baseline: baseline.requests.average,
      ratio,
      unit: 'req/s',
      budget: '>= 0.3x',
      pass: ratio >= 0.3 && errors === 0,
    },
    {
      figure: 'GET usage p99 latency',
      ours: ours.latency.p99,
      baseline: baseline.latency.p99,
      unit: 'ms',
    },
    {
      figure: 'storage PUT p99 at 50 connections',
      ours: put.latency.p99,
      unit: 'ms',
      budget: '<= 250 ms',
      pass: put.latency.p99 <= 250 && errors === 0,
    },
    { figure: 'storage PUT req/s at 50 connections', ours: put.requests.average, unit: 'req/s' },
  ];
}
