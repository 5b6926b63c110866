/**
 * Our landing stills: a PNG or JPEG 480 px wide, and beside it AVIF and WebP at 480 and 320 px
 * (scripts/make-media.ts --stills), offered through srcset so a phone fetches the smallest that is
 * sharp on its screen. Pure names, shared by the media script, the page and index.html's preload.
 */
export const STILL_WIDTHS = [320, 480] as const;
const FULL_WIDTH = 480;
export type StillFormat = 'avif' | 'webp';

const OUR_STILL = /^\/media\/landing\/[\w-]+\.(png|jpg)$/;

/** How wide each kind of still shows (measured in chromium from 320 to 1920 px). */
export const STILL_SIZES = {
  hero: '(max-width: 760px) 64vw, 370px',
  pair: '(max-width: 600px) 36vw, (max-width: 900px) 28vw, 150px',
  carousel: '(max-width: 600px) 150px, 200px',
} as const;

/** The file of a still in a format at a width: after-1.avif at full width, after-1-320.avif. */
export function stillVariant(src: string, format: StillFormat, width: number): string {
  const base = src.replace(/\.(png|jpg)$/, '');
  return width === FULL_WIDTH ? `${base}.${format}` : `${base}-${width}.${format}`;
}

/** The srcset of one of our stills in a format; none for a file that is not ours (an asset table's). */
export function stillSrcSet(src: string, format: StillFormat): string | undefined {
  if (!OUR_STILL.test(src)) return undefined;
  return STILL_WIDTHS.map((width) => `${stillVariant(src, format, width)} ${width}w`).join(', ');
}
