/**
 * Splits a planar-ish polygon into triangles by ear clipping in its best-fit plane, so
 * that concave faces (common in OBJ exports of CAD parts) do not produce folded
 * triangles. Falls back to a fan where ear clipping cannot proceed (self-intersecting or
 * degenerate outlines) or where the polygon is too large for an O(n²) search.
 */

/** Above this many corners a fan is used: ear clipping costs O(n²) per polygon. */
const maxEarClipCorners = 256;

/**
 * Triangulates the polygon whose corners are `corners` (vertex indices into `positions`,
 * xyz interleaved) and returns corner triples with the polygon's winding.
 */
export function triangulatePolygon(positions: ArrayLike<number>, corners: readonly number[]): number[] {
  const n = corners.length;
  if (n === 3) return [corners[0], corners[1], corners[2]];
  if (n > maxEarClipCorners) return fan(corners);

  // Newell normal: robust best-fit plane normal for non-planar polygons.
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < n; i++) {
    const a = corners[i] * 3;
    const b = corners[(i + 1) % n] * 3;
    nx += (positions[a + 1] - positions[b + 1]) * (positions[a + 2] + positions[b + 2]);
    ny += (positions[a + 2] - positions[b + 2]) * (positions[a] + positions[b]);
    nz += (positions[a] - positions[b]) * (positions[a + 1] + positions[b + 1]);
  }
  const ax = Math.abs(nx);
  const ay = Math.abs(ny);
  const az = Math.abs(nz);
  if (ax + ay + az === 0 || !Number.isFinite(ax + ay + az)) return fan(corners);

  // Project by dropping the dominant axis; flip one axis so the outline is counter-clockwise.
  const [u, v, sign] = az >= ax && az >= ay ? [0, 1, nz] : ax >= ay ? [1, 2, nx] : [2, 0, ny];
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    xs[i] = positions[corners[i] * 3 + u];
    ys[i] = positions[corners[i] * 3 + v] * (sign < 0 ? -1 : 1);
  }
  return earClip(xs, ys, corners);
}

function earClip(xs: Float64Array, ys: Float64Array, corners: readonly number[]): number[] {
  const remaining = corners.map((_, i) => i);
  const out: number[] = [];
  let guard = 0;
  // Starting at corner 1 makes a convex polygon come out as the fan from corner 0.
  let i = 1;
  while (remaining.length > 3) {
    const m = remaining.length;
    const prev = remaining[(i + m - 1) % m];
    const curr = remaining[i % m];
    const next = remaining[(i + 1) % m];
    if (isEar(xs, ys, remaining, prev, curr, next)) {
      out.push(corners[prev], corners[curr], corners[next]);
      remaining.splice(i % m, 1);
      guard = 0;
    } else {
      i++;
      // A full pass without an ear: the outline self-intersects; finish with a fan.
      if (++guard > m) return out.concat(fan(remaining.map((k) => corners[k])));
    }
    i %= remaining.length;
  }
  out.push(corners[remaining[0]], corners[remaining[1]], corners[remaining[2]]);
  return out;
}

function cross(xs: Float64Array, ys: Float64Array, a: number, b: number, c: number): number {
  return (xs[b] - xs[a]) * (ys[c] - ys[a]) - (ys[b] - ys[a]) * (xs[c] - xs[a]);
}

function isEar(
  xs: Float64Array,
  ys: Float64Array,
  remaining: readonly number[],
  prev: number,
  curr: number,
  next: number,
): boolean {
  if (cross(xs, ys, prev, curr, next) <= 0) return false;
  for (const k of remaining) {
    if (k === prev || k === curr || k === next) continue;
    // Closed test: a corner on the ear's boundary also blocks it (avoids zero-width cuts).
    if (
      cross(xs, ys, prev, curr, k) >= 0 &&
      cross(xs, ys, curr, next, k) >= 0 &&
      cross(xs, ys, next, prev, k) >= 0
    ) {
      return false;
    }
  }
  return true;
}

function fan(ring: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i + 1 < ring.length; i++) out.push(ring[0], ring[i], ring[i + 1]);
  return out;
}
