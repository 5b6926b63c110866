import { Command } from 'commander';
import type { TokenClaims } from '../../domain/model/user';
import { checkSignedIn, type CliContext } from '../connect';
import { userJson, writeJson } from '../json-output';
import { columns } from '../table';

export function describeUser(claims: TokenClaims | undefined): string {
  if (!claims) return 'an unknown user';
  return claims.email ? `${claims.email} (${claims.sub})` : claims.sub;
}

/** pawloween whoami: the signed-in user and when the token expires. */
export function whoamiCommand(ctx: CliContext): Command {
  return new Command('whoami')
    .description('show who you are signed in as and when the token expires')
    .option('--json', 'print a JSON object')
    .action(async (options: { json?: boolean }, command: Command) => {
      const connection = await ctx.connect(command);
      try {
        await checkSignedIn(connection);
        const { settings, services } = connection;
        const expiry = services.session.expiry();
        const expires = expiry && new Date(expiry.at);
        const user = services.session.getSnapshot().user;
        if (options.json) {
          writeJson(
            ctx.io.stdout,
            userJson(user, {
              expiresAt: expires?.toISOString() ?? null,
              baseUrl: settings.baseUrl,
              tokenSource: settings.tokenSource ?? null,
            }),
          );
          return;
        }
        const rows = [
          ['User', user?.email ?? '(no e-mail)'],
          ['User id', user?.userId ?? ''],
          [
            'Expires',
            expiry && expires ? `${expires.toISOString()} (${inWords(expiry.leftMs)})` : 'unknown',
          ],
          ['Platform', settings.baseUrl],
          ['Token from', settings.tokenSource ?? ''],
        ];
        ctx.io.stdout.write(columns(rows));
      } finally {
        connection.close();
      }
    });
}

function inWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `in ${hours} h ${minutes % 60} min`;
}
