// How fast the real platform process answers /healthz while it refuses hostile input (issues 17
// and 32), against the same process idle, in the same run. The reliability suite
// (tests/reliability/hostile.test.ts, data-url-memory.test.ts) checks that it answers at all and
// that memory stays bounded; how fast is measured here, where a busy machine shows as a ratio.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COSTUME_WORKFLOW_ID } from '../domain/model/workflow';
import { DEFAULT_PROJECT_TOKEN } from '../mock-server/config';
import { freePort, startServer } from '../tests/reliability/support/server-process';
import { signInOverHttp } from '../tests/reliability/support/sign-in-over-http';
import type { BenchRow } from './bench-row';
import { load } from './support/measure';

/** Issue 32: six ';' data URLs at once stalled /healthz past 1 s; it must answer within this. */
const HEALTHZ_BUDGET_MS = 1_000;
const IDLE_MS = 2_000;

/**
 * The worst time /healthz took, asked every 50 ms for as long as `work` runs (as the reliability
 * suite polls it). Only /healthz: the storage reads of support/responsiveness.ts would spend the
 * signed-in user's rate limit before the attack's runs are read.
 */
async function worstHealthzWhile(base: string, work: () => Promise<unknown>): Promise<number> {
  let worst = 0;
  let working = true;
  const pinger = (async () => {
    while (working) {
      const started = performance.now();
      await (await fetch(`${base}/healthz`)).arrayBuffer();
      worst = Math.max(worst, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    await work();
  } finally {
    working = false;
    await pinger;
  }
  return worst;
}

/** Six runs at once whose data URLs' media type is millions of ';' (refused by length, 400). */
async function semicolonDataUrls(base: string, token: string): Promise<void> {
  const semicolons = (tail: string) => `data:image/png${';'.repeat(6_000_000)}${tail}`;
  const body = (tail: string) =>
    JSON.stringify({
      model: COSTUME_WORKFLOW_ID,
      input: {
        upload_your_pets_photo: semicolons(tail),
        upload_costume_character: semicolons(tail),
      },
    });
  const bodies = [body(';base64,AAAA'), body('')];
  const statuses = await Promise.all(
    Array.from({ length: 6 }, async (_, i) => {
      const reply = await fetch(`${base}/v1/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sub-dev-access-token': token },
        body: bodies[i % 2],
      });
      await reply.arrayBuffer();
      return reply.status;
    }),
  );
  if (statuses.some((status) => status !== 400)) throw new Error(`answered ${statuses.join(', ')}`);
}

/** A 1 KB anonymous text run whose schema asks for 5^8 x 24 strings, streamed by letter (400). */
async function nestedTextSchema(base: string): Promise<void> {
  let schema: object = {
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: 24 }, (_, i) => [`s${i}`, { type: 'string' }]),
    ),
  };
  for (let level = 0; level < 8; level++) schema = { type: 'array', minItems: 5, items: schema };
  const reply = await fetch(`${base}/v1/run`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${DEFAULT_PROJECT_TOKEN}`,
    },
    body: JSON.stringify({
      model: 'text/spooky-namer',
      stream: true,
      input: { prompt: 'boo', stream_mode: 'letter' },
      response_format: { type: 'json_schema', json_schema: { name: 'x', schema } },
    }),
  });
  await reply.arrayBuffer();
  if (reply.status < 400 || reply.status >= 500) throw new Error(`answered ${reply.status}`);
}

export default async function hostileBench(): Promise<BenchRow[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pawloween-bench-hostile-'));
  const server = await startServer(dataDir, await freePort());
  try {
    const base = server.baseUrl;
    const token = await signInOverHttp(base, 'bench-hostile@example.com');
    const idle = await worstHealthzWhile(
      base,
      () => new Promise((resolve) => setTimeout(resolve, IDLE_MS)),
    );
    const attacks: [string, () => Promise<void>][] = [
      ["six ';' data URLs at once", () => semicolonDataUrls(base, token)],
      ['a text schema of 5^8 x 24 strings', () => nestedTextSchema(base)],
    ];
    const rows: BenchRow[] = [];
    for (const [what, attack] of attacks) {
      const busy = await worstHealthzWhile(base, attack);
      rows.push({
        figure: `/healthz worst latency while the platform refuses ${what} vs idle (load ${load()})`,
        ours: Math.round(busy),
        baseline: Math.round(idle),
        ratio: busy / Math.max(1, idle),
        unit: 'ms',
        budget: `< ${HEALTHZ_BUDGET_MS} ms`,
        pass: busy < HEALTHZ_BUDGET_MS,
      });
    }
    return rows;
  } finally {
    await server.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}
