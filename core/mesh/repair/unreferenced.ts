import type { TriMesh } from '../types.ts';
import { type RepairResult, removedVertex } from './repair-types.ts';

/** Removes vertices no triangle uses and renumbers the rest in their original order. */
export function dropUnreferencedVertices(mesh: TriMesh): RepairResult {
  const n = mesh.positions.length / 3;
  const used = new Uint8Array(n);
  for (let i = 0; i < mesh.indices.length; i++) used[mesh.indices[i]] = 1;
  const vertexOf = new Uint32Array(n).fill(removedVertex);
  let kept = 0;
  for (let v = 0; v < n; v++) if (used[v]) vertexOf[v] = kept++;
  const positions = new Float32Array(3 * kept);
  for (let v = 0; v < n; v++) {
    if (used[v]) positions.set(mesh.positions.subarray(3 * v, 3 * v + 3), 3 * vertexOf[v]);
  }
  const indices = mesh.indices.map((i) => vertexOf[i]);
  return {
    mesh: { ...mesh, positions, indices },
    repair: 'drop-unreferenced',
    changed: n - kept,
    summary: `dropped ${n - kept} vertices not used by any triangle`,
    vertexOf,
  };
}
