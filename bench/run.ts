// `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) and prints one table.
import { readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { BenchRow, Benchmark } from './bench-row';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = (await readdir(here))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.includes(name)))
  .sort();

const rows: BenchRow[] = [];
for (const file of files) {
  console.error(`running ${file} ...`);
  const benchmark = (await import(pathToFileURL(path.join(here, file)).href)).default as Benchmark;
  rows.push(...(await benchmark()));
}

const format = (value: number | undefined) =>
  value === undefined ? '' : Number.isInteger(value) ? String(value) : value.toFixed(2);
const table = rows.map((row) => ({
  figure: row.figure,
  ours: `${format(row.ours)} ${row.unit}`,
  baseline: row.baseline === undefined ? '' : `${format(row.baseline)} ${row.unit}`,
  ratio: row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}x`,
  budget: row.budget ?? '',
  result: row.pass === undefined ? '' : row.pass ? 'pass' : 'FAIL',
}));
const columns = ['figure', 'ours', 'baseline', 'ratio', 'budget', 'result'] as const;
const widths = columns.map((column) =>
  Math.max(column.length, ...table.map((row) => row[column].length)),
);
const line = (cells: readonly string[]) =>
  `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(line(columns));
console.log(line(widths.map((width) => '-'.repeat(width))));
for (const row of table) console.log(line(columns.map((column) => row[column])));
process.exitCode = rows.some((row) => row.pass === false) ? 1 : 0;
