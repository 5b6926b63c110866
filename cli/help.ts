import { readFileSync } from 'node:fs';
import { Help, type Command } from 'commander';
import { wrap } from './terminal-style';

/** The version `pawloween --version` prints: the package's own. */
export const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/**
 * Example command lines per command path, kept together so they read as one manual and commands
 * stay about what they do.
 */
const EXAMPLES: Record<string, readonly string[]> = {
  pawloween: [
    'pawloween serve &',
    'pawloween login',
    'pawloween generate --pet dog1 --costume vampire --out ./costumes',
    'pawloween --base-url http://localhost:9000 usage --json',
  ],
  login: [
    'pawloween login                      # opens the browser, the token comes back to 127.0.0.1',
    'pawloween login --token "$TOKEN"     # keep a token you already have',
  ],
  logout: ['pawloween logout', 'pawloween --base-url http://localhost:9000 logout'],
  whoami: ['pawloween whoami', 'pawloween whoami --json'],
  generate: [
    'pawloween generate --pet dog1 --costume vampire',
    'pawloween generate --pet ./rex.jpg --costume witch --out ./costumes',
    'pawloween generate --pet cat1 --costume ghost --json > result.json',
  ],
  batch: [
    'pawloween batch --pets dog1,cat1 --costumes ghost,witch --out ./costumes',
    'pawloween batch --pets ./rex.jpg --costumes vampire,zombie --concurrency 2 --json',
  ],
  gallery: ['pawloween gallery list', 'pawloween gallery export ./all-costumes'],
  'gallery list': ['pawloween gallery list', 'pawloween gallery list --favorites --json'],
  'gallery favorite': ['pawloween gallery favorite 1730000000000'],
  'gallery unfavorite': ['pawloween gallery unfavorite 1730000000000'],
  'gallery delete': ['pawloween gallery delete 1730000000000 --yes'],
  'gallery export': ['pawloween gallery export ./all-costumes'],
  usage: ['pawloween usage', 'pawloween usage --json'],
  plan: [
    'pawloween plan',
    'pawloween plan --open     # the pricing page, to add credits or upgrade',
  ],
  presets: ['pawloween presets', 'pawloween presets --json'],
  run: [
    'pawloween run text/spooky-namer --input \'{"prompt":"a black cat"}\'',
    'pawloween run text/spooky-namer --input \'{"prompt":"a bat"}\' --stream --mode word',
  ],
  completion: [
    'pawloween completion fish > ~/.config/fish/completions/pawloween.fish',
    'pawloween completion zsh > "${fpath[1]}/_pawloween"',
    'source <(pawloween completion bash)   # in ~/.bashrc',
  ],
  serve: ['pawloween serve', 'pawloween serve --port 9000 --data-dir ./platform-data'],
};

/** Adds its "Examples:" block to the end of a command's --help. */
export function addExamples(command: Command, path: string): void {
  const lines = EXAMPLES[path];
  if (lines)
    command.addHelpText('after', `\nExamples:\n${lines.map((line) => `  $ ${line}`).join('\n')}`);
}

/** Narrower than this, an option's description goes under it instead of beside it. */
const MIN_DESCRIPTION_COLUMNS = 24;

/**
 * Help that fits the terminal, broken between words: an item's description beside its term when
 * there is room for it, else under it (commander leaves a description it finds too narrow to wrap
 * whole, and the terminal then cuts it mid-word).
 */
export const FITTED_HELP: Partial<Help> = {
  minWidthToWrap: MIN_DESCRIPTION_COLUMNS,
  formatItem(this: Help, term, termWidth, description, helper) {
    const width = this.helpWidth ?? 80;
    if (!description || width - termWidth - 4 >= MIN_DESCRIPTION_COLUMNS)
      return Help.prototype.formatItem.call(this, term, termWidth, description, helper);
    const indent = '      ';
    const under = helper.boxWrap(description, Math.max(width - indent.length, 1));
    return `  ${term}\n${indent}${under.replace(/\n/g, `\n${indent}`)}`;
  },
};

/**
 * The rest of a help text (usage, description, examples, exit codes) broken between words to
 * `width`; a wrapped line goes on indented under its start. A single word longer than a line (an
 * address) keeps its own line, whole.
 */
export function fitHelp(text: string, width: number | undefined): string {
  return text
    .split('\n')
    .map((line) => wrap(line, width, ' '.repeat((/^ */.exec(line)?.[0].length ?? 0) + 4)))
    .join('\n');
}
