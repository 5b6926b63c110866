import { Command } from 'commander';
import { saveToken } from '../config';
import type { CliContext } from '../connect';
import { forgetGalleryReads } from '../device-gallery-read';

/** pawloween logout: ends the token on the platform, then forgets it and the user's data here. */
export function logoutCommand(ctx: CliContext): Command {
  return new Command('logout')
    .description(
      'sign out: the platform revokes the token, and the one saved by login is forgotten',
    )
    .action(async (_options: unknown, command: Command) => {
      const settings = await ctx.settings(command);
      // The session's sign-out: the platform revokes the token, and the device forgets it with the
      // user's gallery and profile (storage.json), as the app's Sign Out does.
      const connection = await ctx.connect(command);
      const revoked = await connection.services.session.signOut();
      connection.close();
      await saveToken(settings.configFile, settings.baseUrl, undefined);
      await forgetGalleryReads(settings.configFile, settings.baseUrl);
      ctx.io.stdout.write(`Signed out of ${settings.baseUrl}.\n`);
      if (settings.token && !revoked)
        ctx.io.stderr.write(
          `The platform at ${settings.baseUrl} could not be reached to revoke the token: it stays valid until it expires.\n`,
        );
      if (settings.tokenSource === 'environment')
        ctx.io.stderr.write('PAWLOWEEN_TOKEN is still set in your environment.\n');
    });
}
