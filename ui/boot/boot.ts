// boot.js, the one blocking script of index.html (scripts/prerender-landing.ts builds it from this
// file). It runs before the first paint: it marks <html> when the visitor is (or is becoming)
// signed in, and starts the app's script once the page's largest paint is on screen, which needs no
// script: the hero portrait of the prerendered landing page, or for a visitor who is signed in the
// skeleton's title, which waits for its font (preloaded here). Their page then fetches the
// signed-in app's chunks and styles at once as well. The app's script comes after that paint, not
// beside it: it would share a phone's bandwidth with the portrait, and its title would be a later,
// larger paint than the skeleton's fallback one (see .pw-prerendered-app in ui/styles/base.css).
//
// The built script is this file's `boot` function called with the build's plan, so `boot` uses
// nothing from outside itself: no imports, no helpers at module level.

/** What the build knows and boot.js needs: file names, the token's storage key and the classes. */
export interface BootPlan {
  /** The app's entry module and the modules index.html would have preloaded with it. */
  readonly entry: string;
  readonly preloads: readonly string[];
  /** What a signed-in visitor needs at once: the app's chunks, their styles and the title font. */
  readonly signedInApp: {
    readonly scripts: readonly string[];
    readonly styles: readonly string[];
    readonly titleFont: string;
  };
  /** localStorage key of the access token (STORAGE_KEYS.accessToken). */
  readonly tokenKey: string;
  /** Class on <html> that shows the signed-in skeleton instead of the landing page. */
  readonly returningClass: string;
  /** The prerendered landing page's hero portrait, its largest paint. */
  readonly heroSelector: string;
  /** How long the app's script waits for the largest paint before it loads anyway. */
  readonly largestPaintWaitMs: number;
}

export function boot(plan: BootPlan): void {
  let signedIn = false;
  try {
    signedIn =
      Boolean(localStorage.getItem(plan.tokenKey)) || /[?&]accessToken=/.test(location.search);
  } catch {
    // Storage refused (a sandboxed frame, blocked cookies): treated as a signed-out visitor.
  }
  if (signedIn) document.documentElement.classList.add(plan.returningClass);

  const add = (tag: 'link' | 'script', properties: Record<string, string>) => {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(properties)) element.setAttribute(name, value);
    document.head.appendChild(element);
  };
  const preload = (href: string) => add('link', { rel: 'modulepreload', crossorigin: '', href });
  // In CORS mode like the stylesheet link vite adds for the chunk (crossorigin=""): a preload in
  // another mode is not the one used, and chromium warns that it was preloaded for nothing.
  const preloadStyle = (href: string) =>
    add('link', { rel: 'preload', as: 'style', crossorigin: '', href });
  const afterPaint = (run: () => void) => requestAnimationFrame(() => setTimeout(run, 0));

  const start = () => {
    plan.preloads.forEach(preload);
    add('script', { type: 'module', crossorigin: '', src: plan.entry });
  };
  const startSignedIn = () => {
    start();
    // The rest of the app, the signed-in app's own chunk and their styles would otherwise wait for
    // the entry to run and the session to start (the styles even for their chunk to run: vite adds
    // them when the chunk is imported).
    plan.signedInApp.scripts.forEach(preload);
    plan.signedInApp.styles.forEach(preloadStyle);
  };
  // Calls run once the page's largest paint is on screen (when ready settles), a second at most.
  const afterLargestPaint = (ready: () => Promise<unknown>, run: () => void) => {
    let started = false;
    const go = () => {
      if (started) return;
      started = true;
      afterPaint(run);
    };
    setTimeout(go, plan.largestPaintWaitMs);
    ready().then(go, go);
  };
  const titleFont = (): Promise<unknown> =>
    document.fonts?.load ? document.fonts.load('1em "Creepster Block"') : Promise.resolve();
  const heroPortrait = (): Promise<unknown> => {
    const portrait = document.querySelector<HTMLImageElement>(plan.heroSelector);
    return portrait?.decode ? portrait.decode() : Promise.resolve();
  };

  if (signedIn)
    add('link', {
      rel: 'preload',
      as: 'font',
      type: 'font/woff2',
      crossorigin: '',
      href: plan.signedInApp.titleFont,
    });
  afterPaint(() => {
    if (signedIn) afterLargestPaint(titleFont, startSignedIn);
    else afterLargestPaint(heroPortrait, start);
  });
}
