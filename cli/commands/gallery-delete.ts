import { Command } from 'commander';
import { loadGallery, type CliContext } from '../connect';
import { CliError, usageError } from '../handle-error';
import { writeJson } from '../json-output';
import { findItem } from './gallery-favorite';
import { visible } from '../terminal-text';

/** pawloween gallery delete <id>: asks first, like the Delete Creation confirmation. */
export function galleryDeleteCommand(ctx: CliContext): Command {
  return new Command('delete')
    .description('delete a creation (asks first unless --yes)')
    .argument('<id>', 'the creation id')
    .option('-y, --yes', 'delete without asking')
    .option('--json', 'print a JSON object')
    .action(async (id: string, options: { yes?: boolean; json?: boolean }, command: Command) => {
      const { io } = ctx;
      const connection = await ctx.connect(command);
      try {
        await loadGallery(connection);
        findItem(connection, id);
        const { gallery } = connection.services;
        gallery.requestDelete(id);
        if (!options.yes) {
          if (!io.interactive)
            throw usageError('Deleting needs confirmation: add --yes when not at a terminal.');
          if (!(await io.confirm(`Delete creation ${id}? This cannot be undone.`))) {
            gallery.cancelDelete();
            io.stderr.write('Nothing deleted.\n');
            if (options.json) writeJson(io.stdout, { id, deleted: false });
            return;
          }
        }
        await gallery.confirmDelete();
        if (gallery.getSnapshot().syncStatus === 'error')
          throw new CliError('Could not delete it from your gallery.', undefined, [
            connection.galleryError() ?? '',
          ]);
        if (options.json) writeJson(io.stdout, { id, deleted: true });
        else io.stdout.write(`Deleted ${visible(id)}.\n`);
      } finally {
        connection.close();
      }
    });
}
