import { orient2d, orient3d } from 'robust-predicates';

/**
 * Exact triangle predicates on float coordinates (Shewchuk's adaptive orient2d/orient3d),
 * so that touching, coplanar and collinear configurations are decided exactly rather
 * than by a tolerance. Only signs are used: the libraries' sign convention cancels out.
 *
 * Points live in a scratch array: slots 0–2 hold triangle 1, slots 3–5 triangle 2.
 */
const P = new Float64Array(18);

function load(slot: number, positions: ArrayLike<number>, vertex: number): void {
  P[3 * slot] = positions[3 * vertex];
  P[3 * slot + 1] = positions[3 * vertex + 1];
  P[3 * slot + 2] = positions[3 * vertex + 2];
}

function o3(a: number, b: number, c: number, d: number): number {
  const A = 3 * a;
  const B = 3 * b;
  const C = 3 * c;
  const D = 3 * d;
  return Math.sign(
    orient3d(
      P[A],
      P[A + 1],
      P[A + 2],
      P[B],
      P[B + 1],
      P[B + 2],
      P[C],
      P[C + 1],
      P[C + 2],
      P[D],
      P[D + 1],
      P[D + 2],
    ),
  );
}

/** 2D orientation in a coordinate plane: axis 0 drops z, 1 drops x, 2 drops y. */
function o2(axis: number, a: number, b: number, c: number): number {
  const u = axis === 1 ? 1 : axis === 2 ? 2 : 0;
  const v = axis === 1 ? 2 : axis === 2 ? 0 : 1;
  return Math.sign(
    orient2d(P[3 * a + u], P[3 * a + v], P[3 * b + u], P[3 * b + v], P[3 * c + u], P[3 * c + v]),
  );
}

/** A coordinate plane onto which triangle (a, b, c) projects without degenerating, or −1. */
function projectionFor(a: number, b: number, c: number): number {
  for (let axis = 0; axis < 3; axis++) if (o2(axis, a, b, c) !== 0) return axis;
  return -1;
}

/** True when the triangle has zero area exactly: its corners are collinear (or repeated). */
export function isZeroArea(positions: ArrayLike<number>, a: number, b: number, c: number): boolean {
  load(0, positions, a);
  load(1, positions, b);
  load(2, positions, c);
  return projectionFor(0, 1, 2) < 0;
}

function sameStrictSide(x: number, y: number): boolean {
  return (x > 0 && y > 0) || (x < 0 && y < 0);
}

function pointInTriangle2(axis: number, p: number, a: number, b: number, c: number): boolean {
  const s = o2(axis, a, b, c);
  return o2(axis, a, b, p) * s >= 0 && o2(axis, b, c, p) * s >= 0 && o2(axis, c, a, p) * s >= 0;
}

/** Collinear point p within the bounding box of segment (a, b), in the projection. */
function onSegment2(axis: number, a: number, b: number, p: number): boolean {
  const u = axis === 1 ? 1 : axis === 2 ? 2 : 0;
  const v = axis === 1 ? 2 : axis === 2 ? 0 : 1;
  const pu = P[3 * p + u];
  const pv = P[3 * p + v];
  return (
    pu >= Math.min(P[3 * a + u], P[3 * b + u]) &&
    pu <= Math.max(P[3 * a + u], P[3 * b + u]) &&
    pv >= Math.min(P[3 * a + v], P[3 * b + v]) &&
    pv <= Math.max(P[3 * a + v], P[3 * b + v])
  );
}

/** Closed segments (p, q) and (r, s) meet, in the projection. */
function segmentsMeet2(axis: number, p: number, q: number, r: number, s: number): boolean {
  const d1 = o2(axis, p, q, r);
  const d2 = o2(axis, p, q, s);
  const d3 = o2(axis, r, s, p);
  const d4 = o2(axis, r, s, q);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return (
    (d1 === 0 && onSegment2(axis, p, q, r)) ||
    (d2 === 0 && onSegment2(axis, p, q, s)) ||
    (d3 === 0 && onSegment2(axis, r, s, p)) ||
    (d4 === 0 && onSegment2(axis, r, s, q))
  );
}

/** Segment (p, q) lying in the plane of triangle (a, b, c) meets it. */
function coplanarSegmentMeetsTriangle(p: number, q: number, a: number, b: number, c: number): boolean {
  const axis = projectionFor(a, b, c);
  return (
    pointInTriangle2(axis, p, a, b, c) ||
    pointInTriangle2(axis, q, a, b, c) ||
    segmentsMeet2(axis, p, q, a, b) ||
    segmentsMeet2(axis, p, q, b, c) ||
    segmentsMeet2(axis, p, q, c, a)
  );
}

/**
 * Closed segment (p, q) meets closed triangle (a, b, c); sp and sq are the signs of p and
 * q against the triangle's plane. A crossing line hits the triangle exactly when the
 * three tetrahedra (p, q, edge) do not have mixed signs (Plücker test).
 */
function segmentMeetsTriangle(
  p: number,
  q: number,
  a: number,
  b: number,
  c: number,
  sp: number,
  sq: number,
): boolean {
  if (sameStrictSide(sp, sq)) return false;
  if (sp === 0 && sq === 0) return coplanarSegmentMeetsTriangle(p, q, a, b, c);
  const s1 = o3(p, q, a, b);
  const s2 = o3(p, q, b, c);
  const s3 = o3(p, q, c, a);
  return !((s1 > 0 || s2 > 0 || s3 > 0) && (s1 < 0 || s2 < 0 || s3 < 0));
}

/** Direction from corner v of triangle (v, c, d) towards x (in its plane) enters the triangle. */
function cornerContains(v: number, c: number, d: number, x: number): boolean {
  const axis = projectionFor(v, c, d);
  const s = o2(axis, v, c, d);
  return o2(axis, v, c, x) * s >= 0 && o2(axis, v, x, d) * s >= 0;
}

/**
 * Whether two non-degenerate triangles with no common vertex intersect (closed sets:
 * touching counts). If they do, some edge of one meets the other, which is what is tested.
 */
export function trianglesIntersect(
  positions: ArrayLike<number>,
  t1: ArrayLike<number>,
  t2: ArrayLike<number>,
): boolean {
  for (let k = 0; k < 3; k++) {
    load(k, positions, t1[k]);
    load(3 + k, positions, t2[k]);
  }
  const od = o3(0, 1, 2, 3);
  const oe = o3(0, 1, 2, 4);
  const of = o3(0, 1, 2, 5);
  if (sameStrictSide(od, oe) && sameStrictSide(oe, of)) return false;
  if (od === 0 && oe === 0 && of === 0) return coplanarTrianglesMeet();
  const oa = o3(3, 4, 5, 0);
  const ob = o3(3, 4, 5, 1);
  const oc = o3(3, 4, 5, 2);
  if (sameStrictSide(oa, ob) && sameStrictSide(ob, oc)) return false;
  return (
    segmentMeetsTriangle(0, 1, 3, 4, 5, oa, ob) ||
    segmentMeetsTriangle(1, 2, 3, 4, 5, ob, oc) ||
    segmentMeetsTriangle(2, 0, 3, 4, 5, oc, oa) ||
    segmentMeetsTriangle(3, 4, 0, 1, 2, od, oe) ||
    segmentMeetsTriangle(4, 5, 0, 1, 2, oe, of) ||
    segmentMeetsTriangle(5, 3, 0, 1, 2, of, od)
  );
}

function coplanarTrianglesMeet(): boolean {
  const axis = projectionFor(0, 1, 2);
  for (let i = 0; i < 3; i++) {
    if (pointInTriangle2(axis, i, 3, 4, 5) || pointInTriangle2(axis, 3 + i, 0, 1, 2)) return true;
    for (let j = 0; j < 3; j++) {
      if (segmentsMeet2(axis, i, (i + 1) % 3, 3 + j, 3 + ((j + 1) % 3))) return true;
    }
  }
  return false;
}

/**
 * Whether two non-degenerate triangles sharing exactly one vertex meet anywhere else.
 * `t1[i1]` and `t2[i2]` are the shared vertex. Beyond the shared corner, either an
 * opposite edge meets the other triangle, or an edge from the corner lies in the other's
 * plane and points into it.
 */
export function trianglesOverlapAtCorner(
  positions: ArrayLike<number>,
  t1: ArrayLike<number>,
  i1: number,
  t2: ArrayLike<number>,
  i2: number,
): boolean {
  // Rotate (keeping the cyclic order) so the shared vertex is slot 0 and slot 3.
  for (let k = 0; k < 3; k++) {
    load(k, positions, t1[(i1 + k) % 3]);
    load(3 + k, positions, t2[(i2 + k) % 3]);
  }
  const oc = o3(0, 1, 2, 4);
  const od = o3(0, 1, 2, 5);
  if (sameStrictSide(oc, od)) return false;
  const oa = o3(3, 4, 5, 1);
  const ob = o3(3, 4, 5, 2);
  if (sameStrictSide(oa, ob)) return false;
  return (
    segmentMeetsTriangle(1, 2, 3, 4, 5, oa, ob) ||
    segmentMeetsTriangle(4, 5, 0, 1, 2, oc, od) ||
    (oa === 0 && cornerContains(3, 4, 5, 1)) ||
    (ob === 0 && cornerContains(3, 4, 5, 2)) ||
    (oc === 0 && cornerContains(0, 1, 2, 4)) ||
    (od === 0 && cornerContains(0, 1, 2, 5))
  );
}
