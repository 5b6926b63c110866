// README snippets as code: the fenced blocks of a markdown file, made into files a consumer
// project type-checks against the installed package and runs with tests/package/consumer/readme/
// harness.mjs standing in for the page and the app around them.
import { transformSync } from 'esbuild';

export interface Snippet {
  lang: string;
  code: string;
  /** 1-based line of the opening fence, for messages. */
  line: number;
}

export function fencedBlocks(markdown: string): Snippet[] {
  const blocks: Snippet[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && line.startsWith('```'));
    blocks.push({ lang: open[1]!, code: lines.slice(i + 1, end).join('\n'), line: i + 1 });
    i = end;
  }
  return blocks;
}

/** What harness.mjs provides, and what each snippet may use without defining it. */
const GIVEN = [
  'projectToken',
  'petDataUrl',
  'costumeDataUrl',
  'showImage',
  'showVideo',
  'showBalance',
  'client',
];

/** A snippet as a module for the type check: `export {}` makes even an import-less one a module. */
export const typeCheckSource = (snippet: Snippet) => `${snippet.code}\nexport {};\n`;

/**
 * A snippet as plain ESM for node: the TypeScript stripped, what it takes for granted taken from
 * the harness, what happened printed at the end. `replace` swaps text (the platform's address).
 */
export function runnableSource(snippet: Snippet, replace: Record<string, string> = {}): string {
  let code = snippet.code;
  for (const [from, to] of Object.entries(replace)) code = code.replaceAll(from, to);
  const given = GIVEN.filter(
    (name) =>
      new RegExp(`\\b${name}\\b`).test(code) &&
      !new RegExp(`\\b(const|let|var|function)\\s+${name}\\b`).test(code),
  );
  const js = transformSync(code, { loader: 'ts', format: 'esm', target: 'es2022' }).code;
  return [
    "import { readme, done } from './harness.mjs';",
    `const { ${given.join(', ')} } = readme;`,
    js,
    'await done();',
  ].join('\n');
}

/** What the harness saw: the last line the snippet's process printed. */
export function seenBy(stdout: string): { seen: [string, unknown][]; stored?: unknown } {
  const line = stdout
    .trim()
    .split('\n')
    .findLast((text) => text.startsWith('README-SNIPPET '));
  if (!line) throw new Error(`the snippet printed no findings:\n${stdout}`);
  return JSON.parse(line.slice('README-SNIPPET '.length)) as {
    seen: [string, unknown][];
    stored?: unknown;
  };
}
