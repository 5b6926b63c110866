import type { DeviceSignIn } from '../domain/use-cases/sign-in';
import { CliError, EXIT } from './cli-error';
import type { Connection } from './connect';
import type { Io } from './io';
import { visible } from './terminal-text';

/**
 * Sign-in from another device (RFC 8628 style), for a terminal with no browser of its own (SSH,
 * a server, a container): print the short code and the address, poll until a person approves it.
 */
export async function signInByDevice(io: Io, connection: Connection): Promise<string> {
  const started = await connection.services.signIn.startOnDevice();
  io.stderr.write(deviceInstructions(started));
  let interval = started.intervalSeconds * 1000;
  const deadline = Date.now() + started.expiresInSeconds * 1000;
  while (Date.now() < deadline) {
    await wait(interval, io.signal);
    const state = await connection.services.signIn.pollDevice(started.deviceCode);
    if (state.status === 'approved') return state.token;
    if (state.status === 'expired') break;
    // RFC 8628 3.5: slow_down adds 5 s to the interval for good.
    if (state.status === 'slow_down') interval += 5000;
  }
  throw new CliError('The sign-in code expired before it was approved.', EXIT.auth, [], {
    code: 'DEVICE_CODE_EXPIRED',
    action: 'Start again with `pawloween login`.',
  });
}

function deviceInstructions(started: DeviceSignIn): string {
  const minutes = Math.round(started.expiresInSeconds / 60);
  return [
    'To sign in, open this address in a browser on any device:',
    `  ${visible(started.verificationUri)}`,
    `and enter the code  ${visible(started.userCode)}`,
    `(or open ${visible(started.verificationUriComplete)} directly).`,
    `Waiting for the sign-in (the code works for ${minutes} minutes; Ctrl-C stops)...`,
    '',
  ].join('\n');
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
