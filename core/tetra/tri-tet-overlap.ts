/**
 * Separating-axis test between a triangle (9 floats) and a tet (12 floats): two convex sets
 * are disjoint exactly when their projections on one of these axes do not overlap: the 4 tet
 * face normals, the triangle normal, and the 6 × 3 cross products of tet and triangle edges.
 * Touching counts as overlapping (a small relative slack), so a vertex on a tet face is kept.
 *
 * Written without temporaries (the embedded lattice tests every triangle against the tets near
 * it: a fresh tetrahedralization worker runs this before its compiler has optimised it, where
 * each array made here would be allocated and collected).
 */
export function triangleIntersectsTet(tri: Float64Array, tet: Float64Array): boolean {
  // Triangle normal: (t1 − t0) × (t2 − t0).
  const ux = tri[3] - tri[0];
  const uy = tri[4] - tri[1];
  const uz = tri[5] - tri[2];
  const vx = tri[6] - tri[0];
  const vy = tri[7] - tri[1];
  const vz = tri[8] - tri[2];
  if (separated(tri, tet, uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx)) return false;
  // Tet face normals: the face missing vertex `skip` is (f0, f1, f2), its other vertices in order.
  for (let skip = 0; skip < 4; skip++) {
    const f0 = 3 * (skip === 0 ? 1 : 0);
    const f1 = 3 * (skip <= 1 ? 2 : 1);
    const f2 = 3 * (skip <= 2 ? 3 : 2);
    const ax = tet[f1] - tet[f0];
    const ay = tet[f1 + 1] - tet[f0 + 1];
    const az = tet[f1 + 2] - tet[f0 + 2];
    const bx = tet[f2] - tet[f0];
    const by = tet[f2 + 1] - tet[f0 + 1];
    const bz = tet[f2 + 2] - tet[f0 + 2];
    if (separated(tri, tet, ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx)) return false;
  }
  // Tet edge (i, j) × triangle edge (k, k + 1).
  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      const ex = tet[3 * j] - tet[3 * i];
      const ey = tet[3 * j + 1] - tet[3 * i + 1];
      const ez = tet[3 * j + 2] - tet[3 * i + 2];
      for (let k = 0; k < 3; k++) {
        const next = 3 * ((k + 1) % 3);
        const gx = tri[next] - tri[3 * k];
        const gy = tri[next + 1] - tri[3 * k + 1];
        const gz = tri[next + 2] - tri[3 * k + 2];
        if (separated(tri, tet, ey * gz - ez * gy, ez * gx - ex * gz, ex * gy - ey * gx)) return false;
      }
    }
  }
  return true;
}

/** True when the projections of the triangle and the tet on axis (x, y, z) are disjoint. */
function separated(tri: Float64Array, tet: Float64Array, x: number, y: number, z: number): boolean {
  if (x === 0 && y === 0 && z === 0) return false; // parallel edges: not an axis
  let triLo = Infinity;
  let triHi = -Infinity;
  let scale = 0;
  for (let k = 0; k < 9; k += 3) {
    const d = tri[k] * x + tri[k + 1] * y + tri[k + 2] * z;
    triLo = Math.min(triLo, d);
    triHi = Math.max(triHi, d);
    scale = Math.max(scale, Math.abs(d));
  }
  let tetLo = Infinity;
  let tetHi = -Infinity;
  for (let k = 0; k < 12; k += 3) {
    const d = tet[k] * x + tet[k + 1] * y + tet[k + 2] * z;
    tetLo = Math.min(tetLo, d);
    tetHi = Math.max(tetHi, d);
    scale = Math.max(scale, Math.abs(d));
  }
  const slack = 1e-9 * scale;
  return triHi < tetLo - slack || tetHi < triLo - slack;
}
