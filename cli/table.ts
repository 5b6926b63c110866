import type { Layout } from './terminal-style';
import { visible } from './terminal-text';

const GAP = 2;
/** The narrowest a column is made to fit a terminal (its header keeps up to this many letters). */
const MIN_COLUMN = 4;

/**
 * Left-aligned columns separated by two spaces: readable and easy to grep. Cells often hold what
 * the platform said (ids, names, e-mails): their control characters are shown, never sent. Given
 * a width (a terminal's), the widest columns give way first and their long cells end in "…", so no
 * line wraps on the terminal; in a pipe nothing is cut.
 */
export function columns(
  rawRows: readonly (readonly string[])[],
  options: { readonly width?: number; readonly header?: Layout['bold'] } = {},
): string {
  const rows = rawRows.map((row) => row.map((cell) => visible(cell)));
  const natural: number[] = [];
  for (const row of rows)
    row.forEach((cell, column) => (natural[column] = Math.max(natural[column] ?? 0, cell.length)));
  const widths = fit(natural, options.width);
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cut(cell, widths[column] ?? 0).padEnd(widths[column] ?? 0))
      .join(' '.repeat(GAP))
      .trimEnd();
  const { header } = options;
  return `${rows.map((row, i) => (i === 0 && header ? header(line(row)) : line(row))).join('\n')}\n`;
}

/** Columns under a header row, bold where the layout has colour, fitted to its width. */
export function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  layout?: Layout,
): string {
  return columns([header, ...rows], { width: layout?.width, header: layout?.bold });
}

/** Column widths that fit `width`: one character at a time off the widest that may still give. */
function fit(natural: readonly number[], width: number | undefined): number[] {
  const widths = [...natural];
  if (!width) return widths;
  const total = () => widths.reduce((sum, w) => sum + w, 0) + GAP * (widths.length - 1);
  while (total() > width) {
    let widest = -1;
    widths.forEach((w, i) => {
      const floor = Math.min(natural[i] ?? 0, MIN_COLUMN);
      if (w > floor && (widest < 0 || w > (widths[widest] ?? 0))) widest = i;
    });
    if (widest < 0) break;
    widths[widest] = (widths[widest] ?? 1) - 1;
  }
  return widths;
}

const cut = (cell: string, width: number) =>
  cell.length <= width ? cell : `${cell.slice(0, Math.max(0, width - 1))}\u2026`;
