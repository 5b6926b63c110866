// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { replaceSvgsWithImages, svgImageSource } from './capture-svgs';

// As html2canvas leaves an icon in its clone: every computed style inlined, the page's placing too.
const PLACED =
  'position: absolute; top: 18px; left: 399px; transform: rotate(4deg); animation-name: pw-flutter; ' +
  'opacity: 1; margin-left: 2px; width: 38.4px; height: 38.4px; color: rgba(155, 92, 246, 0.55); ' +
  'stroke: rgba(155, 92, 246, 0.55); fill: none; display: inline';

beforeEach(() => {
  document.body.innerHTML = `
    <div class="pw-hero__bats">
      <svg viewBox="0 0 24 24" width="1em" height="1em" style="${PLACED}">
        <path d="M12 8c-1 0-1.5-1.5-1.5-1.5" style="stroke: rgba(155, 92, 246, 0.55)" />
        <svg viewBox="0 0 4 4"><circle r="1" /></svg>
      </svg>
    </div>`;
});

function decode(source: string): SVGSVGElement {
  expect(source.startsWith('data:image/svg+xml,')).toBe(true);
  const markup = decodeURIComponent(source.slice('data:image/svg+xml,'.length));
  return new DOMParser().parseFromString(markup, 'image/svg+xml')
    .documentElement as unknown as SVGSVGElement;
}

describe('replaceSvgsWithImages', () => {
  it('puts an image in place of each outermost svg, laid out by the same inline style', () => {
    const style = document.querySelector('svg')!.getAttribute('style');
    expect(replaceSvgsWithImages(document)).toBe(1);
    expect(document.querySelector('svg')).toBeNull();
    const image = document.querySelector('.pw-hero__bats > img')!;
    expect(image.getAttribute('style')).toBe(style);
    expect(image.getAttribute('alt')).toBe('');
  });

  it('draws the svg in the image without the styles that place it in the page', () => {
    const image = decode(svgImageSource(document.querySelector('svg')!));
    expect(image.getAttribute('width')).toBe('38.4');
    expect(image.getAttribute('height')).toBe('38.4');
    expect(image.namespaceURI).toBe('http://www.w3.org/2000/svg');
    const style = image.getAttribute('style')!;
    for (const placing of [
      'position',
      'top',
      'left',
      'transform',
      'animation',
      'opacity',
      'margin',
    ])
      expect(style).not.toMatch(new RegExp(`(^|; )${placing}[-:]`));
    // What paints it stays: currentColor still resolves in the standalone image.
    expect(style).toContain('color: rgba(155, 92, 246, 0.55)');
    expect(style).toContain('stroke: rgba(155, 92, 246, 0.55)');
    expect(image.querySelector('path')?.getAttribute('d')).toBe('M12 8c-1 0-1.5-1.5-1.5-1.5');
    expect(image.querySelector('circle')).not.toBeNull();
  });
});
