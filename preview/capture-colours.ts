/**
 * html2canvas 1.4.1 reads colours from computed styles and throws on any colour function newer than
 * rgb()/hsl() ("Attempting to parse an unsupported color function"). Chromium keeps oklch(),
 * lab(), color-mix() results and friends in computed values, so before html2canvas parses the cloned
 * page every such colour is rewritten as rgba().
 */
const UNSUPPORTED_COLOUR =
  /\b(?:oklch|oklab|lch|lab|hwb|color|color-mix)\((?:[^()]|\([^()]*\))*\)/gi;

/** Computed properties html2canvas parses as colours, or as values holding colours. */
export const COLOUR_PROPERTIES = [
  'color',
  'background-color',
  'background-image',
  'border-top-color',
  'border-right-color',
  'border-bottom-color',
  'border-left-color',
  'outline-color',
  'box-shadow',
  'text-shadow',
  'text-decoration-color',
  '-webkit-text-stroke-color',
] as const;

/** Turns one CSS colour into 'rgba(r, g, b, a)', or undefined when it cannot. */
export type ColourConverter = (colour: string) => string | undefined;

export function hasUnsupportedColour(value: string): boolean {
  UNSUPPORTED_COLOUR.lastIndex = 0;
  return UNSUPPORTED_COLOUR.test(value);
}

/** The value with every unsupported colour function replaced by what the converter makes of it. */
export function rewriteColours(value: string, convert: ColourConverter): string {
  return value.replace(UNSUPPORTED_COLOUR, (colour) => convert(colour) ?? 'rgba(0, 0, 0, 0)');
}

/**
 * A converter that lets the browser do the colour maths: paint one pixel with the colour on a
 * canvas and read it back in sRGB. Results are cached: a page repeats a handful of colours.
 */
export function canvasColourConverter(doc: Document): ColourConverter {
  const canvas = doc.createElement('canvas');
  canvas.width = 1;
  canvas.height = 1;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const cache = new Map<string, string | undefined>();
  return (colour) => {
    if (!context) return undefined;
    if (cache.has(colour)) return cache.get(colour);
    context.clearRect(0, 0, 1, 1);
    context.fillStyle = 'rgba(0, 0, 0, 0)';
    context.fillStyle = colour;
    context.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = context.getImageData(0, 0, 1, 1).data;
    const rgba = `rgba(${r}, ${g}, ${b}, ${Math.round((a / 255) * 1000) / 1000})`;
    cache.set(colour, rgba);
    return rgba;
  };
}

/** Rewrites, as !important inline styles, every colour html2canvas could not parse in the document. */
export function rewriteDocumentColours(doc: Document, convert: ColourConverter): number {
  const view = doc.defaultView;
  if (!view) return 0;
  let rewritten = 0;
  for (const element of doc.querySelectorAll<HTMLElement>('*')) {
    // Duck-typed: html2canvas builds the clone in the page's realm and adopts it into its iframe,
    // so the clone's elements are not instances of the iframe window's HTMLElement.
    if (!element.style) continue;
    const style = view.getComputedStyle(element);
    for (const property of COLOUR_PROPERTIES) {
      const value = style.getPropertyValue(property);
      if (!value || !hasUnsupportedColour(value)) continue;
      element.style.setProperty(property, rewriteColours(value, convert), 'important');
      rewritten += 1;
    }
  }
  return rewritten;
}
