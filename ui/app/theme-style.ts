import type { CSSProperties } from 'react';
import type { AppConfig } from '../../domain/model/app-config';

/**
 * The config's colours as CSS custom properties. Each colour also gets an `-rgb` triplet so the
 * stylesheets can build translucent shades with rgba(); html2canvas (preview capture) cannot parse
 * newer colour functions such as oklch() or color-mix().
 */
export function themeStyle(colors: AppConfig['colors']): CSSProperties {
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(colors)) {
    vars[`--pw-${name}`] = value;
    const rgb = toRgbTriplet(value);
    if (rgb) vars[`--pw-${name}-rgb`] = rgb;
  }
  return vars as CSSProperties;
}

function toRgbTriplet(colour: string): string | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)).join(', ');
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(colour.trim());
  return rgb ? `${rgb[1]}, ${rgb[2]}, ${rgb[3]}` : undefined;
}
