import { Command } from 'commander';
import type { CliContext } from '../connect';
import { galleryDeleteCommand } from './gallery-delete';
import { galleryExportCommand } from './gallery-export';
import { galleryFavoriteCommand } from './gallery-favorite';
import { galleryListCommand } from './gallery-list';

/** pawloween gallery: the personal gallery kept on the platform. */
export function galleryCommand(ctx: CliContext): Command {
  return new Command('gallery')
    .description('list, favorite, unfavorite, delete and export your creations')
    .addCommand(galleryListCommand(ctx))
    .addCommand(galleryFavoriteCommand(ctx))
    .addCommand(galleryFavoriteCommand(ctx, false))
    .addCommand(galleryDeleteCommand(ctx))
    .addCommand(galleryExportCommand(ctx));
}
