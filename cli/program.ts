import { Command } from 'commander';
import { batchCommand } from './commands/batch';
import { completeCommand, completionCommand } from './commands/completion';
import { galleryCommand } from './commands/gallery';
import { generateCommand } from './commands/generate';
import { loginCommand } from './commands/login';
import { logoutCommand } from './commands/logout';
import { planCommand } from './commands/plan';
import { presetsCommand } from './commands/presets';
import { runCommand } from './commands/run';
import { serveCommand } from './commands/serve';
import { usageCommand } from './commands/usage';
import { whoamiCommand } from './commands/whoami';
import { DEFAULT_BASE_URL, ENV } from './config';
import { debugLine } from './debug-log';
import { cliContext, settleConnections, type CliContext } from './connect';
import { EXIT_CODES_HELP, handleError, type ExitCode } from './handle-error';
import { addExamples, fitHelp, FITTED_HELP, VERSION } from './help';
import { explainAddress } from './platform-address';
import { layoutFor, widthOf } from './terminal-style';
import type { Io } from './io';

/** The `pawloween` program: global options and one command per file (STYLE.md, after shadcn). */
export function createProgram(io: Io, ctx: CliContext = cliContext(io)): Command {
  const program = new Command('pawloween')
    .description('Halloween costume pictures and videos of your pet, from the terminal.')
    .option(
      '--base-url <url>',
      `the platform (env PAWLOWEEN_BASE_URL, default ${DEFAULT_BASE_URL})`,
    )
    .option(
      '--token <token>',
      "an access token (env PAWLOWEEN_TOKEN, or the one saved by login; with login, '-' reads it from stdin)",
    )
    .option(
      '--project-token <token>',
      'the project token sign-in uses (env PAWLOWEEN_PROJECT_TOKEN)',
    )
    .option(
      '--timeout <seconds>',
      'seconds a quick call waits for each answer; model runs wait longer (env PAWLOWEEN_TIMEOUT, default 30)',
    )
    .option(
      '--allow-http',
      'send the token over plain http to a platform off loopback (env PAWLOWEEN_ALLOW_HTTP=1)',
    )
    .option(
      '--debug',
      'print each request (method, path, status, time, request id) on stderr; never tokens (env PAWLOWEEN_DEBUG=1)',
    )
    .version(VERSION, '-V, --version', 'print the version')
    // Every command's --help lists --base-url, --token and --project-token too.
    .configureHelp({ showGlobalOptions: true, ...FITTED_HELP })
    .configureOutput({
      // Help fits the terminal, broken between words (commander's own writes are only help and
      // the version).
      writeOut: (text) => io.stdout.write(fitHelp(text, widthOf(io.stdout, io.env))),
      writeErr: (text) => io.stderr.write(fitHelp(text, widthOf(io.stderr, io.env))),
      getOutHelpWidth: () => widthOf(io.stdout, io.env) ?? 80,
      getErrHelpWidth: () => widthOf(io.stderr, io.env) ?? 80,
      // Commander's own `error: ...` is not printed: handleError words it in the CLI's one voice.
      outputError: () => {},
    })
    .exitOverride()
    .hook('preAction', (_program, action) => {
      ctx.scene.json = Boolean(action.opts<{ json?: boolean }>().json);
    });
  for (const command of [
    loginCommand(ctx),
    logoutCommand(ctx),
    whoamiCommand(ctx),
    generateCommand(ctx),
    batchCommand(ctx),
    galleryCommand(ctx),
    usageCommand(ctx),
    planCommand(ctx),
    presetsCommand(ctx),
    runCommand(ctx),
    serveCommand(ctx),
    completionCommand(ctx),
  ])
    program.addCommand(command);
  // What TAB offers for a value (presets, creation ids): called by the completion scripts only.
  program.addCommand(completeCommand(ctx), { hidden: true });
  addExamples(program, 'pawloween');
  program.addHelpText('after', EXIT_CODES_HELP);
  helpWhenBare(program);
  inherit(program, program);
  return program;
}

/**
 * Commands made with `new Command()` do not inherit output, help and exit handling: hand them
 * down, with each command's examples.
 */
function inherit(root: Command, command: Command, parents = ''): void {
  for (const child of command.commands) {
    child.copyInheritedSettings(root);
    const path = `${parents}${child.name()}`;
    addExamples(child, path);
    if (child.commands.length) helpWhenBare(child);
    inherit(root, child, `${path} `);
  }
}

/**
 * A group given no command (`pawloween gallery`, bare `pawloween`) asks what it holds: its
 * help on stdout and exit 0, as gh does for `gh repo` (cobra prints a group's help and succeeds).
 * Commander's own way is the help on stderr and exit 1. A word that names no command of the group
 * stays a usage error (2).
 */
function helpWhenBare(group: Command): void {
  // A group with an action loses commander's implicit `help` command: asked back for.
  group
    .helpCommand(true)
    .allowExcessArguments()
    .action(function (this: Command) {
      if (this.args.length) (this as Command & { unknownCommand(): never }).unknownCommand();
      this.help();
    });
}

/** Runs one command line (without the node and script arguments) and answers its exit code. */
export async function runCli(args: readonly string[], io: Io): Promise<ExitCode> {
  const ctx = cliContext(io);
  // Until a command starts, its options are not parsed: a usage error under --json is still JSON.
  ctx.scene.json = args.includes('--json');
  const program = createProgram(io, ctx);
  const debug = args.includes('--debug') || io.env[ENV.debug] === '1';
  const started = performance.now();
  let code: ExitCode = 0;
  try {
    // Bare `pawloween` is a request for help (gh), not a mistake: the help, on stdout, and 0.
    await program.parseAsync([...args], { from: 'user' });
  } catch (error) {
    const explained = await explainAddress(error, ctx.scene.baseUrl);
    code = handleError(explained, {
      ...ctx.scene,
      stdout: io.stdout,
      stderr: io.stderr,
      layout: layoutFor(io.stderr, io.env, ctx.scene.json),
    });
  } finally {
    await settleConnections();
  }
  if (debug)
    debugLine(io.stderr, `exit ${code} after ${Math.round(performance.now() - started)} ms`);
  return code;
}
