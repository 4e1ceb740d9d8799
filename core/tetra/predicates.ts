import { insphere, orient3d } from 'robust-predicates';

/**
 * Signs of Shewchuk's orient3d and insphere for points stored in a Float64Array (xyz
 * interleaved), addressed by vertex id, against a query point held in a 3-element array.
 *
 * Why not call robust-predicates directly: its functions take 12 or 15 doubles and return a
 * double; every such call that V8 does not inline boxes each argument and the result on the
 * heap (about 250 bytes per insphere call, tens of megabytes per meshing run, a tenth of the
 * time in garbage collection). Here the arguments are array offsets and small integers and the
 * result is −1, 0 or 1, so nothing is allocated. The fast path is robust-predicates' own first
 * stage (the same determinant and the same error bound, Shewchuk's errboundA); only when the
 * determinant is within that bound of zero is the exact adaptive predicate called, which
 * gives the same sign as calling it directly every time.
 */

/** 2⁻⁵³, robust-predicates' `epsilon`. */
const EPSILON = 1.1102230246251565e-16;
/** Shewchuk's o3derrboundA. */
const O3D_ERRBOUND_A = (7 + 56 * EPSILON) * EPSILON;
/** Shewchuk's isperrboundA. */
const ISP_ERRBOUND_A = (16 + 224 * EPSILON) * EPSILON;

/**
 * Sign of orient3d(a, b, d, q) with robust-predicates' convention: > 0 when q lies on the side
 * of plane (a, b, d) that (b − a) × (d − a) points away from (the sign of −6 × the signed
 * volume of (a, b, d, q)). a, b, d: vertex ids into `c`.
 */
export function orient3dSign(c: Float64Array, a: number, b: number, d: number, q: Float64Array): number {
  const qx = q[0];
  const qy = q[1];
  const qz = q[2];
  const adx = c[3 * a] - qx;
  const bdx = c[3 * b] - qx;
  const cdx = c[3 * d] - qx;
  const ady = c[3 * a + 1] - qy;
  const bdy = c[3 * b + 1] - qy;
  const cdy = c[3 * d + 1] - qy;
  const adz = c[3 * a + 2] - qz;
  const bdz = c[3 * b + 2] - qz;
  const cdz = c[3 * d + 2] - qz;
  const bdxcdy = bdx * cdy;
  const cdxbdy = cdx * bdy;
  const cdxady = cdx * ady;
  const adxcdy = adx * cdy;
  const adxbdy = adx * bdy;
  const bdxady = bdx * ady;
  const det = adz * (bdxcdy - cdxbdy) + bdz * (cdxady - adxcdy) + cdz * (adxbdy - bdxady);
  const permanent =
    (Math.abs(bdxcdy) + Math.abs(cdxbdy)) * Math.abs(adz) +
    (Math.abs(cdxady) + Math.abs(adxcdy)) * Math.abs(bdz) +
    (Math.abs(adxbdy) + Math.abs(bdxady)) * Math.abs(cdz);
  const bound = O3D_ERRBOUND_A * permanent;
  if (det > bound) return 1;
  if (-det > bound) return -1;
  return exactOrient3dSign(c, a, b, d, q);
}

/**
 * Sign of insphere(a, b, d, e, q) with robust-predicates' convention: for a positively
 * oriented tet (see delaunay.ts) > 0 when q lies strictly inside its circumsphere.
 */
export function insphereSign(
  c: Float64Array,
  a: number,
  b: number,
  d: number,
  e: number,
  q: Float64Array,
): number {
  const ex = q[0];
  const ey = q[1];
  const ez = q[2];
  const aex = c[3 * a] - ex;
  const bex = c[3 * b] - ex;
  const cex = c[3 * d] - ex;
  const dex = c[3 * e] - ex;
  const aey = c[3 * a + 1] - ey;
  const bey = c[3 * b + 1] - ey;
  const cey = c[3 * d + 1] - ey;
  const dey = c[3 * e + 1] - ey;
  const aez = c[3 * a + 2] - ez;
  const bez = c[3 * b + 2] - ez;
  const cez = c[3 * d + 2] - ez;
  const dez = c[3 * e + 2] - ez;
  const aexbey = aex * bey;
  const bexaey = bex * aey;
  const ab = aexbey - bexaey;
  const bexcey = bex * cey;
  const cexbey = cex * bey;
  const bc = bexcey - cexbey;
  const cexdey = cex * dey;
  const dexcey = dex * cey;
  const cd = cexdey - dexcey;
  const dexaey = dex * aey;
  const aexdey = aex * dey;
  const da = dexaey - aexdey;
  const aexcey = aex * cey;
  const cexaey = cex * aey;
  const ac = aexcey - cexaey;
  const bexdey = bex * dey;
  const dexbey = dex * bey;
  const bd = bexdey - dexbey;
  const alift = aex * aex + aey * aey + aez * aez;
  const blift = bex * bex + bey * bey + bez * bez;
  const clift = cex * cex + cey * cey + cez * cez;
  const dlift = dex * dex + dey * dey + dez * dez;
  const det =
    clift * (dez * ab + aez * bd + bez * da) -
    dlift * (aez * bc - bez * ac + cez * ab) +
    (alift * (bez * cd - cez * bd + dez * bc) - blift * (cez * da + dez * ac + aez * cd));
  const aezplus = Math.abs(aez);
  const bezplus = Math.abs(bez);
  const cezplus = Math.abs(cez);
  const dezplus = Math.abs(dez);
  const aexbeyplus = Math.abs(aexbey) + Math.abs(bexaey);
  const bexceyplus = Math.abs(bexcey) + Math.abs(cexbey);
  const cexdeyplus = Math.abs(cexdey) + Math.abs(dexcey);
  const dexaeyplus = Math.abs(dexaey) + Math.abs(aexdey);
  const aexceyplus = Math.abs(aexcey) + Math.abs(cexaey);
  const bexdeyplus = Math.abs(bexdey) + Math.abs(dexbey);
  const permanent =
    (cexdeyplus * bezplus + bexdeyplus * cezplus + bexceyplus * dezplus) * alift +
    (dexaeyplus * cezplus + aexceyplus * dezplus + cexdeyplus * aezplus) * blift +
    (aexbeyplus * dezplus + bexdeyplus * aezplus + dexaeyplus * bezplus) * clift +
    (bexceyplus * aezplus + aexceyplus * bezplus + aexbeyplus * cezplus) * dlift;
  const bound = ISP_ERRBOUND_A * permanent;
  if (det > bound) return 1;
  if (-det > bound) return -1;
  return exactInsphereSign(c, a, b, d, e, q);
}

/** The exact orient3d sign (rare: the filter above decides almost every call). */
function exactOrient3dSign(c: Float64Array, a: number, b: number, d: number, q: Float64Array): number {
  return Math.sign(
    orient3d(
      c[3 * a],
      c[3 * a + 1],
      c[3 * a + 2],
      c[3 * b],
      c[3 * b + 1],
      c[3 * b + 2],
      c[3 * d],
      c[3 * d + 1],
      c[3 * d + 2],
      q[0],
      q[1],
      q[2],
    ),
  );
}

/** The exact insphere sign (rare: the filter above decides almost every call). */
function exactInsphereSign(
  c: Float64Array,
  a: number,
  b: number,
  d: number,
  e: number,
  q: Float64Array,
): number {
  return Math.sign(
    insphere(
      c[3 * a],
      c[3 * a + 1],
      c[3 * a + 2],
      c[3 * b],
      c[3 * b + 1],
      c[3 * b + 2],
      c[3 * d],
      c[3 * d + 1],
      c[3 * d + 2],
      c[3 * e],
      c[3 * e + 1],
      c[3 * e + 2],
      q[0],
      q[1],
      q[2],
    ),
  );
}
