import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe';
import { STORAGE_MERGE_412, uniqueEmail, useE2E } from './support/e2e';
import { signInThroughLocalPage, waitForApp } from './support/sign-in';
import { LARGEST_PAINT_WAIT_MS } from '../../scripts/prerender-landing.ts';

const e2e = useE2E();

/** Distance of an element's top from the top of the viewport, once scrolling has settled. */
async function topOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => Math.round(element.getBoundingClientRect().top));
}

async function expectScrolledTo(page: Page, heading: string) {
  const top = () =>
    page
      .getByRole('heading', { name: heading, level: 2 })
      .evaluate((element) => element.getBoundingClientRect().top);
  // Smooth scrolling settles with the section's heading near the top of the viewport.
  await expect
    .poll(
      async () => {
        const value = await top();
        return value >= 0 && value < 200;
      },
      { timeout: 8_000 },
    )
    .toBe(true);
}

/** Holds the app's entry script back until released: the page shows what a phone paints first. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The level-1 titles a person can see (rendered with a size). */
function visibleTitles(page: Page): Promise<(string | null)[]> {
  return page
    .locator('h1')
    .evaluateAll((headings) =>
      headings
        .filter((heading) => heading.getBoundingClientRect().height > 0)
        .map((heading) => heading.textContent),
    );
}

describe('the landing page is in the HTML (prerendered at build)', () => {
  it('a phone paints the hero and fetches its portrait before any script; the app starts after', async () => {
    const html = await (await fetch(`${e2e.baseUrl}/`)).text();
    expect(html).toContain('<h1 class="pw-hero__title pw-display">Pawloween</h1>');
    expect(html).toMatch(/<div class="pw-prerendered" inert>/);
    // No module script in the page itself: boot.js starts the app after the first paint.
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<script src="/boot.js"></script>');

    const page = await e2e.open('mobile');
    // The app replaces the prerendered copy: one hero, and it answers.
    await page.locator('.pw-prerendered').waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.className)).not.toContain(
      'pw-returning',
    );
  });

  it("asks for the app's script once the hero portrait is in, or a second after the first paint without it", async () => {
    const context = await e2e.context('mobile');
    const portrait = /\/media\/landing\/after-1[\w-]*\.(avif|webp|png)$/;
    const appScript = /\/assets\/app-[\w-]+\.js$/;
    const timing = `(() => {
      const resource = (pattern) => performance.getEntriesByType('resource').find((entry) => pattern.test(entry.name));
      const paint = performance.getEntriesByName('first-paint')[0];
      return { portrait: resource(${portrait})?.responseEnd, appAsked: resource(${appScript}).startTime, bootArrived: resource(/\\/boot\\.js$/).responseEnd, firstPaint: paint?.startTime };
    })()`;

    // A slow portrait: the app's script waits for it, so it does not share the phone's bandwidth.
    const slow = await context.newPage();
    await slow.route(portrait, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await slow.goto(`${e2e.baseUrl}/`);
    await slow.locator('.pw-prerendered').waitFor({ state: 'detached' });
    const slowly = (await slow.evaluate(timing)) as { portrait: number; appAsked: number };
    expect(slowly.portrait).toBeGreaterThan(0);
    expect(slowly.appAsked).toBeGreaterThan(slowly.portrait);

    // A portrait that never comes: the app still starts, a second after the first paint. boot.js
    // starts that second in the first frame's requestAnimationFrame, which a slow machine may run
    // a while before the paint is recorded, so the second is measured from boot.js's arrival,
    // which is before that frame: it cannot come early.
    const lost = await context.newPage();
    await lost.route(portrait, () => new Promise(() => {}));
    await lost.goto(`${e2e.baseUrl}/`, { waitUntil: 'domcontentloaded' });
    await lost.locator('.pw-prerendered').waitFor({ state: 'detached' });
    const without = (await lost.evaluate(timing)) as {
      appAsked: number;
      bootArrived: number;
      firstPaint: number;
    };
    expect(without.appAsked - without.bootArrived).toBeGreaterThanOrEqual(LARGEST_PAINT_WAIT_MS);
    expect(without.appAsked - without.firstPaint).toBeLessThan(3_000);
    await lost.getByRole('button', { name: 'Sign In', exact: true }).first().click();
    await lost.waitForURL((url) => url.pathname.startsWith('/auth'));
  });

  it("a returning signed-in visitor sees the app's frame instead, before any script, and then the app", async () => {
    const page = await e2e.open('mobile', { signedInAs: 'returning@example.com' });
    const release = await holdAppScript(page);
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(
      await page.evaluate(() => document.documentElement.classList.contains('pw-returning')),
    ).toBe(true);
    const skeleton = page.locator('.pw-prerendered-app');
    expect(await skeleton.getByRole('heading', { includeHidden: true }).allTextContents()).toEqual([
      'Create a Costume',
    ]);
    expect(await visibleTitles(page)).toEqual(['Create a Costume']);
    expect(await skeleton.locator('.pw-header, .pw-bottom-bar').count()).toBe(2);
    const before = await skeleton.locator('h1').boundingBox();

    release();
    await page.getByRole('button', { name: /Generate Halloween Costume/ }).waitFor();
    await skeleton.waitFor({ state: 'detached' });
    expect(await visibleTitles(page)).toEqual(['Create a Costume']);
    // Where the app puts it: the title does not move when the app replaces the frame.
    expect(await page.locator('#pw-create-title').boundingBox()).toEqual(before);
  });

  it("the frame's title, painted in its own font before the app's script is asked for, stays the largest paint", async () => {
    const page = await e2e.open('mobile', { signedInAs: 'returning@example.com' });
    // When each largest paint was, and when the app took the frame away.
    await page.addInitScript(`
      window.__largest = [];
      new PerformanceObserver((list) => window.__largest.push(...list.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver((changes, observer) => {
        if (window.__replaced || !changes.some((change) => [...change.removedNodes].some((node) => node.classList && node.classList.contains('pw-prerendered-app')))) return;
        window.__replaced = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    `);
    // The title font comes over a slow network, and the app only after it: a title first painted
    // in the fallback font would be outgrown by the app's, painted in Creepster.
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let fontServed = () => {};
    const served = new Promise<void>((resolve) => (fontServed = resolve));
    await page.route(/creepster-latin-400-normal-[\w-]+\.woff2$/, async (route) => {
      await sleep(300);
      await route.continue();
      fontServed();
    });
    await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
      await served;
      await sleep(200);
      await route.continue();
    });
    await page.reload();
    await page.getByRole('button', { name: /Generate Halloween Costume/ }).waitFor();
    const paints = (await page.evaluate(`(async () => {
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 100)));
      const resource = (pattern) => performance.getEntriesByType('resource').find((entry) => pattern.test(entry.name));
      return {
        largest: window.__largest.map((entry) => entry.startTime),
        replaced: window.__replaced,
        fontLoaded: resource(/creepster-latin-400-normal-[\\w-]+\\.woff2$/).responseEnd,
        appAsked: resource(/\\/assets\\/app-[\\w-]+\\.js$/).startTime,
      };
    })()`)) as { largest: number[]; replaced: number; fontLoaded: number; appAsked: number };
    // The last largest paint (the frame's title, once its font is in) came before the app replaced
    // the frame: the app's own title, painted later, was no larger. It would be, over a title first
    // painted in the fallback font.
    expect(paints.largest.length).toBeGreaterThan(0);
    expect(paints.largest.at(-1)).toBeLessThan(paints.replaced);
    expect(paints.fontLoaded).toBeLessThan(paints.appAsked);

    // The signed-in app's chunk and its styles are fetched while the app's script still loads, not
    // once it has run and started the session (one round trip less before the Create view paints).
    const timing = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        path: new URL(entry.name).pathname,
        startTime: entry.startTime,
        responseEnd: entry.responseEnd,
      })),
    );
    const appScript = timing.find((entry) => /^\/assets\/mount-[\w-]+\.js$/.test(entry.path));
    const early = [/^\/assets\/signed-in-app-[\w-]+\.(js|css)$/];
    expect(appScript).toBeDefined();
    for (const pattern of early) {
      const paths = new Set(timing.filter((entry) => pattern.test(entry.path)).map((e) => e.path));
      expect(paths.size, String(pattern)).toBeGreaterThan(0);
      // A preloaded file is listed again when vite adds it for real (from the preload's copy).
      for (const path of paths) {
        const first = Math.min(...timing.filter((e) => e.path === path).map((e) => e.startTime));
        expect(first, path).toBeLessThan(appScript!.responseEnd);
      }
    }
  });
});

describe("a signed-out visitor never sees the app's frame", () => {
  it('the landing page paints before any script, and stays once the app has started', async () => {
    const page = await e2e.open('mobile');
    const release = await holdAppScript(page);
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.locator('.pw-prerendered-app').count()).toBe(1);
    expect(await visibleTitles(page)).toEqual(['Pawloween']);
    release();
    await page.locator('.pw-prerendered').waitFor({ state: 'detached' });
    expect(await visibleTitles(page)).toEqual(['Pawloween']);
  });
});

describe('a signed-out visitor runs the landing page alone', () => {
  const appChunk = /\/assets\/full-app-[\w-]+\.js$/;

  it('no session, platform client or schemas until Sign In, which then loads them and goes to sign in', async () => {
    const page = await (await e2e.context('mobile')).newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${e2e.baseUrl}/`);
    await page.locator('.pw-prerendered').waitFor({ state: 'detached' });
    // Not 'networkidle': the looping videos can keep the network busy on a loaded machine. The
    // page's load event, then a second of idle time, is when an eager or idle-time import would show.
    await page.waitForLoadState('load');
    await page.evaluate(
      'new Promise((done) => requestIdleCallback(() => setTimeout(done, 1000), { timeout: 5000 }))',
    );
    expect(scripts.some((path) => /\/assets\/mount-[\w-]+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => appChunk.test(path))).toEqual([]);
    const apiCalls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/v1/')),
    );
    expect(apiCalls).toEqual([]);

    // A touch on the page fetches it, so Sign In does not wait for it.
    await page.getByRole('button', { name: 'Sign In', exact: true }).first().hover();
    await expect.poll(() => scripts.some((path) => appChunk.test(path))).toBe(true);
    await page.getByRole('button', { name: 'Sign In', exact: true }).first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/auth'));
  });

  it('a sign-in in another tab reaches a tab still showing the landing page', async () => {
    // Both tabs may give the new account its first profile at once: one write merges after a 412.
    e2e.expectConsoleError(STORAGE_MERGE_412);
    const landing = await (await e2e.context('desktop')).newPage();
    await landing.goto(`${e2e.baseUrl}/`);
    await landing.locator('.pw-prerendered').waitFor({ state: 'detached' });
    const other = await landing.context().newPage();
    await other.goto(`${e2e.baseUrl}/`);
    await signInThroughLocalPage(other, uniqueEmail('landing-tab'));
    await waitForApp(landing);
  });
});

describe('the web fonts arriving late move nothing', () => {
  it('the hero painted in the fallback font wraps as it will in Nunito: its art stays where it is', async () => {
    const page = await (await e2e.context('mobile')).newPage();
    let release: () => void = () => undefined;
    const fontsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/*.woff2', async (route) => {
      await fontsHeld;
      await route.continue();
    });
    // The page's load event waits for the fonts.
    await page.goto(`${e2e.baseUrl}/`, { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    const layout = () =>
      page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        return {
          tagline: Math.round(box('.pw-hero__tagline').height),
          art: Math.round(box('.pw-hero__art').top),
        };
      });
    expect(await page.evaluate(() => document.fonts.check('16px Nunito'))).toBe(false);
    const before = await layout();

    release();
    await page.waitForFunction(() => document.fonts.check('16px Nunito'));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await layout()).toEqual(before);
  });
});

describe('landing page (signed out)', () => {
  it('shows the hero, the three steps, the transformations, the call to action and the footer, with no prices', async () => {
    const page = await e2e.open('desktop');

    await page.getByRole('heading', { level: 1, name: 'Pawloween' }).waitFor();
    expect(await page.getByRole('button', { name: 'Sign In', exact: true }).isVisible()).toBe(true);

    await page.getByRole('heading', { name: 'How the Magic Works' }).waitFor();
    for (const step of ['Upload Photos', 'Mystical Transformation', 'Get Images & Videos']) {
      expect(await page.getByRole('heading', { level: 3, name: step }).isVisible(), step).toBe(
        true,
      );
    }

    await page.getByRole('heading', { name: 'See the Transformations' }).waitFor();
    expect(await page.getByRole('img', { name: /before$/ }).count()).toBe(3);
    expect(await page.getByRole('img', { name: /Halloween costume result$/ }).count()).toBe(3);
    const videos = page.locator('video');
    expect(await videos.count()).toBe(6);
    const loops = await videos.evaluateAll((elements) =>
      (elements as HTMLVideoElement[]).map((video) => video.loop),
    );
    expect(loops).toEqual([true, true, true, true, true, true]);
    // Six looping videos side by side on a wide screen: nothing hidden off to the side.
    const overflow = await videos.first().evaluate((video) => {
      const list = video.closest('ul') ?? video.parentElement!;
      return list.scrollWidth - list.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(1);
    expect(
      await page
        .getByRole('list', { name: /costume examples/i })
        .getByRole('img')
        .count(),
    ).toBe(10);

    expect(await page.getByRole('button', { name: 'Try it Now for Free' }).isVisible()).toBe(true);
    const footer = page.getByRole('contentinfo');
    for (const name of ['How it Works', 'See Transformations', 'Back to Top']) {
      expect(await footer.getByRole('button', { name }).isVisible(), name).toBe(true);
    }
    expect(await footer.textContent()).toContain('2025');

    // Free to start, instant results, HD quality; prices and credit amounts are not shown.
    const text = await page.locator('body').innerText();
    for (const claim of [/free/i, /instant/i, /HD/]) expect(text).toMatch(claim);
    expect(text).not.toMatch(/[$€£]\s?\d|\d\s?(USD|credits?)\b|per month|\/mo\b/i);

    await expectAccessible(page, 'landing page (desktop)');
  });

  it('scrolls to each section from the footer buttons', async () => {
    const page = await e2e.open('desktop');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();

    await footer.getByRole('button', { name: 'How it Works' }).click();
    await expectScrolledTo(page, 'How the Magic Works');

    await footer.getByRole('button', { name: 'See Transformations' }).click();
    await expectScrolledTo(page, 'See the Transformations');

    await footer.getByRole('button', { name: 'Back to Top' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5_000 }).toBe(0);
    expect(await topOf(page, 'h1')).toBeGreaterThanOrEqual(0);
  });

  it('turns the video grid into a swipeable carousel on mobile', async () => {
    const page = await e2e.open('mobile');
    await page.getByRole('heading', { level: 1, name: 'Pawloween' }).waitFor();
    // A phone fetches no loop until it comes near: posters only, and no .mp4 on the wire.
    const fetchedLoops = () =>
      page.evaluate(
        () =>
          performance.getEntriesByType('resource').filter((entry) => /\.mp4/.test(entry.name))
            .length,
      );
    expect(await fetchedLoops()).toBe(0);
    const sources = () =>
      page
        .locator('video')
        .evaluateAll((videos) =>
          videos.map((video) => [video.getAttribute('src'), video.getAttribute('poster')]),
        );
    for (const [src, poster] of await sources()) {
      expect(src).toBeNull();
      expect(poster).toMatch(/loop-\d\.jpg$/);
    }
    await page.getByRole('heading', { name: 'See the Transformations' }).scrollIntoViewIfNeeded();
    await page.locator('video').first().scrollIntoViewIfNeeded();
    await expect.poll(async () => (await sources())[0]?.[0], { timeout: 5_000 }).toMatch(/\.mp4$/);
    await expect.poll(fetchedLoops, { timeout: 5_000 }).toBeGreaterThan(0);
    const carousel = await page
      .locator('video')
      .first()
      .evaluate((video) => {
        const list = video.closest('ul') ?? video.parentElement!;
        const style = getComputedStyle(list);
        return { overflowX: style.overflowX, wider: list.scrollWidth > list.clientWidth + 10 };
      });
    expect(carousel.wider).toBe(true);
    expect(['auto', 'scroll']).toContain(carousel.overflowX);
    // The page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await expectAccessible(page, 'landing page (mobile)');
  });
});
