import path from 'node:path';
import type { Command } from 'commander';
import type { NodePorts } from '../adapters/node/node.container';
import { TOKENS, type Services } from '../domain/services';
import type { StorageSync } from '../domain/use-cases/storage-sync';
import {
  resolveSettings,
  RUN_TIMEOUT_MS,
  saveToken,
  type GlobalOptions,
  type Settings,
} from './config';
import { debugLine, fetchWithDebugLog, withoutCredentials } from './debug-log';
import { fetchWithRequestCache } from './request-cache';
import { DeviceGalleryRead, galleryReadFile } from './device-gallery-read';
import { fetchWithWaitingNotice } from './waiting-notice';
import { CliError, EXIT, signInNeeded } from './handle-error';
import { isUnauthorized } from '../domain/errors';
import type { Balance } from '../domain/model/balance';
import type { Io } from './io';

/** What closed connections still have on the way: their storage writes and the account read. */
const closing = new Set<Promise<unknown>>();

/** Waits for the storage writes of every closed connection, so a command ends with its data sent. */
export async function settleConnections(): Promise<void> {
  await Promise.allSettled([...closing]);
}

/** The use cases the CLI drives. */
export type CliServices = Pick<
  Services,
  | 'session'
  | 'gallery'
  | 'progress'
  | 'account'
  | 'generateCostume'
  | 'runModel'
  | 'signIn'
  | 'petFace'
>;

/**
 * The node composition root, pointed at one platform with one token: its settings, the use cases
 * commands call (never a port) and close.
 */
export interface Connection {
  readonly settings: Settings;
  readonly services: CliServices;
  /** Why the last remote gallery read or write failed, if it did. */
  galleryError(): string | undefined;
  /** fetch for media downloads: logged with --debug, like the platform calls. */
  readonly fetchFile?: typeof globalThis.fetch;
  /** Stops the session's background timers. */
  close(): void;
}

/** What every command gets: the terminal, and the platform on demand. */
export interface CliContext {
  readonly io: Io;
  /** What the failure handler needs to know: the platform in use, and whether --json was asked. */
  readonly scene: { baseUrl?: string; json?: boolean };
  settings(command: Command): Promise<Settings>;
  connect(command: Command, options?: ConnectOptions): Promise<Connection>;
}

export interface ConnectOptions {
  /**
   * The gallery read is answered from the copy kept on this device, when there is one, without a
   * request: for a command that only adds to the gallery (generate), whose save carries that
   * copy's ETag, so a gallery changed elsewhere is read afresh and merged. Commands that show or
   * edit what is there read it fresh.
   */
  readonly galleryFromDevice?: boolean;
}

export function cliContext(io: Io): CliContext {
  const scene: CliContext['scene'] = {};
  const settings = async (command: Command) => {
    const resolved = await resolveSettings(command.optsWithGlobals<GlobalOptions>(), io.env);
    scene.baseUrl = resolved.baseUrl;
    return resolved;
  };
  return {
    io,
    scene,
    settings,
    connect: async (command, options) => connect(await settings(command), io, {}, options),
  };
}

/** Builds the container for these settings and starts the session with the token, if any. */
export async function connect(
  settings: Settings,
  io?: Pick<Io, 'stderr'>,
  /** Ports in place of the node ones (tests: a fake clock). */
  ports: Pick<Partial<NodePorts>, 'clock'> = {},
  options: ConnectOptions = {},
): Promise<Connection> {
  // Loaded on first use: `presets`, `serve`, `logout` and --help start without the platform stack.
  const { createNodeContainer } = await import('../adapters/node/node.container');
  const waiting =
    io && settings.timeoutMs ? fetchWithWaitingNotice(io.stderr, settings.timeoutMs) : undefined;
  const debug = io && settings.debug ? io.stderr : undefined;
  if (debug)
    debugLine(
      debug,
      `platform ${withoutCredentials(settings.baseUrl)}, token ${settings.token ? `from ${settings.tokenSource ?? 'flag'}` : 'none'}`,
    );
  const direct = (input: string | URL | Request, init?: RequestInit) =>
    globalThis.fetch(input, init);
  // The gallery kept between commands is the signed-in user's on this platform (no requests are
  // sent before the session below is built).
  const reads = new DeviceGalleryRead(
    galleryReadFile(settings.configFile),
    settings.baseUrl,
    () => services.session.getSnapshot().user?.userId,
  );
  // A read the command made once is not made again (--debug lists only the requests sent).
  const fetch = fetchWithRequestCache(
    debug ? fetchWithDebugLog(debug, waiting ?? direct) : (waiting ?? direct),
    {
      reads,
      answerFromDevice: Boolean(options.galleryFromDevice),
      answered: (etag) => {
        if (debug)
          debugLine(debug, `gallery read from this device's copy (ETag ${etag}), not sent`);
      },
    },
  );
  // A token saved by login lives in the device store, as the app's does, so the session renews
  // it by the app's rule (before this command goes on, and on its sweep while it runs); a token
  // given by flag or environment is the caller's to renew, and no saved one stands in for it.
  const saved = settings.tokenSource === 'login' ? settings.token : undefined;
  const { container, services } = createNodeContainer({
    client: {
      baseUrl: settings.baseUrl,
      allowInsecureHttp: settings.allowHttp,
      // Quick calls give up early; runs have their own, longer timeout.
      timeout: settings.timeoutMs,
      fetch,
    },
    runTimeout: RUN_TIMEOUT_MS,
    session: {
      accessToken: saved ? undefined : settings.token,
      projectToken: settings.projectToken,
    },
    // The device storage sits next to config.json, so XDG_CONFIG_HOME moves both.
    storagePath: path.join(path.dirname(settings.configFile), 'storage.json'),
    ports,
    keptToken: saved ?? null,
    oneShot: true,
  });
  const { session } = services;
  await session.start();
  await session.refreshIfDue();
  let token = session.getSnapshot().token ?? settings.token;
  // A renewed token is saved for the next command too (the platform lets the old one run out).
  const keep = (fresh: string) =>
    saveToken(settings.configFile, settings.baseUrl, fresh).catch(() => undefined);
  if (saved && token && token !== saved) await keep(token);
  const stopKeeping = session.subscribe(() => {
    const fresh = session.getSnapshot().token;
    if (!saved || !fresh || fresh === token) return;
    token = fresh;
    const written: Promise<unknown> = keep(fresh).then(() => closing.delete(written));
    closing.add(written);
  });
  return {
    settings: { ...settings, token },
    services,
    fetchFile: debug ? fetchWithDebugLog(debug, direct) : undefined,
    galleryError: () =>
      container.get<StorageSync<unknown>>(TOKENS.galleryStorage).getSnapshot().error,
    close: () => {
      stopKeeping();
      services.session.dispose();
      const storages = [TOKENS.galleryStorage, TOKENS.profileStorage].map((token) =>
        container.get<StorageSync<unknown>>(token).written(),
      );
      // The account's read of the plan runs beside the balance's: it ends with it, not after.
      const settled: Promise<unknown> = Promise.allSettled([
        ...storages,
        services.account.settled(),
      ]).then(() => closing.delete(settled));
      closing.add(settled);
    },
  };
}

/** Throws the auth-needed error unless the session signed in with the token. */
export function requireSignedIn(connection: Connection): void {
  const { settings, services } = connection;
  if (services.session.getSnapshot().isSignedIn) return;
  throw signInNeeded(
    settings.token
      ? 'Your token is expired or unreadable.'
      : `You are not signed in to ${settings.baseUrl}.`,
  );
}

/**
 * A token that reads well may still be refused (revoked, another platform's, forged) and the
 * platform may be down: a read of the balance tells, before anything is spent or shown.
 */
export async function checkSignedIn(connection: Connection): Promise<Balance> {
  requireSignedIn(connection);
  try {
    // The session's own read of the balance when it made one (once, with its tries), else ours.
    const { account } = connection.services;
    return await (account.latestBalance() ?? account.readBalance());
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    throw refused(connection);
  }
}

const refused = (connection: Connection) =>
  new CliError(
    `${connection.settings.baseUrl} refused your token.`,
    EXIT.auth,
    ['It expired, was revoked (logout) or was made by another platform.'],
    { code: 'AUTHENTICATION_FAILED', action: 'Sign in again with `pawloween login`.' },
  );

/**
 * Reads the remote gallery, which is the truth a command then changes. That one read also tells
 * that the platform takes the token: only when it failed is the balance asked, for the typed
 * reason (a refused token, no platform at the address, none answering). Answered from this
 * device's copy (ConnectOptions.galleryFromDevice), it tells nothing: the command's next request
 * does.
 */
export async function loadGallery(connection: Connection): Promise<void> {
  requireSignedIn(connection);
  const { gallery, session } = connection.services;
  await gallery.load();
  // A 401 signs the session out (SPEC.md 4): the token was refused.
  if (!session.getSnapshot().isSignedIn) throw refused(connection);
  if (gallery.getSnapshot().syncStatus !== 'error') return;
  await connection.services.account.readBalance().catch((error: unknown) => {
    throw isUnauthorized(error) ? refused(connection) : error;
  });
  throw new CliError('Could not read your gallery from the platform.', undefined, [
    connection.galleryError() ?? '',
  ]);
}
