import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { FaultRequest } from '../http/fault-injector';
import { accessDenied, PlatformError } from '../http/platform-error';
import { parse } from '../http/parse';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** POST /__faults arms a fault for the next requests; registered only when faults are enabled, answered only on loopback. */
export async function faultRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const faults = ctx.faults;
  if (!faults) return;
  app.addHook('onRequest', async (request) => {
    if (request.method === 'POST') ctx.hitPage(request);
    if (!LOOPBACK.has(request.ip)) throw accessDenied('Fault injection is local only.');
    // Loopback is not enough: a page on any site can make the browser post a form here.
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ctx.originOf(request))
      throw accessDenied('Fault injection takes no requests from web pages.');
    if (
      request.method === 'POST' &&
      !/^application\/json\b/.test(request.headers['content-type'] ?? '')
    )
      throw new PlatformError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the fault as application/json.');
  });
  app.post('/__faults', async (request) => {
    const fault = parse(FaultRequest, request.body, 'fault');
    faults.arm(fault);
    return { armed: faults.list() };
  });
  app.get('/__faults', async () => ({ armed: faults.list() }));
  app.delete('/__faults', async () => {
    faults.clear();
    return { armed: [] };
  });
}
