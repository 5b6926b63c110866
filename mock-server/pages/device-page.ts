import { escapeHtml, renderPage } from './layout';

export interface DevicePageModel {
  projectName: string;
  userCode?: string;
  email?: string;
  error?: string;
  requirePassword?: boolean;
}

/**
 * GET /auth/device: a person approves a terminal's sign-in (`pawloween login` on a server, over
 * SSH) by typing the code it shows and signing in, on any device with a browser.
 */
export function devicePage(model: DevicePageModel): string {
  const error = model.error ? `<p class="error" role="alert">${escapeHtml(model.error)}</p>` : '';
  return renderPage({
    title: 'Sign in a device',
    body: `<h1>Sign in a device to ${escapeHtml(model.projectName)}</h1>
<p class="lead">Enter the code your terminal shows, then your e-mail. Only do this for a device you started the sign-in on yourself.</p>
${error}
<form method="post" action="/auth/device" class="form" id="device-form">
  <label for="user_code">Code</label>
  <input id="user_code" name="user_code" required maxlength="16" autocomplete="one-time-code"
    autocapitalize="characters" spellcheck="false" placeholder="BCDF-GHJK" value="${escapeHtml(model.userCode ?? '')}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254"
    placeholder="you@example.com" value="${escapeHtml(model.email ?? '')}">
  ${
    model.requirePassword
      ? `<label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required minlength="8" maxlength="200">`
      : ''
  }
  <button type="submit" class="primary">Sign in the device</button>
</form>`,
  });
}

/** The device is signed in: back to the terminal. */
export function deviceDonePage(email: string): string {
  return renderPage({
    title: 'Device signed in',
    body: `<h1>Your device is signed in</h1>
<p class="lead">Signed in as <strong>${escapeHtml(email)}</strong>. You can close this tab and return to your terminal.</p>`,
  });
}
