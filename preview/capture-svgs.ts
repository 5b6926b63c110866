/**
 * html2canvas 1.4.1 draws an inline <svg> by serializing it, with every computed style inlined,
 * into a standalone SVG image. Layout styles come along and act again inside that image: an icon
 * placed with position: absolute and left: 400px (the landing hero's bats) is drawn 400px to the
 * right of its own 40px image, so nothing of it shows; a transform would apply twice.
 *
 * So in the clone each outermost <svg> becomes an <img> with the same inline style, which lays out
 * as the svg did and gets its position and transform from html2canvas once, showing the svg
 * serialized without the styles that place it.
 */

/** Styles that place or animate the element in the page; inside the image they would act again. */
const PLACING =
  /^(position|top|right|bottom|left|inset|margin|transform|translate|rotate|scale|animation|transition|opacity|float|z-index|offset)(-|$)/;

function paintingStyle(style: CSSStyleDeclaration): string {
  const kept: string[] = [];
  for (let index = 0; index < style.length; index += 1) {
    const name = style.item(index);
    if (!PLACING.test(name)) kept.push(`${name}: ${style.getPropertyValue(name)}`);
  }
  return kept.join('; ');
}

/** Its laid-out size in CSS pixels: the inlined computed width and height html2canvas wrote. */
function size(svg: SVGSVGElement): { width: number; height: number } {
  const width = Number.parseFloat(svg.style.getPropertyValue('width'));
  const height = Number.parseFloat(svg.style.getPropertyValue('height'));
  const box = svg.getBoundingClientRect();
  return {
    width: Number.isFinite(width) && width > 0 ? width : box.width,
    height: Number.isFinite(height) && height > 0 ? height : box.height,
  };
}

/** The svg as a standalone image of its laid-out size, without the styles that place it. */
export function svgImageSource(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const { width, height } = size(svg);
  copy.setAttribute('width', `${width}`);
  copy.setAttribute('height', `${height}`);
  copy.setAttribute('style', paintingStyle(svg.style));
  return `data:image/svg+xml,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
}

/** Replaces every outermost <svg> of the clone with an <img> of it; returns how many. */
export function replaceSvgsWithImages(clone: Document): number {
  const outermost = [...clone.querySelectorAll<SVGSVGElement>('svg')].filter(
    (svg) => !svg.parentElement?.closest('svg'),
  );
  for (const svg of outermost) {
    const image = clone.createElement('img');
    image.setAttribute('style', svg.getAttribute('style') ?? '');
    const { width, height } = size(svg);
    if (!image.style.width) image.style.width = `${width}px`;
    if (!image.style.height) image.style.height = `${height}px`;
    image.alt = '';
    image.src = svgImageSource(svg);
    svg.replaceWith(image);
  }
  return outermost.length;
}
