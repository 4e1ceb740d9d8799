/**
 * An open-addressing table of u32 triples, keys[3i … 3i + 2] for item i, in typed arrays: the
 * exact weld's vertices (their float32 bits) and the import report's triangles (their sorted
 * corners). No allocation per item, where a Map or Set of text keys made one string each.
 */

/** A table for up to `items` items (at most half full). */
export function tripleTable(items: number): Int32Array {
  let size = 16;
  while (size < 2 * items) size *= 2;
  return new Int32Array(size).fill(-1);
}

/** The first item in `table` whose triple equals item i's; i itself, entered, where there is none. */
export function firstWithSameTriple(table: Int32Array, keys: Uint32Array, i: number): number {
  const mask = table.length - 1;
  const x = keys[3 * i];
  const y = keys[3 * i + 1];
  const z = keys[3 * i + 2];
  for (
    let h = (Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791)) & mask;
    ;
    h = (h + 1) & mask
  ) {
    const u = table[h];
    if (u < 0) {
      table[h] = i;
      return i;
    }
    if (keys[3 * u] === x && keys[3 * u + 1] === y && keys[3 * u + 2] === z) return u;
  }
}
