import { Command } from 'commander';
import { presentCredits } from '../../domain/use-cases/account';
import { checkSignedIn, type CliContext } from '../connect';
import { writeJson } from '../json-output';

/** pawloween usage: the credit balance, with the app's 2 decimals and remaining-credits bar. */
export function usageCommand(ctx: CliContext): Command {
  return new Command('usage')
    .description('show your credit balance')
    .option('--json', 'print a JSON object')
    .action(async (options: { json?: boolean }, command: Command) => {
      const connection = await ctx.connect(command);
      try {
        const balance = await checkSignedIn(connection);
        const credits = presentCredits(balance);
        const { stdout } = ctx.io;
        if (options.json) {
          writeJson(stdout, {
            allocatedCredits: balance.allocatedCredits,
            usedCredits: balance.usedCredits,
            remainingCredits: balance.remainingCredits,
          });
          return;
        }
        stdout.write(`Remaining  $${credits.remaining} of $${credits.allocated}\n`);
        stdout.write(`Used       $${credits.used}\n`);
        stdout.write(`           ${meter(credits.percent)} ${Math.round(credits.percent)}% left\n`);
      } finally {
        connection.close();
      }
    });
}

/** The remaining-credits bar of the account sheet, in 20 cells. */
export function meter(percent: number): string {
  const full = Math.round(percent / 5);
  return `${'\u2588'.repeat(full)}${'\u2591'.repeat(20 - full)}`;
}
