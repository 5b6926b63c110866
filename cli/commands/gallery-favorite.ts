import { Command } from 'commander';
import { loadGallery, type CliContext, type Connection } from '../connect';
import { CliError } from '../handle-error';
import { writeJson } from '../json-output';
import { visible } from '../terminal-text';

/** The item with this id, or a failure that says how to find ids. */
export function findItem(connection: Connection, id: string) {
  const item = connection.services.gallery.getSnapshot().items.find((i) => i.id === id);
  if (!item)
    throw new CliError(`No creation with id ${id}.`, undefined, [
      '`pawloween gallery list` shows the ids.',
    ]);
  return item;
}

/** pawloween gallery favorite <id>: the heart, toggled. */
export function galleryFavoriteCommand(ctx: CliContext): Command {
  return new Command('favorite')
    .description('add a creation to the favorites, or take it out')
    .argument('<id>', 'the creation id')
    .option('--json', 'print a JSON object')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const connection = await ctx.connect(command);
      try {
        await loadGallery(connection);
        findItem(connection, id);
        const { gallery } = connection.services;
        await gallery.toggleFavorite(id);
        if (gallery.getSnapshot().syncStatus === 'error')
          throw new CliError('Could not save the change to your gallery.', undefined, [
            connection.galleryError() ?? '',
          ]);
        const now = findItem(connection, id).isFavorite;
        if (options.json) return writeJson(ctx.io.stdout, { id, isFavorite: now });
        ctx.io.stdout.write(
          now
            ? `Added ${visible(id)} to your favorites.\n`
            : `Removed ${visible(id)} from your favorites.\n`,
        );
      } finally {
        connection.close();
      }
    });
}
