import type { Output } from './output';

type Env = Readonly<Record<string, string | undefined>>;

/** How text is drawn on one stream: colours (or none) and the width to fit. */
export interface Layout {
  /** Columns to fit (process.stdout.columns, or COLUMNS); undefined: no limit (a pipe). */
  readonly width?: number;
  readonly bold: (text: string) => string;
  readonly red: (text: string) => string;
  readonly yellow: (text: string) => string;
}

const sgr = (on: number, off: number) => (text: string) => `\u001b[${on}m${text}\u001b[${off}m`;
const plain = (text: string) => text;

/**
 * Colour on a terminal only: never in a pipe or a file, never with --json; NO_COLOR (set and not
 * empty, no-color.org) turns it off, and FORCE_COLOR turns it on at a terminal that says it has
 * none (TERM=dumb); FORCE_COLOR=0 turns it off.
 */
export function colourOn(stream: Output, env: Env, json = false): boolean {
  if (json || !stream.isTTY) return false;
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '')
    return !['0', 'false'].includes(env.FORCE_COLOR);
  return env.TERM !== 'dumb';
}

/** The terminal's width: the stream's own, else COLUMNS; none in a pipe (nobody reads it there). */
export function widthOf(stream: Output, env: Env): number | undefined {
  if (!stream.isTTY) return undefined;
  const columns = stream.columns || Number(env.COLUMNS);
  return Number.isInteger(columns) && columns > 0 ? columns : undefined;
}

/** The layout for writing to `stream`: its colours and its width. */
export function layoutFor(stream: Output, env: Env, json = false): Layout {
  const colour = colourOn(stream, env, json);
  return {
    width: widthOf(stream, env),
    bold: colour ? sgr(1, 22) : plain,
    red: colour ? sgr(31, 39) : plain,
    yellow: colour ? sgr(33, 39) : plain,
  };
}

/**
 * A line broken at spaces so none is longer than `width` (when given): later lines start with
 * `indent`. A word longer than a line (an address) keeps a line of its own, whole.
 */
export function wrap(line: string, width: number | undefined, indent = ''): string {
  if (!width || line.length <= width) return line;
  const lead = /^ */.exec(line)?.[0] ?? '';
  const words = line.slice(lead.length).split(/ +/);
  const lines: string[] = [];
  let current = `${lead}${words.shift() ?? ''}`;
  for (const word of words) {
    if (current.length + 1 + word.length <= width) current += ` ${word}`;
    else {
      lines.push(current);
      current = `${indent}${word}`;
    }
  }
  lines.push(current);
  return lines.join('\n');
}
