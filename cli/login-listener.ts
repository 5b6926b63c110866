import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CliError, EXIT } from './handle-error';

export interface LoginListener {
  /** The loopback address the authorization page sends the token back to. */
  readonly redirectUri: string;
  /** Resolves with the access token of the first valid return, then the listener is gone. */
  readonly token: Promise<string>;
  close(): void;
}

const DONE_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Pawloween</title>
<body style="font-family:sans-serif;background:#130b1f;color:#f7f1ff;text-align:center;padding:4rem">
<h1>You are signed in</h1><p>You can close this tab and return to the terminal.</p></body></html>`;

/**
 * A one-shot HTTP listener on 127.0.0.1 (never another interface) for the sign-in return. The
 * random state in its address makes it ignore returns it did not ask for.
 */
export async function listenForToken(
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<LoginListener> {
  const state = randomBytes(16).toString('hex');
  let settle: { resolve: (token: string) => void; reject: (error: Error) => void } | undefined;
  const token = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const accessToken = url.searchParams.get('accessToken');
    if (url.pathname !== '/callback' || url.searchParams.get('state') !== state || !accessToken) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    settle?.resolve(accessToken);
    // One-shot: the listener goes once the browser has its page.
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(DONE_PAGE, finish);
  });
  const timer = setTimeout(() => {
    finish();
    settle?.reject(new CliError('Sign-in timed out: no answer came back.', EXIT.auth));
  }, timeoutMs);
  const onAbort = () => {
    finish();
    settle?.reject(new CliError('Sign-in cancelled.', EXIT.auth));
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  function finish() {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    server.close();
    server.closeAllConnections();
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback?state=${state}`,
    token,
    close: finish,
  };
}
