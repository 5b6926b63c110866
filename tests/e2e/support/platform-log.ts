import { readFileSync, statSync } from 'node:fs';
import { e2ePlatform } from './platform';

/** One line of the platform's log (pino JSON); a line that is not JSON is kept as its text. */
export type LogLine = { level?: number; msg?: string; text?: string } & Record<string, unknown>;

/** pino's level for error; fatal is 60. */
const ERROR_LEVEL = 50;

/**
 * The platform's log from the moment this is called: `lines()` reads what it wrote since, and
 * `errors()` the lines at error level or above (and anything it wrote that is not a log line,
 * such as a stack on stderr). Each journey file running has a platform of its own, so what follows is
 * theirs.
 */
export function platformLogFromNow() {
  const file = e2ePlatform().logFile;
  const start = statSync(file).size;
  const lines = (): LogLine[] =>
    readFileSync(file)
      .subarray(start)
      .toString()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        try {
          return JSON.parse(line) as LogLine;
        } catch {
          return { text: line };
        }
      });
  const errors = () =>
    lines().filter((line) => line.text !== undefined || (line.level ?? 0) >= ERROR_LEVEL);
  return { lines, errors };
}
