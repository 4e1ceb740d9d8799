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
 * Merges vertices with bit-identical coordinates (−0 and +0 count as equal). glTF
 * exporters split vertices at UV and normal seams; topology must be judged on the surface.
 */
export function weldExact(mesh: Pick<TriMesh, 'positions' | 'indices'>): ExactWeld {
  const { positions, indices } = mesh;
  const n = positions.length / 3;
  const vertexOf = new Uint32Array(n);
  const firstOf = new Map<string, number>();
  const kept: number[] = [];
  for (let i = 0; i < n; i++) {
    // `+ 0` turns −0 into +0; the decimal form of a float32 value is exact and unique.
    const key = `${positions[3 * i] + 0} ${positions[3 * i + 1] + 0} ${positions[3 * i + 2] + 0}`;
    let id = firstOf.get(key);
    if (id === undefined) {
      id = kept.length;
      firstOf.set(key, id);
      kept.push(i);
    }
    vertexOf[i] = id;
  }
  const welded = new Float32Array(kept.length * 3);
  for (let id = 0; id < kept.length; id++)
    welded.set(positions.subarray(3 * kept[id], 3 * kept[id] + 3), 3 * id);
  const remapped = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) remapped[i] = vertexOf[indices[i]];
  return { vertexOf, positions: welded, indices: remapped, count: kept.length };
}
