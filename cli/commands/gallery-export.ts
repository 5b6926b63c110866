import { Command } from 'commander';
import { loadGallery, type CliContext } from '../connect';
import { downloadItem } from '../media-files';
import { writeJson } from '../json-output';
import { prepareOutDir } from '../output-files';

/** pawloween gallery export DIR: every image and video, under the app's download names. */
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
        for (const item of items) {
          const saved = await downloadItem(connection, item, dir);
          const written = saved.videoFile ? [saved.imageFile, saved.videoFile] : [saved.imageFile];
          files.push(...written);
          if (!options.json) ctx.io.stdout.write(`${written.join('\n')}\n`);
        }
        if (options.json) writeJson(ctx.io.stdout, { dir, creations: items.length, files });
        ctx.io.stderr.write(
          `Exported ${items.length} creations (${files.length} files) to ${dir}.\n`,
        );
      } finally {
        connection.close();
      }
    });
}
