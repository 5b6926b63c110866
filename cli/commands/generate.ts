import { Command } from 'commander';
import { formatUsd } from '../../domain/use-cases/error-presentation';
import type { RunCharge } from '../../domain/use-cases/generate-costume';
import { CliError, EXIT, usageError } from '../cli-error';
import { loadGallery, type CliContext, type Connection } from '../connect';
import { creationResult } from '../creation-result';
import { debugLine } from '../debug-log';
import { cardReport, failureAfter } from '../error-report';
import { generateOne, requireBothInputs, VIDEO_ONLY, type Generated } from '../generation';
import { faceOption, wouldHaveAsked } from '../face-option';
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
  keepBackground?: boolean;
  face?: string;
}

/** Where a generate command is, for what a Ctrl-C can still stop and what it has to say. */
type Phase = 'checking' | 'running' | 'saving';

/** pawloween generate: one costume picture and video, saved to DIR and to the gallery. */
export function generateCommand(ctx: CliContext): Command {
  return new Command('generate')
    .description('generate a costume picture and video of a pet')
    .option('--pet <preset-id|image>', 'a preset pet id (see `pawloween presets`) or an image file')
    .option('--costume <preset-id|image>', 'a preset costume id or an image file')
    .option(
      '--face <x,y>',
      'where your pet’s face is in the --pet photo, in pixels (e.g. 120,80): the costume goes on that head',
    )
    .option('--out <dir>', 'where to save the image and video', '.')
    .option(
      '--keep-background',
      "keep my photo's background: the pet photo fills the picture instead of the pet being cut out into the Halloween scene (for an image file given to --pet)",
    )
    .option('--json', 'print one JSON object instead of text')
    .action(async (options: GenerateOptions, command: Command) => {
      const { io } = ctx;
      const chosen = await chooseInput('pet', options.pet);
      const costume = await chooseInput('costume', options.costume);
      if (!chosen || !costume) return requireBothInputs(chosen, costume);
      if (options.keepBackground && chosen.source !== 'file')
        throw presetHasNoBackground(chosen.id);
      const face = await faceOption(options.face, chosen);
      const pet = face && chosen.source === 'file' ? { ...chosen, face } : chosen;
      await prepareOutDir(options.out);
      // Its save adds to the gallery under If-Match: the copy kept here serves as the read.
      const connection = await ctx.connect(command, { galleryFromDevice: true });
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
          // What the workflow said of the picture (no character in the costume picture).
          if (generated.imageNote) io.stderr.write(`${generated.imageNote}\n`);
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
 * can be stopped: before the run, everything (nothing is charged); while writing the files, the
 * downloads. During the run it offers to cancel, saying what that costs (nothing before the image,
 * the image's share after it, as the platform reports), and lets the run go on otherwise; a second
 * Ctrl-C cancels the run on the platform and quits, saying what the platform charged. Without a
 * terminal on stdin (a pipe, a script) the first Ctrl-C cancels and quits at once. Either way no
 * partial file stays in --out.
 */
async function generateWithInterrupts(
  io: Io,
  connection: Connection,
  inputs: {
    pet: ChosenInput;
    costume: ChosenInput;
    out: string;
    json?: boolean;
    keepBackground?: boolean;
  },
): Promise<{ generated: Generated; files: Downloaded }> {
  const progress = new RunProgress();
  const bar = showRunProgress(progress, io.stderr, wantsProgress(io.stderr, inputs.json));
  const downloads = new AbortController();
  const early = new EarlyImage(inputs.out, connection.settings.baseUrl, downloads.signal);
  const { generateCostume } = connection.services;
  let phase: Phase = 'checking';
  let interrupted = false;
  let cancelling = false;
  let savedId: string | undefined;
  let runId: string | undefined;
  let imageDelivered = false;
  const say = (text: string) => io.stderr.write(`\n${text}\n`);
  const quit = () => {
    removePartialsNow();
    io.exit?.(EXIT.interrupted);
  };
  /** Cancels the run on the platform, says what it charged, and quits. */
  const cancelRun = async () => {
    cancelling = true;
    if (!runId) {
      say(NOT_NAMED_YET);
      return quit();
    }
    say('Cancelling the run on the platform...');
    const charge = await generateCostume.cancel(runId).catch(() => undefined);
    say(cancelledMessage(runId, charge));
    quit();
  };
  /** The first Ctrl-C of a run: what cancelling would cost, and how. */
  const offer = async () => {
    const cost = !imageDelivered
      ? 0
      : runId
        ? await generateCostume.chargeSoFar(runId).then(
            (charge) => charge.cost,
            () => undefined,
          )
        : undefined;
    if (cancelling) return;
    say(offerMessage(imageDelivered, cost));
  };
  const stopListening =
    io.onInterrupt?.(() => {
      bar.stop();
      if (phase === 'checking') {
        say(quitMessage(phase, interrupted, savedId));
        return quit();
      }
      if (phase === 'running') {
        if (cancelling) {
          say(
            'Quit without waiting for the platform to answer the cancel: `pawloween usage` shows what it charged.',
          );
          return quit();
        }
        if (interrupted || !io.interactive) return void cancelRun();
        interrupted = true;
        return void offer();
      }
      if (interrupted) {
        say(quitMessage(phase, interrupted, savedId));
        return quit();
      }
      interrupted = true;
      say('Interrupted while writing the files: stopping.');
      downloads.abort();
    }) ?? (() => {});
  try {
    // The gallery the save edits, from this device's copy when it has one (the save's If-Match
    // catches a gallery changed since). What the run cost comes with its answer: no balance is
    // read (a command spends few of the user's 60 requests a minute).
    await loadGallery(connection);
    // The app asks the owner to tap the face of a photo its locator is unsure of: say so here.
    const { pet } = inputs;
    if (pet.source === 'file' && !pet.face) {
      const sure = await connection.services.petFace.isSure(pet.dataUrl);
      if (sure === false) say(wouldHaveAsked(pet.path));
    }
    const generated = await generateOne(connection, inputs.pet, inputs.costume, {
      ...(inputs.keepBackground ? { keepBackground: true } : {}),
      onSent: () => {
        phase = 'running';
        progress.enter('image');
      },
      onRunId: (id) => {
        runId = id;
        if (connection.settings.debug) debugLine(io.stderr, `run ${id}`);
      },
      onImage: (url) => {
        imageDelivered = true;
        progress.enter('video');
        if (!interrupted) early.start(url);
      },
    }).finally(async () => {
      // A cancelled run ends the process once the platform answered; nothing more is saved.
      if (cancelling) await new Promise<never>(() => {});
    });
    savedId = generated.item.id;
    phase = 'saving';
    if (interrupted) throw await interruptedAfterRun(connection, generated, runId, inputs.out);
    progress.enter('saving');
    const files = await downloadItem(connection, generated.item, inputs.out, {
      early,
      signal: downloads.signal,
    }).catch(async (error: unknown) => {
      throw interrupted
        ? await interruptedAfterRun(connection, generated, runId, inputs.out)
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

/** --keep-background beside a preset pet: a usage error, before anything is spent. */
const presetHasNoBackground = (id: string) =>
  usageError(
    `--keep-background keeps the background of your pet's photo, but '${id}' is a preset pet, which has no photo background.`,
    ['Give --pet an image file to keep its background, or leave --keep-background out.'],
  );

/** Quitting before the platform named the run: it was hung up on before delivering anything. */
const NOT_NAMED_YET =
  'Quit before the platform started the run: nothing was delivered, so nothing is charged, and nothing is saved to your gallery.';

/** What cancelling costs now: nothing before the image; after it, what the platform charged for it. */
function offerMessage(imageDelivered: boolean, cost: number | undefined): string {
  const otherwise = 'Otherwise the run goes on and is saved to your gallery.';
  if (!imageDelivered)
    return `Interrupted. Nothing has been delivered yet, so cancelling the run is free.\nPress Ctrl-C again to cancel it. ${otherwise}`;
  const charged =
    cost === undefined
      ? 'the platform charges the image it delivered (`pawloween usage` shows what)'
      : `the platform has charged ${formatUsd(cost)} for the image it delivered`;
  return `Interrupted. If you cancel now, ${charged}; the video is not made or charged.\nPress Ctrl-C again to cancel the run. ${otherwise}`;
}

/** What the platform answered to the cancel: the charge it made, never assumed. */
function cancelledMessage(runId: string, charge: RunCharge | undefined): string {
  if (!charge)
    return `Could not reach the platform to cancel run ${runId}: \`pawloween usage\` shows what it charged. Nothing is saved to your gallery.`;
  const cost =
    charge.cost > 0 ? `the platform charged ${formatUsd(charge.cost)}` : 'nothing was charged';
  if (charge.status === 'cancelled')
    return `Cancelled run ${runId}: ${cost}${charge.cost > 0 ? ' for what it had delivered' : ''}. Nothing is saved to your gallery.`;
  return `Run ${runId} had ended (${charge.status}) before it could be cancelled: ${cost}. Nothing is saved to your gallery.`;
}

/** What quitting before the run started, or after it was saved, leaves. */
function quitMessage(phase: Phase, interrupted: boolean, savedId?: string): string {
  if (phase === 'checking' && !interrupted)
    return 'Cancelled before the run started: nothing was charged.';
  return `Quit. The costume is in your gallery as ${savedId}; no files were left half-written.`;
}

/** The run finished after a Ctrl-C: it is in the gallery; say so, and what it cost. */
async function interruptedAfterRun(
  connection: Connection,
  generated: Generated,
  runId: string | undefined,
  out: string,
): Promise<CliError> {
  // The run's answer says what it cost; a run whose video failed is asked (the image's share).
  const charged =
    generated.cost ??
    (runId
      ? await connection.services.generateCostume.chargeSoFar(runId).then(
          (charge) => charge.cost,
          () => undefined,
        )
      : undefined);
  const cost = charged !== undefined && charged > 0 ? ` (${formatUsd(charged)} charged)` : '';
  return new CliError(
    'Interrupted',
    EXIT.interrupted,
    [
      `The run was not cancelled, so it finished: it is saved to your gallery as ${generated.item.id}${cost}.`,
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
