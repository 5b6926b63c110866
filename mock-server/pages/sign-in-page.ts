import { escapeHtml, renderPage } from './layout';

export interface SignInPageModel {
  projectName: string;
  projectToken: string;
  redirectUri: string;
  state: string;
  email?: string;
  error?: string;
  /** Ask for a password (a platform reachable beyond loopback). */
  requirePassword?: boolean;
  /** The return is a CLI's listener: ask for the code `pawloween login` printed. */
  askListenerCode?: boolean;
}

// Signing in here sends a token to a program on this computer: only the person who started
// `pawloween login` has the code it printed, so a link to another program's listener gets nothing.
const LISTENER_CODE_FIELD = `<p class="lead">This sign-in returns to <strong>pawloween login</strong> in a terminal. Type the code it shows there. If you did not start <strong>pawloween login</strong> yourself, close this page.</p>
  <label for="listener_code">Code from your terminal</label>
  <input id="listener_code" name="listener_code" required maxlength="16" autocomplete="one-time-code"
    autocapitalize="characters" spellcheck="false" placeholder="BCDF-GHJK" autofocus>`;

/**
 * GET /auth: the local platform's sign-in. On loopback an e-mail is enough (a demo for this
 * computer, labelled so); reachable from other machines, a password is set at the first sign-in.
 */
export function signInPage(model: SignInPageModel): string {
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const error = model.error ? `<p class="error" role="alert">${escapeHtml(model.error)}</p>` : '';
  return renderPage({
    title: 'Sign in',
    scripts: ['sign-in.js'],
    body: `<h1>Sign in to ${escapeHtml(model.projectName)}</h1>
<p class="lead">Enter your e-mail to continue. Your account is created the first time you sign in.</p>
${error}
<form method="post" action="/auth/sign-in" class="form" id="sign-in-form">
  ${hidden('project_token', model.projectToken)}${hidden('redirect_uri', model.redirectUri)}${hidden('state', model.state)}
  <input type="hidden" name="popup" value="0" id="popup-flag">
${model.askListenerCode ? LISTENER_CODE_FIELD : ''}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254"
    placeholder="you@example.com" value="${escapeHtml(model.email ?? '')}"${model.askListenerCode ? '' : ' autofocus'}>
  ${
    model.requirePassword
      ? `<label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required minlength="8" maxlength="200">`
      : ''
  }
  <button type="submit" class="primary">Sign in</button>
</form>
<p class="muted">${
      model.requirePassword
        ? 'New here? The password you enter now becomes your password (at least 8 characters).'
        : 'Demo sign-in for this computer: local accounts need no password while the platform listens on loopback only.'
    } You will be sent back to <strong>${escapeHtml(new URL(model.redirectUri).host)}</strong>.</p>`,
  });
}

/** Shown in a sign-in popup: its script hands the token to the opener (origin-checked) and closes. */
export function authDonePage(model: {
  token: string;
  targetOrigin: string;
  state: string;
  redirectUri: string;
}): string {
  return renderPage({
    title: 'Signed in',
    scripts: ['auth-done.js'],
    body: `<h1>You're signed in</h1>
<p class="lead">Returning to the app…</p>
<div id="auth-result" hidden data-token="${escapeHtml(model.token)}" data-target-origin="${escapeHtml(model.targetOrigin)}"
  data-state="${escapeHtml(model.state)}" data-redirect="${escapeHtml(model.redirectUri)}"></div>`,
  });
}
