import type { TriMesh } from '../types.ts';
import type { RepairResult } from './repair-types.ts';

/**
 * Merges vertices closer than `relativeTolerance` × the bounding-box diagonal (m). Each
 * vertex joins the first earlier kept vertex within reach (no chaining, so a row of
 * close vertices does not collapse into one); the kept vertex does not move.
 */
export function weldByTolerance(mesh: TriMesh, relativeTolerance = 1e-6): RepairResult {
  const { positions } = mesh;
  const n = positions.length / 3;
  const tolerance = relativeTolerance * diagonal(positions);
  const vertexOf = new Uint32Array(n);
  const kept: number[] = [];
  const cells = new Map<number, number[]>();
  const cell = tolerance > 0 ? tolerance : 1;
  const limit = tolerance * tolerance;
  // Hashed cell keys may collide; that only costs a distance check.
  const key = (x: number, y: number, z: number) =>
    (Math.imul(x | 0, 73856093) ^ Math.imul(y | 0, 19349663) ^ Math.imul(z | 0, 83492791)) >>> 0;
  for (let v = 0; v < n; v++) {
    const x = positions[3 * v];
    const y = positions[3 * v + 1];
    const z = positions[3 * v + 2];
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    const cz = Math.floor(z / cell);
    let match = -1;
    let best = Infinity;
    for (let dz = -1; dz <= 1; dz++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const list = cells.get(key(cx + dx, cy + dy, cz + dz));
          if (!list) continue;
          for (const k of list) {
            const source = kept[k];
            const ex = positions[3 * source] - x;
            const ey = positions[3 * source + 1] - y;
            const ez = positions[3 * source + 2] - z;
            const d = ex * ex + ey * ey + ez * ez;
            if (d <= limit && d < best) {
              match = k;
              best = d;
            }
          }
        }
      }
    }
    if (match >= 0) {
      vertexOf[v] = match;
      continue;
    }
    vertexOf[v] = kept.length;
    const home = key(cx, cy, cz);
    const list = cells.get(home);
    if (list) list.push(kept.length);
    else cells.set(home, [kept.length]);
    kept.push(v);
  }
  const welded = new Float32Array(3 * kept.length);
  for (let k = 0; k < kept.length; k++) welded.set(positions.subarray(3 * kept[k], 3 * kept[k] + 3), 3 * k);
  const indices = mesh.indices.map((i) => vertexOf[i]);
  const merged = n - kept.length;
  return {
    mesh: { ...mesh, positions: welded, indices },
    repair: 'weld',
    changed: merged,
    summary: `merged ${merged} vertices closer than ${short(tolerance)} m (${short(relativeTolerance)} × bbox diagonal)`,
    vertexOf,
  };
}

function diagonal(positions: Float32Array): number {
  if (positions.length === 0) return 0;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  return Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
}

/** 3 significant digits in exponent form: 1.41e-6, 1e-6. */
function short(x: number): string {
  return x
    .toExponential(2)
    .replace(/\.?0+e/, 'e')
    .replace('e+', 'e');
}
