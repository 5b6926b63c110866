import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { andThen, type Authenticator, type Principal } from '../auth/authenticate';
import type { FaultInjector } from './fault-injector';
import {
  accessDenied,
  authenticationFailed,
  insufficientBalance,
  PlatformError,
  rateLimited,
  workflowUnavailable,
} from './platform-error';
import type { RateLimiter } from './rate-limiter';

type Mode = Principal['mode'];

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * One check per request: the onRequest hook's, which the handler's call then reads. A request
     * decoration (app.ts), not a WeakMap: an entry per request there is work for every GC.
     */
    guardChecked: Principal | Promise<Principal> | null;
  }
}

/** Bodies up to this are read and thrown away after a refusal, keeping the connection for the next request. */
const SMALL_BODY_BYTES = 64 * 1024;

/** True when the request's body may still be arriving and is larger than a small one (or of unknown size). */
function largeBodyPending(request: FastifyRequest): boolean {
  if (request.raw.complete) return false;
  if (request.headers['transfer-encoding'] !== undefined) return true;
  return Number(request.headers['content-length'] ?? 0) > SMALL_BODY_BYTES;
}

/** How long a refused upload's socket stays open, unread, for its client to read the refusal. */
const REFUSED_SOCKET_GRACE_MS = 2_000;
type UserMode = Exclude<Mode, 'anonymous'>;
export type UserPrincipal = Extract<Principal, { mode: UserMode }>;

const MODE_NAMES: Record<Mode, string> = {
  user: 'a signed-in user (access token)',
  headless: 'a project key with a user token',
  anonymous: 'a project key',
};

/** Every /v1 route starts here: who is calling, may they, and are they within their request budget. */
export class Guard {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly limiter: RateLimiter | undefined,
    private readonly faults: FaultInjector | undefined,
    private readonly now: () => number,
  ) {}

  /**
   * The check as an onRequest hook: credentials and the request budget are judged before the body
   * is read, so an anonymous 29 MB upload is refused without being received or parsed. A callback
   * hook, answered in the same turn for a known token: no promise per request on the hot path.
   */
  before(allowed: readonly Mode[]): onRequestHookHandler {
    return (request, reply, done) => {
      let checked: Principal | Promise<Principal>;
      try {
        checked = this.check(request, allowed);
      } catch (error) {
        return done(this.refuse(request, reply, error));
      }
      if (!(checked instanceof Promise)) return done();
      checked.then(
        () => done(),
        (error: unknown) => done(this.refuse(request, reply, error)),
      );
    };
  }

  /** The refusal to answer; a large body still on its way is not read. */
  private refuse(request: FastifyRequest, reply: FastifyReply, error: unknown): Error {
    // A large body still on its way: stop reading once the refusal is out, rather than read (and
    // throw away) up to the route's body limit, and give the client a moment to read the answer
    // (a 'connection: close' answer would make node reset the socket at once). A request with
    // no body or a small one keeps its socket: node reads the rest and the connection lives
    // on. Closing those too cut keep-alive sockets under the client's next request, which it
    // had already sent on the socket it was given back ('other side closed' under load).
    const socket = request.raw.socket;
    // app.inject's stand-in has no socket to close.
    if (socket instanceof Socket && largeBodyPending(request))
      // After fastify is done with the reply: closing the socket inside 'finish' aborts the
      // request under it, and fastify answers a second time.
      reply.raw.once('finish', () =>
        setImmediate(() => {
          socket.pause();
          socket.end();
          setTimeout(() => socket.destroy(), REFUSED_SOCKET_GRACE_MS).unref();
        }),
      );
    return error as Error;
  }

  /** Who is calling, judged once per request: at once for a known token, else a promise. */
  check(request: FastifyRequest, allowed: readonly Mode[]): Principal | Promise<Principal> {
    return (request.guardChecked ??= this.judge(request, allowed));
  }

  private judge(request: FastifyRequest, allowed: readonly Mode[]): Principal | Promise<Principal> {
    return andThen(this.authenticator.principalNow(request), (principal) => {
      if (!allowed.includes(principal.mode)) {
        // A missing user is an authentication problem; a user in the wrong mode (storage in headless) is a permission one.
        if (principal.mode === 'anonymous')
          throw authenticationFailed('This call needs a signed-in user.');
        throw accessDenied(`This call is not allowed for ${MODE_NAMES[principal.mode]}.`);
      }
      if (this.limiter) {
        const key =
          principal.mode === 'anonymous'
            ? `anon:${principal.project.id}:${request.ip}`
            : `user:${principal.user.id}`;
        this.limiter.hit(key);
      }
      return this.faults ? this.injectFault(request).then(() => principal) : principal;
    });
  }

  /** As check, for calls that need a user (modes a and b). */
  user(
    request: FastifyRequest,
    allowed: readonly UserMode[],
  ): UserPrincipal | Promise<UserPrincipal> {
    return this.check(request, allowed) as UserPrincipal | Promise<UserPrincipal>;
  }

  private async injectFault(request: FastifyRequest) {
    const fault = this.faults?.take(request.url.split('?')[0] ?? '', ['503', '402', '429', 'slow']);
    if (!fault) return;
    if (fault.next === 'slow') return new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    if (fault.next === '503') throw workflowUnavailable();
    if (fault.next === '402') throw insufficientBalance(0, 0.5);
    if (fault.next === '429') throw rateLimited(this.now() + 1000, this.now());
    throw new PlatformError(500, 'UNKNOWN_ERROR', 'Unknown fault');
  }
}
