import { Command } from 'commander';
import { loadGallery, type CliContext, type Connection } from '../connect';
import { CliError, usageError } from '../handle-error';
import { writeJson } from '../json-output';
import { visible } from '../terminal-text';

/** The item with this id, or a usage error (exit 2: the id given is bad input) that says how to find ids. */
export function findItem(connection: Connection, id: string) {
  const item = connection.services.gallery.getSnapshot().items.find((i) => i.id === id);
  if (!item)
    throw usageError(`No creation with id ${id}.`, ['`pawloween gallery list` shows the ids.']);
  return item;
}

/**
 * pawloween gallery favorite <id> / unfavorite <id>: the heart set or cleared, never toggled, so
 * running either twice leaves it as asked (nothing is written when it already is).
 */
export function galleryFavoriteCommand(ctx: CliContext, favorite = true): Command {
  return new Command(favorite ? 'favorite' : 'unfavorite')
    .description(
      favorite ? 'add a creation to the favorites' : 'take a creation out of the favorites',
    )
    .argument('<id>', 'the creation id')
    .option('--json', 'print a JSON object')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const connection = await ctx.connect(command);
      try {
        await loadGallery(connection);
        const already = findItem(connection, id).isFavorite === favorite;
        const { gallery } = connection.services;
        if (!already) await gallery.toggleFavorite(id);
        if (gallery.getSnapshot().syncStatus === 'error')
          throw new CliError('Could not save the change to your gallery.', undefined, [
            connection.galleryError() ?? '',
          ]);
        const now = findItem(connection, id).isFavorite;
        if (options.json) return writeJson(ctx.io.stdout, { id, isFavorite: now });
        const shown = visible(id);
        ctx.io.stdout.write(
          already
            ? `${shown} is already ${favorite ? 'in' : 'out of'} your favorites.\n`
            : now
              ? `Added ${shown} to your favorites.\n`
              : `Removed ${shown} from your favorites.\n`,
        );
      } finally {
        connection.close();
      }
    });
}
