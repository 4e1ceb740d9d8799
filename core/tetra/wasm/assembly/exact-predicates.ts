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

import { allocate, f64At, setF64 } from './heap';

/** 2²⁷ + 1: splits a double into two halves whose products are exact. */
const SPLITTER: f64 = 134217729;
/** The arena's room, in doubles (2 MiB). */
const ARENA_DOUBLES: usize = 262144;

let arena: usize = 0;
let arenaEnd: usize = 0;
let top: usize = 0;
/** The next call's points, xyz f64 each (5 at most), written by the caller (exactPointsAt). */
let points: usize = 0;
/** Each point's difference from the last point, per axis: an expansion of up to 2 terms (f64 × 2). */
let differences: usize = 0;
/** The lengths of those expansions (i32 each). */
let differenceLengths: usize = 0;
/** pushSumOfProducts's six operands: address and length (8 bytes each). */
let operands: usize = 0;

// The two halves of the last twoSum, twoDiff or twoProduct (exact: hi + lo = the true result).
let hi: f64 = 0;
let lo: f64 = 0;

/** Reserves the arena in a fresh heap (delaunay.ts's init); false when there is no memory for it. */
export function resetArena(): bool {
  points = allocate(15 << 3);
  differences = allocate(12 << 4);
  differenceLengths = allocate(12 << 2);
  operands = allocate(6 << 3);
  arena = allocate(ARENA_DOUBLES << 3);
  arenaEnd = arena + (ARENA_DOUBLES << 3);
  top = arena;
  return arena !== 0;
}

/** Where the caller writes the points of the next orient3dExactSign or insphereExactSign. */
export function exactPointsAt(): usize {
  return points;
}

/** Room for `doubles` terms on the arena's stack. */
function take(doubles: i32): usize {
  const at = top;
  top += (<usize>doubles) << 3;
  if (top > arenaEnd) unreachable();
  return at;
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
    setF64(out, 0, hi);
    return 1;
  }
  setF64(out, 0, lo);
  setF64(out, 1, hi);
  return 2;
}

/** e × b into h (room 2 × eLength); h's length. Shewchuk's scale_expansion_zeroelim. */
function scale(e: usize, eLength: i32, b: f64, h: usize): i32 {
  const c = SPLITTER * b;
  const bHi = c - (c - b);
  const bLo = b - bHi;
  twoProductPresplit(f64At(e, 0), b, bHi, bLo);
  let q = hi;
  let n = 0;
  if (lo !== 0) setF64(h, n++, lo);
  for (let i = 1; i < eLength; i++) {
    twoProductPresplit(f64At(e, i), b, bHi, bLo);
    const product = hi;
    twoSum(q, lo);
    const sum = hi;
    if (lo !== 0) setF64(h, n++, lo);
    fastTwoSum(product, sum);
    q = hi;
    if (lo !== 0) setF64(h, n++, lo);
  }
  if (q !== 0 || n === 0) setF64(h, n++, q);
  return n;
}

/**
 * e + f into h (room eLength + fLength); h's length. Shewchuk's FAST-EXPANSION-SUM with zero
 * elimination: the terms of both merged in increasing magnitude, each added to the running sum by
 * twoSum, whose rounding error is exact and becomes a term of h.
 */
function sum(e: usize, eLength: i32, f: usize, fLength: i32, h: usize): i32 {
  let i = 0;
  let j = 0;
  let n = 0;
  let q: f64 = 0;
  for (let k = 0; k < eLength + fLength; k++) {
    let next: f64;
    if (j >= fLength || (i < eLength && takesE(f64At(e, i), f64At(f, j)))) next = f64At(e, i++);
    else next = f64At(f, j++);
    if (k === 0) {
      q = next;
      continue;
    }
    twoSum(q, next);
    q = hi;
    if (lo !== 0) setF64(h, n++, lo);
  }
  if (q !== 0 || n === 0) setF64(h, n++, q);
  return n;
}

/** Whether e's next term comes before f's in increasing magnitude (Shewchuk's comparison). */
function takesE(eNow: f64, fNow: f64): bool {
  return fNow > eNow === fNow > -eNow;
}

/** e × f into h (room 2 × eLength × fLength); h's length. */
function product(e: usize, eLength: i32, f: usize, fLength: i32, h: usize): i32 {
  const mark = top;
  let n = scale(e, eLength, f64At(f, 0), h);
  const scaled = take(2 * eLength);
  const summed = take(2 * eLength * fLength);
  for (let k = 1; k < fLength; k++) {
    const m = scale(e, eLength, f64At(f, k), scaled);
    n = sum(h, n, scaled, m, summed);
    memory.copy(h, summed, (<usize>n) << 3);
  }
  top = mark;
  return n;
}

function negate(e: usize, eLength: i32): void {
  for (let i = 0; i < eLength; i++) setF64(e, i, -f64At(e, i));
}

// Expansions on the stack are (address, length) pairs: the address in `at`, the length returned.
let at: usize = 0;

/**
 * The difference of each of the first `count` − 1 points from the last, exactly, per axis (the
 * determinants' entries: a − d, b − d, c − d for orient3d).
 */
function differencesFromLast(count: i32): void {
  const last = points + <usize>(count - 1) * 24;
  for (let k = 0; k < count - 1; k++) {
    for (let axis = 0; axis < 3; axis++) {
      const slot = 3 * k + axis;
      const n = difference(
        load<f64>(points + ((<usize>slot) << 3)),
        load<f64>(last + ((<usize>axis) << 3)),
        differences + ((<usize>slot) << 4),
      );
      store<i32>(differenceLengths + ((<usize>slot) << 2), n);
    }
  }
}

/** Point k's difference along `axis` (at `at`); its length. */
function entry(k: i32, axis: i32): i32 {
  const slot = 3 * k + axis;
  at = differences + ((<usize>slot) << 4);
  return load<i32>(differenceLengths + ((<usize>slot) << 2));
}

/** Pushes e × f (room 2 × e × f terms); its length (the address is in `at`). */
function pushProduct(e: usize, eLength: i32, f: usize, fLength: i32): i32 {
  const out = take(2 * eLength * fLength);
  const n = product(e, eLength, f, fLength, out);
  at = out;
  return n;
}

/** Pushes e + f; its length (the address is in `at`). */
function pushSum(e: usize, eLength: i32, f: usize, fLength: i32): i32 {
  at = take(eLength + fLength);
  return sum(e, eLength, f, fLength, at);
}

/** Pushes the xy minor of points p and q, x_p y_q − x_q y_p (≤ 16 terms); its length. */
function pushMinorXY(p: i32, q: i32): i32 {
  const out = take(16);
  const mark = top;
  const xpN = entry(p, 0);
  const xp = at;
  const yqN = entry(q, 1);
  const left = take(8);
  const leftN = product(xp, xpN, at, yqN, left);
  const xqN = entry(q, 0);
  const xq = at;
  const ypN = entry(p, 1);
  const right = take(8);
  const rightN = product(xq, xqN, at, ypN, right);
  negate(right, rightN);
  const n = sum(left, leftN, right, rightN, out);
  top = mark;
  at = out;
  return n;
}

/** Operand k of pushSumOfProducts: its address and length. */
function setOperand(k: i32, address: usize, length: i32): void {
  store<usize>(operands + ((<usize>k) << 3), address);
  store<i32>(operands + ((<usize>k) << 3), length, 4);
}

function operandAt(k: i32): usize {
  return load<usize>(operands + ((<usize>k) << 3));
}

function operandLength(k: i32): i32 {
  return load<i32>(operands + ((<usize>k) << 3), 4);
}

/** Pushes the sum of three products, operand 2k × operand 2k + 1; its length. */
function pushSumOfProducts(): i32 {
  let room = 0;
  for (let k = 0; k < 3; k++) room += 2 * operandLength(2 * k) * operandLength(2 * k + 1);
  const out = take(room);
  const mark = top;
  const an = pushProduct(operandAt(0), operandLength(0), operandAt(1), operandLength(1));
  const a = at;
  const bn = pushProduct(operandAt(2), operandLength(2), operandAt(3), operandLength(3));
  const b = at;
  const cn = pushProduct(operandAt(4), operandLength(4), operandAt(5), operandLength(5));
  const c = at;
  const abn = pushSum(a, an, b, bn);
  const n = sum(at, abn, c, cn, out);
  top = mark;
  at = out;
  return n;
}

/** Pushes z_p m_p + z_q m_q + z_r m_r for three minors (address, length); its length. */
function pushCofactor(
  p: i32,
  mp: usize,
  mpN: i32,
  q: i32,
  mq: usize,
  mqN: i32,
  r: i32,
  mr: usize,
  mrN: i32,
): i32 {
  // entry() leaves the address in `at`: called before `at` is read.
  const zpN = entry(p, 2);
  setOperand(0, at, zpN);
  setOperand(1, mp, mpN);
  const zqN = entry(q, 2);
  setOperand(2, at, zqN);
  setOperand(3, mq, mqN);
  const zrN = entry(r, 2);
  setOperand(4, at, zrN);
  setOperand(5, mr, mrN);
  return pushSumOfProducts();
}

/** Pushes x_k² + y_k² + z_k² of point k's differences; its length. */
function pushLift(k: i32): i32 {
  for (let axis = 0; axis < 3; axis++) {
    const n = entry(k, axis);
    setOperand(2 * axis, at, n);
    setOperand(2 * axis + 1, at, n);
  }
  return pushSumOfProducts();
}

/** The sign of an expansion: its largest term's. */
function signOfExpansion(e: usize, n: i32): i32 {
  const largest = f64At(e, n - 1);
  return largest > 0 ? 1 : largest < 0 ? -1 : 0;
}

/**
 * Exact sign of robust-predicates' orient3d(a, b, c, d) for the four points at exactPointsAt():
 * adz (bdx cdy − cdx bdy) + bdz (cdx ady − adx cdy) + cdz (adx bdy − bdx ady), delaunay.ts's filter
 * term for term, with a − d written ad and so on.
 */
export function orient3dExactSign(): i32 {
  const mark = top;
  differencesFromLast(4);
  const bcN = pushMinorXY(1, 2);
  const bc = at;
  const caN = pushMinorXY(2, 0);
  const ca = at;
  const abN = pushMinorXY(0, 1);
  const ab = at;
  const n = pushCofactor(0, bc, bcN, 1, ca, caN, 2, ab, abN);
  const sign = signOfExpansion(at, n);
  top = mark;
  return sign;
}

/**
 * Exact sign of robust-predicates' insphere(a, b, c, d, e) for the five points at exactPointsAt():
 * delaunay.ts's filter term for term, with a − e written ae and xy minors ab = aex bey − bex aey:
 *   clift (dez ab + aez bd + bez da) − dlift (aez bc − bez ac + cez ab)
 *   + alift (bez cd − cez bd + dez bc) − blift (cez da + dez ac + aez cd)
 * A minor with its points swapped is the minor negated (ca = −ac, db = −bd), which folds the signs.
 */
export function insphereExactSign(): i32 {
  const mark = top;
  differencesFromLast(5);
  const abN = pushMinorXY(0, 1);
  const ab = at;
  const bcN = pushMinorXY(1, 2);
  const bc = at;
  const cdN = pushMinorXY(2, 3);
  const cd = at;
  const daN = pushMinorXY(3, 0);
  const da = at;
  const acN = pushMinorXY(0, 2);
  const ac = at;
  const caN = pushMinorXY(2, 0);
  const ca = at;
  const bdN = pushMinorXY(1, 3);
  const bd = at;
  const dbN = pushMinorXY(3, 1);
  const db = at;
  const forCN = pushCofactor(3, ab, abN, 0, bd, bdN, 1, da, daN);
  const forC = at;
  // −(aez bc − bez ac + cez ab) = −(aez bc + bez ca + cez ab)
  const forDN = pushCofactor(0, bc, bcN, 1, ca, caN, 2, ab, abN);
  const forD = at;
  negate(forD, forDN);
  // bez cd − cez bd + dez bc = bez cd + cez db + dez bc
  const forAN = pushCofactor(1, cd, cdN, 2, db, dbN, 3, bc, bcN);
  const forA = at;
  const forBN = pushCofactor(2, da, daN, 3, ac, acN, 0, cd, cdN);
  const forB = at;
  negate(forB, forBN);
  let n = 0;
  let total: usize = 0;
  for (let k = 0; k < 4; k++) {
    // The terms in the filter's order: clift, dlift, alift, blift.
    const point = k === 0 ? 2 : k === 1 ? 3 : k - 2;
    const cofactor = k === 0 ? forC : k === 1 ? forD : k === 2 ? forA : forB;
    const cofactorN = k === 0 ? forCN : k === 1 ? forDN : k === 2 ? forAN : forBN;
    const liftN = pushLift(point);
    const termN = pushProduct(cofactor, cofactorN, at, liftN);
    if (k === 0) {
      total = at;
      n = termN;
    } else {
      const termAt = at;
      n = pushSum(total, n, termAt, termN);
      total = at;
    }
  }
  const sign = signOfExpansion(total, n);
  top = mark;
  return sign;
}
