import { Command } from 'commander';
import { formatUsd } from '../../domain/use-cases/error-presentation';
import { CliError, EXIT } from '../cli-error';
import { loadGallery, type CliContext, type Connection } from '../connect';
import { creationResult } from '../creation-result';
import { cardReport, failureAfter } from '../error-report';
import { generateOne, requireBothInputs, VIDEO_ONLY, type Generated } from '../generation';
import { chooseInput, type ChosenInput } from '../inputs';
import type { Io } from '../io';
import { writeJson } from '../json-output';
import { downloadItem, EarlyImage, type Downloaded } from '../media-files';
import { prepareOutDir, removePartialsNow } from '../output-files';
import { showRunProgress, wantsProgress } from '../progress';
import { RunProgress } from '../run-progress';
import { layoutFor } from '../terminal-style';

interface GenerateOptions {
  pet?: string;
  costume?: string;
  out: string;
  json?: boolean;
}

/** Where a generate command is, for what a Ctrl-C can still stop and what it has to say. */
type Phase = 'checking' | 'running' | 'saving';

/** pawloween generate: one costume picture and video, saved to DIR and to the gallery. */
export function generateCommand(ctx: CliContext): Command {
  return new Command('generate')
    .description('generate a costume picture and video of a pet')
    .option('--pet <preset-id|image>', 'a preset pet id (see `pawloween presets`) or an image file')
    .option('--costume <preset-id|image>', 'a preset costume id or an image file')
    .option('--out <dir>', 'where to save the image and video', '.')
    .option('--json', 'print one JSON object instead of text')
    .action(async (options: GenerateOptions, command: Command) => {
      const { io } = ctx;
      const pet = await chooseInput('pet', options.pet);
      const costume = await chooseInput('costume', options.costume);
      if (!pet || !costume) return requireBothInputs(pet, costume);
      await prepareOutDir(options.out);
      const connection = await ctx.connect(command);
      try {
        const { generated, files } = await generateWithInterrupts(io, connection, {
          ...options,
          pet,
          costume,
        });
        const failure = generated.videoError
          ? cardReport(generated.videoError, VIDEO_ONLY)
          : undefined;
        if (options.json) {
          const result = creationResult({
            pet: options.pet ?? '',
            costume: options.costume ?? '',
            generated,
            files,
            failure,
          });
          writeJson(io.stdout, result);
        } else {
          io.stdout.write(`Image  ${files.imageFile}\n`);
          if (files.videoFile) io.stdout.write(`Video  ${files.videoFile}\n`);
        }
        if (!generated.synced)
          io.stderr.write(
            `${layoutFor(io.stderr, io.env, options.json).yellow('Warning:')} the creation could not be saved to your remote gallery.\n`,
          );
        else if (!options.json) io.stderr.write(`Saved to your gallery as ${generated.item.id}.\n`);
        if (failure) throw failureAfter(failure, Boolean(options.json));
      } finally {
        connection.close();
      }
    });
}

/**
 * One `generate`: check, run, save. A first Ctrl-C gives the terminal back at once and stops what
 * can be stopped: before the run, everything (nothing is charged); during the run, nothing: the run
 * is let finish and land in the gallery; while writing the files, the downloads. A second Ctrl-C
 * quits at once, hanging up, which the platform charges only for what it had delivered. Either
 * way no partial file stays in --out, and the person is told what became of the run.
 */
async function generateWithInterrupts(
  io: Io,
  connection: Connection,
  inputs: { pet: ChosenInput; costume: ChosenInput; out: string; json?: boolean },
): Promise<{ generated: Generated; files: Downloaded }> {
  const progress = new RunProgress();
  const bar = showRunProgress(progress, io.stderr, wantsProgress(io.stderr, inputs.json));
  const downloads = new AbortController();
  const early = new EarlyImage(inputs.out, connection.settings.baseUrl, downloads.signal);
  let phase: Phase = 'checking';
  let interrupted = false;
  let savedId: string | undefined;
  let imageDelivered = false;
  const say = (text: string) => io.stderr.write(`\n${text}\n`);
  const quit = () => {
    removePartialsNow();
    io.exit?.(EXIT.interrupted);
  };
  const stopListening =
    io.onInterrupt?.(() => {
      bar.stop();
      if (interrupted || phase === 'checking') {
        say(quitMessage(phase, interrupted, imageDelivered, savedId));
        return quit();
      }
      interrupted = true;
      if (phase === 'running')
        say(
          'Interrupted. The run is already on the platform: waiting for it to finish so it is saved to your gallery.\n' +
            'Press Ctrl-C again to quit now: the platform then charges only what it delivered (nothing before the image,\n' +
            'the image alone after it), and nothing is saved.',
        );
      else {
        say('Interrupted while writing the files: stopping.');
        downloads.abort();
      }
    }) ?? (() => {});
  try {
    const before = await loadGallery(connection);
    const generated = await generateOne(connection, inputs.pet, inputs.costume, {
      onSent: () => {
        phase = 'running';
        progress.enter('image');
      },
      onImage: (url) => {
        imageDelivered = true;
        progress.enter('video');
        if (!interrupted) early.start(url);
      },
    });
    savedId = generated.item.id;
    phase = 'saving';
    if (interrupted) throw await interruptedAfterRun(connection, generated, before, inputs.out);
    progress.enter('saving');
    const files = await downloadItem(connection, generated.item, inputs.out, {
      early,
      signal: downloads.signal,
    }).catch(async (error: unknown) => {
      throw interrupted
        ? await interruptedAfterRun(connection, generated, before, inputs.out)
        : notWritten(generated.item.id, inputs.out, error);
    });
    progress.enter('done');
    return { generated, files };
  } finally {
    stopListening();
    bar.stop();
    await early.discard();
  }
}

/**
 * What quitting cost, by the platform's rule (a run is charged for what it delivered): quitting
 * hangs up, so a run whose image had not arrived costs nothing, one whose image had costs the image.
 */
function quitMessage(
  phase: Phase,
  interrupted: boolean,
  imageDelivered: boolean,
  savedId?: string,
): string {
  if (phase === 'checking' && !interrupted)
    return 'Cancelled before the run started: nothing was charged.';
  if (phase === 'running' && !imageDelivered)
    return 'Quit before the platform delivered anything: it charges nothing for this run, and nothing is saved to your gallery.';
  if (phase === 'running')
    return 'Quit after the image was delivered: the platform charges the image, not the video, and nothing is saved to your gallery.';
  return `Quit. The costume is in your gallery as ${savedId}; no files were left half-written.`;
}

/** The run finished after a Ctrl-C: it is in the gallery; say so, and what it cost. */
async function interruptedAfterRun(
  connection: Connection,
  generated: Generated,
  before: { remainingCredits: number },
  out: string,
): Promise<CliError> {
  const after = await connection.billing.getBalance().catch(() => undefined);
  const charged = after ? before.remainingCredits - after.remainingCredits : undefined;
  const cost = charged !== undefined && charged > 0 ? ` (${formatUsd(charged)} charged)` : '';
  return new CliError(
    'Interrupted',
    EXIT.interrupted,
    [
      `The run had been paid for, so it was let finish: it is saved to your gallery as ${generated.item.id}${cost}.`,
      `No files were written to ${out}.`,
    ],
    {
      code: 'INTERRUPTED',
      action: `Save its files with \`pawloween gallery export ${out}\`.`,
    },
  );
}

/** The run is done and in the gallery; only the copy on this disk failed. */
function notWritten(id: string, dir: string, error: unknown): CliError {
  return new CliError(
    `Your costume is in your gallery as ${id}, but it could not be saved in ${dir}.`,
    undefined,
    [(error as Error).message ?? String(error)],
    { code: 'DOWNLOAD_FAILED', action: `Save it again with \`pawloween gallery export ${dir}\`.` },
  );
}
