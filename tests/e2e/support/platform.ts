import { inject } from 'vitest';

/** One local platform server (which also serves the built app), as global-setup.ts started it. */
export interface E2EPlatform {
  /** Its origin, e.g. http://localhost:41234. */
  baseUrl: string;
  /** The project token it was started with. */
  projectToken: string;
  /** The file its log (pino JSON lines, stdout and stderr) is written to as it runs. */
  logFile: string;
}

/**
 * The platform of this test file's worker: vitest numbers its workers 1 to maxWorkers
 * (VITEST_POOL_ID), and no two files running at once share a number.
 */
export function e2ePlatform(): E2EPlatform {
  const platforms = inject('e2ePlatforms');
  const worker = Number(process.env.VITEST_POOL_ID) || 1;
  const platform = platforms[(worker - 1) % platforms.length];
  if (!platform) throw new Error('No e2e platform was started (tests/e2e/global-setup.ts).');
  return platform;
}
