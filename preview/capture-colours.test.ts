import { describe, expect, it } from 'vitest';
import { hasUnsupportedColour, rewriteColours } from './capture-colours';

const convert = (colour: string) => `rgba(<${colour}>)`;

describe('rewriteColours', () => {
  it('replaces every colour function html2canvas 1.4.1 cannot parse', () => {
    for (const colour of [
      'oklch(0.7 0.15 50)',
      'oklab(0.5 0.1 -0.1 / 0.5)',
      'lab(50% 20 30)',
      'lch(50% 30 200)',
      'hwb(120 10% 20%)',
      'color(display-p3 1 0 0)',
      'color-mix(in oklab, red 40%, blue)',
    ]) {
      expect(rewriteColours(colour, convert)).toBe(`rgba(<${colour}>)`);
    }
  });

  it('rewrites colours inside shadows and gradients, leaving the rest as it was', () => {
    const value = 'linear-gradient(oklch(0.7 0.1 20), rgb(0, 0, 0) 50%, lab(40 10 calc(5)))';
    expect(rewriteColours(value, convert)).toBe(
      'linear-gradient(rgba(<oklch(0.7 0.1 20)>), rgb(0, 0, 0) 50%, rgba(<lab(40 10 calc(5))>))',
    );
    expect(rewriteColours('oklch(0.5 0.1 20) 0px 4px 12px', convert)).toBe(
      'rgba(<oklch(0.5 0.1 20)>) 0px 4px 12px',
    );
  });

  it('leaves rgb, hsl and hex colours alone', () => {
    for (const value of ['rgb(1, 2, 3)', 'rgba(1, 2, 3, 0.5)', 'hsl(20 50% 50%)', '#fff']) {
      expect(hasUnsupportedColour(value)).toBe(false);
      expect(rewriteColours(value, convert)).toBe(value);
    }
  });

  it('paints a colour the converter cannot read as transparent rather than failing', () => {
    expect(rewriteColours('oklch(nonsense)', () => undefined)).toBe('rgba(0, 0, 0, 0)');
  });
});
