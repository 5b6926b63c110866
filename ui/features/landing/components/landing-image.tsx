import type { ImgHTMLAttributes } from 'react';

const OUR_STILL = /^\/media\/landing\/[\w-]+\.(png|jpg)$/;

/** The WebP beside one of our landing stills (scripts/make-media.ts makes it); none for others. */
export function webpOf(src: string): string | undefined {
  return OUR_STILL.test(src) ? src.replace(/\.(png|jpg)$/, '.webp') : undefined;
}

/**
 * A landing still: our own files go as WebP where the browser takes it (a quarter of the PNG's
 * bytes), with the PNG or JPEG as the fallback; an asset table's file is shown as given.
 */
export function LandingImage(props: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const webp = webpOf(props.src);
  if (!webp) return <img {...props} />;
  return (
    <picture className="pw-picture">
      <source srcSet={webp} type="image/webp" />
      <img {...props} />
    </picture>
  );
}
