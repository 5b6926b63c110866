/** The 1x1 gif html2canvas 1.4.1 measures text baselines with (FontMetrics.parseMetrics). */
const METRICS_IMAGE =
  'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * html2canvas puts two helpers of its own into the live page, where the page's CSS reaches them:
 * the iframe it lays the clone out in (sized only by attributes, so `iframe { width: 200px }`
 * squeezes the whole capture) and a 1x1 image it measures text baselines against (so
 * `img { display: block }` or fixed image sizes shift every line of text). These rules hold both
 * to what html2canvas assumes.
 */
export function guardRules(width: number, height: number): string {
  const image = `img[src="${METRICS_IMAGE}"]`;
  return `
iframe.html2canvas-container {
  width: ${width}px !important; height: ${height}px !important;
  min-width: 0 !important; max-width: none !important; min-height: 0 !important; max-height: none !important;
  padding: 0 !important; border: 0 !important; transform: none !important;
}
${image} {
  display: inline !important; position: static !important; float: none !important;
  width: 1px !important; height: 1px !important; min-width: 0 !important; min-height: 0 !important;
  max-width: none !important; max-height: none !important; border: 0 !important;
  object-fit: fill !important; aspect-ratio: auto !important;
}
div:has(> ${image}), div:has(> ${image}) > span {
  display: block !important; position: static !important; width: auto !important; height: auto !important;
  border: 0 !important; line-height: normal;
}
div:has(> ${image}) > span { display: inline !important; }
`;
}

/**
 * Adds the rules for the length of one capture; returns the function that takes them away.
 * A constructed stylesheet where the browser has them, since a strict CSP may refuse a <style>.
 */
export function guardCapture(doc: Document, width: number, height: number): () => void {
  const rules = guardRules(width, height);
  const view = doc.defaultView;
  if (view && 'adoptedStyleSheets' in doc && typeof view.CSSStyleSheet === 'function') {
    try {
      const sheet = new view.CSSStyleSheet();
      sheet.replaceSync(rules);
      doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
      return () => {
        doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
      };
    } catch {
      // Fall through to a <style> element.
    }
  }
  const style = doc.createElement('style');
  style.textContent = rules;
  doc.head.append(style);
  return () => style.remove();
}
