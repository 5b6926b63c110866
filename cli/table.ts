import type { Layout } from './terminal-style';
import { visible } from './terminal-text';

/**
 * Left-aligned columns separated by two spaces: readable and easy to grep. Cells often hold what
 * the platform said (ids, names, e-mails): their control characters are shown, never sent.
 */
export function columns(rawRows: readonly (readonly string[])[], header?: Layout['bold']): string {
  const rows = rawRows.map((row) => row.map((cell) => visible(cell)));
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, cell.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return `${rows.map((row, i) => (i === 0 && header ? header(line(row)) : line(row))).join('\n')}\n`;
}

/** Columns under a header row, bold where the layout has colour. */
export function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  layout?: Layout,
): string {
  return columns([header, ...rows], layout?.bold);
}
