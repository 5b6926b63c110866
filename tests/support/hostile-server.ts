import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a hostile server saw of one request. */
export interface SeenRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}

export type Handler = (
  request: IncomingMessage,
  response: ServerResponse,
) => void | boolean | Promise<void | boolean>;

export interface HostileServer {
  readonly baseUrl: string;
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP server on a free loopback port that records every request (method, URL, headers)
 * and answers through `handler`; a handler that answers nothing leaves the request hanging.
 */
export async function hostileServer(handler: Handler): Promise<HostileServer> {
  const seen: SeenRequest[] = [];
  const server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    void handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
