import type { TriMesh } from '../types.ts';

/** Marks an input vertex that a repair removed. */
export const removedVertex = 0xffffffff;

/** One repair's outcome: the new mesh and what changed, counted. */
export interface RepairResult {
  mesh: TriMesh;
  /** Which repair ran, e.g. 'weld'. */
  repair: string;
  /** How many elements it changed (vertices merged, triangles dropped or flipped, …). */
  changed: number;
  /** A sentence for the user, e.g. "merged 40 vertices closer than 1.9e-4 m". */
  summary: string;
  /** Per input vertex, its vertex in the result (or removedVertex). */
  vertexOf: Uint32Array;
}

/** Identity vertex map for repairs that keep the vertices. */
export function identityVertexMap(vertexCount: number): Uint32Array {
  const map = new Uint32Array(vertexCount);
  for (let i = 0; i < vertexCount; i++) map[i] = i;
  return map;
}

/** Keeps the triangles with keep[t] set, with their groups. */
export function keepTriangles(mesh: TriMesh, keep: Uint8Array): TriMesh {
  let count = 0;
  for (let t = 0; t < keep.length; t++) count += keep[t];
  const indices = new Uint32Array(3 * count);
  const groupIds = new Uint16Array(count);
  let o = 0;
  for (let t = 0; t < keep.length; t++) {
    if (!keep[t]) continue;
    indices.set(mesh.indices.subarray(3 * t, 3 * t + 3), 3 * o);
    groupIds[o++] = mesh.groupIds[t];
  }
  return { ...mesh, indices, groupIds };
}
