// Profiling aid, not a benchmark: hammers one route of the local platform (own process) and prints
// its CPU time per request. PROF=1 writes a V8 CPU profile to /tmp/prof on exit.
//   npx tsx bench/support/profile-server.ts /v1/subscriptions/usage
import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { cpuSeconds } from './measure';
import type { TargetReady } from './server-target';

const path = process.argv[2] ?? '/v1/subscriptions/usage';
const child = fork(new URL('./server-target.ts', import.meta.url).pathname, ['ours'], {
  execArgv: [
    '--import',
    'tsx',
    ...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
  ],
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const { base, token = '' } = await new Promise<TargetReady>((resolve) =>
  child.once('message', (message) => resolve(message as TargetReady)),
);
const headers = { 'x-sub-dev-access-token': token };
const method = process.env.METHOD === 'PUT' ? 'PUT' : 'GET';
// Storage is profiled with a gallery of 20 creations in it, as the server bench does.
const body = JSON.stringify({
  sessionData: {
    'pet-gallery': Array.from({ length: 20 }, (_, i) => ({
      id: String(1_730_000_000_000 + i),
      timestamp: 1_730_000_000_000 + i,
      imageUrl: `${base}/files/${i}/costume.png`,
      videoUrl: `${base}/files/${i}/costume.mp4`,
      isFavorite: false,
    })),
  },
});
await fetch(`${base}/v1/storage`, {
  method: 'PUT',
  headers: { ...headers, 'content-type': 'application/json' },
  body,
});
const request = {
  method,
  headers: method === 'PUT' ? { ...headers, 'content-type': 'application/json' } : headers,
  body: method === 'PUT' ? body : undefined,
} as const;
await autocannon({ url: base + path, ...request, connections: 50, duration: 2 });
for (let i = 0; i < 2; i++) {
  const before = await cpuSeconds(child.pid, false);
  const result = await autocannon({ url: base + path, ...request, connections: 50, duration: 4 });
  const used = (await cpuSeconds(child.pid, false)) - before;
  console.log(
    `${path}: ${Math.round((used / result.requests.total) * 1e6)} µs CPU/request, ` +
      `${result.requests.average} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
  );
}
child.kill('SIGINT');
