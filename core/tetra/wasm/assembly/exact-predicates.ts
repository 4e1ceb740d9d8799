// Exact signs of orient3d and insphere, for the calls whose floating-point filter in delaunay.ts
// cannot decide: Shewchuk's expansion arithmetic ("Adaptive Precision Floating-Point Arithmetic
// and Fast Robust Geometric Predicates", 1997). Every difference of two coordinates is kept
// exactly as a two-term expansion, every product and sum as an expansion of nonoverlapping terms
// in increasing magnitude with the zeros dropped, so the last term has the sign of the exact
// determinant. The determinants are the filters' own, term for term, so the signs are those of
// robust-predicates' orient3d and insphere (test/core/tetra/wasm-exact-predicates.test.ts).
//
// Why not call robust-predicates from here: the calls that reach this stage are the flat faces'
// coplanar samples, about 1,900 per run on a box, and V8 runs robust-predicates' 1,200 lines in
// its interpreter on a process's first run (10–14 ms there, under 1 ms once compiled). This file
// is compiled as the module loads. It needs no speed of its own: zero elimination keeps the
// expansions to a few terms for real inputs (the differences of nearby coordinates are exact).
//
// Memory: an arena reserved once per triangulation (resetArena), used as a stack by each call.
// Its worst case is insphere with every difference inexact: 4 cofactors of 192 terms times lifts
// of 24 terms, 9,216 terms per product and 36,864 in their sum; the stack peaks under 140,000
// doubles (ARENA_DOUBLES leaves room; take() traps rather than write past it).

import { allocate } from './heap';

/** 2²⁷ + 1: splits a double into two halves whose products are exact. */
const SPLITTER: f64 = 134217729;
/** The arena's room, in doubles (2 MiB). */
const ARENA_DOUBLES: usize = 262144;

let arena: usize = 0;
let arenaEnd: usize = 0;
let top: usize = 0;

// The two halves of the last twoSum, twoDiff or twoProduct (exact: hi + lo = the true result).
let hi: f64 = 0;
let lo: f64 = 0;

/** Reserves the arena in a fresh heap (delaunay.ts's init); false when there is no memory for it. */
export function resetArena(): bool {
  arena = allocate(ARENA_DOUBLES << 3);
  arenaEnd = arena + (ARENA_DOUBLES << 3);
  top = arena;
  return arena !== 0;
}

/** Room for `doubles` terms on the arena's stack. */
function take(doubles: i32): usize {
  const at = top;
  top += (<usize>doubles) << 3;
  if (top > arenaEnd) unreachable();
  return at;
}

function term(e: usize, i: i32): f64 {
  return load<f64>(e + ((<usize>i) << 3));
}

function setTerm(e: usize, i: i32, value: f64): void {
  store<f64>(e + ((<usize>i) << 3), value);
}

function twoSum(a: f64, b: f64): void {
  const x = a + b;
  const bVirtual = x - a;
  const aVirtual = x - bVirtual;
  lo = a - aVirtual + (b - bVirtual);
  hi = x;
}

/** twoSum when |a| ≥ |b| (or a is zero). */
function fastTwoSum(a: f64, b: f64): void {
  const x = a + b;
  lo = b - (x - a);
  hi = x;
}

function twoDiff(a: f64, b: f64): void {
  const x = a - b;
  const bVirtual = a - x;
  const aVirtual = x + bVirtual;
  lo = a - aVirtual + (bVirtual - b);
  hi = x;
}

/** a × b exactly, with b already split into bHi + bLo. */
function twoProductPresplit(a: f64, b: f64, bHi: f64, bLo: f64): void {
  const x = a * b;
  const c = SPLITTER * a;
  const aHi = c - (c - a);
  const aLo = a - aHi;
  const err = x - aHi * bHi - aLo * bHi - aHi * bLo;
  lo = aLo * bLo - err;
  hi = x;
}

/** a − b as an expansion at `out` (room 2); its length. */
function difference(a: f64, b: f64, out: usize): i32 {
  twoDiff(a, b);
  if (lo === 0) {
    setTerm(out, 0, hi);
    return 1;
  }
  setTerm(out, 0, lo);
  setTerm(out, 1, hi);
  return 2;
}

/** e × b into h (room 2 × eLength); h's length. Shewchuk's scale_expansion_zeroelim. */
function scale(e: usize, eLength: i32, b: f64, h: usize): i32 {
  const c = SPLITTER * b;
  const bHi = c - (c - b);
  const bLo = b - bHi;
  twoProductPresplit(term(e, 0), b, bHi, bLo);
  let q = hi;
  let n = 0;
  if (lo !== 0) setTerm(h, n++, lo);
  for (let i = 1; i < eLength; i++) {
    twoProductPresplit(term(e, i), b, bHi, bLo);
    const product = hi;
    twoSum(q, lo);
    const sum = hi;
    if (lo !== 0) setTerm(h, n++, lo);
    fastTwoSum(product, sum);
    q = hi;
    if (lo !== 0) setTerm(h, n++, lo);
  }
  if (q !== 0 || n === 0) setTerm(h, n++, q);
  return n;
}

/** e + f into h (room eLength + fLength); h's length. Shewchuk's fast_expansion_sum_zeroelim. */
function sum(e: usize, eLength: i32, f: usize, fLength: i32, h: usize): i32 {
  let i = 0;
  let j = 0;
  let eNow = term(e, 0);
  let fNow = term(f, 0);
  // The smaller of the two first terms starts the running sum q; the rest join it in increasing
  // magnitude, each addition leaving its exact rounding error behind as a term of h.
  let q: f64;
  if (takesE(eNow, fNow)) {
    q = eNow;
    eNow = ++i < eLength ? term(e, i) : 0;
  } else {
    q = fNow;
    fNow = ++j < fLength ? term(f, j) : 0;
  }
  let n = 0;
  if (i < eLength && j < fLength) {
    // The first addition has the larger operand first, so fastTwoSum is exact.
    if (takesE(eNow, fNow)) {
      fastTwoSum(eNow, q);
      eNow = ++i < eLength ? term(e, i) : 0;
    } else {
      fastTwoSum(fNow, q);
      fNow = ++j < fLength ? term(f, j) : 0;
    }
    q = hi;
    if (lo !== 0) setTerm(h, n++, lo);
    while (i < eLength && j < fLength) {
      if (takesE(eNow, fNow)) {
        twoSum(q, eNow);
        eNow = ++i < eLength ? term(e, i) : 0;
      } else {
        twoSum(q, fNow);
        fNow = ++j < fLength ? term(f, j) : 0;
      }
      q = hi;
      if (lo !== 0) setTerm(h, n++, lo);
    }
  }
  while (i < eLength) {
    twoSum(q, eNow);
    eNow = ++i < eLength ? term(e, i) : 0;
    q = hi;
    if (lo !== 0) setTerm(h, n++, lo);
  }
  while (j < fLength) {
    twoSum(q, fNow);
    fNow = ++j < fLength ? term(f, j) : 0;
    q = hi;
    if (lo !== 0) setTerm(h, n++, lo);
  }
  if (q !== 0 || n === 0) setTerm(h, n++, q);
  return n;
}

/** Whether e's next term comes before f's in increasing magnitude (Shewchuk's comparison). */
function takesE(eNow: f64, fNow: f64): bool {
  return fNow > eNow === fNow > -eNow;
}

/** e × f into h (room 2 × eLength × fLength); h's length. */
function product(e: usize, eLength: i32, f: usize, fLength: i32, h: usize): i32 {
  const mark = top;
  let n = scale(e, eLength, term(f, 0), h);
  const scaled = take(2 * eLength);
  const summed = take(2 * eLength * fLength);
  for (let k = 1; k < fLength; k++) {
    const m = scale(e, eLength, term(f, k), scaled);
    n = sum(h, n, scaled, m, summed);
    memory.copy(h, summed, (<usize>n) << 3);
  }
  top = mark;
  return n;
}

function negate(e: usize, eLength: i32): void {
  for (let i = 0; i < eLength; i++) setTerm(e, i, -term(e, i));
}

// Expansions on the stack are (address, length) pairs: the address in `at`, the length returned.
let at: usize = 0;

/** Pushes a − b; its length (the address is in `at`). */
function pushDifference(a: f64, b: f64): i32 {
  at = take(2);
  return difference(a, b, at);
}

/** Pushes p × q − r × s for two-term expansions; its length (≤ 16; the address is in `at`). */
function pushMinor(p: usize, pn: i32, q: usize, qn: i32, r: usize, rn: i32, s: usize, sn: i32): i32 {
  const out = take(16);
  const mark = top;
  const left = take(8);
  const leftN = product(p, pn, q, qn, left);
  const right = take(8);
  const rightN = product(r, rn, s, sn, right);
  negate(right, rightN);
  const n = sum(left, leftN, right, rightN, out);
  top = mark;
  at = out;
  return n;
}

/** Pushes −e; its length (the address is in `at`). */
function pushNegated(e: usize, en: i32): i32 {
  at = take(en);
  memory.copy(at, e, (<usize>en) << 3);
  negate(at, en);
  return en;
}

/** Pushes e + f (signs already applied); its length (the address is in `at`). */
function pushSum(e: usize, en: i32, f: usize, fLen: i32): i32 {
  at = take(en + fLen);
  return sum(e, en, f, fLen, at);
}

/** Pushes e × f; its length (the address is in `at`). */
function pushProduct(e: usize, en: i32, f: usize, fLen: i32): i32 {
  const out = take(2 * en * fLen);
  const n = product(e, en, f, fLen, out);
  at = out;
  return n;
}

/** Pushes x × m1 + y × m2 + z × m3 (each sign folded into the minor or the factor); its length. */
function pushTriple(
  x: usize,
  xn: i32,
  m1: usize,
  m1n: i32,
  y: usize,
  yn: i32,
  m2: usize,
  m2n: i32,
  z: usize,
  zn: i32,
  m3: usize,
  m3n: i32,
): i32 {
  const out = take(2 * (xn * m1n + yn * m2n + zn * m3n));
  const mark = top;
  const an = pushProduct(x, xn, m1, m1n);
  const a = at;
  const bn = pushProduct(y, yn, m2, m2n);
  const b = at;
  const cn = pushProduct(z, zn, m3, m3n);
  const c = at;
  const abn = pushSum(a, an, b, bn);
  const n = sum(at, abn, c, cn, out);
  top = mark;
  at = out;
  return n;
}

/** The sign of an expansion: its largest term's. */
function signOfExpansion(e: usize, n: i32): i32 {
  const largest = term(e, n - 1);
  return largest > 0 ? 1 : largest < 0 ? -1 : 0;
}

/**
 * Exact sign of robust-predicates' orient3d(a, b, c, d): the determinant of a − d, b − d, c − d
 * as delaunay.ts's filter writes it.
 */
export function orient3dExactSign(
  ax: f64,
  ay: f64,
  az: f64,
  bx: f64,
  by: f64,
  bz: f64,
  cx: f64,
  cy: f64,
  cz: f64,
  dx: f64,
  dy: f64,
  dz: f64,
): i32 {
  const mark = top;
  const adxN = pushDifference(ax, dx);
  const adx = at;
  const bdxN = pushDifference(bx, dx);
  const bdx = at;
  const cdxN = pushDifference(cx, dx);
  const cdx = at;
  const adyN = pushDifference(ay, dy);
  const ady = at;
  const bdyN = pushDifference(by, dy);
  const bdy = at;
  const cdyN = pushDifference(cy, dy);
  const cdy = at;
  const adzN = pushDifference(az, dz);
  const adz = at;
  const bdzN = pushDifference(bz, dz);
  const bdz = at;
  const cdzN = pushDifference(cz, dz);
  const cdz = at;
  // adz (bdx cdy − cdx bdy) + bdz (cdx ady − adx cdy) + cdz (adx bdy − bdx ady)
  const bcN = pushMinor(bdx, bdxN, cdy, cdyN, cdx, cdxN, bdy, bdyN);
  const bc = at;
  const caN = pushMinor(cdx, cdxN, ady, adyN, adx, adxN, cdy, cdyN);
  const ca = at;
  const abN = pushMinor(adx, adxN, bdy, bdyN, bdx, bdxN, ady, adyN);
  const ab = at;
  const n = pushTriple(adz, adzN, bc, bcN, bdz, bdzN, ca, caN, cdz, cdzN, ab, abN);
  const sign = signOfExpansion(at, n);
  top = mark;
  return sign;
}

/** Pushes x² + y² + z² of three expansions; its length (the address is in `at`). */
function pushLift(x: usize, xn: i32, y: usize, yn: i32, z: usize, zn: i32): i32 {
  return pushTriple(x, xn, x, xn, y, yn, y, yn, z, zn, z, zn);
}

/**
 * Exact sign of robust-predicates' insphere(a, b, c, d, e): the lifted determinant relative to e
 * as delaunay.ts's filter writes it.
 */
export function insphereExactSign(
  ax: f64,
  ay: f64,
  az: f64,
  bx: f64,
  by: f64,
  bz: f64,
  cx: f64,
  cy: f64,
  cz: f64,
  dx: f64,
  dy: f64,
  dz: f64,
  ex: f64,
  ey: f64,
  ez: f64,
): i32 {
  const mark = top;
  const aexN = pushDifference(ax, ex);
  const aex = at;
  const bexN = pushDifference(bx, ex);
  const bex = at;
  const cexN = pushDifference(cx, ex);
  const cex = at;
  const dexN = pushDifference(dx, ex);
  const dex = at;
  const aeyN = pushDifference(ay, ey);
  const aey = at;
  const beyN = pushDifference(by, ey);
  const bey = at;
  const ceyN = pushDifference(cy, ey);
  const cey = at;
  const deyN = pushDifference(dy, ey);
  const dey = at;
  const aezN = pushDifference(az, ez);
  const aez = at;
  const bezN = pushDifference(bz, ez);
  const bez = at;
  const cezN = pushDifference(cz, ez);
  const cez = at;
  const dezN = pushDifference(dz, ez);
  const dez = at;
  // The filter's 2 × 2 minors of the x and y columns: ab = aex bey − bex aey, and so on.
  const abN = pushMinor(aex, aexN, bey, beyN, bex, bexN, aey, aeyN);
  const ab = at;
  const bcN = pushMinor(bex, bexN, cey, ceyN, cex, cexN, bey, beyN);
  const bc = at;
  const cdN = pushMinor(cex, cexN, dey, deyN, dex, dexN, cey, ceyN);
  const cd = at;
  const daN = pushMinor(dex, dexN, aey, aeyN, aex, aexN, dey, deyN);
  const da = at;
  const acN = pushMinor(aex, aexN, cey, ceyN, cex, cexN, aey, aeyN);
  const ac = at;
  const bdN = pushMinor(bex, bexN, dey, deyN, dex, dexN, bey, beyN);
  const bd = at;
  // The 3 × 3 cofactors, each with the sign it takes in the filter's sum:
  //   clift (dez ab + aez bd + bez da) − dlift (aez bc − bez ac + cez ab)
  //   + alift (bez cd − cez bd + dez bc) − blift (cez da + dez ac + aez cd)
  const forCN = pushTriple(dez, dezN, ab, abN, aez, aezN, bd, bdN, bez, bezN, da, daN);
  const forC = at;
  const negAezN = pushNegated(aez, aezN);
  const negAez = at;
  const negCezN = pushNegated(cez, cezN);
  const negCez = at;
  const forDN = pushTriple(negAez, negAezN, bc, bcN, bez, bezN, ac, acN, negCez, negCezN, ab, abN);
  const forD = at;
  const forAN = pushTriple(bez, bezN, cd, cdN, negCez, negCezN, bd, bdN, dez, dezN, bc, bcN);
  const forA = at;
  const forBN = pushTriple(cez, cezN, da, daN, dez, dezN, ac, acN, aez, aezN, cd, cdN);
  const forB = at;
  negate(forB, forBN);
  const aliftN = pushLift(aex, aexN, aey, aeyN, aez, aezN);
  const alift = at;
  const bliftN = pushLift(bex, bexN, bey, beyN, bez, bezN);
  const blift = at;
  const cliftN = pushLift(cex, cexN, cey, ceyN, cez, cezN);
  const clift = at;
  const dliftN = pushLift(dex, dexN, dey, deyN, dez, dezN);
  const dlift = at;
  const cTermN = pushProduct(forC, forCN, clift, cliftN);
  const cTerm = at;
  const dTermN = pushProduct(forD, forDN, dlift, dliftN);
  const dTerm = at;
  const aTermN = pushProduct(forA, forAN, alift, aliftN);
  const aTerm = at;
  const bTermN = pushProduct(forB, forBN, blift, bliftN);
  const bTerm = at;
  const cdSumN = pushSum(cTerm, cTermN, dTerm, dTermN);
  const cdSum = at;
  const abSumN = pushSum(aTerm, aTermN, bTerm, bTermN);
  const abSum = at;
  const n = pushSum(cdSum, cdSumN, abSum, abSumN);
  const sign = signOfExpansion(at, n);
  top = mark;
  return sign;
}
