import { Command } from 'commander';
import { loadGallery, type CliContext } from '../connect';
import { downloadItem } from '../generation';
import { prepareOutDir } from '../output-files';

/** pawloween gallery export DIR: every image and video, under the app's download names. */
export function galleryExportCommand(ctx: CliContext): Command {
  return new Command('export')
    .description('download every creation into a folder')
    .argument('<dir>', 'the folder to write to')
    .action(async (dir: string, _options: unknown, command: Command) => {
      await prepareOutDir(dir, 'export');
      const connection = await ctx.connect(command);
      try {
        await loadGallery(connection);
        const { items } = connection.services.gallery.getSnapshot();
        let files = 0;
        for (const item of items) {
          const saved = await downloadItem(connection, item, dir);
          files += saved.videoFile ? 2 : 1;
          ctx.io.stdout.write(
            `${saved.imageFile}\n${saved.videoFile ? `${saved.videoFile}\n` : ''}`,
          );
        }
        ctx.io.stderr.write(`Exported ${items.length} creations (${files} files) to ${dir}.\n`);
      } finally {
        connection.close();
      }
    });
}
