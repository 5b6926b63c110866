import { render } from '@testing-library/react';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STILL_SIZES, stillSrcSet } from '../landing-stills';
import { LandingImage } from './landing-image';

const SMALL_AND_FULL = (base: string, format: string) =>
  `${base}-320.${format} 320w, ${base}.${format} 480w`;

describe('landing stills in AVIF and WebP at two widths', () => {
  it('offers AVIF, then WebP, at 320 and 480 px with the sizes the layout gives, the PNG or JPEG as the fallback', () => {
    const { container } = render(
      <LandingImage src="/media/landing/after-1.png" alt="After" sizes={STILL_SIZES.hero} />,
    );
    const sources = [...container.querySelectorAll('picture > source')].map((source) => ({
      type: source.getAttribute('type'),
      srcset: source.getAttribute('srcset'),
      sizes: source.getAttribute('sizes'),
    }));
    expect(sources).toEqual([
      {
        type: 'image/avif',
        srcset: SMALL_AND_FULL('/media/landing/after-1', 'avif'),
        sizes: STILL_SIZES.hero,
      },
      {
        type: 'image/webp',
        srcset: SMALL_AND_FULL('/media/landing/after-1', 'webp'),
        sizes: STILL_SIZES.hero,
      },
    ]);
    expect(container.querySelector('picture > img')).toHaveAttribute(
      'src',
      '/media/landing/after-1.png',
    );
  });

  it('shows an asset table’s file as given: there are no variants of it', () => {
    expect(stillSrcSet('/assets/abc123/after.png', 'avif')).toBeUndefined();
    expect(stillSrcSet('https://cdn.example/media/landing/after-1.png', 'webp')).toBeUndefined();
    const { container } = render(
      <LandingImage src="/assets/abc123/after.png" alt="After" sizes={STILL_SIZES.pair} />,
    );
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', '/assets/abc123/after.png');
  });

  it('every file the page names is shipped (scripts/make-media.ts --stills)', () => {
    const stills = [
      ...[1, 2, 3].flatMap((n) => [`before-${n}.png`, `after-${n}.png`]),
      ...Array.from({ length: 10 }, (_, i) => `carousel-${i + 1}.jpg`),
    ];
    const missing = stills
      .flatMap((still) =>
        (['avif', 'webp'] as const).flatMap((format) =>
          stillSrcSet(`/media/landing/${still}`, format)!
            .split(', ')
            .map((candidate) => candidate.split(' ')[0]!),
        ),
      )
      .filter((file) => !existsSync(path.join('ui/public', file)));
    expect(missing).toEqual([]);
  });

  it("index.html preloads the file the hero's picture will choose, not another one", () => {
    const html = readFileSync('index.html', 'utf8');
    const preload = /<link\s+rel="preload"\s+as="image"[^>]*>/.exec(html)?.[0] ?? '';
    const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(preload)?.[1];
    expect(attribute('imagesrcset')).toBe(stillSrcSet('/media/landing/after-1.png', 'avif'));
    expect(attribute('imagesizes')).toBe(STILL_SIZES.hero);
    expect(attribute('type')).toBe('image/avif');
    expect(attribute('fetchpriority')).toBe('high');
  });
});
