import { isZeroArea } from '../exact.ts';
import type { TriMesh } from '../types.ts';
import { identityVertexMap, keepTriangles, type RepairResult } from './repair-types.ts';

/** Drops triangles with a repeated vertex or exactly zero area (collinear corners). */
export function dropDegenerateFaces(mesh: TriMesh): RepairResult {
  const { indices, positions } = mesh;
  const triangles = indices.length / 3;
  const keep = new Uint8Array(triangles);
  let dropped = 0;
  for (let t = 0; t < triangles; t++) {
    const a = indices[3 * t];
    const b = indices[3 * t + 1];
    const c = indices[3 * t + 2];
    const degenerate = a === b || b === c || a === c || isZeroArea(positions, a, b, c);
    keep[t] = degenerate ? 0 : 1;
    dropped += degenerate ? 1 : 0;
  }
  return {
    mesh: keepTriangles(mesh, keep),
    repair: 'drop-degenerate',
    changed: dropped,
    summary: `dropped ${dropped} degenerate triangles (zero area or a repeated vertex)`,
    vertexOf: identityVertexMap(positions.length / 3),
  };
}

/** Drops later copies of a triangle over the same three vertices, in either winding. */
export function dropDuplicateFaces(mesh: TriMesh): RepairResult {
  const { indices } = mesh;
  const triangles = indices.length / 3;
  const keep = new Uint8Array(triangles);
  const seen = new Set<string>();
  let dropped = 0;
  for (let t = 0; t < triangles; t++) {
    const sorted = [indices[3 * t], indices[3 * t + 1], indices[3 * t + 2]].sort((x, y) => x - y);
    const key = `${sorted[0]} ${sorted[1]} ${sorted[2]}`;
    if (seen.has(key)) {
      dropped++;
      continue;
    }
    seen.add(key);
    keep[t] = 1;
  }
  return {
    mesh: keepTriangles(mesh, keep),
    repair: 'drop-duplicates',
    changed: dropped,
    summary: `dropped ${dropped} duplicate triangles`,
    vertexOf: identityVertexMap(mesh.positions.length / 3),
  };
}
