import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boot, type BootPlan } from './boot';

const plan: BootPlan = {
  entry: '/assets/app.js',
  preloads: ['/assets/mount.js'],
  signedInApp: {
    scripts: ['/assets/full-app.js', '/assets/signed-in-app.js'],
    styles: ['/assets/signed-in-app.css'],
    titleFont: '/assets/creepster.woff2',
  },
  tokenKey: 'subscribe-dev-access-token',
  returningClass: 'pw-returning',
  heroSelector: '.pw-prerendered img.pw-hero__after',
  largestPaintWaitMs: 1000,
};

const added = () =>
  [...document.head.children].map((element) =>
    element.tagName === 'SCRIPT'
      ? `script ${element.getAttribute('type')} ${element.getAttribute('src')}`
      : `link ${element.getAttribute('rel')}${element.getAttribute('as') ? `/${element.getAttribute('as')}` : ''} ${element.getAttribute('href')}`,
  );

/** A hero portrait whose decode settles when the test says so. */
function heroPortrait() {
  let decoded!: () => void;
  const image = document.createElement('img');
  image.className = 'pw-hero__after';
  image.decode = () => new Promise<void>((resolve) => (decoded = resolve));
  const landing = document.createElement('div');
  landing.className = 'pw-prerendered';
  landing.append(image);
  document.body.append(landing);
  return () => decoded();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.className = '';
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('boot.js', () => {
  it('lets a signed-out visitor see the landing page and asks for the app once the hero portrait is decoded', async () => {
    const decoded = heroPortrait();
    boot(plan);
    expect(document.documentElement.classList.contains('pw-returning')).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(added()).toEqual([]);
    decoded();
    await vi.advanceTimersByTimeAsync(50);
    expect(added()).toEqual([
      'link modulepreload /assets/mount.js',
      'script module /assets/app.js',
    ]);
  });

  it('asks for the app after a second when the portrait never arrives', async () => {
    heroPortrait();
    boot(plan);
    await vi.advanceTimersByTimeAsync(900);
    expect(added()).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(added()).toContain('script module /assets/app.js');
  });

  it('shows a returning visitor the skeleton, preloads its title font, then the signed-in app', async () => {
    localStorage.setItem(plan.tokenKey, 'a-token');
    let fontLoaded!: () => void;
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { load: () => new Promise<void>((resolve) => (fontLoaded = resolve)) },
    });
    boot(plan);
    expect(document.documentElement.classList.contains('pw-returning')).toBe(true);
    expect(added()).toEqual(['link preload/font /assets/creepster.woff2']);
    await vi.advanceTimersByTimeAsync(50);
    expect(added()).toHaveLength(1);
    fontLoaded();
    await vi.advanceTimersByTimeAsync(50);
    expect(added()).toEqual([
      'link preload/font /assets/creepster.woff2',
      'link modulepreload /assets/mount.js',
      'script module /assets/app.js',
      'link modulepreload /assets/full-app.js',
      'link modulepreload /assets/signed-in-app.js',
      'link preload/style /assets/signed-in-app.css',
    ]);
    // Preloaded in the mode vite's own stylesheet link then asks for, so that link uses it.
    const style = document.head.querySelector('link[as="style"]');
    expect(style?.getAttribute('crossorigin')).toBe('');
    Reflect.deleteProperty(document, 'fonts');
  });

  it('treats a sign-in arriving in the address as signed in', () => {
    window.history.replaceState(null, '', '/?accessToken=abc');
    boot(plan);
    expect(document.documentElement.classList.contains('pw-returning')).toBe(true);
  });

  it('treats a page whose storage is refused as signed out', () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => boot(plan)).not.toThrow();
    expect(document.documentElement.classList.contains('pw-returning')).toBe(false);
    getItem.mockRestore();
  });
});
