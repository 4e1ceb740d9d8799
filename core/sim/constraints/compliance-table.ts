/**
 * Compliances shared by the constraints of a block: each distinct row of `stride` values once, and
 * per constraint the row it uses. A cloth grid's triangles have a handful of shapes and one
 * material, so a few rows serve every constraint where per-constraint arrays would repeat them;
 * the kernels read row `tableRow(index, t)` where they read constraint t's own values before, the
 * same floats.
 */
export interface ComplianceTable {
  /** The distinct rows, `stride` values each. */
  readonly values: Float64Array;
  /** Per constraint (block order), its row; one element for all of them when they share one (RowIndex). */
  readonly index: RowIndex;
}

/**
 * The row of each constraint, in the narrowest unsigned type that holds every row of the table
 * (a grid's handful of rows: one byte per constraint). One element (row 0) serves every
 * constraint when they all use the same row and no row is there to switch a constraint to (no
 * extra rows): a block of one material then keeps no per-constraint index at all. That
 * one-element index is always a Uint8Array (one row), so the WebAssembly kernels read it as
 * 0 bytes per constraint of u8 (kernel-bindings.ts `rowIndexBytes`).
 */
export type RowIndex = Uint8Array | Uint16Array | Uint32Array;

/**
 * Step through `index` per constraint: 0 for a one-element index (every constraint reads element 0;
 * a block of one constraint reads the same element either way), else 1.
 */
export function rowStride(index: RowIndex): number {
  return index.length === 1 ? 0 : 1;
}

/** The row of constraint t (block order). */
export function tableRow(index: RowIndex, t: number): number {
  return index[t * rowStride(index)];
}

/**
 * The distinct rows of `input` (`stride` values per input constraint) of the block's constraints,
 * block constraint t being input constraint `inputOf[t]`; equal means the same floats (−0 apart
 * from 0). `extraRows` (whole rows) are appended after them, for rows a constraint may be switched
 * to later (tearing.ts); with them the index stays per constraint, so that it can be switched.
 */
export function complianceTable(
  input: Float64Array,
  stride: number,
  inputOf: Uint32Array,
  extraRows: readonly number[] = [],
): ComplianceTable {
  const rows = new Map<string, number>();
  const values: number[] = [];
  const rowOf = new Uint32Array(inputOf.length);
  for (let t = 0; t < inputOf.length; t++) {
    const row = input.subarray(stride * inputOf[t], stride * inputOf[t] + stride);
    // Exact: −0 is kept apart from 0 (String(−0) is '0').
    const key = Array.from(row, (v) => (Object.is(v, -0) ? '-0' : String(v))).join(',');
    let entry = rows.get(key);
    if (entry === undefined) {
      entry = values.length / stride;
      rows.set(key, entry);
      values.push(...row);
    }
    rowOf[t] = entry;
  }
  values.push(...extraRows);
  const rowCount = values.length / stride;
  const shared = rows.size === 1 && extraRows.length === 0;
  const Index = rowCount <= 0x100 ? Uint8Array : rowCount <= 0x10000 ? Uint16Array : Uint32Array;
  return { values: Float64Array.from(values), index: shared ? new Uint8Array(1) : Index.from(rowOf) };
}
