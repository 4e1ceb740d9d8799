import type { TriMesh } from './types.ts';

/** A mesh's vertices merged by exactly equal position. */
export interface ExactWeld {
  /** Per input vertex, its welded vertex. */
  vertexOf: Uint32Array;
  /** Welded positions, xyz interleaved (the first input vertex of each weld). */
  positions: Float32Array;
  /** Triangle indices rewritten to welded vertices. */
  indices: Uint32Array;
  count: number;
}

/**
 * Merges vertices with bit-identical coordinates (−0 and +0 count as equal), ids in order of first
 * appearance. glTF exporters split vertices at UV and normal seams; topology must be judged on the
 * surface. An open-addressing hash on the float32 bit patterns (a Map of text keys took tens of
 * milliseconds on a mesh of 35k vertices). Welded positions are the first vertex's, −0 kept.
 */
export function weldExact(mesh: Pick<TriMesh, 'positions' | 'indices'>): ExactWeld {
  const { positions, indices } = mesh;
  const n = Math.floor(positions.length / 3);
  // Each coordinate + 0 (−0 becomes +0), as float32 bits: equal bits, equal coordinates.
  const values = new Float32Array(3 * n);
  for (let i = 0; i < 3 * n; i++) values[i] = positions[i] + 0;
  const bits = new Uint32Array(values.buffer);
  let size = 16;
  while (size < 2 * n) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1);
  const vertexOf = new Uint32Array(n);
  const first = new Uint32Array(n);
  let count = 0;
  for (let v = 0; v < n; v++) {
    const x = bits[3 * v];
    const y = bits[3 * v + 1];
    const z = bits[3 * v + 2];
    for (
      let h = (Math.imul(x, 73856093) ^ Math.imul(y, 19349663) ^ Math.imul(z, 83492791)) & mask;
      ;
      h = (h + 1) & mask
    ) {
      const u = table[h];
      if (u < 0) {
        table[h] = v;
        first[count] = v;
        vertexOf[v] = count++;
        break;
      }
      if (bits[3 * u] === x && bits[3 * u + 1] === y && bits[3 * u + 2] === z) {
        vertexOf[v] = vertexOf[u];
        break;
      }
    }
  }
  const welded = new Float32Array(3 * count);
  for (let id = 0; id < count; id++) welded.set(positions.subarray(3 * first[id], 3 * first[id] + 3), 3 * id);
  const remapped = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) remapped[i] = vertexOf[indices[i]];
  return { vertexOf, positions: welded, indices: remapped, count };
}
