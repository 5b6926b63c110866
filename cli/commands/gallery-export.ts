import { Command } from 'commander';
import { CliError } from '../cli-error';
import { loadGallery, type CliContext } from '../connect';
import { downloadItem } from '../media-files';
import { writeJson } from '../json-output';
import { prepareOutDir } from '../output-files';
import { visible } from '../terminal-text';

/**
 * pawloween gallery export DIR: every image and video, under the app's download names. A creation
 * whose files are not the platform's own is skipped with a line saying so (nothing of it is fetched
 * or written), the others are exported, and the command then fails.
 */
export function galleryExportCommand(ctx: CliContext): Command {
  return new Command('export')
    .description('download every creation into a folder')
    .argument('<dir>', 'the folder to write to')
    .option('--json', 'print a JSON object')
    .action(async (dir: string, options: { json?: boolean }, command: Command) => {
      await prepareOutDir(dir, 'export');
      const connection = await ctx.connect(command);
      try {
        await loadGallery(connection);
        const { items } = connection.services.gallery.getSnapshot();
        const files: string[] = [];
        const refused: string[] = [];
        for (const item of items) {
          let written: string[];
          try {
            const saved = await downloadItem(connection, item, dir);
            written = saved.videoFile ? [saved.imageFile, saved.videoFile] : [saved.imageFile];
          } catch (error) {
            if (!(error instanceof CliError)) throw error;
            refused.push(item.id);
            ctx.io.stderr.write(`Skipped creation ${visible(item.id)}: ${error.message}\n`);
            continue;
          }
          files.push(...written);
          if (!options.json) ctx.io.stdout.write(`${written.join('\n')}\n`);
        }
        const exported = items.length - refused.length;
        if (options.json && refused.length === 0)
          writeJson(ctx.io.stdout, { dir, creations: exported, files });
        ctx.io.stderr.write(`Exported ${exported} creations (${files.length} files) to ${dir}.\n`);
        if (refused.length > 0)
          throw new CliError(
            `${refused.length} of ${items.length} creations were not exported.`,
            undefined,
            [
              'Their files are not on the platform you exported from, so they were not fetched.',
              `Skipped: ${refused.map((line) => visible(line)).join(', ')}`,
            ],
            { code: 'FOREIGN_FILE' },
          );
      } finally {
        connection.close();
      }
    });
}
