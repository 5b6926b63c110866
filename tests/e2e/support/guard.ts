import type { BrowserContext, Page } from 'playwright-core';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Test output never carries a token, even a local one: addresses lose their token parameters. */
function redact(text: string): string {
  return text.replace(/((?:access_?token|accessToken|user_token)=)[^&\s)]+/gi, '$1…');
}

/** Schemes that reach the network; data:, blob: and about: never leave the machine. */
function leavesMachine(url: string): boolean {
  try {
    const parsed = new URL(url);
    if (!['http:', 'https:', 'ws:', 'wss:'].includes(parsed.protocol)) return false;
    return !LOOPBACK.has(parsed.hostname);
  } catch {
    return false;
  }
}

/**
 * Watches a context: any request to a non-loopback host is aborted and recorded, and so is every
 * console error or warning and uncaught page error, unless a journey declared it expected (a 402 answer is
 * logged by chromium as "Failed to load resource", and the preview journey logs on purpose).
 */
export class Guard {
  private readonly problems: string[] = [];
  private readonly expected: RegExp[] = [];

  static async watch(context: BrowserContext): Promise<Guard> {
    const guard = new Guard();
    await context.route(
      (url) => leavesMachine(url.href),
      (route) => {
        guard.problems.push(
          `request left the machine: ${route.request().method()} ${route.request().url()}`,
        );
        return route.abort('blockedbyclient');
      },
    );
    context.on('request', (request) => {
      if (leavesMachine(request.url()))
        guard.problems.push(`request left the machine: ${request.method()} ${request.url()}`);
    });
    context.on('page', (page) => guard.watchPage(page));
    for (const page of context.pages()) guard.watchPage(page);
    return guard;
  }

  /** Declares console errors (text and source URL) and uncaught errors matching `pattern` as part of this journey. */
  expectConsoleError(pattern: RegExp) {
    this.expected.push(pattern);
  }

  /** Everything that went wrong so far, without duplicates. */
  report(): string[] {
    return [...new Set(this.problems.map(redact))];
  }

  private watchPage(page: Page) {
    page.on('console', (message) => {
      // A warning counts as much as an error: a normal journey leaves the console clean.
      const kind = message.type();
      if (kind !== 'error' && kind !== 'warning') return;
      const where = message.location().url;
      const text = `${message.text()}${where ? ` (${where})` : ''}`;
      if (this.expected.some((pattern) => pattern.test(text))) return;
      this.problems.push(`console ${kind} on ${page.url()}: ${text}`);
    });
    page.on('pageerror', (error) => {
      if (this.expected.some((pattern) => pattern.test(error.message))) return;
      this.problems.push(`uncaught error on ${page.url()}: ${error.stack ?? error.message}`);
    });
  }
}
