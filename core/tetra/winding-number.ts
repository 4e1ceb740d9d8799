import type { TriangleBvh } from './triangle-bvh.ts';
import { surfaceQueriesOf } from './wasm-surface-queries.ts';

/**
 * Generalized winding number w(q) = (1/4π) Σ Ω_t(q) over all triangles (Jacobson et al. 2013):
 * 1 inside a closed outward-oriented surface, 0 outside, and a smooth, sensible value for open,
 * multi-part or self-intersecting input, so "w > ½" defines a solid for any triangle soup.
 *
 * Fast evaluation (Barill et al. 2018, "Fast Winding Numbers for Soups and Clouds", order 1):
 * a BVH node seen from farther than `accuracy` × its radius contributes the solid angle of its
 * dipole, Ω ≈ N·(c − q)/|c − q|³ (N = Σ area-weighted normals, c = area-weighted centroid);
 * nearer nodes are opened, and leaves use the exact triangle solid angle (Van Oosterom &
 * Strackee 1983): tan(Ω/2) = a·(b×c) / (|a||b||c| + (a·b)|c| + (a·c)|b| + (b·c)|a|).
 */
export function windingNumber(bvh: TriangleBvh, qx: number, qy: number, qz: number, accuracy = 2): number {
  const wasm = surfaceQueriesOf(bvh);
  return wasm ? wasm.windingNumber(qx, qy, qz, accuracy) : windingNumberJs(bvh, qx, qy, qz, accuracy);
}

/**
 * windingNumber in JS: the reference that wasm-surface-queries.ts follows float for float (its
 * arctangent is Math.atan2, imported), and the fallback where WebAssembly is missing.
 */
export function windingNumberJs(bvh: TriangleBvh, qx: number, qy: number, qz: number, accuracy = 2): number {
  // A wrapper small enough to be inlined, so that the doubles reach the sum through an array
  // and are not boxed on the heap, as arguments of a call V8 does not inline are.
  query[0] = qx;
  query[1] = qy;
  query[2] = qz;
  query[3] = accuracy;
  return windingNumberOfQuery(bvh);
}

/** windingNumber for the point query[0..2] with the accuracy query[3]. */
function windingNumberOfQuery(bvh: TriangleBvh): number {
  const qx = query[0];
  const qy = query[1];
  const qz = query[2];
  const accuracy = query[3];
  const stack = scratchStack;
  let top = 0;
  stack[top++] = 0;
  let omega = 0;
  const p = bvh.positions;
  const ix = bvh.indices;
  while (top > 0) {
    const n = stack[--top];
    const cx = bvh.center[3 * n] - qx;
    const cy = bvh.center[3 * n + 1] - qy;
    const cz = bvh.center[3 * n + 2] - qz;
    const d2 = cx * cx + cy * cy + cz * cz;
    const r = accuracy * bvh.radius[n];
    if (d2 > r * r) {
      const d = Math.sqrt(d2);
      omega +=
        (bvh.normalSum[3 * n] * cx + bvh.normalSum[3 * n + 1] * cy + bvh.normalSum[3 * n + 2] * cz) /
        (d2 * d);
      continue;
    }
    const l = bvh.left[n];
    if (l >= 0) {
      stack[top++] = l;
      stack[top++] = bvh.right[n];
      continue;
    }
    const end = bvh.start[n] + bvh.count[n];
    for (let k = bvh.start[n]; k < end; k++) {
      const t = bvh.order[k];
      const a = 3 * ix[3 * t];
      const b = 3 * ix[3 * t + 1];
      const c = 3 * ix[3 * t + 2];
      omega += triangleSolidAngle(
        p[a] - qx,
        p[a + 1] - qy,
        p[a + 2] - qz,
        p[b] - qx,
        p[b + 1] - qy,
        p[b + 2] - qz,
        p[c] - qx,
        p[c + 1] - qy,
        p[c + 2] - qz,
      );
    }
  }
  return omega / (4 * Math.PI);
}

const scratchStack = new Int32Array(256);
const query = new Float64Array(4);

/** Signed solid angle (sr) of the triangle (a, b, c) given relative to the viewpoint. */
export function triangleSolidAngle(
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
): number {
  const la = Math.sqrt(ax * ax + ay * ay + az * az);
  const lb = Math.sqrt(bx * bx + by * by + bz * bz);
  const lc = Math.sqrt(cx * cx + cy * cy + cz * cz);
  const det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  const den =
    la * lb * lc +
    (ax * bx + ay * by + az * bz) * lc +
    (ax * cx + ay * cy + az * cz) * lb +
    (bx * cx + by * cy + bz * cz) * la;
  return 2 * Math.atan2(det, den);
}
