/**
 * The worst time /healthz and a storage read took, asked one after another (every 20 ms) for as
 * long as `work` runs: what a user waits for while the platform renders someone's costume.
 */
export async function worstLatencyWhile(
  base: string,
  token: string,
  work: () => Promise<unknown>,
): Promise<{ healthzMs: number; storageMs: number }> {
  const worst = { healthzMs: 0, storageMs: 0 };
  let working = true;
  const timed = async (url: string, headers: Record<string, string>) => {
    const started = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    return performance.now() - started;
  };
  const pinger = (async () => {
    while (working) {
      worst.healthzMs = Math.max(worst.healthzMs, await timed(`${base}/healthz`, {}));
      worst.storageMs = Math.max(
        worst.storageMs,
        await timed(`${base}/v1/storage`, { 'x-sub-dev-access-token': token }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
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
