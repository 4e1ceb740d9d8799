/**
 * Compliances shared by the constraints of a block: each distinct row of `stride` values once, and
 * per constraint the row it uses. A cloth grid's triangles have a handful of shapes and one
 * material, so a few rows serve every constraint where per-constraint arrays would repeat them;
 * the kernels read row `index[t]` where they read constraint t's own values before, the same floats.
 */
export interface ComplianceTable {
  /** The distinct rows, `stride` values each. */
  readonly values: Float64Array;
  /** Per constraint (block order), its row. */
  readonly index: Uint32Array;
}

/**
 * The distinct rows of `input` (`stride` values per input constraint) of the block's constraints,
 * block constraint t being input constraint `inputOf[t]`; equal means the same floats (−0 apart
 * from 0). `extraRows` (whole rows) are appended after them, for rows a constraint may be switched
 * to later (tearing.ts).
 */
export function complianceTable(
  input: Float64Array,
  stride: number,
  inputOf: Uint32Array,
  extraRows: readonly number[] = [],
): ComplianceTable {
  const rows = new Map<string, number>();
  const values: number[] = [];
  const index = new Uint32Array(inputOf.length);
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
    index[t] = entry;
  }
  values.push(...extraRows);
  return { values: Float64Array.from(values), index };
}
