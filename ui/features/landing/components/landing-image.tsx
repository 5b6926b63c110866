import type { ImgHTMLAttributes } from 'react';
import { stillSrcSet, type STILL_SIZES } from '../landing-stills';

type StillProps = ImgHTMLAttributes<HTMLImageElement> & {
  src: string;
  /** How wide the still shows, for the browser to pick a file (landing-stills.ts). */
  sizes: (typeof STILL_SIZES)[keyof typeof STILL_SIZES];
};

/**
 * A landing still: our own files go as AVIF or WebP at the width the screen needs (a tenth of the
 * PNG's bytes on a phone), with the PNG or JPEG as the fallback; an asset table's file is shown as
 * given.
 */
export function LandingImage({ sizes, ...props }: StillProps) {
  const avif = stillSrcSet(props.src, 'avif');
  const webp = stillSrcSet(props.src, 'webp');
  if (!avif || !webp) return <img {...props} />;
  return (
    <picture className="pw-picture">
      <source srcSet={avif} sizes={sizes} type="image/avif" />
      <source srcSet={webp} sizes={sizes} type="image/webp" />
      <img {...props} />
    </picture>
  );
}
