import { readFileSync } from 'node:fs';

/** Not a speed figure: a /healthz unanswered after this long counts as missed (a hung event loop). */
const HEALTHZ_HANG_MS = 5_000;

/** The resident memory of process `pid`, in MB. */
export const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/**
 * Watches a platform process while `attack` runs, asking /healthz every `everyMs`: the calls left
 * unanswered and the highest RSS seen (from before the attack to after it).
 */
export async function underWatch<T>(
  server: { readonly baseUrl: string; readonly pid: number },
  attack: () => Promise<T>,
  everyMs = 100,
): Promise<{ result: T; healthzMissed: number; peakRssMb: number }> {
  let healthzMissed = 0;
  let peakRssMb = rssMb(server.pid);
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      const ok = await fetch(`${server.baseUrl}/healthz`, {
        signal: AbortSignal.timeout(HEALTHZ_HANG_MS),
      }).then(
        (response) => response.ok,
        () => false,
      );
      if (!ok) healthzMissed++;
      peakRssMb = Math.max(peakRssMb, rssMb(server.pid));
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  const stop = async () => {
    watching = false;
    await watcher;
    return { healthzMissed, peakRssMb: Math.max(peakRssMb, rssMb(server.pid)) };
  };
  try {
    return { result: await attack(), ...(await stop()) };
  } catch (error) {
    await stop();
    throw error;
  }
}
