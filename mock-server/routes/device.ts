import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { API_PATHS, PAGE_PATHS } from '../../adapters/platform/src/api';
import type { AppContext } from '../app-context';
import { DEVICE_CODE_LIMITS } from '../auth/device-codes';
import { isForeignFormPost } from '../auth/form-origin';
import { signInPerson } from '../auth/sign-in-person';
import { DEMO_PROJECT_ID } from '../config';
import { contentSecurityPolicy } from '../http/security-headers';
import { notFound, validationError } from '../http/platform-error';
import { deviceDonePage, devicePage } from '../pages/device-page';

const text = (max: number) => z.string().max(max).optional().catch(undefined);
const StartBody = z.object({ projectToken: text(4096) }).catch({ projectToken: undefined });
const TokenBody = z.object({ deviceCode: z.string().min(1).max(256) });
const ApproveForm = z.object({
  user_code: text(64),
  email: text(254),
  password: text(200),
});

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', contentSecurityPolicy([]))
    .send(body);
}

/**
 * Sign-in for a terminal with no browser (RFC 8628 style): the terminal asks for codes, a person
 * approves the short one on the platform's page from any device, and the terminal's poll gets the
 * token. Anonymous, so every call counts against the address's page budget.
 */
export async function deviceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.addHook('onRequest', async (request) => ctx.hitPage(request));
  const demoProject = () => ctx.accounts.projects.projectById(DEMO_PROJECT_ID);

  app.post(API_PATHS.deviceStart, { bodyLimit: 8192 }, async (request) => {
    const { projectToken } = StartBody.parse(request.body ?? {});
    const key = projectToken?.trim().replace(/=+$/, '');
    const project = key ? ctx.accounts.projects.projectByKey(key) : demoProject();
    if (!project) throw notFound('This project token is not known to this platform.');
    const code = ctx.deviceCodes.start(project.id, request.ip);
    const page = new URL(PAGE_PATHS.device, ctx.originOf(request));
    const complete = new URL(page);
    complete.searchParams.set('code', code.userCode);
    return {
      deviceCode: code.deviceCode,
      userCode: code.userCode,
      verificationUri: page.href,
      verificationUriComplete: complete.href,
      expiresIn: DEVICE_CODE_LIMITS.lifetimeMs / 1000,
      interval: DEVICE_CODE_LIMITS.intervalSeconds,
    };
  });

  app.post(API_PATHS.deviceToken, { bodyLimit: 1024 }, async (request) => {
    const body = TokenBody.safeParse(request.body);
    if (!body.success) throw validationError('Send the deviceCode the sign-in started with.');
    const answer = ctx.deviceCodes.poll(body.data.deviceCode);
    return answer.status === 'approved'
      ? { status: 'approved', accessToken: answer.token }
      : { status: answer.status };
  });

  const projectName = (projectId?: string) =>
    (projectId ? ctx.accounts.projects.projectById(projectId) : undefined)?.name ?? 'Pawloween';

  app.get(PAGE_PATHS.device, async (request, reply) => {
    const typed = z
      .object({ code: text(64) })
      .catch({ code: undefined })
      .parse(request.query);
    const code = typed.code ? ctx.deviceCodes.pending(typed.code) : undefined;
    return html(
      reply,
      200,
      devicePage({
        projectName: projectName(code?.projectId),
        userCode: code?.userCode ?? typed.code,
        requirePassword: ctx.requirePassword,
      }),
    );
  });

  app.post(PAGE_PATHS.device, async (request, reply) => {
    const form = ApproveForm.catch({}).parse(request.body ?? {});
    const code = form.user_code ? ctx.deviceCodes.pending(form.user_code) : undefined;
    const again = (status: number, error: string) =>
      html(
        reply,
        status,
        devicePage({
          projectName: projectName(code?.projectId),
          userCode: form.user_code,
          email: form.email,
          error,
          requirePassword: ctx.requirePassword,
        }),
      );
    if (isForeignFormPost(request, ctx.originOf(request), ctx.allowedOrigins))
      return again(403, 'This form was sent from another website: enter the code on this page.');
    if (!code)
      return again(
        400,
        'That code is not waiting for a sign-in: check it, or start again with `pawloween login`.',
      );
    const project = ctx.accounts.projects.projectById(code.projectId);
    if (!project) return again(400, 'That sign-in is for a project this platform no longer has.');
    const signedIn = await signInPerson(ctx, request, project, form);
    if (!signedIn.ok) return again(signedIn.status, signedIn.error);
    ctx.deviceCodes.approve(code, signedIn.token);
    return html(reply, 200, deviceDonePage(signedIn.email));
  });
}
