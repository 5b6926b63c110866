import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import type { ProjectRow } from '../store/account-rows';
import { hashPassword, verifyPassword } from './passwords';

const Email = z.string().trim().toLowerCase().pipe(z.email());

export type SignInOutcome =
  { ok: true; token: string; email: string } | { ok: false; status: number; error: string };

/** Shown off loopback to whoever types the e-mail of an account that has no password yet. */
export const UNCLAIMED_ACCOUNT_ERROR =
  'This account was made while the platform ran on its own computer only, and has no password yet. ' +
  'Its owner sets one by signing in once on the computer the platform runs on (or through an SSH tunnel to it).';

/**
 * A person signing in to a project with the e-mail (and, beyond loopback, the password) they
 * typed: the account is made on first sign-in, and the answer is a fresh access token or the
 * reason to show on the form. Shared by the redirect sign-in page and the device sign-in page.
 *
 * Beyond loopback the first password of a new account becomes its password. An account made
 * earlier on loopback has none, and only a client on the platform's own computer (ctx.fromOwnComputer:
 * the socket's address, or a configured proxy's word) may set it: otherwise the first stranger to
 * type its e-mail would own it.
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
  const existed = ctx.accounts.users.hasUser(project.id, email.data);
  const stored = ctx.requirePassword
    ? ctx.accounts.users.passwordHash(project.id, email.data)
    : undefined;
  if (ctx.requirePassword && password.length < 8)
    return { ok: false, status: 400, error: 'Please enter a password of at least 8 characters.' };
  if (stored && !(await verifyPassword(password, stored)))
    return { ok: false, status: 401, error: 'That e-mail and password do not match.' };
  if (ctx.requirePassword && !stored && existed && !ctx.fromOwnComputer(request))
    return { ok: false, status: 403, error: UNCLAIMED_ACCOUNT_ERROR };
  const newHash = ctx.requirePassword && !stored ? await hashPassword(password) : undefined;
  if (!existed) ctx.hitSignup(request);
  const user = ctx.accounts.users.signIn(project.id, email.data);
  // A new account's first password, or (from loopback) an old account's: never overwrites one that
  // another sign-in set meanwhile.
  if (newHash && !ctx.accounts.users.claimPassword(user.id, newHash))
    return { ok: false, status: 401, error: 'That e-mail and password do not match.' };
  const token = await ctx.tokens.sign({
    id: user.id,
    email: user.email,
    avatarUrl: new URL(user.avatar_url, ctx.originOf(request)).href,
    projectId: user.project_id,
  });
  return { ok: true, token, email: user.email };
}
