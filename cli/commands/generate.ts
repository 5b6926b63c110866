import { Command } from 'commander';
import { loadGallery, type CliContext } from '../connect';
import { creationResult } from '../creation-result';
import { cardReport, failureAfter } from '../error-report';
import { generateOne, requireBothInputs, VIDEO_ONLY } from '../generation';
import { CliError } from '../handle-error';
import { chooseInput } from '../inputs';
import { writeJson } from '../json-output';
import { downloadItem, EarlyImage } from '../media-files';
import { prepareOutDir } from '../output-files';
import { showRunProgress, wantsProgress } from '../progress';
import { RunProgress } from '../run-progress';

interface GenerateOptions {
  pet?: string;
  costume?: string;
  out: string;
  json?: boolean;
}

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
      requireBothInputs(pet, costume);
      await prepareOutDir(options.out);
      const connection = await ctx.connect(command);
      const progress = new RunProgress();
      const bar = showRunProgress(progress, io.stderr, wantsProgress(io.stderr, options.json));
      const early = new EarlyImage(options.out);
      try {
        await loadGallery(connection);
        const generated = await generateOne(connection, pet, costume, {
          onSent: () => progress.enter('image'),
          onImage: (url) => {
            progress.enter('video');
            early.start(url);
          },
        });
        progress.enter('saving');
        const files = await downloadItem(connection, generated.item, options.out, {
          early,
        }).catch((error: unknown) => {
          throw notWritten(generated.item.id, options.out, error);
        });
        progress.enter('done');
        bar.stop();
        const { videoError } = generated;
        const failure = videoError ? cardReport(videoError, VIDEO_ONLY) : undefined;
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
          io.stderr.write('Warning: the creation could not be saved to your remote gallery.\n');
        else if (!options.json) io.stderr.write(`Saved to your gallery as ${generated.item.id}.\n`);
        if (failure) throw failureAfter(failure, Boolean(options.json));
      } finally {
        bar.stop();
        await early.discard();
        connection.close();
      }
    });
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
