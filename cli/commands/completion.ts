import { Argument, Command, type Option } from 'commander';
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
function pathFinder(name: string, tree: Node, first: string, last: string): string {
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
  local i word
  for ((i = ${first}; i < ${last}; i++)); do
    word="\${words[i]}"
    if [[ -n "$prev_takes_value" ]]; then
      prev_takes_value=''
      continue
    fi
    case "$word" in
      --*=*) ;;
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
${pathFinder(name, tree, '1', 'COMP_CWORD')}

${name}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" cmd_path prev_takes_value
  local -a words=("\${COMP_WORDS[@]}")
  ${name}_path
  COMPREPLY=()
  if [[ -n "$prev_takes_value" ]]; then
    local values
    values="$(${name}_values "$prev_takes_value")"
    if [[ -n "$values" ]]; then
      COMPREPLY=($(compgen -W "$values" -- "$cur"))
    else
      COMPREPLY=($(compgen -f -- "$cur"))
    fi
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
${pathFinder(name, tree, '2', 'CURRENT')}

${name}() {
  local cmd_path prev_takes_value
  ${name}_path
  if [[ -n "$prev_takes_value" ]]; then
    local -a values
    values=(\${=$(${name}_values "$prev_takes_value")})
    if (( \${#values} )); then
      compadd -- $values
    else
      _files
    fi
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
    if (node.takesArgument && children.length === 0)
      lines.push(`complete -c ${program} -n ${fishQuote(condition)} -F`);
    // The program's own options hold everywhere; a command's, once it is named.
    const own = node.path.length === 0 ? node.options : node.options.filter(isOwn(tree));
    for (const option of own) {
      const parts = [`complete -c ${program}`];
      if (at) parts.push(`-n ${fishQuote(at)}`);
      if (option.long) parts.push(`-l ${option.long.replace(/^--/, '')}`);
      if (option.short) parts.push(`-s ${option.short.replace(/^-/, '')}`);
      if (option.argChoices) parts.push(`-x -a ${fishQuote(option.argChoices.join(' '))}`);
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
