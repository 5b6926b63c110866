import { Command } from 'commander';
import { planButtonLabel, presentCredits } from '../../domain/use-cases/account';
import { requireSignedIn, type CliContext } from '../connect';
import { columns } from '../table';

/** pawloween plan: the plan's name and status and the credits, as the header shows them. */
export function planCommand(ctx: CliContext): Command {
  return new Command('plan')
    .description('show your plan, its status and your credits')
    .option('--json', 'print a JSON object')
    .action(async (options: { json?: boolean }, command: Command) => {
      const connection = await ctx.connect(command);
      try {
        requireSignedIn(connection);
        const { billing } = connection;
        const [subscription, balance] = await Promise.all([
          billing.getSubscriptionStatus(),
          billing.getBalance(),
        ]);
        const credits = presentCredits(balance);
        if (options.json) {
          ctx.io.stdout.write(`${JSON.stringify({ ...subscription, credits: balance })}\n`);
          return;
        }
        const rows = [
          ['Plan', subscription.plan?.name ?? 'None'],
          ['Status', subscription.status],
          ['Credits', `$${credits.remaining} remaining of $${credits.allocated}`],
        ];
        if (subscription.startedAt) rows.push(['Started', subscription.startedAt]);
        if (subscription.endsAt) rows.push(['Ends', subscription.endsAt]);
        const label = planButtonLabel(subscription);
        rows.push(['Pricing', `${connection.settings.baseUrl}/subscribe (${label})`]);
        ctx.io.stdout.write(columns(rows));
      } finally {
        connection.close();
      }
    });
}
