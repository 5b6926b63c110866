import { render } from '@testing-library/react';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LandingImage, webpOf } from './landing-image';

describe('landing stills as WebP', () => {
  it('offers the WebP beside our own still first, the PNG or JPEG as the fallback', () => {
    const { container } = render(<LandingImage src="/media/landing/after-1.png" alt="After" />);
    const source = container.querySelector('picture > source');
    expect(source).toHaveAttribute('srcset', '/media/landing/after-1.webp');
    expect(source).toHaveAttribute('type', 'image/webp');
    expect(container.querySelector('picture > img')).toHaveAttribute(
      'src',
      '/media/landing/after-1.png',
    );
  });

  it('shows an asset table’s file as given: there is no WebP of it', () => {
    expect(webpOf('/assets/abc123/after.png')).toBeUndefined();
    expect(webpOf('https://cdn.example/media/landing/after-1.png')).toBeUndefined();
    const { container } = render(<LandingImage src="/assets/abc123/after.png" alt="After" />);
    expect(container.querySelector('picture')).toBeNull();
  });

  it('every WebP the page names is shipped (scripts/make-media.ts --webp)', () => {
    const stills = [
      ...[1, 2, 3].flatMap((n) => [`before-${n}.png`, `after-${n}.png`]),
      ...Array.from({ length: 10 }, (_, i) => `carousel-${i + 1}.jpg`),
    ];
    const missing = stills
      .map((still) => webpOf(`/media/landing/${still}`)!)
      .filter((webp) => !existsSync(path.join('ui/public', webp)));
    expect(missing).toEqual([]);
  });
});
