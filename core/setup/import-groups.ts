import type { TriMesh } from '../mesh/types.ts';

/**
 * Import groups (OBJ o/g/usemtl, glTF mesh and material names) live on the surface triangles;
 * a tet mesh has none of its own. Each tet takes the group of the surface triangle nearest to
 * its centroid, so a `--group Eyes=...` reaches the tets under the eyes' surface, and a group
 * boundary inside the body runs halfway between the surfaces of the two groups.
 */

/** Per tet, an index into `surface.groups` (all 0 when the surface has at most one group). */
export function tetImportGroups(
  positions: ArrayLike<number>,
  tets: ArrayLike<number>,
  surface: TriMesh,
): Uint16Array {
  const tetCount = Math.floor(tets.length / 4);
  const out = new Uint16Array(tetCount);
  if (surface.groups.length <= 1 || surface.indices.length === 0) return out;
  const grid = TriangleGrid.build(surface.positions, surface.indices);
  const point = new Float64Array(3);
  for (let t = 0; t < tetCount; t++) {
    for (let a = 0; a < 3; a++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += positions[3 * tets[4 * t + k] + a];
      point[a] = sum / 4;
    }
    out[t] = surface.groupIds[grid.nearest(point)];
  }
  return out;
}

/** Triangles binned in a uniform grid by their bounding boxes; nearest-triangle queries by rings. */
class TriangleGrid {
  private constructor(
    private readonly positions: ArrayLike<number>,
    private readonly indices: ArrayLike<number>,
    private readonly min: Float64Array,
    private readonly cellM: number,
    private readonly dims: [number, number, number],
    private readonly cells: number[][],
  ) {}

  static build(positions: ArrayLike<number>, indices: ArrayLike<number>): TriangleGrid {
    const triangleCount = Math.floor(indices.length / 3);
    const min = new Float64Array([Infinity, Infinity, Infinity]);
    const max = new Float64Array([-Infinity, -Infinity, -Infinity]);
    for (let i = 0; i < indices.length; i++) {
      for (let a = 0; a < 3; a++) {
        const c = positions[3 * indices[i] + a];
        if (c < min[a]) min[a] = c;
        if (c > max[a]) max[a] = c;
      }
    }
    const extent = [0, 1, 2].map((a) => max[a] - min[a]);
    const largest = Math.max(...extent, 1e-12);
    // About one triangle per cell on a surface: cells ≈ triangles^(3/2) would be too many, so
    // aim for ~2·triangles cells over the box, at least a few per axis.
    const volume = extent.reduce((v, e) => v * Math.max(e, largest * 1e-3), 1);
    const cellM = Math.max(Math.cbrt(volume / Math.max(1, 2 * triangleCount)), largest / 256);
    const dims = extent.map((e) => Math.max(1, Math.ceil(e / cellM))) as [number, number, number];
    const cells: number[][] = Array.from({ length: dims[0] * dims[1] * dims[2] }, () => []);
    const lo = [0, 0, 0];
    const hi = [0, 0, 0];
    for (let t = 0; t < triangleCount; t++) {
      for (let a = 0; a < 3; a++) {
        let tMin = Infinity;
        let tMax = -Infinity;
        for (let k = 0; k < 3; k++) {
          const c = positions[3 * indices[3 * t + k] + a];
          tMin = Math.min(tMin, c);
          tMax = Math.max(tMax, c);
        }
        lo[a] = clampCell(Math.floor((tMin - min[a]) / cellM), dims[a]);
        hi[a] = clampCell(Math.floor((tMax - min[a]) / cellM), dims[a]);
      }
      for (let k = lo[2]; k <= hi[2]; k++)
        for (let j = lo[1]; j <= hi[1]; j++)
          for (let i = lo[0]; i <= hi[0]; i++) cells[(k * dims[1] + j) * dims[0] + i].push(t);
    }
    return new TriangleGrid(positions, indices, min, cellM, dims, cells);
  }

  /** The triangle nearest to `p` (m). */
  nearest(p: Float64Array): number {
    const home = [0, 1, 2].map((a) => clampCell(Math.floor((p[a] - this.min[a]) / this.cellM), this.dims[a]));
    // How far p lies outside the grid's box: rings are that much less far from it.
    let outside2 = 0;
    for (let a = 0; a < 3; a++) {
      const lo = this.min[a];
      const hi = lo + this.dims[a] * this.cellM;
      const d = p[a] < lo ? lo - p[a] : p[a] > hi ? p[a] - hi : 0;
      outside2 += d * d;
    }
    const outside = Math.sqrt(outside2);
    let best = -1;
    let best2 = Infinity;
    const maxRing = Math.max(...this.dims);
    for (let ring = 0; ring <= maxRing; ring++) {
      for (let k = home[2] - ring; k <= home[2] + ring; k++) {
        if (k < 0 || k >= this.dims[2]) continue;
        for (let j = home[1] - ring; j <= home[1] + ring; j++) {
          if (j < 0 || j >= this.dims[1]) continue;
          for (let i = home[0] - ring; i <= home[0] + ring; i++) {
            if (i < 0 || i >= this.dims[0]) continue;
            const onRing =
              Math.abs(i - home[0]) === ring ||
              Math.abs(j - home[1]) === ring ||
              Math.abs(k - home[2]) === ring;
            if (!onRing) continue;
            for (const t of this.cells[(k * this.dims[1] + j) * this.dims[0] + i]) {
              const d2 = pointTriangleDistance2(p, this.positions, this.indices, t);
              if (d2 < best2 || (d2 === best2 && t < best)) {
                best2 = d2;
                best = t;
              }
            }
          }
        }
      }
      // Every cell beyond this ring is at least ring·cell (less the outside offset) away.
      const bound = ring * this.cellM - outside;
      if (best >= 0 && bound > 0 && bound * bound >= best2) break;
    }
    return Math.max(0, best);
  }
}

function clampCell(i: number, n: number): number {
  return Math.min(n - 1, Math.max(0, i));
}

/** Squared distance from p to triangle t (Ericson, Real-Time Collision Detection, §5.1.5), m². */
export function pointTriangleDistance2(
  p: ArrayLike<number>,
  positions: ArrayLike<number>,
  indices: ArrayLike<number>,
  t: number,
): number {
  const a = 3 * indices[3 * t];
  const b = 3 * indices[3 * t + 1];
  const c = 3 * indices[3 * t + 2];
  const ab = [
    positions[b] - positions[a],
    positions[b + 1] - positions[a + 1],
    positions[b + 2] - positions[a + 2],
  ];
  const ac = [
    positions[c] - positions[a],
    positions[c + 1] - positions[a + 1],
    positions[c + 2] - positions[a + 2],
  ];
  const ap = [p[0] - positions[a], p[1] - positions[a + 1], p[2] - positions[a + 2]];
  const dot = (u: number[], v: number[]) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
  const at = (s: number, w: number) => {
    // Squared distance from p to a + s·ab + w·ac.
    let sum = 0;
    for (let k = 0; k < 3; k++) {
      const d = ap[k] - s * ab[k] - w * ac[k];
      sum += d * d;
    }
    return sum;
  };
  const d1 = dot(ab, ap);
  const d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return at(0, 0);
  const bp = [p[0] - positions[b], p[1] - positions[b + 1], p[2] - positions[b + 2]];
  const d3 = dot(ab, bp);
  const d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return at(1, 0);
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return at(d1 / (d1 - d3), 0);
  const cp = [p[0] - positions[c], p[1] - positions[c + 1], p[2] - positions[c + 2]];
  const d5 = dot(ab, cp);
  const d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return at(0, 1);
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return at(0, d2 / (d2 - d6));
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    return at(1 - w, w);
  }
  const denom = va + vb + vc;
  if (!(Math.abs(denom) > 0)) return at(0, 0); // degenerate triangle: its first corner
  return at(vb / denom, vc / denom);
}
