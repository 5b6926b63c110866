import { escapeHtml, renderPage } from './layout';

/** GET /publish?create=true: what publishing means for the local platform. */
export function publishPage(origin: string, create: boolean): string {
  return renderPage({
    title: 'Publish',
    body: `<h1>${create ? 'Publish your app' : 'Your app'}</h1>
<p class="lead">This is the local platform: your app already runs at <strong>${escapeHtml(origin)}</strong>.</p>
<ol class="steps">
  <li>Create a project on the hosted platform and copy its project token.</li>
  <li>Build the app with that token and the hosted platform's base URL.</li>
  <li>Serve <code>dist/</code> from any static host and add its origin to the project's allowed origins.</li>
</ol>
<p class="muted">No data leaves this machine until you do.</p>`,
  });
}
