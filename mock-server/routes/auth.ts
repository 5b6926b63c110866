import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { API_PATHS, LoopbackRedirectRequest, PAGE_PATHS } from '../../adapters/platform/src/api';
import type { AppContext } from '../app-context';
import { isForeignFormPost } from '../auth/form-origin';
import { LOOPBACK_REDIRECT_LIMITS, registrableLoopback } from '../auth/loopback-redirects';
import { allowedRedirect } from '../auth/redirect-policy';
import { accessDenied, validationError } from '../http/platform-error';
import { signInPerson } from '../auth/sign-in-person';
import { DEMO_PROJECT_ID } from '../config';
import { contentSecurityPolicy } from '../http/security-headers';
import { refusalPage } from '../pages/layout';
import { authDonePage, signInPage } from '../pages/sign-in-page';
import type { ProjectRow } from '../store/account-rows';

const text = z.string().max(4096).optional().catch(undefined);
const AuthQuery = z.object({
  project_token: text,
  redirect_uri: text,
  state: z.string().max(512).optional().catch(undefined),
});
const SignInForm = AuthQuery.extend({
  email: z.string().max(254).optional().catch(undefined),
  listener_code: z.string().max(32).optional().catch(undefined),
  popup: z.string().max(4).optional().catch(undefined),
  password: z.string().max(200).optional().catch(undefined),
});

const WRONG_LISTENER_CODE =
  'That is not the code your terminal shows for this sign-in, so no token was sent. Type the code that pawloween login printed there; if you did not start pawloween login yourself, close this page.';

const FOREIGN_POST =
  'This sign-in was sent from another website, not from this sign-in page, so nobody was signed in. Start the sign-in from the app.';

type Resolved = { project: ProjectRow; redirect: URL } | { refusal: string };

function html(reply: FastifyReply, status: number, body: string, formTargets: string[] = []) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', contentSecurityPolicy([], formTargets))
    .send(body);
}

/** Sign-in by redirect (SPEC.md 4 "Authentication"): the token only ever goes to an allowed origin. */
export async function authRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onRequest', async (request) => ctx.hitPage(request));
  const resolve = (
    request: FastifyRequest,
    query: z.infer<typeof AuthQuery>,
    demo: boolean,
  ): Resolved => {
    const token = query.project_token?.trim().replace(/=+$/, '');
    const project = token
      ? ctx.accounts.projects.projectByKey(token)
      : demo
        ? ctx.accounts.projects.projectById(DEMO_PROJECT_ID)
        : undefined;
    if (!project)
      return {
        refusal: token
          ? 'This project token is not known to this platform.'
          : 'A project_token is required.',
      };
    const projectOrigins = JSON.parse(project.allowed_origins) as string[];
    const redirect = query.redirect_uri
      ? allowedRedirect(
          query.redirect_uri,
          ctx.originOf(request),
          [...ctx.allowedOrigins, ...projectOrigins],
          (url) => ctx.loopbackRedirects.isWaiting(url),
        )
      : undefined;
    if (!redirect) return { refusal: redirectRefusal(query.redirect_uri) };
    return { project, redirect };
  };

  const showSignIn = (demo: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const query = AuthQuery.parse(request.query ?? {});
    const resolved = resolve(request, query, demo);
    if ('refusal' in resolved)
      return html(reply, 400, refusalPage('Sign-in refused', resolved.refusal));
    return html(
      reply,
      200,
      signInPage({
        projectName: resolved.project.name,
        projectToken:
          resolved.project.is_demo && !query.project_token ? '' : resolved.project.api_key,
        redirectUri: resolved.redirect.href,
        state: query.state ?? '',
        requirePassword: ctx.requirePassword,
        askListenerCode: ctx.loopbackRedirects.isWaiting(resolved.redirect),
      }),
      [resolved.redirect.origin],
    );
  };
  app.get(PAGE_PATHS.authorize, showSignIn(false));
  app.get(PAGE_PATHS.authorizeDemo, showSignIn(true));

  // The CLI's login registers its one-shot listener before it opens the sign-in page. JSON only,
  // and never from another site's page: a web page cannot post JSON across origins without CORS.
  app.post(API_PATHS.loopbackRedirect, { bodyLimit: 8192 }, async (request) => {
    const body = LoopbackRedirectRequest.safeParse(request.body);
    const url = body.success ? registrableLoopback(body.data.redirectUri) : undefined;
    if (!url)
      throw validationError(
        'redirectUri must be an http address on 127.0.0.1, [::1] or localhost with a port and a state of at least 16 characters.',
      );
    if (isForeignFormPost(request, ctx.originOf(request), ctx.allowedOrigins))
      throw accessDenied('Web pages cannot register a listener.');
    const registered = ctx.loopbackRedirects.register(url, request.ip);
    // Its code is answered once, to the process that registered: another that learns the address
    // (a browser's command line shows it) cannot read the code that unlocks it.
    if (registered === 'taken')
      throw validationError(
        'This listener is registered already: open a new one (another port or state) and register that.',
      );
    return { expiresIn: LOOPBACK_REDIRECT_LIMITS.lifetimeMs / 1000, code: registered.code };
  });

  app.post(`${PAGE_PATHS.authorize}/sign-in`, async (request, reply) => {
    if (isForeignFormPost(request, ctx.originOf(request), ctx.allowedOrigins))
      return html(reply, 403, refusalPage('Sign-in refused', FOREIGN_POST));
    const form = SignInForm.parse(
      typeof request.body === 'object' && request.body ? request.body : {},
    );
    const resolved = resolve(request, form, !form.project_token);
    if ('refusal' in resolved)
      return html(reply, 400, refusalPage('Sign-in refused', resolved.refusal));
    // A CLI's listener: the person proves they started that login by typing the code it printed.
    const listener = ctx.loopbackRedirects.isWaiting(resolved.redirect);
    const again = (status: number, error: string) =>
      html(
        reply,
        status,
        signInPage({
          projectName: resolved.project.name,
          projectToken: form.project_token ?? '',
          redirectUri: resolved.redirect.href,
          state: form.state ?? '',
          email: form.email,
          error,
          requirePassword: ctx.requirePassword,
          askListenerCode: listener,
        }),
        [resolved.redirect.origin],
      );
    if (listener && !ctx.loopbackRedirects.confirms(resolved.redirect, form.listener_code ?? ''))
      return again(400, WRONG_LISTENER_CODE);
    const signedIn = await signInPerson(ctx, request, resolved.project, form);
    if (!signedIn.ok) return again(signedIn.status, signedIn.error);
    const { token } = signedIn;
    ctx.loopbackRedirects.delivered(resolved.redirect);
    const target = new URL(resolved.redirect.href);
    target.searchParams.set('accessToken', token);
    if (form.state) target.searchParams.set('state', form.state);
    if (form.popup === '1') {
      const page = authDonePage({
        token,
        targetOrigin: resolved.redirect.origin,
        state: form.state ?? '',
        redirectUri: target.href,
      });
      return html(reply, 200, page);
    }
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .header('location', target.href)
      .send();
  });
}

/**
 * Why no token goes back: said so that whoever deployed the app knows the setting to change (an
 * app on an origin the platform was not told of is the usual cause).
 */
export function redirectRefusal(redirectUri: string | undefined): string {
  if (!redirectUri)
    return 'The address to return to (redirect_uri) is missing, so no token was sent.';
  const url = URL.canParse(redirectUri) ? new URL(redirectUri) : undefined;
  // The refused address is not echoed: the page would otherwise show whatever a link put there.
  if (!url || url.origin === 'null' || url.username || url.password)
    return 'The address to return to (redirect_uri) is not a web address this platform returns to, so no token was sent.';
  return 'The address to return to (redirect_uri) is on an origin this platform does not allow, so no token was sent. Whoever runs the platform can allow the app’s origin (scheme, host and port) by adding it to the platform’s ALLOWED_ORIGINS setting.';
}
