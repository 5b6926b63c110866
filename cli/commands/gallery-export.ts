import { Command } from 'commander';
import { errorMessage } from '../../domain/errors';
import { CliError } from '../cli-error';
import { loadGallery, type CliContext } from '../connect';
import { downloadItem } from '../media-files';
import { writeJson } from '../json-output';
import { prepareOutDir } from '../output-files';
import { safeFileId } from '../platform-files';
import { visible } from '../terminal-text';

/**
 * The file names' id of each creation of one export: its safe form, and for a second creation with
 * the same safe form (ids 'a/b' and 'a_b'), that form with -2, -3 ..., so no file replaces another.
 */
function uniqueFileIds(): (id: string) => string {
  const used = new Set<string>();
  return (id) => {
    const base = safeFileId(id);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}-${n}`;
    used.add(name);
    return name;
  };
}

/**
 * pawloween gallery export DIR: every image and video, under the app's download names. A creation
 * whose files are not the platform's own is skipped with a line saying so (nothing of it is fetched
 * or written), one whose download fails is reported, the others are exported either way, and the
 * command then fails.
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
        const failed: string[] = [];
        const fileId = uniqueFileIds();
        for (const item of items) {
          let written: string[];
          try {
            const saved = await downloadItem(connection, item, dir, { fileId: fileId(item.id) });
            written = saved.videoFile ? [saved.imageFile, saved.videoFile] : [saved.imageFile];
          } catch (error) {
            // A refused creation (another site's files) or a failed download: the others go on.
            (error instanceof CliError ? refused : failed).push(item.id);
            const what = error instanceof CliError ? 'Skipped' : 'Could not export';
            ctx.io.stderr.write(`${what} creation ${visible(item.id)}: ${errorMessage(error)}\n`);
            continue;
          }
          files.push(...written);
          if (!options.json) ctx.io.stdout.write(`${written.join('\n')}\n`);
        }
        const missed = refused.length + failed.length;
        const exported = items.length - missed;
        if (options.json && missed === 0)
          writeJson(ctx.io.stdout, { dir, creations: exported, files });
        ctx.io.stderr.write(`Exported ${exported} creations (${files.length} files) to ${dir}.\n`);
        if (missed > 0)
          throw new CliError(
            `${missed} of ${items.length} creations were not exported.`,
            undefined,
            [
              ...(refused.length > 0
                ? [
                    'Their files are not on the platform you exported from, so they were not fetched.',
                    `Skipped: ${refused.map((line) => visible(line)).join(', ')}`,
                  ]
                : []),
              ...(failed.length > 0
                ? [
                    `Their download failed (run the export again): ${failed.map((line) => visible(line)).join(', ')}`,
                  ]
                : []),
            ],
            { code: refused.length > 0 ? 'FOREIGN_FILE' : 'DOWNLOAD_FAILED' },
          );
      } finally {
        connection.close();
      }
    });
}
