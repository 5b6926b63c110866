// Load on the local platform (issue 12): 100 simulated users for LOAD_SECONDS (60 by default) of mixed
// traffic against the real server process on loopback, with its real 60-per-60 s rate limit. Each
// user thinks about a second between calls (about 50 a minute, so a burst now and then meets the
// designed 429) and mixes usage, plan, storage reads and If-Match writes, text runs and, rarely, a
// real costume run. Passes with zero errors other than 429s and server RSS growth under 20%.
// LOAD_TRACE=1 prints the server's RSS every 5 s, to tell a leak from GC's sawtooth.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COSTUME_WORKFLOW_ID } from '../domain/model/workflow';
import { TEXT_MODEL_ID } from '../mock-server/runs/text-model';
import { freePort, startServer } from '../tests/reliability/support/server-process';
import { signInOverHttp as signIn } from '../tests/reliability/support/sign-in-over-http';
import type { BenchRow } from './bench-row';

const USERS = Number(process.env.LOAD_USERS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const THINK_MS = 1_200;
/** About one real costume run every 10 s across all users: the workflow is CPU-bound, the rest is not. */
const COSTUME_EVERY_MS = 10_000;

type Route = 'usage' | 'plan' | 'storage GET' | 'storage PUT' | 'run text' | 'run costume';

interface Tally {
  latencies: number[];
  rateLimited: number;
  errors: string[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Resident set size of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Exponential think time: calls arrive like independent people, not in lockstep. */
const think = () => sleep(-Math.log(1 - Math.random()) * THINK_MS);

const COSTUME_INPUT = {
  upload_your_pets_photo: '/presets/pets/dog1.png',
  upload_costume_character: '/presets/costumes/vampire.png',
};

async function warmUp(base: string, tokens: string[]) {
  const [first] = tokens;
  const run = await fetch(`${base}/v1/run`, {
    method: 'POST',
    headers: { 'x-sub-dev-access-token': first!, 'content-type': 'application/json' },
    body: JSON.stringify({ model: COSTUME_WORKFLOW_ID, input: COSTUME_INPUT }),
  });
  if (!run.ok) throw new Error(`warm-up run answered ${run.status}: ${await run.text()}`);
  for (const path of ['/v1/subscriptions/usage', '/v1/subscriptions/plan', '/v1/storage'])
    await Promise.all(
      tokens.map((token) =>
        fetch(`${base}${path}`, { headers: { 'x-sub-dev-access-token': token } }).then((r) =>
          r.text(),
        ),
      ),
    );
}

export default async function loadBench(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-load-'));
  // Its 100 simulated users all sign in from 127.0.0.1 at once: above the per-address page budget.
  const server = await startServer(dataDir, await freePort(), 60_000, {
    PAGES_PER_MINUTE: '1000',
    SIGNUPS_PER_HOUR: '1000',
  });
  const base = server.baseUrl;
  const pid = server.child.pid!;
  const tallies = new Map<Route, Tally>();
  const tally = (route: Route) => {
    let entry = tallies.get(route);
    if (!entry) tallies.set(route, (entry = { latencies: [], rateLimited: 0, errors: [] }));
    return entry;
  };

  /** One call, timed and classified: 2xx counts, 429 is the designed answer, anything else is an error. */
  async function call(route: Route, url: string, init: RequestInit = {}) {
    const started = performance.now();
    try {
      const response = await fetch(`${base}${url}`, {
        ...init,
        signal: AbortSignal.timeout(route === 'run costume' ? 120_000 : 30_000),
      });
      const text = await response.text();
      const entry = tally(route);
      if (response.status === 429) entry.rateLimited++;
      else if (response.ok) entry.latencies.push(performance.now() - started);
      else entry.errors.push(`${response.status} ${text.slice(0, 160)}`);
      return response;
    } catch (error) {
      // fetch's own message is a bare 'fetch failed': the cause says which socket error it was.
      const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
      tally(route).errors.push(
        [(error as Error).message, cause?.code, cause?.message].filter(Boolean).join(': '),
      );
      return undefined;
    }
  }

  try {
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) tokens.push(await signIn(base, `load-${i}@example.com`));
    // Warm-up, not measured: one costume run (sharp and ffmpeg size their caches once) and a call of each kind per user.
    await warmUp(base, tokens);
    const deadline = Date.now() + SECONDS * 1000;
    const samples: { at: number; rss: number }[] = [{ at: Date.now(), rss: rssMb(pid) }];
    const sampler = setInterval(() => samples.push({ at: Date.now(), rss: rssMb(pid) }), 500);
    let nextCostumeAt = Date.now() + COSTUME_EVERY_MS / 2;

    const user = async (token: string, index: number) => {
      const auth = { 'x-sub-dev-access-token': token };
      const json = { ...auth, 'content-type': 'application/json' };
      let gallery: unknown[] = [];
      await sleep((index / USERS) * THINK_MS);
      while (Date.now() < deadline) {
        await think();
        if (Date.now() >= deadline) break;
        const dice = Math.random();
        if (Date.now() >= nextCostumeAt) {
          nextCostumeAt = Date.now() + COSTUME_EVERY_MS;
          await call('run costume', '/v1/run', {
            method: 'POST',
            headers: { ...json, 'idempotency-key': `load-${index}-${Date.now()}` },
            body: JSON.stringify({ model: COSTUME_WORKFLOW_ID, input: COSTUME_INPUT }),
          });
        } else if (dice < 0.3) await call('usage', '/v1/subscriptions/usage', { headers: auth });
        else if (dice < 0.5) await call('plan', '/v1/subscriptions/plan', { headers: auth });
        else if (dice < 0.75) await call('storage GET', '/v1/storage', { headers: auth });
        else if (dice < 0.9) {
          // A gallery change the way the client makes it: read, change, write with If-Match.
          const read = await call('storage GET', '/v1/storage', { headers: auth });
          const etag = read?.headers.get('etag');
          if (!read?.ok || !etag) continue;
          gallery = [{ id: String(Date.now()), imageUrl: '/files/x/y.png' }, ...gallery].slice(
            0,
            20,
          );
          await call('storage PUT', '/v1/storage?appVersion=load', {
            method: 'PUT',
            headers: { ...json, 'if-match': etag },
            body: JSON.stringify({ sessionData: { 'pet-gallery': gallery } }),
          });
        } else
          await call('run text', '/v1/run', {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ model: TEXT_MODEL_ID, input: { prompt: `pet ${index}` } }),
          });
      }
    };
    await Promise.all(tokens.map((token, index) => user(token, index)));
    clearInterval(sampler);
    if (process.env.LOAD_TRACE)
      console.error(
        `RSS every 5 s (MB): ${samples
          .filter((_, i) => i % 10 === 0)
          .map((sample) => sample.rss.toFixed(0))
          .join(' ')}`,
      );

    // Memory once warm against the end of the run: the peak of the first fifth of the run against the
    // peak of the last fifth. Peaks, over seconds, because RSS saws up and down with each GC; a few
    // samples at the start caught a trough now and then and reported a leak that a 4-minute run
    // (LOAD_TRACE=1 LOAD_SECONDS=240) shows is not there: RSS levels off at about 270 MB.
    const fifth = Math.max(4, Math.floor(samples.length / 5));
    const warm = Math.max(...samples.slice(0, fifth).map((sample) => sample.rss));
    const end = Math.max(...samples.slice(-fifth).map((sample) => sample.rss));
    const growth = ((end - warm) / warm) * 100;

    const rows: BenchRow[] = [];
    let total = 0;
    let limited = 0;
    const errors: string[] = [];
    for (const [route, entry] of [...tallies].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...entry.latencies].sort((a, b) => a - b);
      total += sorted.length + entry.rateLimited + entry.errors.length;
      limited += entry.rateLimited;
      errors.push(...entry.errors.map((error) => `${route}: ${error}`));
      rows.push({
        figure: `load ${route} p99 (p50 ${percentile(sorted, 0.5).toFixed(1)} ms, n=${sorted.length})`,
        ours: percentile(sorted, 0.99),
        unit: 'ms',
      });
    }
    if (errors.length > 0) console.error(`load errors:\n${[...new Set(errors)].join('\n')}`);
    rows.push(
      {
        figure: `load ${USERS} users x ${SECONDS} s: requests (${(total / SECONDS).toFixed(0)} req/s)`,
        ours: total,
        unit: 'req',
      },
      { figure: 'load designed 429s', ours: limited, unit: 'req' },
      {
        figure: 'load errors (not 429)',
        ours: errors.length,
        unit: 'req',
        budget: '0',
        pass: errors.length === 0,
      },
      {
        figure: `load server RSS growth (${warm.toFixed(0)} -> ${end.toFixed(0)} MB)`,
        ours: growth,
        unit: '%',
        budget: '< 20%',
        pass: growth < 20,
      },
    );
    return rows;
  } finally {
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
