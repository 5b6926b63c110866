import { Command } from 'commander';
import { saveToken } from '../config';
import type { CliContext } from '../connect';

/** pawloween logout: forgets the token saved for this platform. */
export function logoutCommand(ctx: CliContext): Command {
  return new Command('logout')
    .description('forget the token saved by login')
    .action(async (_options: unknown, command: Command) => {
      const settings = await ctx.settings(command);
      await saveToken(settings.configFile, settings.baseUrl, undefined);
      ctx.io.stdout.write(`Signed out of ${settings.baseUrl}.\n`);
      if (settings.tokenSource === 'environment')
        ctx.io.stderr.write('PAWLOWEEN_TOKEN is still set in your environment.\n');
    });
}
