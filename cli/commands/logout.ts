import { Command } from 'commander';
import { saveToken } from '../config';
import type { CliContext } from '../connect';

/** pawloween logout: ends the token on the platform, then forgets the one saved for it. */
export function logoutCommand(ctx: CliContext): Command {
  return new Command('logout')
    .description(
      'sign out: the platform revokes the token, and the one saved by login is forgotten',
    )
    .action(async (_options: unknown, command: Command) => {
      const settings = await ctx.settings(command);
      let revoked = false;
      if (settings.token) {
        const connection = await ctx.connect(command);
        revoked = await connection.auth.revoke().then(
          () => true,
          () => false,
        );
        connection.close();
      }
      await saveToken(settings.configFile, settings.baseUrl, undefined);
      ctx.io.stdout.write(`Signed out of ${settings.baseUrl}.\n`);
      if (settings.token && !revoked)
        ctx.io.stderr.write(
          `The platform at ${settings.baseUrl} could not be reached to revoke the token: it stays valid until it expires.\n`,
        );
      if (settings.tokenSource === 'environment')
        ctx.io.stderr.write('PAWLOWEEN_TOKEN is still set in your environment.\n');
    });
}
