import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { ProjectRow } from '../store/accounts-store';
import { hashPassword, verifyPassword } from './passwords';

const Email = z.string().trim().toLowerCase().pipe(z.email());

export type SignInOutcome =
  { ok: true; token: string; email: string } | { ok: false; status: number; error: string };

/**
 * A person signing in to a project with the e-mail (and, beyond loopback, the password) they
 * typed: the account is made on first sign-in, and the answer is a fresh access token or the
 * reason to show on the form. Shared by the redirect sign-in page and the device sign-in page.
 */
export async function signInPerson(
  ctx: AppContext,
  request: FastifyRequest,
  project: ProjectRow,
  form: { email?: string; password?: string },
): Promise<SignInOutcome> {
  const email = Email.safeParse(form.email ?? '');
  if (!email.success)
    return { ok: false, status: 400, error: 'Please enter a valid e-mail address.' };
  const password = form.password ?? '';
  const stored = ctx.requirePassword
    ? ctx.accounts.passwordHash(project.id, email.data)
    : undefined;
  if (ctx.requirePassword && password.length < 8)
    return { ok: false, status: 400, error: 'Please enter a password of at least 8 characters.' };
  if (stored && !(await verifyPassword(password, stored)))
    return { ok: false, status: 401, error: 'That e-mail and password do not match.' };
  if (!ctx.accounts.hasUser(project.id, email.data)) ctx.hitSignup(request);
  const user = ctx.accounts.signIn(project.id, email.data);
  // First sign-in beyond loopback (or an account made on loopback): this password is theirs now.
  if (ctx.requirePassword && !stored)
    ctx.accounts.setPasswordHash(user.id, await hashPassword(password));
  const token = await ctx.tokens.sign({
    id: user.id,
    email: user.email,
    avatarUrl: new URL(user.avatar_url, ctx.originOf(request)).href,
    projectId: user.project_id,
  });
  return { ok: true, token, email: user.email };
}
