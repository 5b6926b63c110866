/** How two writers' edits of one value compose: the edits that turned base into mine, onto theirs. */
export type Merge<T> = (base: T, mine: T, theirs: T) => T;

/** Whole values: mine when this device changed anything, else theirs (last writer wins). */
export function keepMineIfChanged<T>(base: T, mine: T, theirs: T): T {
  return JSON.stringify(base) === JSON.stringify(mine) ? theirs : mine;
}
