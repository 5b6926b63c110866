import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with one request: 'pass' forwards it; 'reset-before' destroys the socket
 * before the platform sees it; 'reset-after' lets the platform answer, then destroys the socket so
 * the answer is lost; 'hang' never answers; an object answers that status itself.
 */
export type Step =
  | 'pass'
  | 'reset-before'
  | 'reset-after'
  | 'hang'
  | { status: number; body: unknown; headers?: Record<string, string> };

export interface SeenRequest {
  method: string;
  path: string;
  idempotencyKey?: string;
  step: Step;
}

export interface FaultyProxy {
  baseUrl: string;
  /** Every request in arrival order, with the step it got. */
  seen: SeenRequest[];
  /** Steps for the next requests, in order; after them every request passes. */
  plan(...steps: Step[]): void;
  close(): Promise<void>;
}

const readBody = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

/** A raw node http server in front of the platform, on loopback, that misbehaves on demand. */
export async function faultyProxy(upstream: string): Promise<FaultyProxy> {
  let steps: Step[] = [];
  const seen: SeenRequest[] = [];
  const hanging = new Set<IncomingMessage>();
  const server: Server = createServer(async (request, response) => {
    const step = steps.shift() ?? 'pass';
    const key = request.headers['idempotency-key'];
    seen.push({
      method: request.method ?? 'GET',
      path: (request.url ?? '/').split('?')[0] ?? '/',
      idempotencyKey: typeof key === 'string' ? key : undefined,
      step,
    });
    const body = await readBody(request);
    if (step === 'reset-before') return request.socket.destroy();
    if (step === 'hang') return void hanging.add(request);
    if (typeof step === 'object') {
      response.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
      return response.end(JSON.stringify(step.body));
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
        headers.set(name, value);
    const answer = await fetch(`${upstream}${request.url}`, {
      method: request.method,
      headers,
      body: body.length > 0 ? new Uint8Array(body) : undefined,
    });
    const payload = Buffer.from(await answer.arrayBuffer());
    if (step === 'reset-after') return request.socket.destroy();
    response.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
      ...(answer.headers.get('etag') ? { etag: answer.headers.get('etag')! } : {}),
      ...(answer.headers.get('retry-after')
        ? { 'retry-after': answer.headers.get('retry-after')! }
        : {}),
    });
    response.end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    plan: (...next) => {
      steps = next;
    },
    close: () =>
      new Promise((resolve) => {
        for (const request of hanging) request.socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
