import { Command } from 'commander';
import { planButtonLabel, presentCredits } from '../../domain/use-cases/account';
import { checkSignedIn, type CliContext } from '../connect';
import { subscriptionJson, writeJson } from '../json-output';
import { columns } from '../table';

interface PlanOptions {
  json?: boolean;
  open?: boolean;
}

/** pawloween plan: the plan's name and status and the credits, as the header shows them. */
export function planCommand(ctx: CliContext): Command {
  return new Command('plan')
    .description('show your plan, its status and your credits; --open the pricing page')
    .option('--open', 'open the pricing page, signed in as you, to add credits or upgrade')
    .option('--json', 'print a JSON object')
    .action(async (options: PlanOptions, command: Command) => {
      const { io } = ctx;
      const connection = await ctx.connect(command);
      try {
        const balance = await checkSignedIn(connection);
        const { account } = connection.services;
        if (options.open) {
          await openPricing(ctx, await account.subscribeUrl(), options.json);
          return;
        }
        const subscription = await account.plan();
        const credits = presentCredits(balance);
        if (options.json) {
          writeJson(io.stdout, {
            ...subscriptionJson(subscription),
            credits: {
              allocatedCredits: balance.allocatedCredits,
              usedCredits: balance.usedCredits,
              remainingCredits: balance.remainingCredits,
            },
          });
          return;
        }
        const rows = [
          ['Plan', subscription.plan?.name ?? 'None'],
          ['Status', subscription.status],
          ['Credits', `$${credits.remaining} remaining of $${credits.allocated}`],
        ];
        if (subscription.startedAt) rows.push(['Started', subscription.startedAt]);
        if (subscription.endsAt) rows.push(['Ends', subscription.endsAt]);
        // The bare pricing address only works from inside the app: --open signs the page in.
        rows.push(['Pricing', `pawloween plan --open (${planButtonLabel(subscription)})`]);
        io.stdout.write(columns(rows));
      } finally {
        connection.close();
      }
    });
}

/**
 * The pricing page carries the access token (SPEC.md 4 "Subscription"), so it works outside the
 * app. Without a browser here (SSH) the address is printed to open elsewhere; it holds the token,
 * which the person is told.
 */
async function openPricing(ctx: CliContext, url: string, json?: boolean): Promise<void> {
  const { io } = ctx;
  const opened = await io.openUrl(url);
  if (json) {
    writeJson(io.stdout, { url, opened });
    return;
  }
  if (opened) {
    io.stderr.write('Opened the pricing page in your browser.\n');
    return;
  }
  io.stderr.write(
    'No browser could be started here. Open this address in one (it carries your access token: do not share it):\n',
  );
  io.stdout.write(`${url}\n`);
}
