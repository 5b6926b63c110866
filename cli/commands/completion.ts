import { Argument, Command, type Option } from 'commander';
import { COMPLETION_SOURCES, completionValues, type CompletionSource } from '../completion-values';
import type { CliContext } from '../connect';

const SHELLS = ['bash', 'zsh', 'fish'] as const;
type Shell = (typeof SHELLS)[number];

/** One command of the program as completion sees it: its path, words and options. */
interface Node {
  /** Command names from the top, without the program's: [] for the program, ['gallery', 'list']. */
  readonly path: readonly string[];
  readonly description: string;
  readonly subcommands: readonly Node[];
  readonly options: readonly Option[];
  /** What its first argument may be, when commander knows the choices (completion's shell). */
  readonly choices: readonly string[];
  /** It takes a file or folder (or free text) argument: the shell's file completion helps. */
  readonly takesArgument: boolean;
}

/**
 * Values TAB asks the program for, as gh does (`gh __complete`): by command path and flag, or
 * `<arg>` for the command's argument; `files` where a file is taken too (--pet takes a picture).
 */
const DYNAMIC: Record<string, { readonly source: CompletionSource; readonly files: boolean }> = {
  'generate --pet': { source: 'pets', files: true },
  'generate --costume': { source: 'costumes', files: true },
  'batch --pets': { source: 'pets', files: true },
  'batch --costumes': { source: 'costumes', files: true },
  'gallery favorite <arg>': { source: 'creations', files: false },
  'gallery unfavorite <arg>': { source: 'creations', files: false },
  'gallery delete <arg>': { source: 'creations', files: false },
};

/** The hidden command the scripts call: the words TAB may offer for a value being typed. */
export function completeCommand(ctx: CliContext): Command {
  return new Command('__complete')
    .description('the words TAB may offer (called by the completion scripts)')
    .argument('<source>', COMPLETION_SOURCES.join(', '))
    .argument('[current]', 'what is typed so far', '')
    .action(async (source: string, current: string, _options: unknown, command: Command) => {
      if (!(COMPLETION_SOURCES as readonly string[]).includes(source)) return;
      // A TAB says nothing on failure (no token, no platform): it offers nothing instead.
      const words = await completionValues(source as CompletionSource, current, () =>
        ctx.settings(command),
      ).catch(() => []);
      if (words.length) ctx.io.stdout.write(`${words.join('\n')}\n`);
    });
}

/** pawloween completion bash|zsh|fish: a completion script made from the program itself. */
export function completionCommand(ctx: CliContext): Command {
  return new Command('completion')
    .description('print a shell completion script (bash, zsh or fish)')
    .addArgument(new Argument('<shell>', 'the shell to complete in').choices(SHELLS))
    .action((shell: Shell, _options: unknown, command: Command) => {
      let root = command;
      while (root.parent) root = root.parent;
      const tree = describe(root, []);
      const script = { bash: bashScript, zsh: zshScript, fish: fishScript }[shell](
        root.name(),
        tree,
      );
      ctx.io.stdout.write(script);
    });
}

/** The program's commands and options, as its --help shows them (hidden ones stay hidden). */
function describe(command: Command, path: readonly string[]): Node {
  const help = command.createHelp();
  const subcommands = help
    .visibleCommands(command)
    .filter((sub) => sub.name() !== 'help')
    .map((sub) => describe(sub, [...path, sub.name()]));
  const options = [...help.visibleOptions(command), ...help.visibleGlobalOptions(command)];
  const [first] = command.registeredArguments;
  return {
    path,
    description: command.description(),
    subcommands,
    options: path.length === 0 ? help.visibleOptions(command) : options,
    choices: first?.argChoices ?? [],
    takesArgument: Boolean(first && !first.argChoices),
  };
}

function* walk(node: Node): Generator<Node> {
  yield node;
  for (const sub of node.subcommands) yield* walk(sub);
}

const flagsOf = (option: Option) => [option.long, option.short].filter(Boolean) as string[];
const takesValue = (option: Option) => option.required || option.optional;

/** Every word that may come next at this command: subcommands, choices and option flags. */
const wordsOf = (node: Node) => [
  ...node.subcommands.map((sub) => sub.path.at(-1) ?? ''),
  ...node.choices,
  ...node.options.flatMap(flagsOf),
];

/** Every flag anywhere that takes a value: the word after it is that value, not a command. */
const valueFlags = (tree: Node) => [
  ...new Set([...walk(tree)].flatMap((node) => node.options.filter(takesValue).flatMap(flagsOf))),
];

/** The program's flags that choose the platform and the token: passed on to `__complete`. */
const PLATFORM_FLAGS = ['--base-url', '--token', '--project-token', '--allow-http'];
const globalFlags = (tree: Node) =>
  tree.options.flatMap((option) =>
    option.long && PLATFORM_FLAGS.includes(option.long) ? [option.long] : [],
  );
const globalValueFlags = (tree: Node) =>
  tree.options.flatMap((option) =>
    option.long && takesValue(option) && PLATFORM_FLAGS.includes(option.long) ? [option.long] : [],
  );

/** The flags whose values commander knows (`run --mode chunk|letter|word`). */
const valueChoices = (tree: Node): [string, readonly string[]][] =>
  [...walk(tree)].flatMap((node) =>
    node.options.flatMap((option) =>
      option.argChoices
        ? flagsOf(option).map((flag): [string, readonly string[]] => [
            flag,
            option.argChoices ?? [],
          ])
        : [],
    ),
  );

const functionName = (program: string) => `_${program.replace(/[^A-Za-z0-9_]/g, '_')}`;

/**
 * Shared by bash and zsh: which command the words so far name, skipping options and their values.
 * Sets `cmd_path` (space-separated command names) and `prev_takes_value` (the flag whose value
 * the current word is).
 */
function pathFinder(
  program: string,
  name: string,
  tree: Node,
  first: string,
  last: string,
): string {
  const nodes = [...walk(tree)];
  return `${name}_words() {
  case "$1" in
${nodes.map((node) => `    '${node.path.join(' ')}') echo '${wordsOf(node).join(' ')}' ;;`).join('\n')}
  esac
}

${name}_subcommands() {
  case "$1" in
${nodes
  .filter((node) => node.subcommands.length > 0)
  .map(
    (node) =>
      `    '${node.path.join(' ')}') echo '${node.subcommands.map((sub) => sub.path.at(-1)).join(' ')}' ;;`,
  )
  .join('\n')}
  esac
}

${name}_file_argument() {
  case "$1" in
${nodes
  .filter((node) => node.takesArgument && node.subcommands.length === 0)
  .map((node) => `    '${node.path.join(' ')}') return 0 ;;`)
  .join('\n')}
  esac
  return 1
}

${name}_takes_value() {
  case "$1" in
    ${valueFlags(tree).join('|') || '--never'}) return 0 ;;
  esac
  return 1
}

${name}_dynamic() {
  case "$1" in
${Object.entries(DYNAMIC)
  .map(([key, { source, files }]) => `    '${key}') echo '${source}${files ? ' files' : ''}' ;;`)
  .join('\n')}
  esac
}

${name}_ask() {
  ${program} "\${global_args[@]}" __complete "$1" "$2" 2>/dev/null
}

${name}_values() {
  case "$1" in
${valueChoices(tree)
  .map(([flag, choices]) => `    ${flag}) echo '${choices.join(' ')}' ;;`)
  .join('\n')}
  esac
}

${name}_path() {
  cmd_path=''
  prev_takes_value=''
  global_args=()
  local i word
  for ((i = ${first}; i < ${last}; i++)); do
    word="\${words[i]}"
    if [[ -n "$prev_takes_value" ]]; then
      case "$prev_takes_value" in
        ${globalValueFlags(tree).join('|')}) global_args+=("$prev_takes_value" "$word") ;;
      esac
      prev_takes_value=''
      continue
    fi
    case "$word" in
      ${globalValueFlags(tree)
        .map((flag) => `${flag}=*`)
        .join('|')}) global_args+=("$word") ;;
      --*=*) ;;
      ${globalFlags(tree).join('|')})
        ${name}_takes_value "$word" && prev_takes_value="$word" || global_args+=("$word") ;;
      -*) ${name}_takes_value "$word" && prev_takes_value="$word" ;;
      *)
        if [[ " $(${name}_subcommands "$cmd_path") " == *" $word "* ]]; then
          cmd_path="\${cmd_path:+$cmd_path }$word"
        fi
        ;;
    esac
  done
}`;
}

function bashScript(program: string, tree: Node): string {
  const name = functionName(program);
  return `# bash completion for ${program}, made by \`${program} completion bash\` from its commands.
# Install: echo 'source <(${program} completion bash)' >> ~/.bashrc
${pathFinder(program, name, tree, '1', 'COMP_CWORD')}

# Values the program knows (presets, creation ids), and files where a file is taken too.
${name}_offer() {
  COMPREPLY=($(compgen -W "$(${name}_ask "\${1%% *}" "$cur")" -- "$cur"))
  [[ "$1" == *' files' ]] && COMPREPLY+=($(compgen -f -- "$cur"))
  return 0
}

${name}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmd_path prev_takes_value dynamic
  local -a words=("\${COMP_WORDS[@]}") global_args
  ${name}_path
  COMPREPLY=()
  if [[ -n "$prev_takes_value" ]]; then
    dynamic="$(${name}_dynamic "$cmd_path $prev_takes_value")"
    [[ -n "$dynamic" ]] && { ${name}_offer "$dynamic"; return 0; }
    local values
    values="$(${name}_values "$prev_takes_value")"
    if [[ -n "$values" ]]; then
      COMPREPLY=($(compgen -W "$values" -- "$cur"))
    else
      COMPREPLY=($(compgen -f -- "$cur"))
    fi
    return 0
  fi
  dynamic="$(${name}_dynamic "$cmd_path <arg>")"
  if [[ "$cur" != -* && -n "$dynamic" ]]; then
    ${name}_offer "$dynamic"
    return 0
  fi
  if [[ "$cur" != -* ]] && ${name}_file_argument "$cmd_path"; then
    COMPREPLY=($(compgen -f -- "$cur"))
    return 0
  fi
  COMPREPLY=($(compgen -W "$(${name}_words "$cmd_path")" -- "$cur"))
}

complete -o default -F ${name} ${program}
`;
}

function zshScript(program: string, tree: Node): string {
  const name = functionName(program);
  return `#compdef ${program}
# zsh completion for ${program}, made by \`${program} completion zsh\` from its commands.
# Install: ${program} completion zsh > "\${fpath[1]}/_${program}" (or: source <(${program} completion zsh))
${pathFinder(program, name, tree, '2', 'CURRENT')}

# Values the program knows (presets, creation ids), and files where a file is taken too.
${name}_offer() {
  local -a found
  found=(\${(f)"$(${name}_ask "\${1%% *}" "$PREFIX")"})
  (( \${#found} )) && compadd -- $found
  [[ "$1" == *' files' ]] && _files
  return 0
}

${name}() {
  local cmd_path prev_takes_value dynamic
  local -a global_args
  ${name}_path
  if [[ -n "$prev_takes_value" ]]; then
    dynamic="$(${name}_dynamic "$cmd_path $prev_takes_value")"
    if [[ -n "$dynamic" ]]; then
      ${name}_offer "$dynamic"
      return
    fi
    local -a values
    values=(\${=$(${name}_values "$prev_takes_value")})
    if (( \${#values} )); then
      compadd -- $values
    else
      _files
    fi
    return
  fi
  dynamic="$(${name}_dynamic "$cmd_path <arg>")"
  if [[ "$PREFIX" != -* && -n "$dynamic" ]]; then
    ${name}_offer "$dynamic"
    return
  fi
  if [[ "$PREFIX" != -* ]] && ${name}_file_argument "$cmd_path"; then
    _files
    return
  fi
  local -a candidates
  candidates=(\${=$(${name}_words "$cmd_path")})
  compadd -- $candidates
}

if [[ "$funcstack[1]" == "${name}" ]]; then
  ${name} "$@"
else
  compdef ${name} ${program}
fi
`;
}

/** fish quotes: single quotes, with \\ and ' escaped. */
const fishQuote = (text: string) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

function fishScript(program: string, tree: Node): string {
  const lines = [
    `# fish completion for ${program}, made by \`${program} completion fish\` from its commands.`,
    `# Install: ${program} completion fish > ~/.config/fish/completions/${program}.fish`,
    `complete -c ${program} -f`,
  ];
  const seen = (path: readonly string[]) =>
    path.map((word) => `__fish_seen_subcommand_from ${word}`).join('; and ');
  for (const node of walk(tree)) {
    const at = node.path.length === 0 ? '' : seen(node.path);
    const children = node.subcommands.map((sub) => sub.path.at(-1) ?? '');
    // Where these words may come: no command yet, or this command and none of its own yet.
    const condition =
      node.path.length === 0
        ? '__fish_use_subcommand'
        : [
            at,
            ...(children.length > 0
              ? [`not __fish_seen_subcommand_from ${children.join(' ')}`]
              : []),
          ].join('; and ');
    for (const sub of node.subcommands)
      lines.push(
        `complete -c ${program} -n ${fishQuote(condition)} -a ${fishQuote(sub.path.at(-1) ?? '')} -d ${fishQuote(sub.description)}`,
      );
    for (const choice of node.choices)
      lines.push(`complete -c ${program} -n ${fishQuote(condition)} -a ${fishQuote(choice)}`);
    const argument = DYNAMIC[`${node.path.join(' ')} <arg>`];
    if (argument)
      lines.push(
        `complete -c ${program} -n ${fishQuote(condition)} -a ${fishQuote(fishAsk(program, argument.source))}${argument.files ? ' -F' : ''}`,
      );
    else if (node.takesArgument && children.length === 0)
      lines.push(`complete -c ${program} -n ${fishQuote(condition)} -F`);
    // The program's own options hold everywhere; a command's, once it is named.
    const own = node.path.length === 0 ? node.options : node.options.filter(isOwn(tree));
    for (const option of own) {
      const parts = [`complete -c ${program}`];
      if (at) parts.push(`-n ${fishQuote(at)}`);
      if (option.long) parts.push(`-l ${option.long.replace(/^--/, '')}`);
      if (option.short) parts.push(`-s ${option.short.replace(/^-/, '')}`);
      const dynamic = option.long && DYNAMIC[`${node.path.join(' ')} ${option.long}`];
      if (dynamic)
        parts.push(
          `${dynamic.files ? '-r -F' : '-x'} -a ${fishQuote(fishAsk(program, dynamic.source))}`,
        );
      else if (option.argChoices) parts.push(`-x -a ${fishQuote(option.argChoices.join(' '))}`);
      else if (takesValue(option)) parts.push('-r -F');
      parts.push(`-d ${fishQuote(option.description)}`);
      lines.push(parts.join(' '));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Options a command has besides the program's global ones. */
const isOwn = (tree: Node) => (option: Option) =>
  !tree.options.some((global) => global.long === option.long && global.short === option.short);

/** fish's call for the values of `source`, given what is typed so far. */
const fishAsk = (program: string, source: CompletionSource) =>
  `(${program} __complete ${source} (commandline -ct) 2>/dev/null)`;
