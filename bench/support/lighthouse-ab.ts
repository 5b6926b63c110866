// Compares two production builds under Lighthouse mobile, alternating A and B so both see the same
// machine load (a busy machine reads slower, but reads both slower):
//   npx tsx bench/support/lighthouse-ab.ts <distA> <distB> [runs=3] [landing|signed-in|both]
// Build one with `npx vite build --outDir /tmp/dist-a` (a git worktree of the older commit for A).
// Prints each run and the median per build: score, FCP, LCP, TBT, CLS, and the LCP element; the
// last run's report per page and build is left in the temp folder (lighthouse-ab-<page>-<A|B>.json).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import { buildApp } from '../../mock-server/app';
import { signInOverHttp } from '../../tests/reliability/support/sign-in-over-http';
import { median } from './measure';
import { performanceAudit } from './performance-audit';

const [distA, distB, runsArg, pagesArg] = process.argv.slice(2);
if (!distA || !distB) {
  console.error('usage: lighthouse-ab.ts <distA> <distB> [runs] [landing|signed-in|both]');
  process.exit(2);
}
const runs = Number(runsArg ?? 3);
const pages =
  pagesArg === 'landing' || pagesArg === 'signed-in' ? [pagesArg] : ['landing', 'signed-in'];

interface Reading {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  element: string;
  shifts?: string;
}

async function audit(port: number, url: string, save?: string): Promise<Reading> {
  const lhr = await performanceAudit(port, url);
  if (save) writeFileSync(save, JSON.stringify(lhr));
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { selector?: string } }[] }[] } | undefined;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: Math.round(value('first-contentful-paint')),
    lcp: Math.round(value('largest-contentful-paint')),
    tbt: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    element: details?.items?.[0]?.items?.[0]?.node?.selector?.split(' > ').pop() ?? '?',
    shifts:
      value('cumulative-layout-shift') > 0.01
        ? (
            (
              lhr.audits['layout-shifts']?.details as {
                items?: { score: number; node?: { selector?: string; snippet?: string } }[];
              }
            )?.items ?? []
          )
            .map(
              (item) =>
                `${item.score.toFixed(3)} ${item.node?.selector ?? '?'} ${item.node?.snippet?.slice(0, 80) ?? ''}`,
            )
            .join(' | ')
        : undefined,
  };
}

const dataDirs: string[] = [];
async function serve(distDir: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pawloween-lighthouse-ab-'));
  dataDirs.push(dataDir);
  const app = await buildApp({ dataDir, distDir, logger: false, rateLimit: false });
  return { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

const servers = { A: await serve(distA), B: await serve(distB) };
const chrome = await launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const page of pages) {
    const readings: Record<'A' | 'B', Reading[]> = { A: [], B: [] };
    for (let i = 0; i < runs; i++) {
      for (const name of ['A', 'B'] as const) {
        const { base } = servers[name];
        const url =
          page === 'landing'
            ? `${base}/`
            : `${base}/?accessToken=${await signInOverHttp(base, `ab-${name}@example.com`)}`;
        const reading = await audit(
          chrome.port,
          url,
          path.join(tmpdir(), `lighthouse-ab-${page}-${name}.json`),
        );
        readings[name].push(reading);
        console.log(page, name, i, JSON.stringify(reading));
      }
    }
    for (const name of ['A', 'B'] as const) {
      const of = (key: 'score' | 'fcp' | 'lcp' | 'tbt' | 'cls') =>
        median(readings[name].map((r) => r[key]));
      console.log(
        `${page} ${name} median: score ${of('score')}, FCP ${of('fcp')} ms, LCP ${of('lcp')} ms, TBT ${of('tbt')} ms, CLS ${of('cls')}`,
      );
    }
  }
} finally {
  chrome.kill();
  await Promise.all(Object.values(servers).map(({ app }) => app.close()));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}
