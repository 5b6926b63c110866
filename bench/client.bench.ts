// The platform client's own cost: per-call overhead against a bare fetch to the same local server in
// the same run, and the size its entry adds to an app's bundle (zod excluded: apps bring their own).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PlatformClient } from '../adapters/platform/src/index';
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

/** What an app's bundler keeps of the client for one import, minified and gzipped (KB). */
async function importedSize(names: string, bundleZod = false): Promise<number> {
  const entry = fileURLToPath(new URL('../adapters/platform/src/index.ts', import.meta.url));
  const result = await build({
    stdin: {
      contents: `export { ${names} } from ${JSON.stringify(entry)};`,
      resolveDir: process.cwd(),
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    external: bundleZod ? [] : ['zod'],
    write: false,
    logLevel: 'silent',
  });
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length / 1024;
}

/** The README's size table: the whole client, then what a narrower import costs. */
async function bundleSizes(): Promise<BenchRow[]> {
  const whole = await importedSize('PlatformClient');
  return [
    {
      figure: 'client entry min+gzip (zod external)',
      ours: whole,
      unit: 'KB',
      budget: `<= ${BUNDLE_BUDGET_KB} KB`,
      pass: whole <= BUNDLE_BUDGET_KB,
    },
    {
      figure: 'client entry min+gzip (zod bundled)',
      ours: await importedSize('PlatformClient', true),
      unit: 'KB',
    },
    {
      figure: 'errors only (PlatformError and its classes)',
      ours: await importedSize(
        'PlatformError, InsufficientBalanceError, PlanUpgradeRequiredError, RateLimitError',
      ),
      unit: 'KB',
    },
    {
      figure: 'URL helpers only (authorizationPageUrl, pricingPageUrl)',
      ours: await importedSize('authorizationPageUrl, pricingPageUrl'),
      unit: 'KB',
    },
  ];
}

export default async function clientBench(): Promise<BenchRow[]> {
  return [...(await overhead()), ...(await bundleSizes())];
}
