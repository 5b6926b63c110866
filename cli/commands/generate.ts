import { Command } from 'commander';
import type { CliContext } from '../connect';
import { creationResult } from '../creation-result';
import { cardReport, failureAfter } from '../error-report';
import { requireBothInputs, VIDEO_ONLY } from '../generation';
import { generateWithInterrupts } from '../generate-run';
import { chooseInput } from '../inputs';
import { writeJson } from '../json-output';
import { prepareOutDir } from '../output-files';
import { layoutFor } from '../terminal-style';

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
      if (!pet || !costume) return requireBothInputs(pet, costume);
      await prepareOutDir(options.out);
      const connection = await ctx.connect(command);
      try {
        const { generated, files } = await generateWithInterrupts(io, connection, {
          pet,
          costume,
          out: options.out,
          json: options.json,
        });
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
