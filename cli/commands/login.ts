import { Command } from 'commander';
import { saveToken } from '../config';
import { connect, type CliContext, type Connection } from '../connect';
import { CliError, EXIT } from '../handle-error';
import { userFromClaims } from '../../domain/model/user';
import { userJson, writeJson } from '../json-output';
import { listenForToken } from '../login-listener';
import { describeUser } from './whoami';

const LOGIN_TIMEOUT_MS = 5 * 60_000;

/** pawloween login: sign in by redirect to a loopback listener, or keep a given token. */
export function loginCommand(ctx: CliContext): Command {
  return new Command('login')
    .description('sign in in the browser (or keep a token given with --token) and save the token')
    .option('--json', 'print the signed-in user as a JSON object')
    .action(async (options: { json?: boolean }, command: Command) => {
      const { io } = ctx;
      const settings = await ctx.settings(command);
      // A token saved earlier must not stand in for the sign-in being asked for.
      const connection = await connect({ ...settings, token: undefined });
      try {
        const token =
          settings.tokenSource === 'flag' && settings.token
            ? settings.token
            : await signInByBrowser(ctx, connection);
        if (!connection.services.session.isUsable(token))
          throw new CliError('That token is expired or unreadable.', EXIT.auth, [
            'Sign in again with `pawloween login`.',
          ]);
        await saveToken(settings.configFile, settings.baseUrl, token);
        const claims = connection.auth.decodeToken(token);
        if (options.json)
          writeJson(
            io.stdout,
            userJson(claims && userFromClaims(claims), {
              expiresAt:
                claims?.exp === undefined ? null : new Date(claims.exp * 1000).toISOString(),
              baseUrl: settings.baseUrl,
              tokenSource: 'login',
            }),
          );
        else io.stdout.write(`Signed in to ${settings.baseUrl} as ${describeUser(claims)}.\n`);
        io.stderr.write(`Token saved in ${settings.configFile}\n`);
      } finally {
        connection.close();
      }
    });
}

async function signInByBrowser(ctx: CliContext, connection: Connection): Promise<string> {
  const { io } = ctx;
  const listener = await listenForToken(LOGIN_TIMEOUT_MS, io.signal);
  try {
    const url = connection.services.session.signInUrl(listener.redirectUri);
    const opened = await io.openUrl(url);
    io.stderr.write(
      opened
        ? `Opened the sign-in page in your browser. If it did not appear, open:\n  ${url}\n`
        : `Open this address in a browser to sign in:\n  ${url}\n`,
    );
    io.stderr.write('Waiting for the sign-in to finish...\n');
    return await listener.token;
  } finally {
    listener.close();
  }
}
