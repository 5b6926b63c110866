export interface Size {
  readonly width: number;
  readonly height: number;
}

/** How long a poster may take to load for a capture: the page already shows it, so it is cached. */
const POSTER_TIMEOUT_MS = 3_000;

/** Where a source of `natural` size lands in `box` under a CSS object-fit value (centred). */
export function fitRect(natural: Size, box: Size, fit: string): Size & { x: number; y: number } {
  let scale: number;
  if (fit === 'fill' || natural.width === 0 || natural.height === 0) {
    return { x: 0, y: 0, width: box.width, height: box.height };
  }
  const cover = Math.max(box.width / natural.width, box.height / natural.height);
  const contain = Math.min(box.width / natural.width, box.height / natural.height);
  if (fit === 'cover') scale = cover;
  else if (fit === 'none') scale = 1;
  else if (fit === 'scale-down') scale = Math.min(1, contain);
  else scale = contain;
  const width = natural.width * scale;
  const height = natural.height * scale;
  return { x: (box.width - width) / 2, y: (box.height - height) / 2, width, height };
}

/**
 * Draws `source` into a box-sized canvas as object-fit would and returns it as a PNG data URL;
 * undefined when the box is empty or the source is cross-origin (reading it back throws).
 */
export function drawFitted(
  owner: Element,
  source: CanvasImageSource,
  natural: Size,
  box: Size,
  fit: string,
  scale: number,
): string | undefined {
  if (box.width <= 0 || box.height <= 0) return undefined;
  const canvas = owner.ownerDocument.createElement('canvas');
  canvas.width = Math.round(box.width * scale);
  canvas.height = Math.round(box.height * scale);
  const context = canvas.getContext('2d');
  if (!context) return undefined;
  const rect = fitRect(natural, box, fit);
  try {
    context.scale(scale, scale);
    context.drawImage(source, rect.x, rect.y, rect.width, rect.height);
    return canvas.toDataURL('image/png');
  } catch {
    return undefined;
  }
}

/** Loads an image for drawing, asking for CORS so it can be read back; undefined on failure. */
export function loadImage(doc: Document, src: string): Promise<HTMLImageElement | undefined> {
  return new Promise((resolve) => {
    const image = doc.createElement('img');
    const timer = setTimeout(() => resolve(undefined), POSTER_TIMEOUT_MS);
    const settle = (value: HTMLImageElement | undefined) => () => {
      clearTimeout(timer);
      resolve(value);
    };
    image.crossOrigin = 'anonymous';
    image.onload = settle(image);
    image.onerror = settle(undefined);
    image.src = src;
  });
}
