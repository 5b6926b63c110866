import { Command } from 'commander';
import { loadGallery, type CliContext } from '../connect';
import { itemJson, writeJson } from '../json-output';
import { table } from '../table';
import { layoutFor, wrap } from '../terminal-style';

/** pawloween gallery list: the creations, newest first, like the Gallery view's filters. */
export function galleryListCommand(ctx: CliContext): Command {
  return new Command('list')
    .description('list your creations, newest first')
    .option('--favorites', 'only the favorites')
    .option('--json', 'print a JSON array')
    .action(async (options: { favorites?: boolean; json?: boolean }, command: Command) => {
      const connection = await ctx.connect(command);
      try {
        await loadGallery(connection);
        const { gallery } = connection.services;
        gallery.setFilter(options.favorites ? 'favorites' : 'all');
        const { visible, counts, unreadable } = gallery.getSnapshot();
        const { stdout, stderr } = ctx.io;
        // Kept untouched for the app version that wrote them; said on stderr, so --json stays clean.
        if (unreadable > 0)
          stderr.write(
            `${wrap(
              `${unreadable} stored item${unreadable === 1 ? '' : 's'} from another version of the app ${unreadable === 1 ? 'is' : 'are'} kept but not listed.`,
              layoutFor(stderr, ctx.io.env).width,
            )}\n`,
          );
        if (options.json) {
          writeJson(stdout, visible.map(itemJson));
          return;
        }
        const layout = layoutFor(stdout, ctx.io.env);
        if (visible.length === 0) {
          // The Gallery view's empty states (SPEC.md 2).
          const [title, hint] = options.favorites
            ? ['No favorites yet', 'Heart your favorite creations to see them here!']
            : ['No creations yet', 'Generate your first Halloween pet costume to see it here!'];
          stdout.write(`${title}\n${wrap(hint, layout.width)}\n`);
          return;
        }
        const rows = visible.map((item) => [
          item.id,
          new Date(item.timestamp).toISOString().replace('T', ' ').slice(0, 19),
          item.isFavorite ? '\u2665' : '',
          item.videoUrl ? 'yes' : 'no',
        ]);
        stdout.write(table(['Id', 'Created (UTC)', 'Fav', 'Video'], rows, layout));
        stdout.write(`\nAll (${counts.all})  Favorites (${counts.favorites})\n`);
      } finally {
        connection.close();
      }
    });
}
