/**
 * Element sizes of a tet mesh, for "What the solver gets" on mesh bodies: the smallest and
 * largest rest tet volume and the mean length of its distinct edges (the l of r = h·c/l, as the
 * world's per-body metrics take it). Computed once per mesh: the panel asks on every render.
 */
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';

export interface TetMeshSizes {
  /** Smallest and largest |volume| over the tets, m³. */
  minVolumeM3: number;
  maxVolumeM3: number;
  /** Mean length of the distinct tet edges, m. */
  meanEdgeM: number;
}

const cache = new WeakMap<SolidMesh, TetMeshSizes>();

/** The sizes of `mesh` (null for a mesh without tets). */
export function tetMeshSizes(mesh: SolidMesh): TetMeshSizes | null {
  const known = cache.get(mesh);
  if (known) return known;
  const { positions: p, tets } = mesh;
  if (tets.length < 4) return null;
  let minVolumeM3 = Number.POSITIVE_INFINITY;
  let maxVolumeM3 = 0;
  const seen = new Set<number>();
  const vertexCount = p.length / 3;
  let edgeSum = 0;
  for (let t = 0; t < tets.length; t += 4) {
    const v = [tets[t], tets[t + 1], tets[t + 2], tets[t + 3]];
    const [a, b, c, d] = v.map((i) => 3 * i);
    const u = [p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]];
    const w = [p[c] - p[a], p[c + 1] - p[a + 1], p[c + 2] - p[a + 2]];
    const x = [p[d] - p[a], p[d + 1] - p[a + 1], p[d + 2] - p[a + 2]];
    const volume =
      Math.abs(
        u[0] * (w[1] * x[2] - w[2] * x[1]) -
          u[1] * (w[0] * x[2] - w[2] * x[0]) +
          u[2] * (w[0] * x[1] - w[1] * x[0]),
      ) / 6;
    minVolumeM3 = Math.min(minVolumeM3, volume);
    maxVolumeM3 = Math.max(maxVolumeM3, volume);
    for (let i = 0; i < 4; i++) {
      for (let j = i + 1; j < 4; j++) {
        const lo = Math.min(v[i], v[j]);
        const hi = Math.max(v[i], v[j]);
        const key = lo * vertexCount + hi;
        if (seen.has(key)) continue;
        seen.add(key);
        edgeSum += Math.hypot(
          p[3 * lo] - p[3 * hi],
          p[3 * lo + 1] - p[3 * hi + 1],
          p[3 * lo + 2] - p[3 * hi + 2],
        );
      }
    }
  }
  const sizes = { minVolumeM3, maxVolumeM3, meanEdgeM: edgeSum / seen.size };
  cache.set(mesh, sizes);
  return sizes;
}
