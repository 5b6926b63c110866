// Small helpers shared by the benchmarks: percentiles, CPU time from /proc, machine load.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';

export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

export const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[
    Math.min(values.length - 1, Math.max(0, Math.ceil(p * values.length) - 1))
  ] ?? 0;

/** The 1-minute load average, for labels: wall-clock figures depend on it, CPU-time ones do not. */
export const load = () => loadavg()[0]?.toFixed(1) ?? '?';

/**
 * CPU seconds used so far by a process (user + system), with its waited-for children (ffmpeg)
 * when `children` is set. Linux /proc; 0 elsewhere.
 */
export async function cpuSeconds(pid: number | 'self' = 'self', children = true): Promise<number> {
  return secondsIn(await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''), children);
}

/** cpuSeconds for this process, read at once: for a callback that marks a moment (an event). */
export function cpuSecondsNow(): number {
  try {
    return secondsIn(readFileSync('/proc/self/stat', 'utf8'), true);
  } catch {
    return 0;
  }
}

function secondsIn(stat: string, children: boolean): number {
  // Fields after the ')' of the command name: utime is 14th, stime 15th, cutime 16th, cstime 17th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const indexes = children ? [11, 12, 13, 14] : [11, 12];
  return indexes.reduce((sum, i) => sum + Number(fields[i] ?? 0), 0) / 100;
}
