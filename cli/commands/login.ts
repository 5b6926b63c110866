import { Command } from 'commander';
import { saveToken, type Settings } from '../config';
import { signInByDevice } from '../device-login';
import { forgetGalleryReads } from '../device-gallery-read';
import { checkSignedIn, connect, type CliContext, type Connection } from '../connect';
import { CliError, EXIT, usageError } from '../handle-error';
import { userFromClaims } from '../../domain/model/user';
import { userJson, writeJson } from '../json-output';
import { listenForToken } from '../login-listener';
import { describeUser } from './whoami';
import { visible } from '../terminal-text';

const LOGIN_TIMEOUT_MS = 5 * 60_000;

/** pawloween login: sign in in a browser here, from another device, or keep a given token. */
export function loginCommand(ctx: CliContext): Command {
  return new Command('login')
    .description(
      'sign in and save the token: in the browser here, from another device (--device, or when no browser can open), or keep a token given with --token (- reads it from stdin)',
    )
    .option('--device', 'sign in from another device: prints an address and a short code')
    .option('--json', 'print the signed-in user as a JSON object')
    .addHelpText(
      'after',
      `
How it signs in:
  in a browser on this computer: type the code it prints on the sign-in page, which then
  comes back to the terminal by itself;
  with --device, over SSH, or when no browser can open: open the address it prints on any
  device (a phone will do) and enter the code;
  with --token <token>, or --token - to read it from stdin (echo $TOKEN | pawloween login --token -).
Every token is checked with the platform before it is saved.`,
    )
    .action(async (options: { device?: boolean; json?: boolean }, command: Command) => {
      const { io } = ctx;
      const settings = await ctx.settings(command);
      // A token saved earlier must not stand in for the sign-in being asked for.
      const connection = await connect({ ...settings, token: undefined });
      let token: string;
      try {
        token = await obtainToken(ctx, connection, settings, Boolean(options.device));
      } finally {
        connection.close();
      }
      if (!connection.services.session.isUsable(token))
        throw new CliError('That token is expired or unreadable.', EXIT.auth, [], {
          code: 'AUTHENTICATION_FAILED',
          action: 'Sign in again with `pawloween login`.',
        });
      const checked = await connect({ ...settings, token, tokenSource: 'flag' });
      try {
        // The platform must take it before it is kept: a dead or foreign token is refused (3),
        // an unreachable platform is named (1), and nothing is saved either way.
        await checkSignedIn(checked);
      } finally {
        checked.close();
      }
      await saveToken(settings.configFile, settings.baseUrl, token);
      // Perhaps someone else: the gallery kept for the one before is not theirs.
      await forgetGalleryReads(settings.configFile, settings.baseUrl);
      const claims = connection.services.signIn.claimsOf(token);
      if (options.json)
        writeJson(
          io.stdout,
          userJson(claims && userFromClaims(claims), {
            expiresAt: claims?.exp === undefined ? null : new Date(claims.exp * 1000).toISOString(),
            baseUrl: settings.baseUrl,
            tokenSource: 'login',
          }),
        );
      else
        io.stdout.write(`Signed in to ${settings.baseUrl} as ${visible(describeUser(claims))}.\n`);
      io.stderr.write(`Token saved in ${settings.configFile}\n`);
    });
}

async function obtainToken(
  ctx: CliContext,
  connection: Connection,
  settings: Settings,
  device: boolean,
): Promise<string> {
  const { io } = ctx;
  if (settings.tokenSource === 'flag' && settings.token === '-') {
    const line = (await io.readLine?.('Paste the access token, then press Enter: '))?.trim();
    if (!line) throw usageError('No token came on standard input.');
    return line;
  }
  if (settings.tokenSource === 'flag' && settings.token) return settings.token;
  if (device || overSsh(io.env)) return signInByDevice(io, connection);
  return signInByBrowser(ctx, connection);
}

/** A session over SSH: a browser opened here would open on the remote machine, if at all. */
function overSsh(env: Readonly<Record<string, string | undefined>>): boolean {
  return Boolean(env.SSH_CONNECTION || env.SSH_TTY);
}

async function signInByBrowser(ctx: CliContext, connection: Connection): Promise<string> {
  const { io } = ctx;
  const listener = await listenForToken(LOGIN_TIMEOUT_MS, io.signal);
  try {
    // The platform sends a token to no loopback port but the one registered for this sign-in, and
    // only once the person types the code it answered here. A platform without the call (404)
    // decides on its own where tokens may go.
    const registered = await connection.services.signIn
      .registerLoopbackRedirect(listener.redirectUri)
      .catch((error: unknown) => {
        if ((error as { code?: unknown }).code !== 'NOT_FOUND') throw error;
        return undefined;
      });
    const url = connection.services.signIn.signInUrl(listener.redirectUri);
    // No browser here: sign in from another device instead of waiting on a page nobody can open.
    if (!(await io.openUrl(url))) {
      io.stderr.write('No browser could be opened here.\n');
      return await signInByDevice(io, connection);
    }
    io.stderr.write(
      `Opened the sign-in page in your browser. If it did not appear, open:\n  ${url}\n`,
    );
    if (registered)
      io.stderr.write(`When the page asks, type this code: ${visible(registered.code)}\n`);
    io.stderr.write('Waiting for the sign-in to finish...\n');
    return await listener.token;
  } finally {
    listener.close();
  }
}
