// The platform client's own cost: per-call overhead against a bare fetch to the same local server in
// the same run, and the size its shipped build adds to an app's bundle (zod excluded: apps bring their own).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PlatformClient } from '../adapters/platform/src/index';
import { measureClientSizes } from '../scripts/client-sizes';
import { packClient } from '../scripts/pack-client';
import type { BenchRow } from './bench-row';

const CALLS = 2_000;
const WARMUP = 200;
const BUNDLE_BUDGET_KB = 15;
const USAGE = JSON.stringify({
  credits: { userBalance: { allocatedCredits: 10, usedCredits: 2.5, remainingCredits: 7.5 } },
});

/** Median µs per call of each, timed call by call in alternation so both see the same machine load. */
async function pairedMedians(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
): Promise<[number, number]> {
  for (let i = 0; i < WARMUP; i++) await Promise.all([a(), b()]);
  const timesA: number[] = [];
  const timesB: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    for (const [call, times] of (i % 2
      ? [
          [a, timesA],
          [b, timesB],
        ]
      : [
          [b, timesB],
          [a, timesA],
        ]) as [() => Promise<unknown>, number[]][]) {
      const start = process.hrtime.bigint();
      await call();
      times.push(Number(process.hrtime.bigint() - start) / 1_000);
    }
  }
  const median = (times: number[]) => times.sort((x, y) => x - y)[Math.floor(times.length / 2)]!;
  return [median(timesA), median(timesB)];
}

async function overhead(): Promise<BenchRow[]> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'bench' });
    res.end(USAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The platform's 60-per-minute cap would measure the limiter, not the client: lift it here only.
  const client = new PlatformClient({
    baseUrl,
    accessToken: 'bench-token',
    queue: { intervalCap: Infinity },
  });
  const bare = () =>
    fetch(`${baseUrl}/v1/subscriptions/usage`, {
      headers: { 'x-sub-dev-access-token': 'bench-token' },
    }).then((r) => r.json());
  const ours = () => client.subscriptions.usage();
  try {
    const [baseline, measured] = await pairedMedians(bare, ours);
    return [
      {
        figure: 'GET usage per call (median): client vs bare fetch',
        ours: measured,
        baseline,
        ratio: measured / baseline,
        unit: 'µs',
        budget: '<= 1.5x',
        pass: measured / baseline <= 1.5,
      },
      { figure: 'client overhead per call', ours: measured - baseline, unit: 'µs' },
    ];
  } finally {
    server.close();
  }
}

/** The README's size table, measured on the packed tarball as a user gets it (scripts/client-sizes.ts). */
async function bundleSizes(): Promise<BenchRow[]> {
  const [whole, ...rest] = await measureClientSizes(await packClient({ quiet: true }));
  return [
    {
      figure: `client entry min+gzip: ${whole!.label}`,
      ours: whole!.kb,
      unit: 'KB',
      budget: `<= ${BUNDLE_BUDGET_KB} KB`,
      pass: whole!.kb <= BUNDLE_BUDGET_KB,
    },
    ...rest.map((row) => ({ figure: row.label, ours: row.kb, unit: 'KB' })),
  ];
}

export default async function clientBench(): Promise<BenchRow[]> {
  return [...(await overhead()), ...(await bundleSizes())];
}
