import { Command, InvalidArgumentError } from 'commander';
import { LIMITS } from '../../domain/model/constants';
import { loadGallery, type CliContext } from '../connect';
import { generateOne, VIDEO_ONLY, type Generated } from '../generation';
import { downloadItem, type Downloaded } from '../media-files';
import { creationResult } from '../creation-result';
import {
  cardReport,
  errorJson,
  reportOf,
  type ErrorReport,
  type ErrorScene,
} from '../error-report';
import { CliError, EXIT, usageError } from '../handle-error';
import { chooseInput, commaList, type ChosenInput } from '../inputs';
import { writeJson } from '../json-output';
import { prepareOutDir } from '../output-files';
import { showBatchProgress, wantsProgress } from '../progress';
import { table } from '../table';
import { layoutFor } from '../terminal-style';

interface BatchOptions {
  pets: string;
  costumes: string;
  concurrency: number;
  out?: string;
  json?: boolean;
}

interface Job {
  readonly pet: string;
  readonly costume: string;
}

type Outcome = Job &
  (
    | { ok: true; generated: Generated; files?: Downloaded }
    | { ok: false; error: unknown }
    | { ok: false; skipped: true }
  );

/** A combination that never started because of a Ctrl-C: nothing was charged for it. */
const NOT_STARTED = new CliError('Not Started', EXIT.interrupted, [
  'Interrupted before this combination started: nothing was charged for it.',
]);

function concurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > LIMITS.queueConcurrency)
    throw new InvalidArgumentError(`a whole number from 1 to ${LIMITS.queueConcurrency}`);
  return n;
}

/** pawloween batch: every pet with every costume, through the client's one request queue. */
export function batchCommand(ctx: CliContext): Command {
  return new Command('batch')
    .description('generate every combination of some pets and some costumes')
    .requiredOption('--pets <list>', 'comma-separated preset ids or image files')
    .requiredOption('--costumes <list>', 'comma-separated preset ids or image files')
    .option(
      '--concurrency <n>',
      `generations at once (1 to ${LIMITS.queueConcurrency})`,
      concurrency,
      3,
    )
    .option('--out <dir>', 'also save each image and video here')
    .option('--json', 'print one JSON object instead of text')
    .action(async (options: BatchOptions, command: Command) => {
      const { io } = ctx;
      const pets = commaList(options.pets);
      const costumes = commaList(options.costumes);
      if (pets.length === 0 || costumes.length === 0)
        throw usageError('Give at least one pet and one costume.');
      // Every input is checked before the first credit is spent.
      const inputs = new Map<string, ChosenInput | undefined>();
      for (const pet of pets) inputs.set(`pet:${pet}`, await chooseInput('pet', pet));
      for (const costume of costumes)
        inputs.set(`costume:${costume}`, await chooseInput('costume', costume));
      if (options.out) await prepareOutDir(options.out);
      const jobs = pets.flatMap((pet) => costumes.map((costume) => ({ pet, costume })));

      const connection = await ctx.connect(command);
      let stopListening = () => {};
      try {
        await loadGallery(connection);
        const bar = showBatchProgress(
          jobs.length,
          io.stderr,
          wantsProgress(io.stderr, options.json),
        );
        // A first Ctrl-C starts nothing new and lets the paid runs in flight land in the gallery;
        // a second quits at once.
        let interrupted = false;
        stopListening =
          io.onInterrupt?.(() => {
            bar.stop();
            if (interrupted) {
              io.stderr.write(
                '\nQuit. The combinations that were running were charged and will not be saved to your gallery.\n',
              );
              return io.exit?.(EXIT.interrupted);
            }
            interrupted = true;
            io.stderr.write(
              '\nInterrupted: no more combinations will start. The ones running are paid for and will be saved to your gallery.\nPress Ctrl-C again to quit now (they would not be saved).\n',
            );
          }) ?? stopListening;
        const ran = await runPool(
          jobs,
          options.concurrency,
          () => interrupted,
          async (job) => {
            // The app's nominal timeline, for the status line.
            const progress = connection.services.progress.another();
            const stop = progress.subscribe(() => bar.status(progress.getSnapshot().message));
            progress.start('image');
            try {
              const generated = await generateOne(
                connection,
                inputs.get(`pet:${job.pet}`),
                inputs.get(`costume:${job.costume}`),
                { onImage: () => progress.start('video') },
              ).finally(() => progress.finish());
              const files = options.out
                ? await downloadItem(connection, generated.item, options.out)
                : undefined;
              bar.done(Boolean(generated.videoError));
              return { ...job, ok: true, generated, files } as const;
            } catch (error) {
              bar.done(true);
              return { ...job, ok: false, error } as const;
            } finally {
              stop();
            }
          },
        );
        bar.stop();
        const outcomes = jobs.map(
          (job, i): Outcome => ran[i] ?? { ...job, ok: false, skipped: true },
        );
        report(outcomes, options, ctx, interrupted);
      } finally {
        stopListening();
        connection.close();
      }
    });
}

/**
 * Runs every job with at most `limit` in flight (the client's queue still caps requests), starting
 * none once stopped() is true; the jobs never started have no result.
 */
async function runPool<T, R>(
  items: readonly T[],
  limit: number,
  stopped: () => boolean,
  work: (item: T) => Promise<R>,
) {
  const results: (R | undefined)[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stopped()) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Why a combination failed, or undefined when it fully succeeded. */
function failureOf(outcome: Outcome, scene: ErrorScene): ErrorReport | undefined {
  if (!outcome.ok) return reportOf('skipped' in outcome ? NOT_STARTED : outcome.error, scene);
  const { videoError } = outcome.generated;
  return videoError ? cardReport(videoError, VIDEO_ONLY) : undefined;
}

function report(outcomes: Outcome[], options: BatchOptions, ctx: CliContext, interrupted: boolean) {
  const { io } = ctx;
  const failures = outcomes.map((o) => failureOf(o, ctx.scene));
  const failed = failures.filter((f): f is ErrorReport => f !== undefined);
  const first = failed[0];
  if (options.json) {
    const results = outcomes.map((o, i) =>
      creationResult({
        pet: o.pet,
        costume: o.costume,
        generated: o.ok ? o.generated : undefined,
        files: o.ok ? o.files : undefined,
        failure: failures[i],
      }),
    );
    const answer = {
      total: outcomes.length,
      succeeded: outcomes.length - failed.length,
      failed: failed.length,
      results,
      error: first ? errorJson(first).error : null,
    };
    writeJson(io.stdout, answer);
  } else {
    const rows = outcomes.map((o, i) => [
      String(i + 1),
      o.pet,
      o.costume,
      o.ok
        ? o.generated.videoError
          ? 'image only'
          : 'ok'
        : 'skipped' in o
          ? 'not started'
          : 'failed',
      o.ok ? (o.files?.imageFile ?? o.generated.item.id) : '',
    ]);
    io.stdout.write(
      table(
        ['#', 'Pet', 'Costume', 'Result', options.out ? 'Image file' : 'Gallery id'],
        rows,
        layoutFor(io.stdout, io.env),
      ),
    );
    io.stdout.write(`\n${outcomes.length - failed.length} of ${outcomes.length} succeeded.\n`);
  }
  if (interrupted) {
    const made = outcomes.filter((o) => o.ok).length;
    const skipped = outcomes.filter((o) => 'skipped' in o).length;
    throw new CliError(
      'Interrupted',
      EXIT.interrupted,
      [
        `${made} of ${outcomes.length} were made and saved to your gallery; ${skipped} never started (nothing was charged for them).`,
      ],
      { answered: Boolean(options.json) },
    );
  }
  if (!first) return;
  const lines = outcomes.flatMap((o, i) => {
    const failure = failures[i];
    return failure ? [`${o.pet} + ${o.costume}: ${failure.title}`] : [];
  });
  // The first failure says what to do; a usage problem of one input is a failure of the batch.
  const exitCode = first.exitCode === EXIT.usage ? EXIT.failure : first.exitCode;
  throw new CliError(`${failed.length} of ${outcomes.length} failed:`, exitCode, lines, {
    code: first.code,
    action: first.action ?? undefined,
    requestId: first.requestId ?? undefined,
    answered: Boolean(options.json),
  });
}
