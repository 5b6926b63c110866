/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface PageOptions {
  title: string;
  body: string;
  /** External scripts under /platform-assets/ (the CSP allows no inline script). */
  scripts?: string[];
}

/** The shell of every platform page: Halloween styling, fonts and scripts all served from this origin. */
export function renderPage({ title, body, scripts = [] }: PageOptions): string {
  const tags = scripts
    .map((name) => `<script src="/platform-assets/${escapeHtml(name)}" defer></script>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Pawloween</title>
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'%3E%3Cpath d='M12 6c-3-1.5-8-.5-8 6.5S8 21 12 20c4 1 8-1 8-7.5S15 4.5 12 6Z' fill='%23ff7a1a'/%3E%3C/svg%3E">
<link rel="stylesheet" href="/platform-assets/pages.css">
${tags}
</head>
<body>
<div class="sky" aria-hidden="true"><span class="moon"></span><span class="bat b1"></span><span class="bat b2"></span></div>
<main class="card">
<p class="brand"><span aria-hidden="true">🎃</span> Pawloween <span class="brand-sub">platform</span></p>
${body}
</main>
<footer class="foot">Local platform · no real accounts, payments or AI · © 2025</footer>
</body>
</html>`;
}

/** A page that explains why a request was refused, with nothing to click through to. */
export function refusalPage(title: string, message: string): string {
  return renderPage({
    title,
    body: `<h1>${escapeHtml(title)}</h1><p class="lead" role="alert">${escapeHtml(message)}</p>
<p class="muted">You can close this window and return to the app.</p>`,
  });
}
