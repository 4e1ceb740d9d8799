// AssemblyScript source of the WebAssembly solver kernels (compiled by scripts/build-wasm.mjs
// into ../kernels-wasm.ts). Each function mirrors the JS kernel named in its comment operation for
// operation, in the same order, so that both give the same floats (test/core/sim/wasm-kernels.test.ts).
// Arguments are byte offsets into the world's memory (wasm-kernels.ts lays it out): f64 arrays
// for positions, velocities, inverse masses and constraint data (f32 for rest constants where the
// JS block keeps them in a Float32Array), u32 arrays for particle indices.
// No allocation, no runtime: plain loads and stores on the imported memory.

function f(ptr: usize, i: i32): f64 {
  return load<f64>(ptr + ((<usize>i) << 3));
}

function setF(ptr: usize, i: i32, value: f64): void {
  store<f64>(ptr + ((<usize>i) << 3), value);
}

function u(ptr: usize, i: i32): i32 {
  return load<i32>(ptr + ((<usize>i) << 2));
}

/**
 * Row of constraint i in a row index (constraints/compliance-table.ts) of `bytes` per constraint:
 * u32, u16 or u8 per constraint (4, 2, 1), 0: one u8 that every constraint shares, or −1: no
 * index, constraint i has row i.
 */
function rowOf(index: usize, bytes: i32, i: i32): i32 {
  if (bytes < 0) return i;
  if (bytes === 4) return load<i32>(index + ((<usize>i) << 2));
  if (bytes === 2) return <i32>load<u16>(index + ((<usize>i) << 1));
  return <i32>load<u8>(index + <usize>(i * bytes));
}

/**
 * `rowOf` with the index's width known when the kernel is compiled: R = u8 a u8 row per constraint,
 * R = bool no index (row i); any other R leaves it to `bytes`.
 */
function knownRow<R>(index: usize, bytes: i32, i: i32): i32 {
  if (isBoolean<R>()) return i;
  if (sizeof<R>() === 1) return <i32>load<u8>(index + <usize>i);
  return rowOf(index, bytes, i);
}

/**
 * Whether a sweep specialized by `Keep` stores its multipliers (KernelExports `storeLambda`): Keep =
 * bool stores them, any other type (i32) leaves them unstored. Chosen when the kernel is compiled,
 * so that neither loop carries the branch (a runtime flag kept the cloth's sweep 1.1–1.5% slower).
 */
function storesLambda<Keep>(): bool {
  return isBoolean<Keep>();
}

/** array[i] ← value rounded to f32 (to nearest, as a JS Float32Array store). */
function setF32(ptr: usize, i: i32, value: f64): void {
  store<f32>(ptr + ((<usize>i) << 2), <f32>value);
}

/** Element i of an f32 array, as f64 (exact: what a JS Float32Array read gives). */
function fs(ptr: usize, i: i32): f64 {
  return <f64>load<f32>(ptr + ((<usize>i) << 2));
}

/**
 * xpbd-world.ts `substep`: prediction of particles [start, end). Where invH > 0 each particle's
 * velocity is first made from its move over the substep before, v = (x − x_prev)·invH (the
 * substep's velocities and the next prediction in one pass over them: the same operations in the
 * same order as `velocities` then a prediction, so the same floats).
 */
export function predict(
  x: usize,
  xPrev: usize,
  v: usize,
  w: usize,
  start: i32,
  end: i32,
  invH: f64,
  keep: f64,
  dvx: f64,
  dvy: f64,
  dvz: f64,
  h: f64,
): void {
  if (invH > 0) predictSweep<bool>(x, xPrev, v, w, start, end, invH, keep, dvx, dvy, dvz, h);
  else predictSweep<u8>(x, xPrev, v, w, start, end, 0, keep, dvx, dvy, dvz, h);
}

/**
 * `predict` of the particles of [start, end) that lie in the `count` ranges [from, to) at `ranges`
 * (u32 pairs): one part of a body's particles, predicted by the thread that sweeps that part next
 * (wasm-kernels.ts `deferPrediction`). Each particle's prediction depends on it alone: the same
 * floats as `predict` over [start, end).
 */
export function predictRanges(
  x: usize,
  xPrev: usize,
  v: usize,
  w: usize,
  ranges: usize,
  count: i32,
  start: i32,
  end: i32,
  invH: f64,
  keep: f64,
  dvx: f64,
  dvy: f64,
  dvz: f64,
  h: f64,
): void {
  for (let r = 0; r < count; r++) {
    const from = max(start, u(ranges, 2 * r));
    const to = min(end, u(ranges, 2 * r + 1));
    if (from < to) predict(x, xPrev, v, w, from, to, invH, keep, dvx, dvy, dvz, h);
  }
}

/**
 * `predict`; with F = bool (a compile-time switch, as `knownRow`) each particle's velocity is made
 * from its move over the substep before (invH) in place of the one stored.
 */
function predictSweep<F>(
  x: usize,
  xPrev: usize,
  v: usize,
  w: usize,
  start: i32,
  end: i32,
  invH: f64,
  keep: f64,
  dvx: f64,
  dvy: f64,
  dvz: f64,
  h: f64,
): void {
  // x and y of a particle side by side in an f64x2, z beside them: the same operations per axis.
  const invHXY = f64x2.splat(invH);
  const keepXY = f64x2.splat(keep);
  const dvXY = f64x2.replace_lane(f64x2.splat(dvx), 1, dvy);
  const hXY = f64x2.splat(h);
  for (let p = start; p < end; p++) {
    const offset = <usize>p * 24;
    const xp = x + offset;
    const vp = v + offset;
    const pp = xPrev + offset;
    const pxy = v128.load(xp);
    const pz = load<f64>(xp, 16);
    let uxy = f64x2.splat(0);
    let uz = 0.0;
    if (isBoolean<F>()) {
      uxy = f64x2.mul(f64x2.sub(pxy, v128.load(pp)), invHXY);
      uz = (pz - load<f64>(pp, 16)) * invH;
    }
    v128.store(pp, pxy);
    store<f64>(pp, pz, 16);
    if (f(w, p) === 0) {
      v128.store(vp, f64x2.splat(0));
      store<f64>(vp, 0, 16);
      continue;
    }
    if (!isBoolean<F>()) {
      uxy = v128.load(vp);
      uz = load<f64>(vp, 16);
    }
    const vxy = f64x2.add(f64x2.mul(uxy, keepXY), dvXY);
    const vz = uz * keep + dvz;
    v128.store(vp, vxy);
    store<f64>(vp, vz, 16);
    v128.store(xp, f64x2.add(pxy, f64x2.mul(vxy, hXY)));
    store<f64>(xp, pz + vz * h, 16);
  }
}

/** xpbd-world.ts `substep`: v = (x − x_prev)/h over `coordinates` values, two at a time. */
export function velocities(x: usize, xPrev: usize, v: usize, coordinates: i32, invH: f64): void {
  const invHs = f64x2.splat(invH);
  let k = 0;
  for (; k + 1 < coordinates; k += 2) {
    const at = (<usize>k) << 3;
    v128.store(v + at, f64x2.mul(f64x2.sub(v128.load(x + at), v128.load(xPrev + at)), invHs));
  }
  if (k < coordinates) setF(v, k, (f(x, k) - f(xPrev, k)) * invH);
}

/**
 * pin-balance.ts `correctionMoment`: out[0 … 3) ← Σ over the particles p of [start, end) with
 * w_p > 0 of (x_p − x_prev,p − h·v_p)/w_p, kg·m, xyz; each axis summed in particle order (x and y
 * in the two lanes of an f64x2, z beside them): the same floats as the JS.
 */
export function correctionMoment(
  x: usize,
  xPrev: usize,
  v: usize,
  w: usize,
  start: i32,
  end: i32,
  h: f64,
  out: usize,
): void {
  const hXY = f64x2.splat(h);
  let sumXY = f64x2.splat(0);
  let sumZ = 0.0;
  for (let p = start; p < end; p++) {
    const wp = f(w, p);
    if (wp === 0) continue;
    const offset = <usize>p * 24;
    const moveXY = f64x2.sub(
      f64x2.sub(v128.load(x + offset), v128.load(xPrev + offset)),
      f64x2.mul(v128.load(v + offset), hXY),
    );
    sumXY = f64x2.add(sumXY, f64x2.div(moveXY, f64x2.splat(wp)));
    sumZ += (load<f64>(x + offset, 16) - load<f64>(xPrev + offset, 16) - load<f64>(v + offset, 16) * h) / wp;
  }
  v128.store(out, sumXY);
  store<f64>(out, sumZ, 16);
}

/** distance.ts `solveDistance` (`storeLambda` as in solveDistanceBatched). */
export function solveDistance(
  x: usize,
  w: usize,
  particles: usize,
  restLength: usize,
  compliance: usize,
  lambda: usize,
  count: i32,
  scale: f64,
  invHSq: f64,
  minLength: f64,
  minDenominator: f64,
  fresh: bool,
  storeLambda: bool,
): void {
  for (let c = 0; c < count; c++) {
    // The multiplier this sweep starts from: 0 in a fresh one (stored as such where it is kept).
    const lambdaC = fresh ? 0 : f(lambda, c);
    if (fresh && storeLambda) setF(lambda, c, 0);
    const a = u(particles, 2 * c);
    const b = u(particles, 2 * c + 1);
    const wa = f(w, a);
    const wb = f(w, b);
    const a3 = 3 * a;
    const b3 = 3 * b;
    const dx = f(x, a3) - f(x, b3);
    const dy = f(x, a3 + 1) - f(x, b3 + 1);
    const dz = f(x, a3 + 2) - f(x, b3 + 2);
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (!(length > minLength)) continue;
    const alphaTilde = f(compliance, c) * invHSq;
    const denominator = wa + wb + alphaTilde;
    if (!(denominator > minDenominator)) continue;
    // Δλ/|d| in one division, as distance.ts does.
    const s = (scale * (f(restLength, c) - length - alphaTilde * lambdaC)) / (denominator * length);
    if (storeLambda) setF(lambda, c, lambdaC + s * length);
    const sa = wa * s;
    const sb = wb * s;
    setF(x, a3, f(x, a3) + sa * dx);
    setF(x, a3 + 1, f(x, a3 + 1) + sa * dy);
    setF(x, a3 + 2, f(x, a3 + 2) + sa * dz);
    setF(x, b3, f(x, b3) - sb * dx);
    setF(x, b3 + 1, f(x, b3 + 1) - sb * dy);
    setF(x, b3 + 2, f(x, b3 + 2) - sb * dz);
  }
}

/** tet-volume.ts `solveTetVolume` (`storeLambda` as in solveTetVolumeBatched). */
export function solveTetVolume(
  x: usize,
  w: usize,
  particles: usize,
  restVolume: usize,
  compliance: usize,
  lambda: usize,
  count: i32,
  scale: f64,
  invHSq: f64,
  minDenominator: f64,
  fresh: bool,
  storeLambda: bool,
): void {
  const sixth = 1.0 / 6;
  const thirtySixth = 1.0 / 36;
  for (let t = 0; t < count; t++) {
    // The multiplier this sweep starts from: 0 in a fresh one (stored as such where it is kept).
    const lambdaT = fresh ? 0 : f(lambda, t);
    if (fresh && storeLambda) setF(lambda, t, 0);
    const t4 = 4 * t;
    const q0 = u(particles, t4);
    const q1 = u(particles, t4 + 1);
    const q2 = u(particles, t4 + 2);
    const q3 = u(particles, t4 + 3);
    const i0 = 3 * q0;
    const i1 = 3 * q1;
    const i2 = 3 * q2;
    const i3 = 3 * q3;
    const x0 = f(x, i0);
    const y0 = f(x, i0 + 1);
    const z0 = f(x, i0 + 2);
    const ax = f(x, i1) - x0;
    const ay = f(x, i1 + 1) - y0;
    const az = f(x, i1 + 2) - z0;
    const bx = f(x, i2) - x0;
    const by = f(x, i2 + 1) - y0;
    const bz = f(x, i2 + 2) - z0;
    const cx = f(x, i3) - x0;
    const cy = f(x, i3 + 1) - y0;
    const cz = f(x, i3 + 2) - z0;
    const g1x = by * cz - bz * cy;
    const g1y = bz * cx - bx * cz;
    const g1z = bx * cy - by * cx;
    const g2x = cy * az - cz * ay;
    const g2y = cz * ax - cx * az;
    const g2z = cx * ay - cy * ax;
    const g3x = ay * bz - az * by;
    const g3y = az * bx - ax * bz;
    const g3z = ax * by - ay * bx;
    const g0x = -(g1x + g2x + g3x);
    const g0y = -(g1y + g2y + g3y);
    const g0z = -(g1z + g2z + g3z);
    const w0 = f(w, q0);
    const w1 = f(w, q1);
    const w2 = f(w, q2);
    const w3 = f(w, q3);
    const wGradSq =
      (w0 * (g0x * g0x + g0y * g0y + g0z * g0z) +
        w1 * (g1x * g1x + g1y * g1y + g1z * g1z) +
        w2 * (g2x * g2x + g2y * g2y + g2z * g2z) +
        w3 * (g3x * g3x + g3y * g3y + g3z * g3z)) *
      thirtySixth;
    const alphaTilde = f(compliance, t) * invHSq;
    const denominator = wGradSq + alphaTilde;
    if (!(denominator > minDenominator)) continue;
    const volume = (ax * g1x + ay * g1y + az * g1z) * sixth;
    const dLambda = (scale * (f(restVolume, t) - volume - alphaTilde * lambdaT)) / denominator;
    if (storeLambda) setF(lambda, t, lambdaT + dLambda);
    const d = dLambda * sixth;
    const s0 = w0 * d;
    const s1 = w1 * d;
    const s2 = w2 * d;
    const s3 = w3 * d;
    setF(x, i0, x0 + s0 * g0x);
    setF(x, i0 + 1, y0 + s0 * g0y);
    setF(x, i0 + 2, z0 + s0 * g0z);
    setF(x, i1, f(x, i1) + s1 * g1x);
    setF(x, i1 + 1, f(x, i1 + 1) + s1 * g1y);
    setF(x, i1 + 2, f(x, i1 + 2) + s1 * g1z);
    setF(x, i2, f(x, i2) + s2 * g2x);
    setF(x, i2 + 1, f(x, i2 + 1) + s2 * g2y);
    setF(x, i2 + 2, f(x, i2 + 2) + s2 * g2z);
    setF(x, i3, f(x, i3) + s3 * g3x);
    setF(x, i3 + 1, f(x, i3 + 1) + s3 * g3y);
    setF(x, i3 + 2, f(x, i3 + 2) + s3 * g3z);
  }
}

/** dihedral-bend.ts `wrapAngle`. */
function wrapAngle(angle: f64): f64 {
  if (angle > Math.PI) return angle - 2 * Math.PI;
  if (angle <= -Math.PI) return angle + 2 * Math.PI;
  return angle;
}

/** dihedral-bend.ts `hingeAtan2`: fdlibm's atan polynomial inline for |t| < `small` (7/16), else Math.atan2. */
function hingeAtan2(sine: f64, cosine: f64, small: f64): f64 {
  if (!(cosine > 0 && sine < small * cosine && sine > -small * cosine)) return Math.atan2(sine, cosine);
  const AT0 = 0.3333333333333293;
  const AT1 = -0.19999999999876483;
  const AT2 = 0.14285714272503466;
  const AT3 = -0.11111110405462356;
  const AT4 = 0.09090887133436507;
  const AT5 = -0.0769187620504483;
  const AT6 = 0.06661073137387531;
  const AT7 = -0.058335701337905735;
  const AT8 = 0.049768779946159324;
  const AT9 = -0.036531572744216916;
  const AT10 = 0.016285820115365782;
  const t = sine / cosine;
  const z = t * t;
  const v = z * z;
  return (
    t -
    t *
      (z * (AT0 + v * (AT2 + v * (AT4 + v * (AT6 + v * (AT8 + v * AT10))))) +
        v * (AT1 + v * (AT3 + v * (AT5 + v * (AT7 + v * AT9)))))
  );
}

/** plate-bend.ts `solvePlateBend`, operation for operation (its hinge loop written out per hinge). */
export function solvePlateBend(
  x: usize,
  w: usize,
  particles: usize,
  present: usize,
  restAngle: usize,
  restAngleStep: i32,
  compliance: usize,
  complianceIndex: usize,
  complianceIndexBytes: i32,
  lambda: usize,
  count: i32,
  scale: f64,
  invHSq: f64,
  minEdgeSq: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  const SMALL_ATAN = 0.4375;
  for (let t = 0; t < count; t++) {
    const o = 6 * t;
    const l = 3 * t;
    const r = restAngleStep * t;
    const a = 6 * rowOf(complianceIndex, complianceIndexBytes, t);
    if (fresh) {
      setF32(lambda, l, 0);
      setF32(lambda, l + 1, 0);
      setF32(lambda, l + 2, 0);
    }
    const c0 = 3 * u(particles, o);
    const c1 = 3 * u(particles, o + 1);
    const c2 = 3 * u(particles, o + 2);
    const e1x = f(x, c1) - f(x, c0);
    const e1y = f(x, c1 + 1) - f(x, c0 + 1);
    const e1z = f(x, c1 + 2) - f(x, c0 + 2);
    const e2x = f(x, c2) - f(x, c0);
    const e2y = f(x, c2 + 1) - f(x, c0 + 1);
    const e2z = f(x, c2 + 2) - f(x, c0 + 2);
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    const nSq = nx * nx + ny * ny + nz * nz;
    let mask = <i32>load<u8>(present + <usize>t);
    let con0: f64 = 0;
    let b0x: f64 = 0;
    let b0y: f64 = 0;
    let b0z: f64 = 0;
    let u00: f64 = 0;
    let u01: f64 = 0;
    let u02: f64 = 0;
    let v00: f64 = 0;
    let v01: f64 = 0;
    let v02: f64 = 0;
    let vw0: f64 = 0;
    if (mask & 1) {
      const ia = 3 * u(particles, o + 0);
      const ib = 3 * u(particles, o + 1);
      const ic = 3 * u(particles, o + 2);
      const id = 3 * u(particles, o + 3);
      const ex = f(x, ib) - f(x, ia);
      const ey = f(x, ib + 1) - f(x, ia + 1);
      const ez = f(x, ib + 2) - f(x, ia + 2);
      const eSq = ex * ex + ey * ey + ez * ez;
      const dx = f(x, id) - f(x, ia);
      const dy = f(x, id + 1) - f(x, ia + 1);
      const dz = f(x, id + 2) - f(x, ia + 2);
      const bx = dy * ez - dz * ey;
      const by = dz * ex - dx * ez;
      const bz = dx * ey - dy * ex;
      const bSq = bx * bx + by * by + bz * bz;
      const minAreaSq = 1e-18 * eSq * eSq;
      if (!(eSq > minEdgeSq) || !(nSq > minAreaSq) || !(bSq > minAreaSq)) {
        mask &= ~1;
      } else {
        const eLength = Math.sqrt(eSq);
        const invE = 1 / eLength;
        const a0 =
          ((f(x, ic) - f(x, ia)) * ex +
            (f(x, ic + 1) - f(x, ia + 1)) * ey +
            (f(x, ic + 2) - f(x, ia + 2)) * ez) *
          invE;
        const b0 = (dx * ex + dy * ey + dz * ez) * invE;
        const sa = 1 / nSq;
        const sb = 1 / bSq;
        const sine = (ny * bz - nz * by) * ex + (nz * bx - nx * bz) * ey + (nx * by - ny * bx) * ez;
        const cosine = (nx * bx + ny * by + nz * bz) * eLength;
        con0 = wrapAngle(hingeAtan2(sine, cosine, SMALL_ATAN) - fs(restAngle, r + 0));
        b0x = bx;
        b0y = by;
        b0z = bz;
        u00 = -(a0 - eLength) * sa;
        v00 = -(b0 - eLength) * sb;
        u01 = a0 * sa;
        v01 = b0 * sb;
        u02 = -eLength * sa;
        v02 = 0;
        vw0 = -eLength * sb;
      }
    }
    let con1: f64 = 0;
    let b1x: f64 = 0;
    let b1y: f64 = 0;
    let b1z: f64 = 0;
    let u10: f64 = 0;
    let u11: f64 = 0;
    let u12: f64 = 0;
    let v10: f64 = 0;
    let v11: f64 = 0;
    let v12: f64 = 0;
    let vw1: f64 = 0;
    if (mask & 2) {
      const ia = 3 * u(particles, o + 1);
      const ib = 3 * u(particles, o + 2);
      const ic = 3 * u(particles, o + 0);
      const id = 3 * u(particles, o + 4);
      const ex = f(x, ib) - f(x, ia);
      const ey = f(x, ib + 1) - f(x, ia + 1);
      const ez = f(x, ib + 2) - f(x, ia + 2);
      const eSq = ex * ex + ey * ey + ez * ez;
      const dx = f(x, id) - f(x, ia);
      const dy = f(x, id + 1) - f(x, ia + 1);
      const dz = f(x, id + 2) - f(x, ia + 2);
      const bx = dy * ez - dz * ey;
      const by = dz * ex - dx * ez;
      const bz = dx * ey - dy * ex;
      const bSq = bx * bx + by * by + bz * bz;
      const minAreaSq = 1e-18 * eSq * eSq;
      if (!(eSq > minEdgeSq) || !(nSq > minAreaSq) || !(bSq > minAreaSq)) {
        mask &= ~2;
      } else {
        const eLength = Math.sqrt(eSq);
        const invE = 1 / eLength;
        const a0 =
          ((f(x, ic) - f(x, ia)) * ex +
            (f(x, ic + 1) - f(x, ia + 1)) * ey +
            (f(x, ic + 2) - f(x, ia + 2)) * ez) *
          invE;
        const b0 = (dx * ex + dy * ey + dz * ez) * invE;
        const sa = 1 / nSq;
        const sb = 1 / bSq;
        const sine = (ny * bz - nz * by) * ex + (nz * bx - nx * bz) * ey + (nx * by - ny * bx) * ez;
        const cosine = (nx * bx + ny * by + nz * bz) * eLength;
        con1 = wrapAngle(hingeAtan2(sine, cosine, SMALL_ATAN) - fs(restAngle, r + 1));
        b1x = bx;
        b1y = by;
        b1z = bz;
        u11 = -(a0 - eLength) * sa;
        v11 = -(b0 - eLength) * sb;
        u12 = a0 * sa;
        v12 = b0 * sb;
        u10 = -eLength * sa;
        v10 = 0;
        vw1 = -eLength * sb;
      }
    }
    let con2: f64 = 0;
    let b2x: f64 = 0;
    let b2y: f64 = 0;
    let b2z: f64 = 0;
    let u20: f64 = 0;
    let u21: f64 = 0;
    let u22: f64 = 0;
    let v20: f64 = 0;
    let v21: f64 = 0;
    let v22: f64 = 0;
    let vw2: f64 = 0;
    if (mask & 4) {
      const ia = 3 * u(particles, o + 2);
      const ib = 3 * u(particles, o + 0);
      const ic = 3 * u(particles, o + 1);
      const id = 3 * u(particles, o + 5);
      const ex = f(x, ib) - f(x, ia);
      const ey = f(x, ib + 1) - f(x, ia + 1);
      const ez = f(x, ib + 2) - f(x, ia + 2);
      const eSq = ex * ex + ey * ey + ez * ez;
      const dx = f(x, id) - f(x, ia);
      const dy = f(x, id + 1) - f(x, ia + 1);
      const dz = f(x, id + 2) - f(x, ia + 2);
      const bx = dy * ez - dz * ey;
      const by = dz * ex - dx * ez;
      const bz = dx * ey - dy * ex;
      const bSq = bx * bx + by * by + bz * bz;
      const minAreaSq = 1e-18 * eSq * eSq;
      if (!(eSq > minEdgeSq) || !(nSq > minAreaSq) || !(bSq > minAreaSq)) {
        mask &= ~4;
      } else {
        const eLength = Math.sqrt(eSq);
        const invE = 1 / eLength;
        const a0 =
          ((f(x, ic) - f(x, ia)) * ex +
            (f(x, ic + 1) - f(x, ia + 1)) * ey +
            (f(x, ic + 2) - f(x, ia + 2)) * ez) *
          invE;
        const b0 = (dx * ex + dy * ey + dz * ez) * invE;
        const sa = 1 / nSq;
        const sb = 1 / bSq;
        const sine = (ny * bz - nz * by) * ex + (nz * bx - nx * bz) * ey + (nx * by - ny * bx) * ez;
        const cosine = (nx * bx + ny * by + nz * bz) * eLength;
        con2 = wrapAngle(hingeAtan2(sine, cosine, SMALL_ATAN) - fs(restAngle, r + 2));
        b2x = bx;
        b2y = by;
        b2z = bz;
        u22 = -(a0 - eLength) * sa;
        v22 = -(b0 - eLength) * sb;
        u20 = a0 * sa;
        v20 = b0 * sb;
        u21 = -eLength * sa;
        v21 = 0;
        vw2 = -eLength * sb;
      }
    }
    if (mask === 0) continue;
    const w0 = f(w, u(particles, o));
    const w1 = f(w, u(particles, o + 1));
    const w2 = f(w, u(particles, o + 2));
    const nb0 = nx * b0x + ny * b0y + nz * b0z;
    const nb1 = nx * b1x + ny * b1y + nz * b1z;
    const nb2 = nx * b2x + ny * b2y + nz * b2z;
    const bb00 = b0x * b0x + b0y * b0y + b0z * b0z;
    const bb01 = b0x * b1x + b0y * b1y + b0z * b1z;
    const bb02 = b0x * b2x + b0y * b2y + b0z * b2z;
    const bb11 = b1x * b1x + b1y * b1y + b1z * b1z;
    const bb12 = b1x * b2x + b1y * b2y + b1z * b2z;
    const bb22 = b2x * b2x + b2y * b2y + b2z * b2z;
    // plate-bend.ts `solvePlateBend`'s system, grouped the same way (w·u, w·v; v is 0 at a
    // hinge's far corner: v02, v10, v21).
    const wu00 = w0 * u00;
    const wu01 = w1 * u01;
    const wu02 = w2 * u02;
    const wu10 = w0 * u10;
    const wu11 = w1 * u11;
    const wu12 = w2 * u12;
    const wu20 = w0 * u20;
    const wu21 = w1 * u21;
    const wu22 = w2 * u22;
    const wv00 = w0 * v00;
    const wv01 = w1 * v01;
    const wv11 = w1 * v11;
    const wv12 = w2 * v12;
    const wv20 = w0 * v20;
    const wv22 = w2 * v22;
    let a00 =
      nSq * (wu00 * u00 + wu01 * u01 + wu02 * u02) +
      2 * nb0 * (wu00 * v00 + wu01 * v01) +
      bb00 * (wv00 * v00 + wv01 * v01) +
      f(w, u(particles, o + 3)) * vw0 * vw0 * bb00 +
      f(compliance, a) * invHSq;
    let a01 =
      nSq * (wu00 * u10 + wu01 * u11 + wu02 * u12) +
      nb1 * (wu01 * v11 + wu02 * v12) +
      nb0 * (wu10 * v00 + wu11 * v01) +
      bb01 * (wv01 * v11) +
      f(compliance, a + 1) * invHSq;
    let a02 =
      nSq * (wu00 * u20 + wu01 * u21 + wu02 * u22) +
      nb2 * (wu00 * v20 + wu02 * v22) +
      nb0 * (wu20 * v00 + wu21 * v01) +
      bb02 * (wv00 * v20) +
      f(compliance, a + 2) * invHSq;
    let a11 =
      nSq * (wu10 * u10 + wu11 * u11 + wu12 * u12) +
      2 * nb1 * (wu11 * v11 + wu12 * v12) +
      bb11 * (wv11 * v11 + wv12 * v12) +
      f(w, u(particles, o + 4)) * vw1 * vw1 * bb11 +
      f(compliance, a + 3) * invHSq;
    let a12 =
      nSq * (wu10 * u20 + wu11 * u21 + wu12 * u22) +
      nb2 * (wu10 * v20 + wu12 * v22) +
      nb1 * (wu21 * v11 + wu22 * v12) +
      bb12 * (wv12 * v22) +
      f(compliance, a + 4) * invHSq;
    let a22 =
      nSq * (wu20 * u20 + wu21 * u21 + wu22 * u22) +
      2 * nb2 * (wu20 * v20 + wu22 * v22) +
      bb22 * (wv20 * v20 + wv22 * v22) +
      f(w, u(particles, o + 5)) * vw2 * vw2 * bb22 +
      f(compliance, a + 5) * invHSq;
    const l0: f64 = fresh ? 0.0 : fs(lambda, l);
    const l1: f64 = fresh ? 0.0 : fs(lambda, l + 1);
    const l2: f64 = fresh ? 0.0 : fs(lambda, l + 2);
    let r0 = -con0 - (f(compliance, a) * l0 + f(compliance, a + 1) * l1 + f(compliance, a + 2) * l2) * invHSq;
    let r1 =
      -con1 - (f(compliance, a + 1) * l0 + f(compliance, a + 3) * l1 + f(compliance, a + 4) * l2) * invHSq;
    let r2 =
      -con2 - (f(compliance, a + 2) * l0 + f(compliance, a + 4) * l1 + f(compliance, a + 5) * l2) * invHSq;
    // symmetric3.ts `solveSymmetric3`.
    if (!(mask & 1)) {
      a00 = 1;
      a01 = 0;
      a02 = 0;
      r0 = 0;
    }
    if (!(mask & 2)) {
      a11 = 1;
      a01 = 0;
      a12 = 0;
      r1 = 0;
    }
    if (!(mask & 4)) {
      a22 = 1;
      a02 = 0;
      a12 = 0;
      r2 = 0;
    }
    const m00 = a11 * a22 - a12 * a12;
    const m01 = a02 * a12 - a01 * a22;
    const m02 = a01 * a12 - a02 * a11;
    const determinant = a00 * m00 + a01 * m01 + a02 * m02;
    if (!(determinant > minDenominator)) continue;
    const m11 = a00 * a22 - a02 * a02;
    const m12 = a01 * a02 - a00 * a12;
    const m22 = a00 * a11 - a01 * a01;
    const inv = 1 / determinant;
    const s0 = (m00 * r0 + m01 * r1 + m02 * r2) * inv;
    const s1 = (m01 * r0 + m11 * r1 + m12 * r2) * inv;
    const s2 = (m02 * r0 + m12 * r1 + m22 * r2) * inv;
    const d0: f64 = mask & 1 ? s0 * scale : 0.0;
    const d1: f64 = mask & 2 ? s1 * scale : 0.0;
    const d2: f64 = mask & 4 ? s2 * scale : 0.0;
    setF32(lambda, l, l0 + d0);
    setF32(lambda, l + 1, l1 + d1);
    setF32(lambda, l + 2, l2 + d2);
    if (w0 !== 0) {
      const alongN = w0 * (d0 * u00 + d1 * u10 + d2 * u20);
      const k0 = w0 * d0 * v00;
      const k1 = w0 * d1 * v10;
      const k2 = w0 * d2 * v20;
      const i3 = 3 * u(particles, o + 0);
      setF(x, i3, f(x, i3) + (alongN * nx + k0 * b0x + k1 * b1x + k2 * b2x));
      setF(x, i3 + 1, f(x, i3 + 1) + (alongN * ny + k0 * b0y + k1 * b1y + k2 * b2y));
      setF(x, i3 + 2, f(x, i3 + 2) + (alongN * nz + k0 * b0z + k1 * b1z + k2 * b2z));
    }
    if (w1 !== 0) {
      const alongN = w1 * (d0 * u01 + d1 * u11 + d2 * u21);
      const k0 = w1 * d0 * v01;
      const k1 = w1 * d1 * v11;
      const k2 = w1 * d2 * v21;
      const i3 = 3 * u(particles, o + 1);
      setF(x, i3, f(x, i3) + (alongN * nx + k0 * b0x + k1 * b1x + k2 * b2x));
      setF(x, i3 + 1, f(x, i3 + 1) + (alongN * ny + k0 * b0y + k1 * b1y + k2 * b2y));
      setF(x, i3 + 2, f(x, i3 + 2) + (alongN * nz + k0 * b0z + k1 * b1z + k2 * b2z));
    }
    if (w2 !== 0) {
      const alongN = w2 * (d0 * u02 + d1 * u12 + d2 * u22);
      const k0 = w2 * d0 * v02;
      const k1 = w2 * d1 * v12;
      const k2 = w2 * d2 * v22;
      const i3 = 3 * u(particles, o + 2);
      setF(x, i3, f(x, i3) + (alongN * nx + k0 * b0x + k1 * b1x + k2 * b2x));
      setF(x, i3 + 1, f(x, i3 + 1) + (alongN * ny + k0 * b0y + k1 * b1y + k2 * b2y));
      setF(x, i3 + 2, f(x, i3 + 2) + (alongN * nz + k0 * b0z + k1 * b1z + k2 * b2z));
    }
    if (d0 !== 0) {
      const p = u(particles, o + 3);
      const move = f(w, p) * d0 * vw0;
      setF(x, 3 * p, f(x, 3 * p) + move * b0x);
      setF(x, 3 * p + 1, f(x, 3 * p + 1) + move * b0y);
      setF(x, 3 * p + 2, f(x, 3 * p + 2) + move * b0z);
    }
    if (d1 !== 0) {
      const p = u(particles, o + 4);
      const move = f(w, p) * d1 * vw1;
      setF(x, 3 * p, f(x, 3 * p) + move * b1x);
      setF(x, 3 * p + 1, f(x, 3 * p + 1) + move * b1y);
      setF(x, 3 * p + 2, f(x, 3 * p + 2) + move * b1z);
    }
    if (d2 !== 0) {
      const p = u(particles, o + 5);
      const move = f(w, p) * d2 * vw2;
      setF(x, 3 * p, f(x, 3 * p) + move * b2x);
      setF(x, 3 * p + 1, f(x, 3 * p + 1) + move * b2y);
      setF(x, 3 * p + 2, f(x, 3 * p + 2) + move * b2z);
    }
  }
}

/** dihedral-bend.ts `solveDihedralBend` (its atan2 through hingeAtan2, as there). */
export function solveDihedralBend(
  x: usize,
  w: usize,
  particles: usize,
  restAngle: usize,
  compliance: usize,
  lambda: usize,
  count: i32,
  scale: f64,
  invHSq: f64,
  minEdgeSq: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  const SMALL_ATAN = 0.4375;
  for (let c = 0; c < count; c++) {
    if (fresh) setF(lambda, c, 0);
    const q0 = u(particles, 4 * c);
    const q1 = u(particles, 4 * c + 1);
    const q2 = u(particles, 4 * c + 2);
    const q3 = u(particles, 4 * c + 3);
    const i0 = 3 * q0;
    const i1 = 3 * q1;
    const i2 = 3 * q2;
    const i3 = 3 * q3;
    const x0 = f(x, i0);
    const y0 = f(x, i0 + 1);
    const z0 = f(x, i0 + 2);
    const x1 = f(x, i1);
    const y1 = f(x, i1 + 1);
    const z1 = f(x, i1 + 2);
    const ex = x1 - x0;
    const ey = y1 - y0;
    const ez = z1 - z0;
    const eSq = ex * ex + ey * ey + ez * ez;
    if (!(eSq > minEdgeSq)) continue;
    const a0x = f(x, i2) - x0;
    const a0y = f(x, i2 + 1) - y0;
    const a0z = f(x, i2 + 2) - z0;
    const b0x = f(x, i3) - x0;
    const b0y = f(x, i3 + 1) - y0;
    const b0z = f(x, i3 + 2) - z0;
    const nax = ey * a0z - ez * a0y;
    const nay = ez * a0x - ex * a0z;
    const naz = ex * a0y - ey * a0x;
    const nbx = b0y * ez - b0z * ey;
    const nby = b0z * ex - b0x * ez;
    const nbz = b0x * ey - b0y * ex;
    const naSq = nax * nax + nay * nay + naz * naz;
    const nbSq = nbx * nbx + nby * nby + nbz * nbz;
    const minAreaSq = 1e-18 * eSq * eSq;
    if (!(naSq > minAreaSq) || !(nbSq > minAreaSq)) continue;
    const eLength = Math.sqrt(eSq);
    const invE = 1 / eLength;
    const a0 = (a0x * ex + a0y * ey + a0z * ez) * invE;
    const b0 = (b0x * ex + b0y * ey + b0z * ez) * invE;
    const a1 = a0 - eLength;
    const b1 = b0 - eLength;
    const sa = 1 / naSq;
    const sb = 1 / nbSq;
    const nAB = nax * nbx + nay * nby + naz * nbz;
    const w0 = f(w, q0);
    const w1 = f(w, q1);
    const w2 = f(w, q2);
    const w3 = f(w, q3);
    const cross = 2 * sa * sb * nAB;
    const wGradSq =
      w0 * (a1 * a1 * sa + b1 * b1 * sb + a1 * b1 * cross) +
      w1 * (a0 * a0 * sa + b0 * b0 * sb + a0 * b0 * cross) +
      (w2 * sa + w3 * sb) * eSq;
    const alphaTilde = f(compliance, c) * invHSq;
    const denominator = wGradSq + alphaTilde;
    if (!(denominator > minDenominator)) continue;
    const sinTerm =
      (nay * nbz - naz * nby) * ex + (naz * nbx - nax * nbz) * ey + (nax * nby - nay * nbx) * ez;
    const cosTerm = nAB * eLength;
    const theta = hingeAtan2(sinTerm, cosTerm, SMALL_ATAN);
    const constraint = wrapAngle(theta - f(restAngle, c));
    const lambdaC = f(lambda, c);
    const dLambda = (scale * (-constraint - alphaTilde * lambdaC)) / denominator;
    setF(lambda, c, lambdaC + dLambda);
    const kA = dLambda * sa;
    const kB = dLambda * sb;
    const u0a = -w0 * a1 * kA;
    const u0b = -w0 * b1 * kB;
    const u1a = w1 * a0 * kA;
    const u1b = w1 * b0 * kB;
    const u2 = -w2 * eLength * kA;
    const u3 = -w3 * eLength * kB;
    setF(x, i0, x0 + (u0a * nax + u0b * nbx));
    setF(x, i0 + 1, y0 + (u0a * nay + u0b * nby));
    setF(x, i0 + 2, z0 + (u0a * naz + u0b * nbz));
    setF(x, i1, x1 + (u1a * nax + u1b * nbx));
    setF(x, i1 + 1, y1 + (u1a * nay + u1b * nby));
    setF(x, i1 + 2, z1 + (u1a * naz + u1b * nbz));
    setF(x, i2, f(x, i2) + u2 * nax);
    setF(x, i2 + 1, f(x, i2 + 1) + u2 * nay);
    setF(x, i2 + 2, f(x, i2 + 2) + u2 * naz);
    setF(x, i3, f(x, i3) + u3 * nbx);
    setF(x, i3 + 1, f(x, i3 + 1) + u3 * nby);
    setF(x, i3 + 2, f(x, i3 + 2) + u3 * nbz);
  }
}

// ---- Two constraints of one colour at a time (f64x2) ----
// Constraints of a colour share no particle (colour.ts), so solving two of them side by side,
// lane 0 and lane 1, gives the same floats as solving them one after the other. A lane whose
// constraint the scalar kernel would skip keeps its multiplier (bitselect) and moves by exactly 0:
// its step multipliers are selected to 0 before they scale gradients, which are finite wherever the
// positions are (a degenerate element's own NaN never reaches a position). An odd constraint at the
// end of a colour goes through the scalar path.

function add(a: v128, b: v128): v128 {
  return f64x2.add(a, b);
}

function sub(a: v128, b: v128): v128 {
  return f64x2.sub(a, b);
}

function mul(a: v128, b: v128): v128 {
  return f64x2.mul(a, b);
}

function div(a: v128, b: v128): v128 {
  return f64x2.div(a, b);
}

function splat(value: f64): v128 {
  return f64x2.splat(value);
}

/** (array[ia], array[ib]) of an f64 array. */
function gather(array: usize, ia: i32, ib: i32): v128 {
  return v128.load64_lane(array + ((<usize>ib) << 3), v128.load64_zero(array + ((<usize>ia) << 3)), 1);
}

/** (array[ia], array[ib]) of an f32 array, as f64 (exact). */
function gather32(array: usize, ia: i32, ib: i32): v128 {
  return f64x2.promote_low_f32x4(
    v128.load32_lane(array + ((<usize>ib) << 2), v128.load32_zero(array + ((<usize>ia) << 2)), 1),
  );
}

/** (array[i], array[i + 1]). */
function pair(array: usize, i: i32): v128 {
  return v128.load(array + ((<usize>i) << 3));
}

function storePair(array: usize, i: i32, value: v128): void {
  v128.store(array + ((<usize>i) << 3), value);
}

/**
 * Coordinates of two particles, lane 0 and lane 1, given their addresses (x + 24·index): the
 * address is computed once per particle and y and z are constant offsets from it. The kernels load
 * positions again to update them rather than keep the first loads alive through the solve: fewer
 * values than the 16 vector registers spill to the stack (about 10% faster on the tet kernels).
 */
function loadX(pa: usize, pb: usize): v128 {
  return v128.load64_lane(pb, v128.load64_zero(pa), 1);
}

function loadY(pa: usize, pb: usize): v128 {
  return v128.load64_lane(pb, v128.load64_zero(pa, 8), 1, 8);
}

function loadZ(pa: usize, pb: usize): v128 {
  return v128.load64_lane(pb, v128.load64_zero(pa, 16), 1, 16);
}

/** Coordinate += delta for both lanes (a lane whose constraint is skipped has a delta of exactly 0). */
function moveX(pa: usize, pb: usize, old: v128, delta: v128): void {
  const value = add(old, delta);
  v128.store64_lane(pa, value, 0);
  v128.store64_lane(pb, value, 1);
}

function moveY(pa: usize, pb: usize, old: v128, delta: v128): void {
  const value = add(old, delta);
  v128.store64_lane(pa, value, 0, 8);
  v128.store64_lane(pb, value, 1, 8);
}

function moveZ(pa: usize, pb: usize, old: v128, delta: v128): void {
  const value = add(old, delta);
  v128.store64_lane(pa, value, 0, 16);
  v128.store64_lane(pb, value, 1, 16);
}

/**
 * The value at pa −= lane 0 of `delta`, at pb −= lane 1, `old` holding both: x − y, the same floats
 * as moveX/Y/Z's x + (−y) without the negation (pa and pb the coordinate's own addresses).
 */
function moveBack(pa: usize, pb: usize, old: v128, delta: v128): void {
  const value = f64x2.sub(old, delta);
  v128.store64_lane(pa, value, 0);
  v128.store64_lane(pb, value, 1);
}

/**
 * Lane 0's particle (position at pa) += (dx, dy, dz)'s lane 0, lane 1's (at pb) += lane 1: each
 * particle's x and y load, move and store as one v128 (the lanes' x and y steps interleaved), z lane
 * by lane. The two particles differ.
 */
function movePair(pa: usize, pb: usize, dx: v128, dy: v128, dz: v128): void {
  v128.store(pa, add(v128.load(pa), v128.shuffle<f64>(dx, dy, 0, 2)));
  v128.store(pb, add(v128.load(pb), v128.shuffle<f64>(dx, dy, 1, 3)));
  moveZ(pa, pb, loadZ(pa, pb), dz);
}

/** `movePair` with x − y: the same floats as x + (−y). */
function movePairBack(pa: usize, pb: usize, dx: v128, dy: v128, dz: v128): void {
  v128.store(pa, f64x2.sub(v128.load(pa), v128.shuffle<f64>(dx, dy, 0, 2)));
  v128.store(pb, f64x2.sub(v128.load(pb), v128.shuffle<f64>(dx, dy, 1, 3)));
  moveBack(pa + 16, pb + 16, loadZ(pa, pb), dz);
}

/** Address of particle q's position. */
function at(x: usize, q: i32): usize {
  return x + <usize>q * 24;
}

// ---- The neo-Hookean tet in single precision ----
// `solveNeoHookean` forms its constraints, their gradients and its 2×2 system in f32 (edges taken in
// f64, then rounded) and moves the positions in f64 (u_0 = −(u_1 + u_2 + u_3) and x += w·u): four tets
// of a colour at a time in f32x4, a colour's last one to three tets one by one. Its rest data comes
// from the block's kernel copy (kernel-bindings.ts), f32, `count` values an entry: m00, m01, m02,
// m11, m12, m22 of M, then det Dm⁻¹, then γ, then the compliances α_H and α_D (which the world
// copies again wherever tearing, a reset or the stiffness limit rewrites them).

/** One tet of `solveNeoHookean`, operation for operation (`storeLambda` as in `solveNeoHookeanBatched`). */
function neoHookeanTet(
  x: usize,
  w: usize,
  particles: usize,
  count: i32,
  restByEntry: usize,
  lambdaH: usize,
  lambdaD: usize,
  t: i32,
  scale: f32,
  invHSq: f32,
  minDenominator: f32,
  fresh: bool,
  storeLambda: bool,
): void {
  // The multipliers this sweep starts from: 0 in a fresh one (stored as such where they are kept).
  let lambdaHT: f32 = 0;
  let lambdaDT: f32 = 0;
  if (!fresh) {
    lambdaHT = <f32>fs(lambdaH, t);
    lambdaDT = <f32>fs(lambdaD, t);
  } else if (storeLambda) {
    setF32(lambdaH, t, 0);
    setF32(lambdaD, t, 0);
  }
  const t4 = 4 * t;
  const q0 = u(particles, t4);
  const q1 = u(particles, t4 + 1);
  const q2 = u(particles, t4 + 2);
  const q3 = u(particles, t4 + 3);
  const i0 = 3 * q0;
  const i1 = 3 * q1;
  const i2 = 3 * q2;
  const i3 = 3 * q3;
  const x0 = f(x, i0);
  const y0 = f(x, i0 + 1);
  const z0 = f(x, i0 + 2);
  const e1x = <f32>(f(x, i1) - x0);
  const e1y = <f32>(f(x, i1 + 1) - y0);
  const e1z = <f32>(f(x, i1 + 2) - z0);
  const e2x = <f32>(f(x, i2) - x0);
  const e2y = <f32>(f(x, i2 + 1) - y0);
  const e2z = <f32>(f(x, i2 + 2) - z0);
  const e3x = <f32>(f(x, i3) - x0);
  const e3y = <f32>(f(x, i3 + 1) - y0);
  const e3z = <f32>(f(x, i3 + 2) - z0);
  const c1x = e2y * e3z - e2z * e3y;
  const c1y = e2z * e3x - e2x * e3z;
  const c1z = e2x * e3y - e2y * e3x;
  const c2x = e3y * e1z - e3z * e1y;
  const c2y = e3z * e1x - e3x * e1z;
  const c2z = e3x * e1y - e3y * e1x;
  const c3x = e1y * e2z - e1z * e2y;
  const c3y = e1z * e2x - e1x * e2z;
  const c3z = e1x * e2y - e1y * e2x;
  const c0x = -(c1x + c2x + c3x);
  const c0y = -(c1y + c2y + c3y);
  const c0z = -(c1z + c2z + c3z);
  const stride = (<usize>count) << 2;
  const entry = restByEntry + ((<usize>t) << 2);
  const b = load<f32>(entry + 6 * stride);
  const det = b * (e1x * c1x + e1y * c1y + e1z * c1z);
  const w0 = <f32>f(w, q0);
  const w1 = <f32>f(w, q1);
  const w2 = <f32>f(w, q2);
  const w3 = <f32>f(w, q3);
  const wCC =
    w0 * (c0x * c0x + c0y * c0y + c0z * c0z) +
    w1 * (c1x * c1x + c1y * c1y + c1z * c1z) +
    w2 * (c2x * c2x + c2y * c2y + c2z * c2z) +
    w3 * (c3x * c3x + c3y * c3y + c3z * c3z);
  const aTildeH = load<f32>(entry + 8 * stride) * invHSq;
  const a11 = b * b * wCC + aTildeH;
  const b1 = load<f32>(entry + 7 * stride) - det - aTildeH * lambdaHT;
  const m00 = load<f32>(entry);
  const m01 = load<f32>(entry + stride);
  const m02 = load<f32>(entry + 2 * stride);
  const m11 = load<f32>(entry + 3 * stride);
  const m12 = load<f32>(entry + 4 * stride);
  const m22 = load<f32>(entry + 5 * stride);
  const p1x = e1x * m00 + e2x * m01 + e3x * m02;
  const p1y = e1y * m00 + e2y * m01 + e3y * m02;
  const p1z = e1z * m00 + e2z * m01 + e3z * m02;
  const p2x = e1x * m01 + e2x * m11 + e3x * m12;
  const p2y = e1y * m01 + e2y * m11 + e3y * m12;
  const p2z = e1z * m01 + e2z * m11 + e3z * m12;
  const p3x = e1x * m02 + e2x * m12 + e3x * m22;
  const p3y = e1y * m02 + e2y * m12 + e3y * m22;
  const p3z = e1z * m02 + e2z * m12 + e3z * m22;
  const normSq =
    e1x * p1x + e1y * p1y + e1z * p1z + e2x * p2x + e2y * p2y + e2z * p2z + e3x * p3x + e3y * p3y + e3z * p3z;
  const p0x = -(p1x + p2x + p3x);
  const p0y = -(p1y + p2y + p3y);
  const p0z = -(p1z + p2z + p3z);
  let sD: f32 = 0;
  let dH: f32 = 0;
  let dD: f32 = 0;
  if (normSq > <f32>1e-18) {
    const norm = Mathf.sqrt(normSq);
    const invSq = <f32>1 / normSq;
    const inv = norm * invSq;
    const wPP =
      w0 * (p0x * p0x + p0y * p0y + p0z * p0z) +
      w1 * (p1x * p1x + p1y * p1y + p1z * p1z) +
      w2 * (p2x * p2x + p2y * p2y + p2z * p2z) +
      w3 * (p3x * p3x + p3y * p3y + p3z * p3z);
    const wCP =
      w0 * (c0x * p0x + c0y * p0y + c0z * p0z) +
      w1 * (c1x * p1x + c1y * p1y + c1z * p1z) +
      w2 * (c2x * p2x + c2y * p2y + c2z * p2z) +
      w3 * (c3x * p3x + c3y * p3y + c3z * p3z);
    const bwCP = b * wCP;
    const wHD = bwCP * inv;
    const aTildeD = load<f32>(entry + 9 * stride) * invHSq;
    const a22 = wPP * invSq + aTildeD;
    const b2 = -norm - aTildeD * lambdaDT;
    const determinant = a11 * a22 - bwCP * bwCP * invSq;
    if (!(determinant > minDenominator) || !(determinant <= f32.MAX_VALUE)) return;
    const scaleByDeterminant = scale / determinant;
    dH = (b1 * a22 - wHD * b2) * scaleByDeterminant;
    dD = (a11 * b2 - wHD * b1) * scaleByDeterminant;
    sD = dD * inv;
  } else {
    if (!(a11 > minDenominator) || !(a11 <= f32.MAX_VALUE)) return;
    dH = (scale * b1) / a11;
  }
  const sH = b * dH;
  if (storeLambda) {
    setF32(lambdaH, t, lambdaHT + dH); // exact: the f32 sum
    setF32(lambdaD, t, lambdaDT + dD);
  }
  const u1x = <f64>(sH * c1x + sD * p1x);
  const u1y = <f64>(sH * c1y + sD * p1y);
  const u1z = <f64>(sH * c1z + sD * p1z);
  const u2x = <f64>(sH * c2x + sD * p2x);
  const u2y = <f64>(sH * c2y + sD * p2y);
  const u2z = <f64>(sH * c2z + sD * p2z);
  const u3x = <f64>(sH * c3x + sD * p3x);
  const u3y = <f64>(sH * c3y + sD * p3y);
  const u3z = <f64>(sH * c3z + sD * p3z);
  const W0 = f(w, q0);
  const W1 = f(w, q1);
  const W2 = f(w, q2);
  const W3 = f(w, q3);
  setF(x, i0, x0 + W0 * -(u1x + u2x + u3x));
  setF(x, i0 + 1, y0 + W0 * -(u1y + u2y + u3y));
  setF(x, i0 + 2, z0 + W0 * -(u1z + u2z + u3z));
  setF(x, i1, f(x, i1) + W1 * u1x);
  setF(x, i1 + 1, f(x, i1 + 1) + W1 * u1y);
  setF(x, i1 + 2, f(x, i1 + 2) + W1 * u1z);
  setF(x, i2, f(x, i2) + W2 * u2x);
  setF(x, i2 + 1, f(x, i2 + 1) + W2 * u2y);
  setF(x, i2 + 2, f(x, i2 + 2) + W2 * u2z);
  setF(x, i3, f(x, i3) + W3 * u3x);
  setF(x, i3 + 1, f(x, i3 + 1) + W3 * u3y);
  setF(x, i3 + 2, f(x, i3 + 2) + W3 * u3z);
}

function add4(a: v128, b: v128): v128 {
  return f32x4.add(a, b);
}

function sub4(a: v128, b: v128): v128 {
  return f32x4.sub(a, b);
}

function mul4(a: v128, b: v128): v128 {
  return f32x4.mul(a, b);
}

function div4(a: v128, b: v128): v128 {
  return f32x4.div(a, b);
}

/** (lo₀, lo₁, hi₀, hi₁) of two f64 pairs, each rounded to f32. */
function narrow(lo: v128, hi: v128): v128 {
  return v128.shuffle<u8>(
    f32x4.demote_f64x2_zero(lo),
    f32x4.demote_f64x2_zero(hi),
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    16,
    17,
    18,
    19,
    20,
    21,
    22,
    23,
  );
}

/** Lanes 0 and 1 of an f32x4, as f64 (exact). */
function lowHalf(v: v128): v128 {
  return f64x2.promote_low_f32x4(v);
}

/** Lanes 2 and 3 of an f32x4, as f64 (exact). */
function highHalf(v: v128): v128 {
  return f64x2.promote_low_f32x4(
    v128.shuffle<u8>(v, v, 8, 9, 10, 11, 12, 13, 14, 15, 8, 9, 10, 11, 12, 13, 14, 15),
  );
}

/** (array[a], array[b], array[c], array[d]) of an f64 array, rounded to f32. */
function gather4(array: usize, a: i32, b: i32, c: i32, d: i32): v128 {
  return narrow(gather(array, a, b), gather(array, c, d));
}

/**
 * `solveNeoHookean`, four tets of a colour at a time (f32x4); colourStarts as in constraints/block.ts,
 * the rest data as in `neoHookeanTet`. A lane whose tet the scalar kernel would skip keeps its
 * multipliers and moves by exactly 0, as in the f64x2 kernels. `storeLambda` false: the sweep's
 * multipliers are not stored (nothing reads them: see KernelExports); the moves are the same floats.
 */
export function solveNeoHookeanBatched(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  count: i32,
  restByEntry: usize,
  lambdaH: usize,
  lambdaD: usize,
  scale: f64,
  invHSq: f64,
  minDenominator: f64,
  fresh: bool,
  storeLambda: bool,
): void {
  if (storeLambda)
    neoHookeanSweep<bool>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      count,
      restByEntry,
      lambdaH,
      lambdaD,
      scale,
      invHSq,
      minDenominator,
      fresh,
    );
  else
    neoHookeanSweep<i32>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      count,
      restByEntry,
      lambdaH,
      lambdaD,
      scale,
      invHSq,
      minDenominator,
      fresh,
    );
}

/** `solveNeoHookeanBatched`, its multipliers stored or not as `storesLambda<Keep>` says. */
function neoHookeanSweep<Keep>(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  count: i32,
  restByEntry: usize,
  lambdaH: usize,
  lambdaD: usize,
  scale: f64,
  invHSq: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  const storeLambda = storesLambda<Keep>();
  const scale32 = <f32>scale;
  const invHSq32 = <f32>invHSq;
  const minDenominator32 = <f32>minDenominator;
  const vScale = f32x4.splat(scale32);
  const vInvHSq = f32x4.splat(invHSq32);
  const vMinDenominator = f32x4.splat(minDenominator32);
  const vMinNormSq = f32x4.splat(<f32>1e-18);
  const vMaxF32 = f32x4.splat(f32.MAX_VALUE);
  const zero = f32x4.splat(0);
  const one = f32x4.splat(1);
  const stride = (<usize>count) << 2;
  for (let colour = 0; colour < colourCount; colour++) {
    const start = u(colourStarts, colour);
    const end = u(colourStarts, colour + 1);
    let t = start;
    for (; t + 3 < end; t += 4) {
      const ta = 4 * t;
      const q0a = u(particles, ta);
      const q1a = u(particles, ta + 1);
      const q2a = u(particles, ta + 2);
      const q3a = u(particles, ta + 3);
      const q0b = u(particles, ta + 4);
      const q1b = u(particles, ta + 5);
      const q2b = u(particles, ta + 6);
      const q3b = u(particles, ta + 7);
      const q0c = u(particles, ta + 8);
      const q1c = u(particles, ta + 9);
      const q2c = u(particles, ta + 10);
      const q3c = u(particles, ta + 11);
      const q0d = u(particles, ta + 12);
      const q1d = u(particles, ta + 13);
      const q2d = u(particles, ta + 14);
      const q3d = u(particles, ta + 15);
      const p0a = at(x, q0a);
      const p0b = at(x, q0b);
      const p0c = at(x, q0c);
      const p0d = at(x, q0d);
      const x0ab = loadX(p0a, p0b);
      const y0ab = loadY(p0a, p0b);
      const z0ab = loadZ(p0a, p0b);
      const x0cd = loadX(p0c, p0d);
      const y0cd = loadY(p0c, p0d);
      const z0cd = loadZ(p0c, p0d);
      const p1a = at(x, q1a);
      const p1b = at(x, q1b);
      const p1c = at(x, q1c);
      const p1d = at(x, q1d);
      const e1x = narrow(sub(loadX(p1a, p1b), x0ab), sub(loadX(p1c, p1d), x0cd));
      const e1y = narrow(sub(loadY(p1a, p1b), y0ab), sub(loadY(p1c, p1d), y0cd));
      const e1z = narrow(sub(loadZ(p1a, p1b), z0ab), sub(loadZ(p1c, p1d), z0cd));
      const p2a = at(x, q2a);
      const p2b = at(x, q2b);
      const p2c = at(x, q2c);
      const p2d = at(x, q2d);
      const e2x = narrow(sub(loadX(p2a, p2b), x0ab), sub(loadX(p2c, p2d), x0cd));
      const e2y = narrow(sub(loadY(p2a, p2b), y0ab), sub(loadY(p2c, p2d), y0cd));
      const e2z = narrow(sub(loadZ(p2a, p2b), z0ab), sub(loadZ(p2c, p2d), z0cd));
      const p3a = at(x, q3a);
      const p3b = at(x, q3b);
      const p3c = at(x, q3c);
      const p3d = at(x, q3d);
      const e3x = narrow(sub(loadX(p3a, p3b), x0ab), sub(loadX(p3c, p3d), x0cd));
      const e3y = narrow(sub(loadY(p3a, p3b), y0ab), sub(loadY(p3c, p3d), y0cd));
      const e3z = narrow(sub(loadZ(p3a, p3b), z0ab), sub(loadZ(p3c, p3d), z0cd));
      const c1x = sub4(mul4(e2y, e3z), mul4(e2z, e3y));
      const c1y = sub4(mul4(e2z, e3x), mul4(e2x, e3z));
      const c1z = sub4(mul4(e2x, e3y), mul4(e2y, e3x));
      const c2x = sub4(mul4(e3y, e1z), mul4(e3z, e1y));
      const c2y = sub4(mul4(e3z, e1x), mul4(e3x, e1z));
      const c2z = sub4(mul4(e3x, e1y), mul4(e3y, e1x));
      const c3x = sub4(mul4(e1y, e2z), mul4(e1z, e2y));
      const c3y = sub4(mul4(e1z, e2x), mul4(e1x, e2z));
      const c3z = sub4(mul4(e1x, e2y), mul4(e1y, e2x));
      // −c_0 and −p_0 below: they enter only products of two of them, where the signs cancel exactly.
      const c0x = add4(add4(c1x, c2x), c3x);
      const c0y = add4(add4(c1y, c2y), c3y);
      const c0z = add4(add4(c1z, c2z), c3z);
      const o = (<usize>t) << 2;
      const entry = restByEntry + o;
      const b = v128.load(entry + 6 * stride);
      const det = mul4(b, add4(add4(mul4(e1x, c1x), mul4(e1y, c1y)), mul4(e1z, c1z)));
      // Inverse masses in f64 pairs for the moves, rounded to f32 for the solve (gathered once).
      const w0ab = gather(w, q0a, q0b);
      const w0cd = gather(w, q0c, q0d);
      const w1ab = gather(w, q1a, q1b);
      const w1cd = gather(w, q1c, q1d);
      const w2ab = gather(w, q2a, q2b);
      const w2cd = gather(w, q2c, q2d);
      const w3ab = gather(w, q3a, q3b);
      const w3cd = gather(w, q3c, q3d);
      const w0 = narrow(w0ab, w0cd);
      const w1 = narrow(w1ab, w1cd);
      const w2 = narrow(w2ab, w2cd);
      const w3 = narrow(w3ab, w3cd);
      const wCC = add4(
        add4(
          add4(
            mul4(w0, add4(add4(mul4(c0x, c0x), mul4(c0y, c0y)), mul4(c0z, c0z))),
            mul4(w1, add4(add4(mul4(c1x, c1x), mul4(c1y, c1y)), mul4(c1z, c1z))),
          ),
          mul4(w2, add4(add4(mul4(c2x, c2x), mul4(c2y, c2y)), mul4(c2z, c2z))),
        ),
        mul4(w3, add4(add4(mul4(c3x, c3x), mul4(c3y, c3y)), mul4(c3z, c3z))),
      );
      const aTildeH = mul4(v128.load(entry + 8 * stride), vInvHSq);
      const a11 = add4(mul4(mul4(b, b), wCC), aTildeH);
      // Right after the multipliers' reset they are 0: neither is loaded nor α̃·λ formed (b − α̃·0 is
      // b exactly where α̃ is finite, and a tet whose α̃ is not, a torn one, sits out either way).
      let lambdaHT = zero;
      let b1 = sub4(v128.load(entry + 7 * stride), det);
      if (!fresh) {
        lambdaHT = v128.load(lambdaH + o);
        b1 = sub4(b1, mul4(aTildeH, lambdaHT));
      }
      const m00 = v128.load(entry);
      const m01 = v128.load(entry + stride);
      const m02 = v128.load(entry + 2 * stride);
      const m11 = v128.load(entry + 3 * stride);
      const m12 = v128.load(entry + 4 * stride);
      const m22 = v128.load(entry + 5 * stride);
      const p1x = add4(add4(mul4(e1x, m00), mul4(e2x, m01)), mul4(e3x, m02));
      const p1y = add4(add4(mul4(e1y, m00), mul4(e2y, m01)), mul4(e3y, m02));
      const p1z = add4(add4(mul4(e1z, m00), mul4(e2z, m01)), mul4(e3z, m02));
      const p2x = add4(add4(mul4(e1x, m01), mul4(e2x, m11)), mul4(e3x, m12));
      const p2y = add4(add4(mul4(e1y, m01), mul4(e2y, m11)), mul4(e3y, m12));
      const p2z = add4(add4(mul4(e1z, m01), mul4(e2z, m11)), mul4(e3z, m12));
      const p3x = add4(add4(mul4(e1x, m02), mul4(e2x, m12)), mul4(e3x, m22));
      const p3y = add4(add4(mul4(e1y, m02), mul4(e2y, m12)), mul4(e3y, m22));
      const p3z = add4(add4(mul4(e1z, m02), mul4(e2z, m12)), mul4(e3z, m22));
      let normSq = add4(mul4(e1x, p1x), mul4(e1y, p1y));
      normSq = add4(normSq, mul4(e1z, p1z));
      normSq = add4(normSq, mul4(e2x, p2x));
      normSq = add4(normSq, mul4(e2y, p2y));
      normSq = add4(normSq, mul4(e2z, p2z));
      normSq = add4(normSq, mul4(e3x, p3x));
      normSq = add4(normSq, mul4(e3y, p3y));
      normSq = add4(normSq, mul4(e3z, p3z));
      const p0x = add4(add4(p1x, p2x), p3x);
      const p0y = add4(add4(p1y, p2y), p3y);
      const p0z = add4(add4(p1z, p2z), p3z);
      // Both branches of the scalar kernel, chosen per lane.
      const deviatoric = f32x4.gt(normSq, vMinNormSq);
      // 1/‖F‖² beside ‖F‖, not 1/‖F‖ after it, so that the root and the division overlap: the system
      // below needs only 1/‖F‖². With one division for both multipliers, 1.5% off the 16³ cube's frame.
      const norm = f32x4.sqrt(normSq);
      const invSq = div4(one, normSq);
      const inv = mul4(norm, invSq);
      const wPP = add4(
        add4(
          add4(
            mul4(w0, add4(add4(mul4(p0x, p0x), mul4(p0y, p0y)), mul4(p0z, p0z))),
            mul4(w1, add4(add4(mul4(p1x, p1x), mul4(p1y, p1y)), mul4(p1z, p1z))),
          ),
          mul4(w2, add4(add4(mul4(p2x, p2x), mul4(p2y, p2y)), mul4(p2z, p2z))),
        ),
        mul4(w3, add4(add4(mul4(p3x, p3x), mul4(p3y, p3y)), mul4(p3z, p3z))),
      );
      const wCP = add4(
        add4(
          add4(
            mul4(w0, add4(add4(mul4(c0x, p0x), mul4(c0y, p0y)), mul4(c0z, p0z))),
            mul4(w1, add4(add4(mul4(c1x, p1x), mul4(c1y, p1y)), mul4(c1z, p1z))),
          ),
          mul4(w2, add4(add4(mul4(c2x, p2x), mul4(c2y, p2y)), mul4(c2z, p2z))),
        ),
        mul4(w3, add4(add4(mul4(c3x, p3x), mul4(c3y, p3y)), mul4(c3z, p3z))),
      );
      const bwCP = mul4(b, wCP);
      const wHD = mul4(bwCP, inv);
      const aTildeD = mul4(v128.load(entry + 9 * stride), vInvHSq);
      const a22 = add4(mul4(wPP, invSq), aTildeD);
      let lambdaDT = zero;
      let b2 = f32x4.neg(norm);
      if (!fresh) {
        lambdaDT = v128.load(lambdaD + o);
        b2 = sub4(b2, mul4(aTildeD, lambdaDT));
      }
      // wHD² = (b·wCP)²/‖F‖², and the scale over the determinant once for both multipliers.
      const determinant = sub4(mul4(a11, a22), mul4(mul4(bwCP, bwCP), invSq));
      const scaleByDeterminant = div4(vScale, determinant);
      const dHCoupled = mul4(sub4(mul4(b1, a22), mul4(wHD, b2)), scaleByDeterminant);
      const dDCoupled = mul4(sub4(mul4(a11, b2), mul4(wHD, b1)), scaleByDeterminant);
      // The hydrostatic constraint alone, for a lane whose ‖F‖ is ~0: almost never, so mostly not computed.
      let dHAlone = zero;
      if (!i32x4.all_true(deviatoric)) dHAlone = div4(mul4(vScale, b1), a11);
      // A lane whose system overflowed single precision sits out, as in the scalar kernel (torn tets).
      const keep = v128.bitselect(
        v128.and(f32x4.gt(determinant, vMinDenominator), f32x4.le(determinant, vMaxF32)),
        v128.and(f32x4.gt(a11, vMinDenominator), f32x4.le(a11, vMaxF32)),
        deviatoric,
      );
      if (!v128.any_true(keep)) {
        if (fresh && storeLambda) {
          v128.store(lambdaH + o, zero);
          v128.store(lambdaD + o, zero);
        }
        continue;
      }
      const dH = v128.bitselect(dHCoupled, dHAlone, deviatoric);
      const dD = v128.bitselect(dDCoupled, zero, deviatoric);
      const sD = v128.bitselect(mul4(dDCoupled, inv), zero, v128.and(deviatoric, keep));
      const sH = v128.bitselect(mul4(b, dH), zero, keep);
      if (storeLambda) {
        v128.store(lambdaH + o, v128.bitselect(add4(lambdaHT, dH), lambdaHT, keep));
        v128.store(lambdaD + o, v128.bitselect(add4(lambdaDT, dD), lambdaDT, keep));
      }
      // Corner by corner, x_k += w_k·u_k for corners 1–3 (u in f32, the moves in f64), each particle's
      // x and y as one v128 (movePair), then corner 0 by −w_0·(u_1 + u_2 + u_3). Where every
      // coordinate moved lane by lane, axis by axis, the 16³ cube's frame took 2–4% longer.
      // A lane left out has u = +0 even where its gradients overflowed single precision (0·∞ is NaN).
      let ux = v128.and(add4(mul4(sH, c1x), mul4(sD, p1x)), keep);
      let uy = v128.and(add4(mul4(sH, c1y), mul4(sD, p1y)), keep);
      let uz = v128.and(add4(mul4(sH, c1z), mul4(sD, p1z)), keep);
      let xab = lowHalf(ux);
      let yab = lowHalf(uy);
      let zab = lowHalf(uz);
      let xcd = highHalf(ux);
      let ycd = highHalf(uy);
      let zcd = highHalf(uz);
      let sumXab = xab;
      let sumYab = yab;
      let sumZab = zab;
      let sumXcd = xcd;
      let sumYcd = ycd;
      let sumZcd = zcd;
      movePair(p1a, p1b, mul(w1ab, xab), mul(w1ab, yab), mul(w1ab, zab));
      movePair(p1c, p1d, mul(w1cd, xcd), mul(w1cd, ycd), mul(w1cd, zcd));
      ux = v128.and(add4(mul4(sH, c2x), mul4(sD, p2x)), keep);
      uy = v128.and(add4(mul4(sH, c2y), mul4(sD, p2y)), keep);
      uz = v128.and(add4(mul4(sH, c2z), mul4(sD, p2z)), keep);
      xab = lowHalf(ux);
      yab = lowHalf(uy);
      zab = lowHalf(uz);
      xcd = highHalf(ux);
      ycd = highHalf(uy);
      zcd = highHalf(uz);
      sumXab = add(sumXab, xab);
      sumYab = add(sumYab, yab);
      sumZab = add(sumZab, zab);
      sumXcd = add(sumXcd, xcd);
      sumYcd = add(sumYcd, ycd);
      sumZcd = add(sumZcd, zcd);
      movePair(p2a, p2b, mul(w2ab, xab), mul(w2ab, yab), mul(w2ab, zab));
      movePair(p2c, p2d, mul(w2cd, xcd), mul(w2cd, ycd), mul(w2cd, zcd));
      ux = v128.and(add4(mul4(sH, c3x), mul4(sD, p3x)), keep);
      uy = v128.and(add4(mul4(sH, c3y), mul4(sD, p3y)), keep);
      uz = v128.and(add4(mul4(sH, c3z), mul4(sD, p3z)), keep);
      xab = lowHalf(ux);
      yab = lowHalf(uy);
      zab = lowHalf(uz);
      xcd = highHalf(ux);
      ycd = highHalf(uy);
      zcd = highHalf(uz);
      sumXab = add(sumXab, xab);
      sumYab = add(sumYab, yab);
      sumZab = add(sumZab, zab);
      sumXcd = add(sumXcd, xcd);
      sumYcd = add(sumYcd, ycd);
      sumZcd = add(sumZcd, zcd);
      movePair(p3a, p3b, mul(w3ab, xab), mul(w3ab, yab), mul(w3ab, zab));
      movePair(p3c, p3d, mul(w3cd, xcd), mul(w3cd, ycd), mul(w3cd, zcd));
      movePairBack(p0a, p0b, mul(w0ab, sumXab), mul(w0ab, sumYab), mul(w0ab, sumZab));
      movePairBack(p0c, p0d, mul(w0cd, sumXcd), mul(w0cd, sumYcd), mul(w0cd, sumZcd));
    }
    for (; t < end; t++) {
      neoHookeanTet(
        x,
        w,
        particles,
        count,
        restByEntry,
        lambdaH,
        lambdaD,
        t,
        scale32,
        invHSq32,
        minDenominator32,
        fresh,
        storeLambda,
      );
    }
  }
}

/**
 * `solveDistance`, two constraints of a colour at a time; `storeLambda` false leaves the multipliers
 * unstored, as in solveNeoHookeanBatched.
 */
export function solveDistanceBatched(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  restLength: usize,
  compliance: usize,
  lambda: usize,
  scale: f64,
  invHSq: f64,
  minLength: f64,
  minDenominator: f64,
  fresh: bool,
  storeLambda: bool,
): void {
  if (storeLambda)
    distanceSweep<bool>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      restLength,
      compliance,
      lambda,
      scale,
      invHSq,
      minLength,
      minDenominator,
      fresh,
    );
  else
    distanceSweep<i32>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      restLength,
      compliance,
      lambda,
      scale,
      invHSq,
      minLength,
      minDenominator,
      fresh,
    );
}

/** `solveDistanceBatched`, its multipliers stored or not as `storesLambda<Keep>` says. */
function distanceSweep<Keep>(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  restLength: usize,
  compliance: usize,
  lambda: usize,
  scale: f64,
  invHSq: f64,
  minLength: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  const storeLambda = storesLambda<Keep>();
  const vScale = splat(scale);
  const vInvHSq = splat(invHSq);
  const vMinLength = splat(minLength);
  const vMinDenominator = splat(minDenominator);
  const zero = splat(0);
  for (let colour = 0; colour < colourCount; colour++) {
    const start = u(colourStarts, colour);
    const end = u(colourStarts, colour + 1);
    let c = start;
    for (; c + 1 < end; c += 2) {
      const pa = 2 * c;
      const aa = u(particles, pa);
      const ba = u(particles, pa + 1);
      const ab = u(particles, pa + 2);
      const bb = u(particles, pa + 3);
      const wa = gather(w, aa, ab);
      const wb = gather(w, ba, bb);
      const a3a = at(x, aa);
      const b3a = at(x, ba);
      const a3b = at(x, ab);
      const b3b = at(x, bb);
      const xa = loadX(a3a, a3b);
      const ya = loadY(a3a, a3b);
      const za = loadZ(a3a, a3b);
      const xb = loadX(b3a, b3b);
      const yb = loadY(b3a, b3b);
      const zb = loadZ(b3a, b3b);
      const dx = sub(xa, xb);
      const dy = sub(ya, yb);
      const dz = sub(za, zb);
      const length = f64x2.sqrt(add(add(mul(dx, dx), mul(dy, dy)), mul(dz, dz)));
      const alphaTilde = mul(pair(compliance, c), vInvHSq);
      const denominator = add(add(wa, wb), alphaTilde);
      const keep = v128.and(f64x2.gt(length, vMinLength), f64x2.gt(denominator, vMinDenominator));
      // Right after the multipliers' reset, b − α̃·0 is b exactly (α̃ is finite in double precision,
      // a torn constraint's too): λ is neither loaded nor multiplied.
      let lambdaC = zero;
      let b = sub(pair(restLength, c), length);
      if (!fresh) {
        lambdaC = pair(lambda, c);
        b = sub(b, mul(alphaTilde, lambdaC));
      }
      if (!v128.any_true(keep)) {
        if (fresh && storeLambda) storePair(lambda, c, zero);
        continue;
      }
      // Δλ/|d| in one division, as distance.ts does; Δλ = s·|d|.
      const perLength = div(mul(vScale, b), mul(denominator, length));
      if (storeLambda)
        storePair(lambda, c, v128.bitselect(add(lambdaC, mul(perLength, length)), lambdaC, keep));
      const s = v128.bitselect(perLength, zero, keep);
      const sa = mul(wa, s);
      const sb = mul(wb, s);
      moveX(a3a, a3b, xa, mul(sa, dx));
      moveY(a3a, a3b, ya, mul(sa, dy));
      moveZ(a3a, a3b, za, mul(sa, dz));
      moveBack(b3a, b3b, xb, mul(sb, dx));
      moveBack(b3a + 8, b3b + 8, yb, mul(sb, dy));
      moveBack(b3a + 16, b3b + 16, zb, mul(sb, dz));
    }
    if (c < end) {
      solveDistance(
        x,
        w,
        particles + ((<usize>c) << 3),
        restLength + ((<usize>c) << 3),
        compliance + ((<usize>c) << 3),
        lambda + ((<usize>c) << 3),
        1,
        scale,
        invHSq,
        minLength,
        minDenominator,
        fresh,
        storeLambda,
      );
    }
  }
}

/**
 * `solveTetVolume`, two tets of a colour at a time; `storeLambda` false leaves the multipliers
 * unstored, as in solveNeoHookeanBatched.
 */
export function solveTetVolumeBatched(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  restVolume: usize,
  compliance: usize,
  lambda: usize,
  scale: f64,
  invHSq: f64,
  minDenominator: f64,
  fresh: bool,
  storeLambda: bool,
): void {
  if (storeLambda)
    tetVolumeSweep<bool>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      restVolume,
      compliance,
      lambda,
      scale,
      invHSq,
      minDenominator,
      fresh,
    );
  else
    tetVolumeSweep<i32>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      restVolume,
      compliance,
      lambda,
      scale,
      invHSq,
      minDenominator,
      fresh,
    );
}

/** `solveTetVolumeBatched`, its multipliers stored or not as `storesLambda<Keep>` says. */
function tetVolumeSweep<Keep>(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  restVolume: usize,
  compliance: usize,
  lambda: usize,
  scale: f64,
  invHSq: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  const storeLambda = storesLambda<Keep>();
  const vScale = splat(scale);
  const vInvHSq = splat(invHSq);
  const vMinDenominator = splat(minDenominator);
  const sixth = splat(1.0 / 6);
  const thirtySixth = splat(1.0 / 36);
  const zero = splat(0);
  for (let colour = 0; colour < colourCount; colour++) {
    const start = u(colourStarts, colour);
    const end = u(colourStarts, colour + 1);
    let t = start;
    for (; t + 1 < end; t += 2) {
      const ta = 4 * t;
      const q0a = u(particles, ta);
      const q1a = u(particles, ta + 1);
      const q2a = u(particles, ta + 2);
      const q3a = u(particles, ta + 3);
      const q0b = u(particles, ta + 4);
      const q1b = u(particles, ta + 5);
      const q2b = u(particles, ta + 6);
      const q3b = u(particles, ta + 7);
      const p0a = at(x, q0a);
      const p1a = at(x, q1a);
      const p2a = at(x, q2a);
      const p3a = at(x, q3a);
      const p0b = at(x, q0b);
      const p1b = at(x, q1b);
      const p2b = at(x, q2b);
      const p3b = at(x, q3b);
      // Each particle's x and y load as one v128, shuffled into the lanes' x and y pairs: a load
      // and a shuffle where a lane load cost an insert (4–5% of the edges + volume cube's frame).
      let xyA = v128.load(p0a);
      let xyB = v128.load(p0b);
      const x0 = v128.shuffle<f64>(xyA, xyB, 0, 2);
      const y0 = v128.shuffle<f64>(xyA, xyB, 1, 3);
      const z0 = loadZ(p0a, p0b);
      xyA = v128.load(p1a);
      xyB = v128.load(p1b);
      const x1 = v128.shuffle<f64>(xyA, xyB, 0, 2);
      const y1 = v128.shuffle<f64>(xyA, xyB, 1, 3);
      const z1 = loadZ(p1a, p1b);
      xyA = v128.load(p2a);
      xyB = v128.load(p2b);
      const x2 = v128.shuffle<f64>(xyA, xyB, 0, 2);
      const y2 = v128.shuffle<f64>(xyA, xyB, 1, 3);
      const z2 = loadZ(p2a, p2b);
      xyA = v128.load(p3a);
      xyB = v128.load(p3b);
      const x3 = v128.shuffle<f64>(xyA, xyB, 0, 2);
      const y3 = v128.shuffle<f64>(xyA, xyB, 1, 3);
      const z3 = loadZ(p3a, p3b);
      const ax = sub(x1, x0);
      const ay = sub(y1, y0);
      const az = sub(z1, z0);
      const bx = sub(x2, x0);
      const by = sub(y2, y0);
      const bz = sub(z2, z0);
      const cx = sub(x3, x0);
      const cy = sub(y3, y0);
      const cz = sub(z3, z0);
      const g1x = sub(mul(by, cz), mul(bz, cy));
      const g1y = sub(mul(bz, cx), mul(bx, cz));
      const g1z = sub(mul(bx, cy), mul(by, cx));
      const g2x = sub(mul(cy, az), mul(cz, ay));
      const g2y = sub(mul(cz, ax), mul(cx, az));
      const g2z = sub(mul(cx, ay), mul(cy, ax));
      const g3x = sub(mul(ay, bz), mul(az, by));
      const g3y = sub(mul(az, bx), mul(ax, bz));
      const g3z = sub(mul(ax, by), mul(ay, bx));
      // −g_0: squared below, and corner 0 moved by x − s_0·(−g_0) (moveBack).
      const g0x = add(add(g1x, g2x), g3x);
      const g0y = add(add(g1y, g2y), g3y);
      const g0z = add(add(g1z, g2z), g3z);
      const w0 = gather(w, q0a, q0b);
      const w1 = gather(w, q1a, q1b);
      const w2 = gather(w, q2a, q2b);
      const w3 = gather(w, q3a, q3b);
      const wGradSq = mul(
        add(
          add(
            add(
              mul(w0, add(add(mul(g0x, g0x), mul(g0y, g0y)), mul(g0z, g0z))),
              mul(w1, add(add(mul(g1x, g1x), mul(g1y, g1y)), mul(g1z, g1z))),
            ),
            mul(w2, add(add(mul(g2x, g2x), mul(g2y, g2y)), mul(g2z, g2z))),
          ),
          mul(w3, add(add(mul(g3x, g3x), mul(g3y, g3y)), mul(g3z, g3z))),
        ),
        thirtySixth,
      );
      const alphaTilde = mul(pair(compliance, t), vInvHSq);
      const denominator = add(wGradSq, alphaTilde);
      const keep = f64x2.gt(denominator, vMinDenominator);
      let lambdaT = zero;
      if (!fresh) lambdaT = pair(lambda, t);
      if (!v128.any_true(keep)) {
        if (fresh && storeLambda) storePair(lambda, t, zero);
        continue;
      }
      const volume = mul(add(add(mul(ax, g1x), mul(ay, g1y)), mul(az, g1z)), sixth);
      let b = sub(pair(restVolume, t), volume);
      if (!fresh) b = sub(b, mul(alphaTilde, lambdaT)); // b − α̃·0 is b exactly, as in the distance kernel
      const dLambda = div(mul(vScale, b), denominator);
      if (storeLambda) storePair(lambda, t, v128.bitselect(add(lambdaT, dLambda), lambdaT, keep));
      const d = v128.bitselect(mul(dLambda, sixth), zero, keep);
      const s0 = mul(w0, d);
      const s1 = mul(w1, d);
      const s2 = mul(w2, d);
      const s3 = mul(w3, d);
      movePairBack(p0a, p0b, mul(s0, g0x), mul(s0, g0y), mul(s0, g0z));
      movePair(p1a, p1b, mul(s1, g1x), mul(s1, g1y), mul(s1, g1z));
      movePair(p2a, p2b, mul(s2, g2x), mul(s2, g2y), mul(s2, g2z));
      movePair(p3a, p3b, mul(s3, g3x), mul(s3, g3y), mul(s3, g3z));
    }
    if (t < end) {
      const o = (<usize>t) << 3;
      solveTetVolume(
        x,
        w,
        particles + (o << 1),
        restVolume + o,
        compliance + o,
        lambda + o,
        1,
        scale,
        invHSq,
        minDenominator,
        fresh,
        storeLambda,
      );
    }
  }
}

/** `solveDihedralBend`, two hinges of a colour at a time (atan2 per lane outside |t| < 7/16). */
export function solveDihedralBendBatched(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  restAngle: usize,
  compliance: usize,
  lambda: usize,
  scale: f64,
  invHSq: f64,
  minEdgeSq: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  const vScale = splat(scale);
  const vInvHSq = splat(invHSq);
  const vMinEdgeSq = splat(minEdgeSq);
  const vMinDenominator = splat(minDenominator);
  const zero = splat(0);
  const one = splat(1);
  const two = splat(2);
  const minArea = splat(1e-18);
  const small = splat(0.4375);
  const minusSmall = splat(-0.4375);
  const pi = splat(Math.PI);
  const minusPi = splat(-Math.PI);
  const twoPi = splat(2 * Math.PI);
  const AT0 = splat(0.3333333333333293);
  const AT1 = splat(-0.19999999999876483);
  const AT2 = splat(0.14285714272503466);
  const AT3 = splat(-0.11111110405462356);
  const AT4 = splat(0.09090887133436507);
  const AT5 = splat(-0.0769187620504483);
  const AT6 = splat(0.06661073137387531);
  const AT7 = splat(-0.058335701337905735);
  const AT8 = splat(0.049768779946159324);
  const AT9 = splat(-0.036531572744216916);
  const AT10 = splat(0.016285820115365782);
  for (let colour = 0; colour < colourCount; colour++) {
    const start = u(colourStarts, colour);
    const end = u(colourStarts, colour + 1);
    let c = start;
    for (; c + 1 < end; c += 2) {
      const ca = 4 * c;
      const q0a = u(particles, ca);
      const q1a = u(particles, ca + 1);
      const q2a = u(particles, ca + 2);
      const q3a = u(particles, ca + 3);
      const q0b = u(particles, ca + 4);
      const q1b = u(particles, ca + 5);
      const q2b = u(particles, ca + 6);
      const q3b = u(particles, ca + 7);
      const p0a = at(x, q0a);
      const p1a = at(x, q1a);
      const p2a = at(x, q2a);
      const p3a = at(x, q3a);
      const p0b = at(x, q0b);
      const p1b = at(x, q1b);
      const p2b = at(x, q2b);
      const p3b = at(x, q3b);
      const x0 = loadX(p0a, p0b);
      const y0 = loadY(p0a, p0b);
      const z0 = loadZ(p0a, p0b);
      const x1 = loadX(p1a, p1b);
      const y1 = loadY(p1a, p1b);
      const z1 = loadZ(p1a, p1b);
      const x2 = loadX(p2a, p2b);
      const y2 = loadY(p2a, p2b);
      const z2 = loadZ(p2a, p2b);
      const x3 = loadX(p3a, p3b);
      const y3 = loadY(p3a, p3b);
      const z3 = loadZ(p3a, p3b);
      const ex = sub(x1, x0);
      const ey = sub(y1, y0);
      const ez = sub(z1, z0);
      const eSq = add(add(mul(ex, ex), mul(ey, ey)), mul(ez, ez));
      const a0x = sub(x2, x0);
      const a0y = sub(y2, y0);
      const a0z = sub(z2, z0);
      const b0x = sub(x3, x0);
      const b0y = sub(y3, y0);
      const b0z = sub(z3, z0);
      const nax = sub(mul(ey, a0z), mul(ez, a0y));
      const nay = sub(mul(ez, a0x), mul(ex, a0z));
      const naz = sub(mul(ex, a0y), mul(ey, a0x));
      const nbx = sub(mul(b0y, ez), mul(b0z, ey));
      const nby = sub(mul(b0z, ex), mul(b0x, ez));
      const nbz = sub(mul(b0x, ey), mul(b0y, ex));
      const naSq = add(add(mul(nax, nax), mul(nay, nay)), mul(naz, naz));
      const nbSq = add(add(mul(nbx, nbx), mul(nby, nby)), mul(nbz, nbz));
      const minAreaSq = mul(mul(minArea, eSq), eSq);
      const eLength = f64x2.sqrt(eSq);
      const invE = div(one, eLength);
      const a0 = mul(add(add(mul(a0x, ex), mul(a0y, ey)), mul(a0z, ez)), invE);
      const b0 = mul(add(add(mul(b0x, ex), mul(b0y, ey)), mul(b0z, ez)), invE);
      const a1 = sub(a0, eLength);
      const b1 = sub(b0, eLength);
      const sa = div(one, naSq);
      const sb = div(one, nbSq);
      const nAB = add(add(mul(nax, nbx), mul(nay, nby)), mul(naz, nbz));
      const w0 = gather(w, q0a, q0b);
      const w1 = gather(w, q1a, q1b);
      const w2 = gather(w, q2a, q2b);
      const w3 = gather(w, q3a, q3b);
      const cross = mul(mul(mul(two, sa), sb), nAB);
      const wGradSq = add(
        add(
          mul(w0, add(add(mul(mul(a1, a1), sa), mul(mul(b1, b1), sb)), mul(mul(a1, b1), cross))),
          mul(w1, add(add(mul(mul(a0, a0), sa), mul(mul(b0, b0), sb)), mul(mul(a0, b0), cross))),
        ),
        mul(add(mul(w2, sa), mul(w3, sb)), eSq),
      );
      const alphaTilde = mul(pair(compliance, c), vInvHSq);
      const denominator = add(wGradSq, alphaTilde);
      const keep = v128.and(
        v128.and(f64x2.gt(eSq, vMinEdgeSq), f64x2.gt(denominator, vMinDenominator)),
        v128.and(f64x2.gt(naSq, minAreaSq), f64x2.gt(nbSq, minAreaSq)),
      );
      let lambdaC = zero;
      if (!fresh) lambdaC = pair(lambda, c);
      if (!v128.any_true(keep)) {
        if (fresh) storePair(lambda, c, zero);
        continue;
      }
      const sinTerm = add(
        add(mul(sub(mul(nay, nbz), mul(naz, nby)), ex), mul(sub(mul(naz, nbx), mul(nax, nbz)), ey)),
        mul(sub(mul(nax, nby), mul(nay, nbx)), ez),
      );
      const cosTerm = mul(nAB, eLength);
      const fast = v128.and(
        f64x2.gt(cosTerm, zero),
        v128.and(f64x2.lt(sinTerm, mul(small, cosTerm)), f64x2.gt(sinTerm, mul(minusSmall, cosTerm))),
      );
      const t = div(sinTerm, cosTerm);
      const z = mul(t, t);
      const v = mul(z, z);
      const even = mul(
        z,
        add(AT0, mul(v, add(AT2, mul(v, add(AT4, mul(v, add(AT6, mul(v, add(AT8, mul(v, AT10)))))))))),
      );
      const odd = mul(v, add(AT1, mul(v, add(AT3, mul(v, add(AT5, mul(v, add(AT7, mul(v, AT9)))))))));
      let theta = sub(t, mul(t, add(even, odd)));
      if (!i64x2.all_true(fast)) {
        if (i64x2.extract_lane(fast, 0) === 0) {
          theta = f64x2.replace_lane(
            theta,
            0,
            Math.atan2(f64x2.extract_lane(sinTerm, 0), f64x2.extract_lane(cosTerm, 0)),
          );
        }
        if (i64x2.extract_lane(fast, 1) === 0) {
          theta = f64x2.replace_lane(
            theta,
            1,
            Math.atan2(f64x2.extract_lane(sinTerm, 1), f64x2.extract_lane(cosTerm, 1)),
          );
        }
      }
      const angle = sub(theta, pair(restAngle, c));
      let constraint = v128.bitselect(sub(angle, twoPi), angle, f64x2.gt(angle, pi));
      constraint = v128.bitselect(add(angle, twoPi), constraint, f64x2.le(angle, minusPi));
      const dLambda = div(mul(vScale, sub(f64x2.neg(constraint), mul(alphaTilde, lambdaC))), denominator);
      storePair(lambda, c, v128.bitselect(add(lambdaC, dLambda), lambdaC, keep));
      const kA = mul(dLambda, sa);
      const kB = mul(dLambda, sb);
      // Masked here: a1, b0, … are NaN for a zero-length hinge; n_A and n_B are always finite.
      const u0a = v128.bitselect(mul(mul(f64x2.neg(w0), a1), kA), zero, keep);
      const u0b = v128.bitselect(mul(mul(f64x2.neg(w0), b1), kB), zero, keep);
      const u1a = v128.bitselect(mul(mul(w1, a0), kA), zero, keep);
      const u1b = v128.bitselect(mul(mul(w1, b0), kB), zero, keep);
      const u2 = v128.bitselect(mul(mul(f64x2.neg(w2), eLength), kA), zero, keep);
      const u3 = v128.bitselect(mul(mul(f64x2.neg(w3), eLength), kB), zero, keep);
      moveX(p0a, p0b, loadX(p0a, p0b), add(mul(u0a, nax), mul(u0b, nbx)));
      moveY(p0a, p0b, loadY(p0a, p0b), add(mul(u0a, nay), mul(u0b, nby)));
      moveZ(p0a, p0b, loadZ(p0a, p0b), add(mul(u0a, naz), mul(u0b, nbz)));
      moveX(p1a, p1b, loadX(p1a, p1b), add(mul(u1a, nax), mul(u1b, nbx)));
      moveY(p1a, p1b, loadY(p1a, p1b), add(mul(u1a, nay), mul(u1b, nby)));
      moveZ(p1a, p1b, loadZ(p1a, p1b), add(mul(u1a, naz), mul(u1b, nbz)));
      moveX(p2a, p2b, loadX(p2a, p2b), mul(u2, nax));
      moveY(p2a, p2b, loadY(p2a, p2b), mul(u2, nay));
      moveZ(p2a, p2b, loadZ(p2a, p2b), mul(u2, naz));
      moveX(p3a, p3b, loadX(p3a, p3b), mul(u3, nbx));
      moveY(p3a, p3b, loadY(p3a, p3b), mul(u3, nby));
      moveZ(p3a, p3b, loadZ(p3a, p3b), mul(u3, nbz));
    }
    if (c < end) {
      const o = (<usize>c) << 3;
      solveDihedralBend(
        x,
        w,
        particles + (o << 1),
        restAngle + o,
        compliance + o,
        lambda + o,
        1,
        scale,
        invHSq,
        minEdgeSq,
        minDenominator,
        fresh,
      );
    }
  }
}

/** single-precision.ts `powerOfTwoScale`: 2^(127 − e) for the biased exponent e of `value`. */
function powerOfTwoScale(value: f32): f32 {
  return reinterpret<f32>((254 - ((reinterpret<i32>(value) >>> 23) & 0xff)) << 23);
}

/** `powerOfTwoScale` per lane. */
function powerOfTwoScale4(value: v128): v128 {
  const exponent = v128.and(i32x4.shr_u(value, 23), i32x4.splat(0xff));
  return i32x4.shl(i32x4.sub(i32x4.splat(254), exponent), 23);
}

/**
 * membrane.ts `solveMembrane` in single precision, operation for operation, one triangle after the
 * other (a colour's last one to three triangles in solveMembraneBatched). `fresh`: the multipliers
 * read as 0 and are written as Δλ (0 where a triangle skips); `storeLambda` as in solveMembraneBatched.
 */
function solveMembrane(
  x: usize,
  w: usize,
  particles: usize,
  first: i32,
  count: i32,
  inverseRestShape: usize,
  restShapeIndex: usize,
  restShapeIndexBytes: i32,
  compliance: usize,
  complianceIndex: usize,
  complianceIndexBytes: i32,
  lambda: usize,
  scale: f32,
  invHSq: f32,
  minDenominator: f32,
  fresh: bool,
  storeLambda: bool,
): void {
  for (let t = first; t < first + count; t++) {
    const l = 3 * t;
    let l1: f32 = 0;
    let l2: f32 = 0;
    let l3: f32 = 0;
    if (!fresh) {
      l1 = load<f32>(lambda + ((<usize>l) << 2));
      l2 = load<f32>(lambda + ((<usize>l) << 2), 4);
      l3 = load<f32>(lambda + ((<usize>l) << 2), 8);
    } else if (storeLambda) {
      setF32(lambda, l, 0);
      setF32(lambda, l + 1, 0);
      setF32(lambda, l + 2, 0);
    }
    const q0 = u(particles, 3 * t);
    const q1 = u(particles, 3 * t + 1);
    const q2 = u(particles, 3 * t + 2);
    const i0 = 3 * q0;
    const i1 = 3 * q1;
    const i2 = 3 * q2;
    const w0 = <f32>f(w, q0);
    const w1 = <f32>f(w, q1);
    const w2 = <f32>f(w, q2);
    const o = inverseRestShape + ((<usize>rowOf(restShapeIndex, restShapeIndexBytes, t)) << 4);
    const b11 = load<f32>(o);
    const b12 = load<f32>(o, 4);
    const b21 = load<f32>(o, 8);
    const b22 = load<f32>(o, 12);
    const x0 = f(x, i0);
    const y0 = f(x, i0 + 1);
    const z0 = f(x, i0 + 2);
    const e1x = <f32>(f(x, i1) - x0);
    const e1y = <f32>(f(x, i1 + 1) - y0);
    const e1z = <f32>(f(x, i1 + 2) - z0);
    const e2x = <f32>(f(x, i2) - x0);
    const e2y = <f32>(f(x, i2 + 1) - y0);
    const e2z = <f32>(f(x, i2 + 2) - z0);
    const f1x = e1x * b11 + e2x * b21;
    const f1y = e1y * b11 + e2y * b21;
    const f1z = e1z * b11 + e2z * b21;
    const f2x = e1x * b12 + e2x * b22;
    const f2y = e1y * b12 + e2y * b22;
    const f2z = e1z * b12 + e2z * b22;
    const q11 = f1x * f1x + f1y * f1y + f1z * f1z;
    const q22 = f2x * f2x + f2y * f2y + f2z * f2z;
    const q12 = f1x * f2x + f1y * f2y + f1z * f2z;
    const c1 = <f32>0.5 * (q11 - 1);
    const c2 = <f32>0.5 * (q22 - 1);
    const c3 = <f32>0.5 * q12;
    const p01 = -(b11 + b21);
    const p02 = -(b12 + b22);
    const s11 = w0 * p01 * p01 + w1 * b11 * b11 + w2 * b21 * b21;
    const s22 = w0 * p02 * p02 + w1 * b12 * b12 + w2 * b22 * b22;
    const s12 = w0 * p01 * p02 + w1 * b11 * b12 + w2 * b21 * b22;
    const row = rowOf(complianceIndex, complianceIndexBytes, t) << 2;
    const an = <f32>f(compliance, row) * invHSq;
    const an2 = <f32>f(compliance, row + 3) * invHSq;
    const ac = <f32>f(compliance, row + 1) * invHSq;
    const as = <f32>f(compliance, row + 2) * invHSq;
    const a11 = s11 * q11 + an;
    const a22 = s22 * q22 + an2;
    const a33 = <f32>0.25 * (s11 * q22 + <f32>2 * s12 * q12 + s22 * q11) + as;
    const a12 = s12 * q12 + ac;
    const a13 = <f32>0.5 * (s11 * q12 + s12 * q11);
    const a23 = <f32>0.5 * (s12 * q22 + s22 * q12);
    const k = powerOfTwoScale(a11 + a22 + a33);
    const A11 = a11 * k;
    const A22 = a22 * k;
    const A33 = a33 * k;
    const A12 = a12 * k;
    const A13 = a13 * k;
    const A23 = a23 * k;
    const r1 = -c1 - (an * l1 + ac * l2);
    const r2 = -c2 - (ac * l1 + an2 * l2);
    const r3 = -c3 - as * l3;
    const m11 = A22 * A33 - A23 * A23;
    const m12 = A13 * A23 - A12 * A33;
    const m13 = A12 * A23 - A13 * A22;
    const determinant = A11 * m11 + A12 * m12 + A13 * m13;
    if (!(determinant > minDenominator)) continue;
    const m22 = A11 * A33 - A13 * A13;
    const m23 = A12 * A13 - A11 * A23;
    const m33 = A11 * A22 - A12 * A12;
    const inv = (k * scale) / determinant;
    const d1 = (m11 * r1 + m12 * r2 + m13 * r3) * inv;
    const d2 = (m12 * r1 + m22 * r2 + m23 * r3) * inv;
    const d3 = (m13 * r1 + m23 * r2 + m33 * r3) * inv;
    if (storeLambda) {
      store<f32>(lambda + ((<usize>l) << 2), l1 + d1);
      store<f32>(lambda + ((<usize>l) << 2), l2 + d2, 4);
      store<f32>(lambda + ((<usize>l) << 2), l3 + d3, 8);
    }
    const h3 = <f32>0.5 * d3;
    const g1x = d1 * f1x + h3 * f2x;
    const g1y = d1 * f1y + h3 * f2y;
    const g1z = d1 * f1z + h3 * f2z;
    const g2x = d2 * f2x + h3 * f1x;
    const g2y = d2 * f2y + h3 * f1y;
    const g2z = d2 * f2z + h3 * f1z;
    const u1x = <f64>(b11 * g1x + b12 * g2x);
    const u1y = <f64>(b11 * g1y + b12 * g2y);
    const u1z = <f64>(b11 * g1z + b12 * g2z);
    const u2x = <f64>(b21 * g1x + b22 * g2x);
    const u2y = <f64>(b21 * g1y + b22 * g2y);
    const u2z = <f64>(b21 * g1z + b22 * g2z);
    const W0 = f(w, q0);
    const W1 = f(w, q1);
    const W2 = f(w, q2);
    setF(x, i0, x0 + W0 * -(u1x + u2x));
    setF(x, i0 + 1, y0 + W0 * -(u1y + u2y));
    setF(x, i0 + 2, z0 + W0 * -(u1z + u2z));
    setF(x, i1, f(x, i1) + W1 * u1x);
    setF(x, i1 + 1, f(x, i1 + 1) + W1 * u1y);
    setF(x, i1 + 2, f(x, i1 + 2) + W1 * u1z);
    setF(x, i2, f(x, i2) + W2 * u2x);
    setF(x, i2 + 1, f(x, i2 + 1) + W2 * u2y);
    setF(x, i2 + 2, f(x, i2 + 2) + W2 * u2z);
  }
}

/**
 * `solveMembrane`, four triangles of a colour at a time (f32x4), the moves in f64 as in the scalar
 * kernel; a colour's last one to three triangles go through it. The rest shapes load one f32x4 per
 * triangle (its B11, B12, B21, B22) and are transposed to one per entry; the multipliers, 3 per
 * triangle, load as three f32x4 and are shuffled likewise. A lane whose triangle the scalar kernel
 * would skip keeps its multipliers and moves by exactly 0.
 */
export function solveMembraneBatched(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  inverseRestShape: usize,
  restShapeIndex: usize,
  restShapeIndexBytes: i32,
  compliance: usize,
  complianceIndex: usize,
  complianceIndexBytes: i32,
  lambda: usize,
  scale: f64,
  invHSq: f64,
  minDenominator: f64,
  fresh: bool,
  storeLambda: bool,
): void {
  if (storeLambda)
    membraneRows<bool>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      inverseRestShape,
      restShapeIndex,
      restShapeIndexBytes,
      compliance,
      complianceIndex,
      complianceIndexBytes,
      lambda,
      scale,
      invHSq,
      minDenominator,
      fresh,
    );
  else
    membraneRows<i32>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      inverseRestShape,
      restShapeIndex,
      restShapeIndexBytes,
      compliance,
      complianceIndex,
      complianceIndexBytes,
      lambda,
      scale,
      invHSq,
      minDenominator,
      fresh,
    );
}

/** `solveMembraneBatched`, its multipliers stored or not as `storesLambda<Keep>` says. */
function membraneRows<Keep>(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  inverseRestShape: usize,
  restShapeIndex: usize,
  restShapeIndexBytes: i32,
  compliance: usize,
  complianceIndex: usize,
  complianceIndexBytes: i32,
  lambda: usize,
  scale: f64,
  invHSq: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  // The rest-shape row lookup specialized for the common index widths, where it is one load: a u8
  // row per triangle (a regular mesh's few shapes) and none (a row per triangle).
  if (restShapeIndexBytes === 1)
    membraneSweep<u8, Keep>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      inverseRestShape,
      restShapeIndex,
      restShapeIndexBytes,
      compliance,
      complianceIndex,
      complianceIndexBytes,
      lambda,
      scale,
      invHSq,
      minDenominator,
      fresh,
    );
  else if (restShapeIndexBytes < 0)
    membraneSweep<bool, Keep>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      inverseRestShape,
      restShapeIndex,
      restShapeIndexBytes,
      compliance,
      complianceIndex,
      complianceIndexBytes,
      lambda,
      scale,
      invHSq,
      minDenominator,
      fresh,
    );
  else
    membraneSweep<i32, Keep>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      inverseRestShape,
      restShapeIndex,
      restShapeIndexBytes,
      compliance,
      complianceIndex,
      complianceIndexBytes,
      lambda,
      scale,
      invHSq,
      minDenominator,
      fresh,
    );
}

/** `solveMembraneBatched` with its rest-shape rows looked up by `knownRow<R>`, `Keep` as in membraneRows. */
function membraneSweep<R, Keep>(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  inverseRestShape: usize,
  restShapeIndex: usize,
  restShapeIndexBytes: i32,
  compliance: usize,
  complianceIndex: usize,
  complianceIndexBytes: i32,
  lambda: usize,
  scale: f64,
  invHSq: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  const storeLambda = storesLambda<Keep>();
  const scale32 = <f32>scale;
  const invHSq32 = <f32>invHSq;
  const minDenominator32 = <f32>minDenominator;
  const vNegativeScale = f32x4.splat(-scale32);
  const vInvHSq = f32x4.splat(invHSq32);
  const vMinDenominator = f32x4.splat(minDenominator32);
  const zero = f32x4.splat(0);
  const half = f32x4.splat(0.5);
  const quarter = f32x4.splat(0.25);
  const one = f32x4.splat(1);
  const two = f32x4.splat(2);
  // Where every triangle shares one compliance row (one material), its α̃ once for the sweep.
  const oneRow = complianceIndexBytes === 0;
  const shared = rowOf(complianceIndex, complianceIndexBytes, 0) << 2;
  const sharedAn = oneRow ? mul4(f32x4.splat(<f32>f(compliance, shared)), vInvHSq) : zero;
  const sharedAc = oneRow ? mul4(f32x4.splat(<f32>f(compliance, shared + 1)), vInvHSq) : zero;
  const sharedAs = oneRow ? mul4(f32x4.splat(<f32>f(compliance, shared + 2)), vInvHSq) : zero;
  const sharedAn2 = oneRow ? mul4(f32x4.splat(<f32>f(compliance, shared + 3)), vInvHSq) : zero;
  for (let colour = 0; colour < colourCount; colour++) {
    const start = u(colourStarts, colour);
    const end = u(colourStarts, colour + 1);
    let t = start;
    for (; t + 3 < end; t += 4) {
      const ta = 3 * t;
      const q0a = u(particles, ta);
      const q1a = u(particles, ta + 1);
      const q2a = u(particles, ta + 2);
      const q0b = u(particles, ta + 3);
      const q1b = u(particles, ta + 4);
      const q2b = u(particles, ta + 5);
      const q0c = u(particles, ta + 6);
      const q1c = u(particles, ta + 7);
      const q2c = u(particles, ta + 8);
      const q0d = u(particles, ta + 9);
      const q1d = u(particles, ta + 10);
      const q2d = u(particles, ta + 11);
      const p0a = at(x, q0a);
      const p0b = at(x, q0b);
      const p0c = at(x, q0c);
      const p0d = at(x, q0d);
      const x0ab = loadX(p0a, p0b);
      const y0ab = loadY(p0a, p0b);
      const z0ab = loadZ(p0a, p0b);
      const x0cd = loadX(p0c, p0d);
      const y0cd = loadY(p0c, p0d);
      const z0cd = loadZ(p0c, p0d);
      const p1a = at(x, q1a);
      const p1b = at(x, q1b);
      const p1c = at(x, q1c);
      const p1d = at(x, q1d);
      const e1x = narrow(sub(loadX(p1a, p1b), x0ab), sub(loadX(p1c, p1d), x0cd));
      const e1y = narrow(sub(loadY(p1a, p1b), y0ab), sub(loadY(p1c, p1d), y0cd));
      const e1z = narrow(sub(loadZ(p1a, p1b), z0ab), sub(loadZ(p1c, p1d), z0cd));
      const p2a = at(x, q2a);
      const p2b = at(x, q2b);
      const p2c = at(x, q2c);
      const p2d = at(x, q2d);
      const e2x = narrow(sub(loadX(p2a, p2b), x0ab), sub(loadX(p2c, p2d), x0cd));
      const e2y = narrow(sub(loadY(p2a, p2b), y0ab), sub(loadY(p2c, p2d), y0cd));
      const e2z = narrow(sub(loadZ(p2a, p2b), z0ab), sub(loadZ(p2c, p2d), z0cd));
      // (B11, B12, B21, B22) of each triangle, transposed to (a, b, c, d) per entry.
      const ba = v128.load(
        inverseRestShape + ((<usize>knownRow<R>(restShapeIndex, restShapeIndexBytes, t)) << 4),
      );
      const bb = v128.load(
        inverseRestShape + ((<usize>knownRow<R>(restShapeIndex, restShapeIndexBytes, t + 1)) << 4),
      );
      const bc = v128.load(
        inverseRestShape + ((<usize>knownRow<R>(restShapeIndex, restShapeIndexBytes, t + 2)) << 4),
      );
      const bd = v128.load(
        inverseRestShape + ((<usize>knownRow<R>(restShapeIndex, restShapeIndexBytes, t + 3)) << 4),
      );
      const firstAB = v128.shuffle<f32>(ba, bb, 0, 4, 1, 5);
      const firstCD = v128.shuffle<f32>(bc, bd, 0, 4, 1, 5);
      const secondAB = v128.shuffle<f32>(ba, bb, 2, 6, 3, 7);
      const secondCD = v128.shuffle<f32>(bc, bd, 2, 6, 3, 7);
      const b11 = v128.shuffle<f32>(firstAB, firstCD, 0, 1, 4, 5);
      const b12 = v128.shuffle<f32>(firstAB, firstCD, 2, 3, 6, 7);
      const b21 = v128.shuffle<f32>(secondAB, secondCD, 0, 1, 4, 5);
      const b22 = v128.shuffle<f32>(secondAB, secondCD, 2, 3, 6, 7);
      const w0 = gather4(w, q0a, q0b, q0c, q0d);
      const w1 = gather4(w, q1a, q1b, q1c, q1d);
      const w2 = gather4(w, q2a, q2b, q2c, q2d);
      const f1x = add4(mul4(e1x, b11), mul4(e2x, b21));
      const f1y = add4(mul4(e1y, b11), mul4(e2y, b21));
      const f1z = add4(mul4(e1z, b11), mul4(e2z, b21));
      const f2x = add4(mul4(e1x, b12), mul4(e2x, b22));
      const f2y = add4(mul4(e1y, b12), mul4(e2y, b22));
      const f2z = add4(mul4(e1z, b12), mul4(e2z, b22));
      const q11 = add4(add4(mul4(f1x, f1x), mul4(f1y, f1y)), mul4(f1z, f1z));
      const q22 = add4(add4(mul4(f2x, f2x), mul4(f2y, f2y)), mul4(f2z, f2z));
      const q12 = add4(add4(mul4(f1x, f2x), mul4(f1y, f2y)), mul4(f1z, f2z));
      const c1 = mul4(half, sub4(q11, one));
      const c2 = mul4(half, sub4(q22, one));
      const c3 = mul4(half, q12);
      // −Dm⁻¹'s corner-0 entries: they enter only products of two of them (signs cancel exactly).
      const p01 = add4(b11, b21);
      const p02 = add4(b12, b22);
      const s11 = add4(add4(mul4(mul4(w0, p01), p01), mul4(mul4(w1, b11), b11)), mul4(mul4(w2, b21), b21));
      const s22 = add4(add4(mul4(mul4(w0, p02), p02), mul4(mul4(w1, b12), b12)), mul4(mul4(w2, b22), b22));
      const s12 = add4(add4(mul4(mul4(w0, p01), p02), mul4(mul4(w1, b11), b12)), mul4(mul4(w2, b21), b22));
      // Rows of α₁₁, α₁₂, α₃₃, α₂₂ (membrane.ts MEMBRANE_ROW), one per triangle.
      let an = sharedAn;
      let ac = sharedAc;
      let as = sharedAs;
      let an2 = sharedAn2;
      if (!oneRow) {
        const rowA = rowOf(complianceIndex, complianceIndexBytes, t) << 2;
        const rowB = rowOf(complianceIndex, complianceIndexBytes, t + 1) << 2;
        const rowC = rowOf(complianceIndex, complianceIndexBytes, t + 2) << 2;
        const rowD = rowOf(complianceIndex, complianceIndexBytes, t + 3) << 2;
        an = mul4(gather4(compliance, rowA, rowB, rowC, rowD), vInvHSq);
        ac = mul4(gather4(compliance, rowA + 1, rowB + 1, rowC + 1, rowD + 1), vInvHSq);
        as = mul4(gather4(compliance, rowA + 2, rowB + 2, rowC + 2, rowD + 2), vInvHSq);
        an2 = mul4(gather4(compliance, rowA + 3, rowB + 3, rowC + 3, rowD + 3), vInvHSq);
      }
      const a11 = add4(mul4(s11, q11), an);
      const a22 = add4(mul4(s22, q22), an2);
      const a33 = add4(
        mul4(quarter, add4(add4(mul4(s11, q22), mul4(mul4(two, s12), q12)), mul4(s22, q11))),
        as,
      );
      const a12 = add4(mul4(s12, q12), ac);
      const a13 = mul4(half, add4(mul4(s11, q12), mul4(s12, q11)));
      const a23 = mul4(half, add4(mul4(s12, q22), mul4(s22, q12)));
      const k = powerOfTwoScale4(add4(add4(a11, a22), a33));
      const A11 = mul4(a11, k);
      const A22 = mul4(a22, k);
      const A33 = mul4(a33, k);
      const A12 = mul4(a12, k);
      const A13 = mul4(a13, k);
      const A23 = mul4(a23, k);
      // Multipliers (a1 a2 a3 b1) (b2 b3 c1 c2) (c3 d1 d2 d3), to one vector per entry.
      const lp = lambda + ((<usize>ta) << 2);
      let l1 = zero;
      let l2 = zero;
      let l3 = zero;
      if (!fresh) {
        const first = v128.load(lp);
        const second = v128.load(lp, 16);
        const third = v128.load(lp, 32);
        l1 = v128.shuffle<f32>(v128.shuffle<f32>(first, second, 0, 3, 6, 7), third, 0, 1, 2, 5);
        l2 = v128.shuffle<f32>(v128.shuffle<f32>(first, second, 1, 4, 7, 7), third, 0, 1, 2, 6);
        l3 = v128.shuffle<f32>(v128.shuffle<f32>(first, second, 2, 5, 5, 5), third, 0, 1, 4, 7);
      }
      // −r: the scalar kernel's right-hand side negated, which −inv below undoes exactly.
      const r1 = add4(c1, add4(mul4(an, l1), mul4(ac, l2)));
      const r2 = add4(c2, add4(mul4(ac, l1), mul4(an2, l2)));
      const r3 = add4(c3, mul4(as, l3));
      const m11 = sub4(mul4(A22, A33), mul4(A23, A23));
      const m12 = sub4(mul4(A13, A23), mul4(A12, A33));
      const m13 = sub4(mul4(A12, A23), mul4(A13, A22));
      const determinant = add4(add4(mul4(A11, m11), mul4(A12, m12)), mul4(A13, m13));
      const keep = f32x4.gt(determinant, vMinDenominator);
      if (!v128.any_true(keep)) {
        if (fresh && storeLambda) {
          v128.store(lp, zero);
          v128.store(lp, zero, 16);
          v128.store(lp, zero, 32);
        }
        continue;
      }
      const m22 = sub4(mul4(A11, A33), mul4(A13, A13));
      const m23 = sub4(mul4(A12, A13), mul4(A11, A23));
      const m33 = sub4(mul4(A11, A22), mul4(A12, A12));
      const inv = div4(mul4(k, vNegativeScale), determinant);
      const d1 = v128.and(mul4(add4(add4(mul4(m11, r1), mul4(m12, r2)), mul4(m13, r3)), inv), keep);
      const d2 = v128.and(mul4(add4(add4(mul4(m12, r1), mul4(m22, r2)), mul4(m23, r3)), inv), keep);
      const d3 = v128.and(mul4(add4(add4(mul4(m13, r1), mul4(m23, r2)), mul4(m33, r3)), inv), keep);
      if (storeLambda) {
        const n1 = add4(l1, d1);
        const n2 = add4(l2, d2);
        const n3 = add4(l3, d3);
        const firstPairs = v128.shuffle<f32>(n1, n2, 0, 4, 1, 5); // a1 a2 b1 b2
        const lastPairs = v128.shuffle<f32>(n1, n2, 2, 6, 3, 7); // c1 c2 d1 d2
        v128.store(lp, v128.shuffle<f32>(firstPairs, n3, 0, 1, 4, 2));
        v128.store(
          lp,
          v128.shuffle<f32>(v128.shuffle<f32>(firstPairs, n3, 3, 5, 0, 0), lastPairs, 0, 1, 4, 5),
          16,
        );
        v128.store(lp, v128.shuffle<f32>(n3, lastPairs, 2, 6, 7, 3), 32);
      }
      const h3 = mul4(half, d3);
      const g1x = add4(mul4(d1, f1x), mul4(h3, f2x));
      const g1y = add4(mul4(d1, f1y), mul4(h3, f2y));
      const g1z = add4(mul4(d1, f1z), mul4(h3, f2z));
      const g2x = add4(mul4(d2, f2x), mul4(h3, f1x));
      const g2y = add4(mul4(d2, f2y), mul4(h3, f1y));
      const g2z = add4(mul4(d2, f2z), mul4(h3, f1z));
      // x_k += w_k·u_k for corners 1 and 2 (u in f32, the moves in f64), each particle's x and y as
      // one v128 (movePair), then corner 0 by −w_0·(u_1 + u_2). A lane left out has u = +0 even
      // where its F overflowed single precision.
      let ux = v128.and(add4(mul4(b11, g1x), mul4(b12, g2x)), keep);
      let uy = v128.and(add4(mul4(b11, g1y), mul4(b12, g2y)), keep);
      let uz = v128.and(add4(mul4(b11, g1z), mul4(b12, g2z)), keep);
      let sumXab = lowHalf(ux);
      let sumYab = lowHalf(uy);
      let sumZab = lowHalf(uz);
      let sumXcd = highHalf(ux);
      let sumYcd = highHalf(uy);
      let sumZcd = highHalf(uz);
      let w01 = gather(w, q1a, q1b);
      let w23 = gather(w, q1c, q1d);
      movePair(p1a, p1b, mul(w01, sumXab), mul(w01, sumYab), mul(w01, sumZab));
      movePair(p1c, p1d, mul(w23, sumXcd), mul(w23, sumYcd), mul(w23, sumZcd));
      ux = v128.and(add4(mul4(b21, g1x), mul4(b22, g2x)), keep);
      uy = v128.and(add4(mul4(b21, g1y), mul4(b22, g2y)), keep);
      uz = v128.and(add4(mul4(b21, g1z), mul4(b22, g2z)), keep);
      const xab = lowHalf(ux);
      const yab = lowHalf(uy);
      const zab = lowHalf(uz);
      const xcd = highHalf(ux);
      const ycd = highHalf(uy);
      const zcd = highHalf(uz);
      sumXab = add(sumXab, xab);
      sumYab = add(sumYab, yab);
      sumZab = add(sumZab, zab);
      sumXcd = add(sumXcd, xcd);
      sumYcd = add(sumYcd, ycd);
      sumZcd = add(sumZcd, zcd);
      w01 = gather(w, q2a, q2b);
      w23 = gather(w, q2c, q2d);
      movePair(p2a, p2b, mul(w01, xab), mul(w01, yab), mul(w01, zab));
      movePair(p2c, p2d, mul(w23, xcd), mul(w23, ycd), mul(w23, zcd));
      w01 = gather(w, q0a, q0b);
      w23 = gather(w, q0c, q0d);
      movePairBack(p0a, p0b, mul(w01, sumXab), mul(w01, sumYab), mul(w01, sumZab));
      movePairBack(p0c, p0d, mul(w23, sumXcd), mul(w23, sumYcd), mul(w23, sumZcd));
    }
    if (t < end) {
      solveMembrane(
        x,
        w,
        particles,
        t,
        end - t,
        inverseRestShape,
        restShapeIndex,
        restShapeIndexBytes,
        compliance,
        complianceIndex,
        complianceIndexBytes,
        lambda,
        scale32,
        invHSq32,
        minDenominator32,
        fresh,
        storeLambda,
      );
    }
  }
}

/**
 * array[i] ← lane 0, array[i + 3] ← lane 1 of an f32 array, rounded to nearest as a JS Float32Array
 * store (the two triangles' multipliers, 3 per triangle).
 */
function storeLanes(array: usize, i: i32, value: v128): void {
  const p = array + ((<usize>i) << 2);
  const single = f32x4.demote_f64x2_zero(value);
  v128.store32_lane(p, single, 0);
  v128.store32_lane(p, single, 1, 12);
}

/**
 * `solvePlateBend`, two triangles of a colour at a time (the colouring covers all six particles
 * of a triangle, wings included). atan2 per lane outside |t| < 7/16, as `solveDihedralBendBatched`.
 * A hinge that sits the step out has u = v = 0 and n_B = 0 in its lane (selected, as the scalar
 * kernel zeroes them), and its row of the system is replaced by the identity row.
 */
export function solvePlateBendBatched(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  present: usize,
  restAngle: usize,
  restAngleStep: i32,
  compliance: usize,
  complianceIndex: usize,
  complianceIndexBytes: i32,
  lambda: usize,
  scale: f64,
  invHSq: f64,
  minEdgeSq: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  const vScale = splat(scale);
  const vInvHSq = splat(invHSq);
  const vMinEdgeSq = splat(minEdgeSq);
  const vMinDenominator = splat(minDenominator);
  const zero = splat(0);
  const one = splat(1);
  const minArea = splat(1e-18);
  for (let colour = 0; colour < colourCount; colour++) {
    const start = u(colourStarts, colour);
    const end = u(colourStarts, colour + 1);
    let t = start;
    for (; t + 1 < end; t += 2) {
      const o = 6 * t;
      const l = 3 * t;
      const r = restAngleStep * t;
      const q0a = u(particles, o);
      const q1a = u(particles, o + 1);
      const q2a = u(particles, o + 2);
      const q0b = u(particles, o + 6);
      const q1b = u(particles, o + 7);
      const q2b = u(particles, o + 8);
      const p0a = at(x, q0a);
      const p1a = at(x, q1a);
      const p2a = at(x, q2a);
      const p0b = at(x, q0b);
      const p1b = at(x, q1b);
      const p2b = at(x, q2b);
      const pw0a = at(x, u(particles, o + 3));
      const pw1a = at(x, u(particles, o + 4));
      const pw2a = at(x, u(particles, o + 5));
      const pw0b = at(x, u(particles, o + 9));
      const pw1b = at(x, u(particles, o + 10));
      const pw2b = at(x, u(particles, o + 11));
      const x0 = loadX(p0a, p0b);
      const y0 = loadY(p0a, p0b);
      const z0 = loadZ(p0a, p0b);
      const x1 = loadX(p1a, p1b);
      const y1 = loadY(p1a, p1b);
      const z1 = loadZ(p1a, p1b);
      const x2 = loadX(p2a, p2b);
      const y2 = loadY(p2a, p2b);
      const z2 = loadZ(p2a, p2b);
      const e1x = sub(x1, x0);
      const e1y = sub(y1, y0);
      const e1z = sub(z1, z0);
      const e2x = sub(x2, x0);
      const e2y = sub(y2, y0);
      const e2z = sub(z2, z0);
      const nx = sub(mul(e1y, e2z), mul(e1z, e2y));
      const ny = sub(mul(e1z, e2x), mul(e1x, e2z));
      const nz = sub(mul(e1x, e2y), mul(e1y, e2x));
      const nSq = add(add(mul(nx, nx), mul(ny, ny)), mul(nz, nz));
      // 1/|N|², the same for the three hinges (the JS sweep computes it per hinge: the same float).
      const sa = div(one, nSq);
      const maskA = <i32>load<u8>(present + <usize>t);
      const maskB = <i32>load<u8>(present + <usize>(t + 1));
      // Hinge 0: edge (c0, c1), far corner c2, wing w0.
      const present0 = i64x2.ne(
        i64x2.replace_lane(i64x2.splat(<i64>(maskA & 1)), 1, <i64>(maskB & 1)),
        i64x2.splat(0),
      );
      const ex0 = sub(x1, x0);
      const ey0 = sub(y1, y0);
      const ez0 = sub(z1, z0);
      const eSq0 = add(add(mul(ex0, ex0), mul(ey0, ey0)), mul(ez0, ez0));
      const dx0 = sub(loadX(pw0a, pw0b), x0);
      const dy0 = sub(loadY(pw0a, pw0b), y0);
      const dz0 = sub(loadZ(pw0a, pw0b), z0);
      const bx0 = sub(mul(dy0, ez0), mul(dz0, ey0));
      const by0 = sub(mul(dz0, ex0), mul(dx0, ez0));
      const bz0 = sub(mul(dx0, ey0), mul(dy0, ex0));
      const bSq0 = add(add(mul(bx0, bx0), mul(by0, by0)), mul(bz0, bz0));
      const minAreaSq0 = mul(mul(minArea, eSq0), eSq0);
      const ok0 = v128.and(
        v128.and(present0, f64x2.gt(eSq0, vMinEdgeSq)),
        v128.and(f64x2.gt(nSq, minAreaSq0), f64x2.gt(bSq0, minAreaSq0)),
      );
      const eLength0 = f64x2.sqrt(eSq0);
      const invE0 = div(one, eLength0);
      const pa0 = mul(add(add(mul(sub(x2, x0), ex0), mul(sub(y2, y0), ey0)), mul(sub(z2, z0), ez0)), invE0);
      const pb0 = mul(add(add(mul(dx0, ex0), mul(dy0, ey0)), mul(dz0, ez0)), invE0);
      const sa0 = sa;
      const sb0 = div(one, bSq0);
      const sine0 = add(
        add(mul(sub(mul(ny, bz0), mul(nz, by0)), ex0), mul(sub(mul(nz, bx0), mul(nx, bz0)), ey0)),
        mul(sub(mul(nx, by0), mul(ny, bx0)), ez0),
      );
      const cosine0 = mul(add(add(mul(nx, bx0), mul(ny, by0)), mul(nz, bz0)), eLength0);
      const con0 = v128.bitselect(
        wrapAngles(sub(hingeAtan2Lanes(sine0, cosine0), gather32(restAngle, r + 0, r + restAngleStep + 0))),
        zero,
        ok0,
      );
      const b0x = v128.bitselect(bx0, zero, ok0);
      const b0y = v128.bitselect(by0, zero, ok0);
      const b0z = v128.bitselect(bz0, zero, ok0);
      const u00 = v128.bitselect(mul(f64x2.neg(sub(pa0, eLength0)), sa0), zero, ok0);
      const v00 = v128.bitselect(mul(f64x2.neg(sub(pb0, eLength0)), sb0), zero, ok0);
      const u01 = v128.bitselect(mul(pa0, sa0), zero, ok0);
      const v01 = v128.bitselect(mul(pb0, sb0), zero, ok0);
      const u02 = v128.bitselect(mul(f64x2.neg(eLength0), sa0), zero, ok0);
      const v02 = zero;
      const vw0 = v128.bitselect(mul(f64x2.neg(eLength0), sb0), zero, ok0);
      // Hinge 1: edge (c1, c2), far corner c0, wing w1.
      const present1 = i64x2.ne(
        i64x2.replace_lane(i64x2.splat(<i64>(maskA & 2)), 1, <i64>(maskB & 2)),
        i64x2.splat(0),
      );
      const ex1 = sub(x2, x1);
      const ey1 = sub(y2, y1);
      const ez1 = sub(z2, z1);
      const eSq1 = add(add(mul(ex1, ex1), mul(ey1, ey1)), mul(ez1, ez1));
      const dx1 = sub(loadX(pw1a, pw1b), x1);
      const dy1 = sub(loadY(pw1a, pw1b), y1);
      const dz1 = sub(loadZ(pw1a, pw1b), z1);
      const bx1 = sub(mul(dy1, ez1), mul(dz1, ey1));
      const by1 = sub(mul(dz1, ex1), mul(dx1, ez1));
      const bz1 = sub(mul(dx1, ey1), mul(dy1, ex1));
      const bSq1 = add(add(mul(bx1, bx1), mul(by1, by1)), mul(bz1, bz1));
      const minAreaSq1 = mul(mul(minArea, eSq1), eSq1);
      const ok1 = v128.and(
        v128.and(present1, f64x2.gt(eSq1, vMinEdgeSq)),
        v128.and(f64x2.gt(nSq, minAreaSq1), f64x2.gt(bSq1, minAreaSq1)),
      );
      const eLength1 = f64x2.sqrt(eSq1);
      const invE1 = div(one, eLength1);
      const pa1 = mul(add(add(mul(sub(x0, x1), ex1), mul(sub(y0, y1), ey1)), mul(sub(z0, z1), ez1)), invE1);
      const pb1 = mul(add(add(mul(dx1, ex1), mul(dy1, ey1)), mul(dz1, ez1)), invE1);
      const sa1 = sa;
      const sb1 = div(one, bSq1);
      const sine1 = add(
        add(mul(sub(mul(ny, bz1), mul(nz, by1)), ex1), mul(sub(mul(nz, bx1), mul(nx, bz1)), ey1)),
        mul(sub(mul(nx, by1), mul(ny, bx1)), ez1),
      );
      const cosine1 = mul(add(add(mul(nx, bx1), mul(ny, by1)), mul(nz, bz1)), eLength1);
      const con1 = v128.bitselect(
        wrapAngles(sub(hingeAtan2Lanes(sine1, cosine1), gather32(restAngle, r + 1, r + restAngleStep + 1))),
        zero,
        ok1,
      );
      const b1x = v128.bitselect(bx1, zero, ok1);
      const b1y = v128.bitselect(by1, zero, ok1);
      const b1z = v128.bitselect(bz1, zero, ok1);
      const u11 = v128.bitselect(mul(f64x2.neg(sub(pa1, eLength1)), sa1), zero, ok1);
      const v11 = v128.bitselect(mul(f64x2.neg(sub(pb1, eLength1)), sb1), zero, ok1);
      const u12 = v128.bitselect(mul(pa1, sa1), zero, ok1);
      const v12 = v128.bitselect(mul(pb1, sb1), zero, ok1);
      const u10 = v128.bitselect(mul(f64x2.neg(eLength1), sa1), zero, ok1);
      const v10 = zero;
      const vw1 = v128.bitselect(mul(f64x2.neg(eLength1), sb1), zero, ok1);
      // Hinge 2: edge (c2, c0), far corner c1, wing w2.
      const present2 = i64x2.ne(
        i64x2.replace_lane(i64x2.splat(<i64>(maskA & 4)), 1, <i64>(maskB & 4)),
        i64x2.splat(0),
      );
      const ex2 = sub(x0, x2);
      const ey2 = sub(y0, y2);
      const ez2 = sub(z0, z2);
      const eSq2 = add(add(mul(ex2, ex2), mul(ey2, ey2)), mul(ez2, ez2));
      const dx2 = sub(loadX(pw2a, pw2b), x2);
      const dy2 = sub(loadY(pw2a, pw2b), y2);
      const dz2 = sub(loadZ(pw2a, pw2b), z2);
      const bx2 = sub(mul(dy2, ez2), mul(dz2, ey2));
      const by2 = sub(mul(dz2, ex2), mul(dx2, ez2));
      const bz2 = sub(mul(dx2, ey2), mul(dy2, ex2));
      const bSq2 = add(add(mul(bx2, bx2), mul(by2, by2)), mul(bz2, bz2));
      const minAreaSq2 = mul(mul(minArea, eSq2), eSq2);
      const ok2 = v128.and(
        v128.and(present2, f64x2.gt(eSq2, vMinEdgeSq)),
        v128.and(f64x2.gt(nSq, minAreaSq2), f64x2.gt(bSq2, minAreaSq2)),
      );
      const eLength2 = f64x2.sqrt(eSq2);
      const invE2 = div(one, eLength2);
      const pa2 = mul(add(add(mul(sub(x1, x2), ex2), mul(sub(y1, y2), ey2)), mul(sub(z1, z2), ez2)), invE2);
      const pb2 = mul(add(add(mul(dx2, ex2), mul(dy2, ey2)), mul(dz2, ez2)), invE2);
      const sa2 = sa;
      const sb2 = div(one, bSq2);
      const sine2 = add(
        add(mul(sub(mul(ny, bz2), mul(nz, by2)), ex2), mul(sub(mul(nz, bx2), mul(nx, bz2)), ey2)),
        mul(sub(mul(nx, by2), mul(ny, bx2)), ez2),
      );
      const cosine2 = mul(add(add(mul(nx, bx2), mul(ny, by2)), mul(nz, bz2)), eLength2);
      const con2 = v128.bitselect(
        wrapAngles(sub(hingeAtan2Lanes(sine2, cosine2), gather32(restAngle, r + 2, r + restAngleStep + 2))),
        zero,
        ok2,
      );
      const b2x = v128.bitselect(bx2, zero, ok2);
      const b2y = v128.bitselect(by2, zero, ok2);
      const b2z = v128.bitselect(bz2, zero, ok2);
      const u22 = v128.bitselect(mul(f64x2.neg(sub(pa2, eLength2)), sa2), zero, ok2);
      const v22 = v128.bitselect(mul(f64x2.neg(sub(pb2, eLength2)), sb2), zero, ok2);
      const u20 = v128.bitselect(mul(pa2, sa2), zero, ok2);
      const v20 = v128.bitselect(mul(pb2, sb2), zero, ok2);
      const u21 = v128.bitselect(mul(f64x2.neg(eLength2), sa2), zero, ok2);
      const v21 = zero;
      const vw2 = v128.bitselect(mul(f64x2.neg(eLength2), sb2), zero, ok2);
      const w0 = gather(w, q0a, q0b);
      const w1 = gather(w, q1a, q1b);
      const w2 = gather(w, q2a, q2b);
      const nb0 = add(add(mul(nx, b0x), mul(ny, b0y)), mul(nz, b0z));
      const nb1 = add(add(mul(nx, b1x), mul(ny, b1y)), mul(nz, b1z));
      const nb2 = add(add(mul(nx, b2x), mul(ny, b2y)), mul(nz, b2z));
      const bb00 = add(add(mul(b0x, b0x), mul(b0y, b0y)), mul(b0z, b0z));
      const bb01 = add(add(mul(b0x, b1x), mul(b0y, b1y)), mul(b0z, b1z));
      const bb02 = add(add(mul(b0x, b2x), mul(b0y, b2y)), mul(b0z, b2z));
      const bb11 = add(add(mul(b1x, b1x), mul(b1y, b1y)), mul(b1z, b1z));
      const bb12 = add(add(mul(b1x, b2x), mul(b1y, b2y)), mul(b1z, b2z));
      const bb22 = add(add(mul(b2x, b2x), mul(b2y, b2y)), mul(b2z, b2z));
      const alphaA = 6 * rowOf(complianceIndex, complianceIndexBytes, t);
      const alphaB = 6 * rowOf(complianceIndex, complianceIndexBytes, t + 1);
      const alpha0 = gather(compliance, alphaA, alphaB);
      const alpha1 = gather(compliance, alphaA + 1, alphaB + 1);
      const alpha2 = gather(compliance, alphaA + 2, alphaB + 2);
      const alpha3 = gather(compliance, alphaA + 3, alphaB + 3);
      const alpha4 = gather(compliance, alphaA + 4, alphaB + 4);
      const alpha5 = gather(compliance, alphaA + 5, alphaB + 5);
      // The system as the scalar kernel groups it (w·u, w·v; v is 0 at a hinge's far corner).
      const wu00 = mul(w0, u00);
      const wu01 = mul(w1, u01);
      const wu02 = mul(w2, u02);
      const wu10 = mul(w0, u10);
      const wu11 = mul(w1, u11);
      const wu12 = mul(w2, u12);
      const wu20 = mul(w0, u20);
      const wu21 = mul(w1, u21);
      const wu22 = mul(w2, u22);
      const wv00 = mul(w0, v00);
      const wv01 = mul(w1, v01);
      const wv11 = mul(w1, v11);
      const wv12 = mul(w2, v12);
      const wv20 = mul(w0, v20);
      const wv22 = mul(w2, v22);
      const two = splat(2);
      let a00 = add(
        add(
          add(
            add(
              mul(nSq, add(add(mul(wu00, u00), mul(wu01, u01)), mul(wu02, u02))),
              mul(mul(two, nb0), add(mul(wu00, v00), mul(wu01, v01))),
            ),
            mul(bb00, add(mul(wv00, v00), mul(wv01, v01))),
          ),
          mul(mul(mul(gather(w, u(particles, o + 3), u(particles, o + 9)), vw0), vw0), bb00),
        ),
        mul(alpha0, vInvHSq),
      );
      let a01 = add(
        add(
          add(
            add(
              mul(nSq, add(add(mul(wu00, u10), mul(wu01, u11)), mul(wu02, u12))),
              mul(nb1, add(mul(wu01, v11), mul(wu02, v12))),
            ),
            mul(nb0, add(mul(wu10, v00), mul(wu11, v01))),
          ),
          mul(bb01, mul(wv01, v11)),
        ),
        mul(alpha1, vInvHSq),
      );
      let a02 = add(
        add(
          add(
            add(
              mul(nSq, add(add(mul(wu00, u20), mul(wu01, u21)), mul(wu02, u22))),
              mul(nb2, add(mul(wu00, v20), mul(wu02, v22))),
            ),
            mul(nb0, add(mul(wu20, v00), mul(wu21, v01))),
          ),
          mul(bb02, mul(wv00, v20)),
        ),
        mul(alpha2, vInvHSq),
      );
      let a11 = add(
        add(
          add(
            add(
              mul(nSq, add(add(mul(wu10, u10), mul(wu11, u11)), mul(wu12, u12))),
              mul(mul(two, nb1), add(mul(wu11, v11), mul(wu12, v12))),
            ),
            mul(bb11, add(mul(wv11, v11), mul(wv12, v12))),
          ),
          mul(mul(mul(gather(w, u(particles, o + 4), u(particles, o + 10)), vw1), vw1), bb11),
        ),
        mul(alpha3, vInvHSq),
      );
      let a12 = add(
        add(
          add(
            add(
              mul(nSq, add(add(mul(wu10, u20), mul(wu11, u21)), mul(wu12, u22))),
              mul(nb2, add(mul(wu10, v20), mul(wu12, v22))),
            ),
            mul(nb1, add(mul(wu21, v11), mul(wu22, v12))),
          ),
          mul(bb12, mul(wv12, v22)),
        ),
        mul(alpha4, vInvHSq),
      );
      let a22 = add(
        add(
          add(
            add(
              mul(nSq, add(add(mul(wu20, u20), mul(wu21, u21)), mul(wu22, u22))),
              mul(mul(two, nb2), add(mul(wu20, v20), mul(wu22, v22))),
            ),
            mul(bb22, add(mul(wv20, v20), mul(wv22, v22))),
          ),
          mul(mul(mul(gather(w, u(particles, o + 5), u(particles, o + 11)), vw2), vw2), bb22),
        ),
        mul(alpha5, vInvHSq),
      );
      let l0 = zero;
      let l1 = zero;
      let l2 = zero;
      if (!fresh) {
        l0 = gather32(lambda, l, l + 3);
        l1 = gather32(lambda, l + 1, l + 4);
        l2 = gather32(lambda, l + 2, l + 5);
      }
      let r0 = sub(
        f64x2.neg(con0),
        mul(add(add(mul(alpha0, l0), mul(alpha1, l1)), mul(alpha2, l2)), vInvHSq),
      );
      let r1 = sub(
        f64x2.neg(con1),
        mul(add(add(mul(alpha1, l0), mul(alpha3, l1)), mul(alpha4, l2)), vInvHSq),
      );
      let r2 = sub(
        f64x2.neg(con2),
        mul(add(add(mul(alpha2, l0), mul(alpha4, l1)), mul(alpha5, l2)), vInvHSq),
      );
      // symmetric3.ts `solveSymmetric3`: a missing row becomes the identity row.
      a00 = v128.bitselect(a00, one, ok0);
      a01 = v128.bitselect(a01, zero, ok0);
      a02 = v128.bitselect(a02, zero, ok0);
      r0 = v128.bitselect(r0, zero, ok0);
      a11 = v128.bitselect(a11, one, ok1);
      a01 = v128.bitselect(a01, zero, ok1);
      a12 = v128.bitselect(a12, zero, ok1);
      r1 = v128.bitselect(r1, zero, ok1);
      a22 = v128.bitselect(a22, one, ok2);
      a02 = v128.bitselect(a02, zero, ok2);
      a12 = v128.bitselect(a12, zero, ok2);
      r2 = v128.bitselect(r2, zero, ok2);
      const m00 = sub(mul(a11, a22), mul(a12, a12));
      const m01 = sub(mul(a02, a12), mul(a01, a22));
      const m02 = sub(mul(a01, a12), mul(a02, a11));
      const determinant = add(add(mul(a00, m00), mul(a01, m01)), mul(a02, m02));
      const keep = v128.and(f64x2.gt(determinant, vMinDenominator), v128.or(v128.or(ok0, ok1), ok2));
      if (!v128.any_true(keep)) {
        if (fresh) {
          storeLanes(lambda, l, zero);
          storeLanes(lambda, l + 1, zero);
          storeLanes(lambda, l + 2, zero);
        }
        continue;
      }
      const m11 = sub(mul(a00, a22), mul(a02, a02));
      const m12 = sub(mul(a01, a02), mul(a00, a12));
      const m22 = sub(mul(a00, a11), mul(a01, a01));
      const inv = div(one, determinant);
      const s0 = mul(add(add(mul(m00, r0), mul(m01, r1)), mul(m02, r2)), inv);
      const s1 = mul(add(add(mul(m01, r0), mul(m11, r1)), mul(m12, r2)), inv);
      const s2 = mul(add(add(mul(m02, r0), mul(m12, r1)), mul(m22, r2)), inv);
      const d0 = v128.bitselect(mul(s0, vScale), zero, v128.and(keep, ok0));
      const d1 = v128.bitselect(mul(s1, vScale), zero, v128.and(keep, ok1));
      const d2 = v128.bitselect(mul(s2, vScale), zero, v128.and(keep, ok2));
      storeLanes(lambda, l, v128.bitselect(add(l0, d0), l0, keep));
      storeLanes(lambda, l + 1, v128.bitselect(add(l1, d1), l1, keep));
      storeLanes(lambda, l + 2, v128.bitselect(add(l2, d2), l2, keep));
      // Corners along N by Σ_k Δλ_k·u and along each n_Bk by Δλ_k·v; wings along their own n_Bk.
      // A lane that moves nothing adds exactly 0 (its Δλ are 0; u, v, n_B are finite).
      {
        const alongN = mul(w0, add(add(mul(d0, u00), mul(d1, u10)), mul(d2, u20)));
        const k0 = mul(mul(w0, d0), v00);
        const k1 = mul(mul(w0, d1), v10);
        const k2 = mul(mul(w0, d2), v20);
        moveX(
          p0a,
          p0b,
          loadX(p0a, p0b),
          add(add(add(mul(alongN, nx), mul(k0, b0x)), mul(k1, b1x)), mul(k2, b2x)),
        );
        moveY(
          p0a,
          p0b,
          loadY(p0a, p0b),
          add(add(add(mul(alongN, ny), mul(k0, b0y)), mul(k1, b1y)), mul(k2, b2y)),
        );
        moveZ(
          p0a,
          p0b,
          loadZ(p0a, p0b),
          add(add(add(mul(alongN, nz), mul(k0, b0z)), mul(k1, b1z)), mul(k2, b2z)),
        );
      }
      {
        const alongN = mul(w1, add(add(mul(d0, u01), mul(d1, u11)), mul(d2, u21)));
        const k0 = mul(mul(w1, d0), v01);
        const k1 = mul(mul(w1, d1), v11);
        const k2 = mul(mul(w1, d2), v21);
        moveX(
          p1a,
          p1b,
          loadX(p1a, p1b),
          add(add(add(mul(alongN, nx), mul(k0, b0x)), mul(k1, b1x)), mul(k2, b2x)),
        );
        moveY(
          p1a,
          p1b,
          loadY(p1a, p1b),
          add(add(add(mul(alongN, ny), mul(k0, b0y)), mul(k1, b1y)), mul(k2, b2y)),
        );
        moveZ(
          p1a,
          p1b,
          loadZ(p1a, p1b),
          add(add(add(mul(alongN, nz), mul(k0, b0z)), mul(k1, b1z)), mul(k2, b2z)),
        );
      }
      {
        const alongN = mul(w2, add(add(mul(d0, u02), mul(d1, u12)), mul(d2, u22)));
        const k0 = mul(mul(w2, d0), v02);
        const k1 = mul(mul(w2, d1), v12);
        const k2 = mul(mul(w2, d2), v22);
        moveX(
          p2a,
          p2b,
          loadX(p2a, p2b),
          add(add(add(mul(alongN, nx), mul(k0, b0x)), mul(k1, b1x)), mul(k2, b2x)),
        );
        moveY(
          p2a,
          p2b,
          loadY(p2a, p2b),
          add(add(add(mul(alongN, ny), mul(k0, b0y)), mul(k1, b1y)), mul(k2, b2y)),
        );
        moveZ(
          p2a,
          p2b,
          loadZ(p2a, p2b),
          add(add(add(mul(alongN, nz), mul(k0, b0z)), mul(k1, b1z)), mul(k2, b2z)),
        );
      }
      {
        const move = mul(mul(gather(w, u(particles, o + 3), u(particles, o + 9)), d0), vw0);
        moveX(pw0a, pw0b, loadX(pw0a, pw0b), mul(move, b0x));
        moveY(pw0a, pw0b, loadY(pw0a, pw0b), mul(move, b0y));
        moveZ(pw0a, pw0b, loadZ(pw0a, pw0b), mul(move, b0z));
      }
      {
        const move = mul(mul(gather(w, u(particles, o + 4), u(particles, o + 10)), d1), vw1);
        moveX(pw1a, pw1b, loadX(pw1a, pw1b), mul(move, b1x));
        moveY(pw1a, pw1b, loadY(pw1a, pw1b), mul(move, b1y));
        moveZ(pw1a, pw1b, loadZ(pw1a, pw1b), mul(move, b1z));
      }
      {
        const move = mul(mul(gather(w, u(particles, o + 5), u(particles, o + 11)), d2), vw2);
        moveX(pw2a, pw2b, loadX(pw2a, pw2b), mul(move, b2x));
        moveY(pw2a, pw2b, loadY(pw2a, pw2b), mul(move, b2y));
        moveZ(pw2a, pw2b, loadZ(pw2a, pw2b), mul(move, b2z));
      }
    }
    if (t < end) {
      solvePlateBend(
        x,
        w,
        particles + ((<usize>(6 * t)) << 2),
        present + <usize>t,
        restAngle + ((<usize>(restAngleStep * t)) << 2),
        restAngleStep,
        compliance,
        complianceIndex + <usize>(t * complianceIndexBytes),
        complianceIndexBytes,
        lambda + ((<usize>(3 * t)) << 2),
        1,
        scale,
        invHSq,
        minEdgeSq,
        minDenominator,
        fresh,
      );
    }
  }
}

/** `hingeAtan2` of each lane: the fdlibm polynomial on both lanes, Math.atan2 for a lane outside |t| < 7/16. */
function hingeAtan2Lanes(sine: v128, cosine: v128): v128 {
  const small = splat(0.4375);
  const fast = v128.and(
    f64x2.gt(cosine, splat(0)),
    v128.and(f64x2.lt(sine, mul(small, cosine)), f64x2.gt(sine, mul(splat(-0.4375), cosine))),
  );
  const t = div(sine, cosine);
  const z = mul(t, t);
  const v = mul(z, z);
  const even = mul(
    z,
    add(
      splat(0.3333333333333293),
      mul(
        v,
        add(
          splat(0.14285714272503466),
          mul(
            v,
            add(
              splat(0.09090887133436507),
              mul(
                v,
                add(
                  splat(0.06661073137387531),
                  mul(v, add(splat(0.049768779946159324), mul(v, splat(0.016285820115365782)))),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
  const odd = mul(
    v,
    add(
      splat(-0.19999999999876483),
      mul(
        v,
        add(
          splat(-0.11111110405462356),
          mul(
            v,
            add(
              splat(-0.0769187620504483),
              mul(v, add(splat(-0.058335701337905735), mul(v, splat(-0.036531572744216916)))),
            ),
          ),
        ),
      ),
    ),
  );
  let theta = sub(t, mul(t, add(even, odd)));
  if (!i64x2.all_true(fast)) {
    if (i64x2.extract_lane(fast, 0) === 0)
      theta = f64x2.replace_lane(
        theta,
        0,
        Math.atan2(f64x2.extract_lane(sine, 0), f64x2.extract_lane(cosine, 0)),
      );
    if (i64x2.extract_lane(fast, 1) === 0)
      theta = f64x2.replace_lane(
        theta,
        1,
        Math.atan2(f64x2.extract_lane(sine, 1), f64x2.extract_lane(cosine, 1)),
      );
  }
  return theta;
}

/** `wrapAngle` of each lane. */
function wrapAngles(angle: v128): v128 {
  const wrapped = v128.bitselect(sub(angle, splat(2 * Math.PI)), angle, f64x2.gt(angle, splat(Math.PI)));
  return v128.bitselect(add(angle, splat(2 * Math.PI)), wrapped, f64x2.le(angle, splat(-Math.PI)));
}

/**
 * plate-bend-linear.ts `solveLinearPlateBend`, operation for operation. `keepLambda`: the block
 * keeps its 9 multipliers per triangle (swept more than once per substep); without them every
 * sweep starts at λ = 0 and writes none.
 */
export function solveLinearPlateBend(
  x: usize,
  w: usize,
  particles: usize,
  blockParticles: usize,
  rowTriangles: usize,
  present: usize,
  compliance: usize,
  coefficients: usize,
  complianceIndex: usize,
  complianceIndexBytes: i32,
  lambda: usize,
  keepLambda: bool,
  count: i32,
  scale: f64,
  invHSq: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  for (let t = 0; t < count; t++) {
    const o = 6 * t;
    const row = rowOf(complianceIndex, complianceIndexBytes, t);
    const a = 6 * row;
    const c = 9 * row;
    if (keepLambda && fresh) for (let k = 0; k < 9; k++) setF32(lambda, 9 * t + k, 0);
    const mask = <i32>load<u8>(present + <usize>t);
    const i0 = 3 * u(particles, o);
    const i1 = 3 * u(particles, o + 1);
    const i2 = 3 * u(particles, o + 2);
    const i3 = 3 * u(particles, o + 3);
    const i4 = 3 * u(particles, o + 4);
    const i5 = 3 * u(particles, o + 5);
    const w0 = f(w, u(particles, o));
    const w1 = f(w, u(particles, o + 1));
    const w2 = f(w, u(particles, o + 2));
    const g01 = fs(coefficients, c);
    const g02 = fs(coefficients, c + 1);
    const q0 = fs(coefficients, c + 2);
    const g11 = fs(coefficients, c + 3);
    const g12 = fs(coefficients, c + 4);
    const q1 = fs(coefficients, c + 5);
    const g21 = fs(coefficients, c + 6);
    const g22 = fs(coefficients, c + 7);
    const q2 = fs(coefficients, c + 8);
    const g00 = -(g01 + g02 + q0);
    const g10 = -(g11 + g12 + q1);
    const g20 = -(g21 + g22 + q2);
    const wq0 = f(w, u(particles, o + 3)) * q0;
    const wq1 = f(w, u(particles, o + 4)) * q1;
    const wq2 = f(w, u(particles, o + 5)) * q2;
    // The system is the row's: the inverse masses of its triangle (linearRowTriangle).
    const r = 6 * <i32>load<u32>(rowTriangles + ((<usize>row) << 2));
    const v0 = f(w, u(blockParticles, r));
    const v1 = f(w, u(blockParticles, r + 1));
    const v2 = f(w, u(blockParticles, r + 2));
    const vq0 = f(w, u(blockParticles, r + 3)) * q0;
    const vq1 = f(w, u(blockParticles, r + 4)) * q1;
    const vq2 = f(w, u(blockParticles, r + 5)) * q2;
    const wg00 = v0 * g00;
    const wg01 = v1 * g01;
    const wg02 = v2 * g02;
    const wg10 = v0 * g10;
    const wg11 = v1 * g11;
    const wg12 = v2 * g12;
    const wg20 = v0 * g20;
    const wg21 = v1 * g21;
    const wg22 = v2 * g22;
    const t00 = f(compliance, a) * invHSq;
    const t01 = f(compliance, a + 1) * invHSq;
    const t02 = f(compliance, a + 2) * invHSq;
    const t11 = f(compliance, a + 3) * invHSq;
    const t12 = f(compliance, a + 4) * invHSq;
    const t22 = f(compliance, a + 5) * invHSq;
    let s00 = wg00 * g00 + wg01 * g01 + wg02 * g02 + vq0 * q0 + t00;
    let s01 = wg00 * g10 + wg01 * g11 + wg02 * g12 + t01;
    let s02 = wg00 * g20 + wg01 * g21 + wg02 * g22 + t02;
    let s11 = wg10 * g10 + wg11 * g11 + wg12 * g12 + vq1 * q1 + t11;
    let s12 = wg10 * g20 + wg11 * g21 + wg12 * g22 + t12;
    let s22 = wg20 * g20 + wg21 * g21 + wg22 * g22 + vq2 * q2 + t22;
    if (!(mask & 1)) {
      s00 = 1;
      s01 = 0;
      s02 = 0;
    }
    if (!(mask & 2)) {
      s11 = 1;
      s01 = 0;
      s12 = 0;
    }
    if (!(mask & 4)) {
      s22 = 1;
      s02 = 0;
      s12 = 0;
    }
    const m00 = s11 * s22 - s12 * s12;
    const m01 = s02 * s12 - s01 * s22;
    const m02 = s01 * s12 - s02 * s11;
    const determinant = s00 * m00 + s01 * m01 + s02 * m02;
    if (!(determinant > minDenominator) || mask === 0) continue;
    const factor = (1 / determinant) * scale;
    const on0 = (mask & 1) !== 0;
    const on1 = (mask & 2) !== 0;
    const on2 = (mask & 4) !== 0;
    const p00 = on0 ? m00 * factor : 0;
    const p01 = on0 && on1 ? m01 * factor : 0;
    const p02 = on0 && on2 ? m02 * factor : 0;
    const p11 = on1 ? (s00 * s22 - s02 * s02) * factor : 0;
    const p12 = on1 && on2 ? (s01 * s02 - s00 * s12) * factor : 0;
    const p22 = on2 ? (s00 * s11 - s01 * s01) * factor : 0;
    for (let axis = 0; axis < 3; axis++) {
      const x0 = f(x, i0 + axis);
      const e1 = f(x, i1 + axis) - x0;
      const e2 = f(x, i2 + axis) - x0;
      const m0 = g01 * e1 + g02 * e2 + q0 * (f(x, i3 + axis) - x0);
      const m1 = g11 * e1 + g12 * e2 + q1 * (f(x, i4 + axis) - x0);
      const m2 = g21 * e1 + g22 * e2 + q2 * (f(x, i5 + axis) - x0);
      let r0 = -m0;
      let r1 = -m1;
      let r2 = -m2;
      const l = 9 * t + 3 * axis;
      if (keepLambda) {
        const l0 = fs(lambda, l);
        const l1 = fs(lambda, l + 1);
        const l2 = fs(lambda, l + 2);
        r0 -= t00 * l0 + t01 * l1 + t02 * l2;
        r1 -= t01 * l0 + t11 * l1 + t12 * l2;
        r2 -= t02 * l0 + t12 * l1 + t22 * l2;
      }
      const d0 = p00 * r0 + p01 * r1 + p02 * r2;
      const d1 = p01 * r0 + p11 * r1 + p12 * r2;
      const d2 = p02 * r0 + p12 * r1 + p22 * r2;
      if (keepLambda) {
        setF32(lambda, l, fs(lambda, l) + d0);
        setF32(lambda, l + 1, fs(lambda, l + 1) + d1);
        setF32(lambda, l + 2, fs(lambda, l + 2) + d2);
      }
      setF(x, i0 + axis, f(x, i0 + axis) + w0 * (g00 * d0 + g10 * d1 + g20 * d2));
      setF(x, i1 + axis, f(x, i1 + axis) + w1 * (g01 * d0 + g11 * d1 + g21 * d2));
      setF(x, i2 + axis, f(x, i2 + axis) + w2 * (g02 * d0 + g12 * d1 + g22 * d2));
      setF(x, i3 + axis, f(x, i3 + axis) + wq0 * d0);
      setF(x, i4 + axis, f(x, i4 + axis) + wq1 * d1);
      setF(x, i5 + axis, f(x, i5 + axis) + wq2 * d2);
    }
  }
}

/** array[ia] ← lane 0, array[ib] ← lane 1 of an f32 array, rounded to nearest as a JS Float32Array store. */
function storeLanesAt(array: usize, ia: i32, ib: i32, value: v128): void {
  const single = f32x4.demote_f64x2_zero(value);
  v128.store32_lane(array + ((<usize>ia) << 2), single, 0);
  v128.store32_lane(array + ((<usize>ib) << 2), single, 1);
}

/** Byte offsets in a linear plate's row (constraints/plate-bend-linear.ts, the row's layout). */
const LINEAR_SYSTEM_MASK = 6;
const P_00: usize = 0;
const P_01: usize = 8;
const P_02: usize = 16;
const P_11: usize = 24;
const P_12: usize = 32;
const P_22: usize = 40;
const T_00: usize = 56;
const T_01: usize = 64;
const T_02: usize = 72;
const T_11: usize = 80;
const T_12: usize = 88;
const T_22: usize = 96;
const G_00: usize = 104;
const G_01: usize = 112;
const G_02: usize = 120;
const G_10: usize = 128;
const G_11: usize = 136;
const G_12: usize = 144;
const G_20: usize = 152;
const G_21: usize = 160;
const G_22: usize = 168;
const Q_0: usize = 176;
const Q_1: usize = 184;
const Q_2: usize = 192;

/** Values per row of a linear plate's `linearSystems` (constraints/plate-bend-linear.ts LINEAR_SYSTEM). */
const LINEAR_SYSTEM = 25;

/**
 * x and y of the particle at p += w·(g_0·d_0 + g_1·d_1 + g_2·d_2): a corner's move in
 * `solveLinearPlateBendBatched`, its coefficients on the three hinges splatted.
 */
function moveByHinges(p: usize, w: f64, g0: v128, g1: v128, g2: v128, d0: v128, d1: v128, d2: v128): void {
  v128.store(p, add(v128.load(p), mul(splat(w), add(add(mul(g0, d0), mul(g1, d1)), mul(g2, d2)))));
}

/** `moveByHinges` for z alone (the position's third value), in scalars. */
function moveZByHinges(p: usize, w: f64, g0: f64, g1: f64, g2: f64, d0: f64, d1: f64, d2: f64): void {
  store<f64>(p, load<f64>(p, 16) + w * (g0 * d0 + g1 * d1 + g2 * d2), 16);
}

/**
 * `solveLinearPlateBend` with its x and y axes side by side in an f64x2 and z beside them: the
 * measure's Jacobian is the same for the three axes, so one triangle's step is the same operations
 * per axis, and each particle's x and y load and store as one v128 (the two-triangle form loaded
 * and stored every coordinate lane by lane). The same floats as the scalar kernel. The rows
 * (`systems`, LINEAR_SYSTEM per row, constraints/plate-bend-linear.ts `prepareLinearSystems`) are
 * current: their step matrix negated (−P), the hinge mask it was made for (a row whose triangle
 * sits the step out marked with a mask no triangle has), α̃ and the hinge coefficients in f64, read
 * at constant offsets from the row's address where the coefficients were converted and splatted
 * per triangle.
 * A triangle that still has the row's hinges reads them; one whose hinges were torn since goes
 * through the scalar kernel, which builds and inverts its system (from the masses of its row's
 * triangle, `rowTriangles`). Triangles are taken in order: those of a colour share no particle,
 * and the colours follow one another in `colourStarts`.
 */
export function solveLinearPlateBendBatched(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  present: usize,
  compliance: usize,
  coefficients: usize,
  complianceIndex: usize,
  complianceIndexBytes: i32,
  systems: usize,
  rowTriangles: usize,
  lambda: usize,
  keepLambda: bool,
  scale: f64,
  invHSq: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  // The row lookup compiled for the common width, as the membrane's: a u8 row per triangle.
  if (complianceIndexBytes === 1)
    linearPlateSweep<u8>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      present,
      compliance,
      coefficients,
      complianceIndex,
      complianceIndexBytes,
      systems,
      rowTriangles,
      lambda,
      keepLambda,
      scale,
      invHSq,
      minDenominator,
      fresh,
    );
  else
    linearPlateSweep<i32>(
      x,
      w,
      particles,
      colourStarts,
      colourCount,
      present,
      compliance,
      coefficients,
      complianceIndex,
      complianceIndexBytes,
      systems,
      rowTriangles,
      lambda,
      keepLambda,
      scale,
      invHSq,
      minDenominator,
      fresh,
    );
}

/** `solveLinearPlateBendBatched` with its rows looked up by `knownRow<R>`. */
function linearPlateSweep<R>(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  present: usize,
  compliance: usize,
  coefficients: usize,
  complianceIndex: usize,
  complianceIndexBytes: i32,
  systems: usize,
  rowTriangles: usize,
  lambda: usize,
  keepLambda: bool,
  scale: f64,
  invHSq: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  const end = u(colourStarts, colourCount);
  for (let t = u(colourStarts, 0); t < end; t++) {
    const o = 6 * t;
    const row = knownRow<R>(complianceIndex, complianceIndexBytes, t);
    const mask = <i32>load<u8>(present + <usize>t);
    const s = systems + ((<usize>(LINEAR_SYSTEM * row)) << 3);
    if (load<f64>(s, 8 * LINEAR_SYSTEM_MASK) !== <f64>mask) {
      solveLinearPlateBend(
        x,
        w,
        particles + ((<usize>o) << 2),
        particles,
        rowTriangles,
        present + <usize>t,
        compliance,
        coefficients,
        complianceIndex + <usize>(t * complianceIndexBytes),
        complianceIndexBytes,
        lambda + ((<usize>(9 * t)) << 2),
        keepLambda,
        1,
        scale,
        invHSq,
        minDenominator,
        fresh,
      );
      continue;
    }
    if (keepLambda && fresh) for (let k = 0; k < 9; k++) setF32(lambda, 9 * t + k, 0);
    const pp = particles + ((<usize>o) << 2);
    const k0 = load<u32>(pp);
    const k1 = load<u32>(pp, 4);
    const k2 = load<u32>(pp, 8);
    const k3 = load<u32>(pp, 12);
    const k4 = load<u32>(pp, 16);
    const k5 = load<u32>(pp, 20);
    const p0 = x + <usize>k0 * 24;
    const p1 = x + <usize>k1 * 24;
    const p2 = x + <usize>k2 * 24;
    const p3 = x + <usize>k3 * 24;
    const p4 = x + <usize>k4 * 24;
    const p5 = x + <usize>k5 * 24;
    // x and y, lane by lane the scalar kernel's operations.
    const x0 = v128.load(p0);
    const e1 = sub(v128.load(p1), x0);
    const e2 = sub(v128.load(p2), x0);
    const m0 = add(
      add(mul(v128.load64_splat(s, G_01), e1), mul(v128.load64_splat(s, G_02), e2)),
      mul(v128.load64_splat(s, Q_0), sub(v128.load(p3), x0)),
    );
    const m1 = add(
      add(mul(v128.load64_splat(s, G_11), e1), mul(v128.load64_splat(s, G_12), e2)),
      mul(v128.load64_splat(s, Q_1), sub(v128.load(p4), x0)),
    );
    const m2 = add(
      add(mul(v128.load64_splat(s, G_21), e1), mul(v128.load64_splat(s, G_22), e2)),
      mul(v128.load64_splat(s, Q_2), sub(v128.load(p5), x0)),
    );
    // r = m (+ α̃·λ): the scalar kernel's right-hand side negated, which the row's −P undoes
    // exactly (rounding to nearest is symmetric in sign), one negation fewer per hinge.
    let r0 = m0;
    let r1 = m1;
    let r2 = m2;
    // Multipliers 9t + 3·axis + hinge: x's in lane 0, y's in lane 1.
    const l = 9 * t;
    let l0 = splat(0);
    let l1 = splat(0);
    let l2 = splat(0);
    if (keepLambda) {
      l0 = gather32(lambda, l, l + 3);
      l1 = gather32(lambda, l + 1, l + 4);
      l2 = gather32(lambda, l + 2, l + 5);
      r0 = add(
        r0,
        add(
          add(mul(v128.load64_splat(s, T_00), l0), mul(v128.load64_splat(s, T_01), l1)),
          mul(v128.load64_splat(s, T_02), l2),
        ),
      );
      r1 = add(
        r1,
        add(
          add(mul(v128.load64_splat(s, T_01), l0), mul(v128.load64_splat(s, T_11), l1)),
          mul(v128.load64_splat(s, T_12), l2),
        ),
      );
      r2 = add(
        r2,
        add(
          add(mul(v128.load64_splat(s, T_02), l0), mul(v128.load64_splat(s, T_12), l1)),
          mul(v128.load64_splat(s, T_22), l2),
        ),
      );
    }
    const d0 = add(
      add(mul(v128.load64_splat(s, P_00), r0), mul(v128.load64_splat(s, P_01), r1)),
      mul(v128.load64_splat(s, P_02), r2),
    );
    const d1 = add(
      add(mul(v128.load64_splat(s, P_01), r0), mul(v128.load64_splat(s, P_11), r1)),
      mul(v128.load64_splat(s, P_12), r2),
    );
    const d2 = add(
      add(mul(v128.load64_splat(s, P_02), r0), mul(v128.load64_splat(s, P_12), r1)),
      mul(v128.load64_splat(s, P_22), r2),
    );
    if (keepLambda) {
      storeLanesAt(lambda, l, l + 3, add(l0, d0));
      storeLanesAt(lambda, l + 1, l + 4, add(l1, d1));
      storeLanesAt(lambda, l + 2, l + 5, add(l2, d2));
    }
    const w0 = f(w, k0);
    const w1 = f(w, k1);
    const w2 = f(w, k2);
    const wq0 = f(w, k3) * load<f64>(s, Q_0);
    const wq1 = f(w, k4) * load<f64>(s, Q_1);
    const wq2 = f(w, k5) * load<f64>(s, Q_2);
    moveByHinges(
      p0,
      w0,
      v128.load64_splat(s, G_00),
      v128.load64_splat(s, G_10),
      v128.load64_splat(s, G_20),
      d0,
      d1,
      d2,
    );
    moveByHinges(
      p1,
      w1,
      v128.load64_splat(s, G_01),
      v128.load64_splat(s, G_11),
      v128.load64_splat(s, G_21),
      d0,
      d1,
      d2,
    );
    moveByHinges(
      p2,
      w2,
      v128.load64_splat(s, G_02),
      v128.load64_splat(s, G_12),
      v128.load64_splat(s, G_22),
      d0,
      d1,
      d2,
    );
    v128.store(p3, add(v128.load(p3), mul(splat(wq0), d0)));
    v128.store(p4, add(v128.load(p4), mul(splat(wq1), d1)));
    v128.store(p5, add(v128.load(p5), mul(splat(wq2), d2)));
    // z.
    const z0 = load<f64>(p0, 16);
    const ez1 = load<f64>(p1, 16) - z0;
    const ez2 = load<f64>(p2, 16) - z0;
    let s0 =
      load<f64>(s, G_01) * ez1 + load<f64>(s, G_02) * ez2 + load<f64>(s, Q_0) * (load<f64>(p3, 16) - z0);
    let s1 =
      load<f64>(s, G_11) * ez1 + load<f64>(s, G_12) * ez2 + load<f64>(s, Q_1) * (load<f64>(p4, 16) - z0);
    let s2 =
      load<f64>(s, G_21) * ez1 + load<f64>(s, G_22) * ez2 + load<f64>(s, Q_2) * (load<f64>(p5, 16) - z0);
    let n0: f64 = 0;
    let n1: f64 = 0;
    let n2: f64 = 0;
    if (keepLambda) {
      n0 = fs(lambda, l + 6);
      n1 = fs(lambda, l + 7);
      n2 = fs(lambda, l + 8);
      s0 += load<f64>(s, T_00) * n0 + load<f64>(s, T_01) * n1 + load<f64>(s, T_02) * n2;
      s1 += load<f64>(s, T_01) * n0 + load<f64>(s, T_11) * n1 + load<f64>(s, T_12) * n2;
      s2 += load<f64>(s, T_02) * n0 + load<f64>(s, T_12) * n1 + load<f64>(s, T_22) * n2;
    }
    const dz0 = load<f64>(s, P_00) * s0 + load<f64>(s, P_01) * s1 + load<f64>(s, P_02) * s2;
    const dz1 = load<f64>(s, P_01) * s0 + load<f64>(s, P_11) * s1 + load<f64>(s, P_12) * s2;
    const dz2 = load<f64>(s, P_02) * s0 + load<f64>(s, P_12) * s1 + load<f64>(s, P_22) * s2;
    if (keepLambda) {
      setF32(lambda, l + 6, n0 + dz0);
      setF32(lambda, l + 7, n1 + dz1);
      setF32(lambda, l + 8, n2 + dz2);
    }
    moveZByHinges(p0, w0, load<f64>(s, G_00), load<f64>(s, G_10), load<f64>(s, G_20), dz0, dz1, dz2);
    moveZByHinges(p1, w1, load<f64>(s, G_01), load<f64>(s, G_11), load<f64>(s, G_21), dz0, dz1, dz2);
    moveZByHinges(p2, w2, load<f64>(s, G_02), load<f64>(s, G_12), load<f64>(s, G_22), dz0, dz1, dz2);
    store<f64>(p3, load<f64>(p3, 16) + wq0 * dz0, 16);
    store<f64>(p4, load<f64>(p4, 16) + wq1 * dz1, 16);
    store<f64>(p5, load<f64>(p5, 16) + wq2 * dz2, 16);
  }
}

/**
 * nodal-volume.ts `starCrossSums`: g[0 … 3n) ← the unscaled cross-product sums of the star of `n`
 * slots whose particles (u32) start at `base`, over its tets [from, to) of `links` (u16, 3 each),
 * with each slot's position relative to slot 0 made once into r (f64, 3 per slot); returns 6·Σ V_t.
 */
function starCrossSums(
  x: usize,
  g: usize,
  r: usize,
  particles: usize,
  base: i32,
  n: i32,
  links: usize,
  from: i32,
  to: i32,
): f64 {
  const o = 3 * u(particles, base);
  const x0 = f(x, o);
  const y0 = f(x, o + 1);
  const z0 = f(x, o + 2);
  for (let slot = 1, k = 3; slot < n; slot++, k += 3) {
    const p3 = 3 * u(particles, base + slot);
    setF(r, k, f(x, p3) - x0);
    setF(r, k + 1, f(x, p3 + 1) - y0);
    setF(r, k + 2, f(x, p3 + 2) - z0);
    setF(g, k, 0);
    setF(g, k + 1, 0);
    setF(g, k + 2, 0);
  }
  let ownX = 0.0;
  let ownY = 0.0;
  let ownZ = 0.0;
  let sixVolume = 0.0;
  for (let e = from; e < to; e += 3) {
    const sa = 3 * <i32>load<u16>(links + ((<usize>e) << 1));
    const sb = 3 * <i32>load<u16>(links + ((<usize>(e + 1)) << 1));
    const sc = 3 * <i32>load<u16>(links + ((<usize>(e + 2)) << 1));
    const ax = f(r, sa);
    const ay = f(r, sa + 1);
    const az = f(r, sa + 2);
    const bx = f(r, sb);
    const by = f(r, sb + 1);
    const bz = f(r, sb + 2);
    const cx = f(r, sc);
    const cy = f(r, sc + 1);
    const cz = f(r, sc + 2);
    const g1x = by * cz - bz * cy;
    const g1y = bz * cx - bx * cz;
    const g1z = bx * cy - by * cx;
    const g2x = cy * az - cz * ay;
    const g2y = cz * ax - cx * az;
    const g2z = cx * ay - cy * ax;
    const g3x = ay * bz - az * by;
    const g3y = az * bx - ax * bz;
    const g3z = ax * by - ay * bx;
    sixVolume += ax * g1x + ay * g1y + az * g1z;
    ownX -= g1x + g2x + g3x;
    ownY -= g1y + g2y + g3y;
    ownZ -= g1z + g2z + g3z;
    setF(g, sa, f(g, sa) + g1x);
    setF(g, sa + 1, f(g, sa + 1) + g1y);
    setF(g, sa + 2, f(g, sa + 2) + g1z);
    setF(g, sb, f(g, sb) + g2x);
    setF(g, sb + 1, f(g, sb + 1) + g2y);
    setF(g, sb + 2, f(g, sb + 2) + g2z);
    setF(g, sc, f(g, sc) + g3x);
    setF(g, sc + 1, f(g, sc + 1) + g3y);
    setF(g, sc + 2, f(g, sc + 2) + g3z);
  }
  setF(g, 0, ownX);
  setF(g, 1, ownY);
  setF(g, 2, ownZ);
  return sixVolume;
}

/**
 * nodal-volume.ts `solveNodalVolume`, in colour order over `colourCount` batches of `colourStarts`
 * (u32, constraint ranges), one star at a time in f64: the same operations in the same order, so
 * the same floats. `g` is the block's scratch (6 × arity f64: ∇C sums, then relative positions):
 * one per block, so these colours are never divided among threads (kernel-bindings.ts
 * `nodalVolumeKernel`). particleCount and starStarts are u32, starLinks u16.
 */
export function solveNodalVolumeBatched(
  x: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  arity: i32,
  particleCount: usize,
  starStarts: usize,
  starLinks: usize,
  restVolume: usize,
  compliance: usize,
  lambda: usize,
  g: usize,
  swept: usize,
  sweptWcc: usize,
  keep: bool,
  scale: f64,
  invHSq: f64,
  minDenominator: f64,
  fresh: bool,
): void {
  const k24 = 1.0 / 24;
  const r = g + ((<usize>(3 * arity)) << 3);
  for (let colour = 0; colour < colourCount; colour++) {
    const first = u(colourStarts, colour);
    const last = u(colourStarts, colour + 1);
    for (let c = first; c < last; c++) {
      if (fresh) setF(lambda, c, 0);
      const n3 = 3 * u(particleCount, c);
      const base = arity * c;
      const from = 3 * u(starStarts, c);
      const to = 3 * u(starStarts, c + 1);
      const sixVolume = starCrossSums(x, g, r, particles, base, n3 / 3, starLinks, from, to);
      let wcc = 0.0;
      for (let slot = 0, k = 0; k < n3; slot++, k += 3) {
        const gx = f(g, k);
        const gy = f(g, k + 1);
        const gz = f(g, k + 2);
        wcc += f(w, u(particles, base + slot)) * (gx * gx + gy * gy + gz * gz);
      }
      if (keep) {
        const o = 3 * base;
        for (let k = 0; k < n3; k++) setF32(swept, o + k, f(g, k));
        setF(sweptWcc, c, wcc);
      }
      const alphaTilde = f(compliance, c) * invHSq;
      const denominator = wcc * k24 * k24 + alphaTilde;
      if (!(denominator > minDenominator)) continue;
      const lambdaC = f(lambda, c);
      const dLambda = (scale * (f(restVolume, c) - sixVolume * k24 - alphaTilde * lambdaC)) / denominator;
      setF(lambda, c, lambdaC + dLambda);
      const d = dLambda * k24;
      for (let slot = 0, k = 0; k < n3; slot++, k += 3) {
        const p = u(particles, base + slot);
        const p3 = 3 * p;
        const s = f(w, p) * d;
        setF(x, p3, f(x, p3) + s * f(g, k));
        setF(x, p3 + 1, f(x, p3 + 1) + s * f(g, k + 1));
        setF(x, p3 + 2, f(x, p3 + 2) + s * f(g, k + 2));
      }
    }
  }
}

/**
 * nodal-volume.ts `dampNodalVolume` over `colourCount` batches of `colourStarts` (in order: the
 * same floats), substep h (s), with the gradients of the substep's sweep (`swept`, f32, 3 × arity
 * per star; `sweptWcc`, f64 per star).
 */
export function dampNodalVolume(
  v: usize,
  w: usize,
  particles: usize,
  colourStarts: usize,
  colourCount: i32,
  arity: i32,
  particleCount: usize,
  damping: usize,
  swept: usize,
  sweptWcc: usize,
  h: f64,
): void {
  const k24 = 1.0 / 24;
  for (let colour = 0; colour < colourCount; colour++) {
    const last = u(colourStarts, colour + 1);
    for (let c = u(colourStarts, colour); c < last; c++) {
      const hb = h * f(damping, c);
      if (hb === 0) continue;
      const n = u(particleCount, c);
      const base = arity * c;
      const o = 3 * base;
      let rate = 0.0;
      for (let k = 0; k < n; k++) {
        const p3 = 3 * u(particles, base + k);
        rate +=
          fs(swept, o + 3 * k) * f(v, p3) +
          fs(swept, o + 3 * k + 1) * f(v, p3 + 1) +
          fs(swept, o + 3 * k + 2) * f(v, p3 + 2);
      }
      const s = (rate * k24 * hb * k24) / (1 + hb * f(sweptWcc, c) * k24 * k24);
      for (let k = 0; k < n; k++) {
        const p = u(particles, base + k);
        const ws = f(w, p) * s;
        setF(v, 3 * p, f(v, 3 * p) - ws * fs(swept, o + 3 * k));
        setF(v, 3 * p + 1, f(v, 3 * p + 1) - ws * fs(swept, o + 3 * k + 1));
        setF(v, 3 * p + 2, f(v, 3 * p + 2) - ws * fs(swept, o + 3 * k + 2));
      }
    }
  }
}

/**
 * The velocities at va (lane 0) and vb (lane 1) −= s·g, xyz, their values before in vx, vy and vz:
 * a paired damping kernel's step of one particle (the same floats as the scalar v − s·g); a lane out
 * of `keep` moves by +0.
 */
function dampVelocityPair(
  va: usize,
  vb: usize,
  vx: v128,
  vy: v128,
  vz: v128,
  s: v128,
  gx: v128,
  gy: v128,
  gz: v128,
  keep: v128,
): void {
  moveBack(va, vb, vx, v128.and(mul(s, gx), keep));
  moveBack(va + 8, vb + 8, vy, v128.and(mul(s, gy), keep));
  moveBack(va + 16, vb + 16, vz, v128.and(mul(s, gz), keep));
}

/**
 * distance.ts `dampPairs`: each particle pair's rate along its edge damped implicitly over substep
 * h (s), β (N·s/m, f64) per pair, over `colourCount` batches of `colourStarts` in order: the same
 * floats. Two pairs of a colour at a time (f64x2, lane by lane the scalar operations: they share no
 * particle); a lane whose pair the scalar kernel skips (β = 0, shorter than minLength, or |d|²
 * overflowed) moves its velocities by exactly 0. A colour's odd last pair goes through `dampPair`.
 */
export function dampPairs(
  x: usize,
  v: usize,
  w: usize,
  particles: usize,
  beta: usize,
  colourStarts: usize,
  colourCount: i32,
  h: f64,
  minLength: f64,
): void {
  const vH = splat(h);
  const vMinLengthSq = splat(minLength * minLength);
  const vInfinity = splat(Infinity);
  const zero = splat(0);
  const one = splat(1);
  for (let colour = 0; colour < colourCount; colour++) {
    const end = u(colourStarts, colour + 1);
    let c = u(colourStarts, colour);
    for (; c + 1 < end; c += 2) {
      const hb = mul(vH, pair(beta, c));
      const aa = u(particles, 2 * c);
      const ba = u(particles, 2 * c + 1);
      const ab = u(particles, 2 * c + 2);
      const bb = u(particles, 2 * c + 3);
      const xa = at(x, aa);
      const xb = at(x, ab);
      const ya = at(x, ba);
      const yb = at(x, bb);
      const dx = sub(loadX(xa, xb), loadX(ya, yb));
      const dy = sub(loadY(xa, xb), loadY(ya, yb));
      const dz = sub(loadZ(xa, xb), loadZ(ya, yb));
      const lengthSq = add(add(mul(dx, dx), mul(dy, dy)), mul(dz, dz));
      const keep = v128.and(
        v128.and(f64x2.ne(hb, zero), f64x2.gt(lengthSq, vMinLengthSq)),
        f64x2.lt(lengthSq, vInfinity),
      );
      if (!v128.any_true(keep)) continue;
      const va = at(v, aa);
      const vb = at(v, ab);
      const ua = at(v, ba);
      const ub = at(v, bb);
      const vxa = loadX(va, vb);
      const vya = loadY(va, vb);
      const vza = loadZ(va, vb);
      const vxb = loadX(ua, ub);
      const vyb = loadY(ua, ub);
      const vzb = loadZ(ua, ub);
      const dotRate = add(add(mul(dx, sub(vxa, vxb)), mul(dy, sub(vya, vyb))), mul(dz, sub(vza, vzb)));
      const wa = gather(w, aa, ab);
      const wb = gather(w, ba, bb);
      const k = div(mul(dotRate, hb), mul(lengthSq, add(one, mul(hb, add(wa, wb)))));
      // A lane left out moves by +0 (its k may be 0/0).
      const ka = mul(wa, k);
      const kb = mul(wb, k);
      dampVelocityPair(va, vb, vxa, vya, vza, ka, dx, dy, dz, keep);
      moveX(ua, ub, vxb, v128.and(mul(kb, dx), keep));
      moveY(ua, ub, vyb, v128.and(mul(kb, dy), keep));
      moveZ(ua, ub, vzb, v128.and(mul(kb, dz), keep));
    }
    if (c < end) dampPair(x, v, w, particles, beta, c, h, minLength);
  }
}

/** Pair c of `dampPairs`, in scalars. */
function dampPair(
  x: usize,
  v: usize,
  w: usize,
  particles: usize,
  beta: usize,
  c: i32,
  h: f64,
  minLength: f64,
): void {
  const hb = h * f(beta, c);
  if (hb === 0) return;
  const a = u(particles, 2 * c);
  const b = u(particles, 2 * c + 1);
  const a3 = 3 * a;
  const b3 = 3 * b;
  const wa = f(w, a);
  const wb = f(w, b);
  const dx = f(x, a3) - f(x, b3);
  const dy = f(x, a3 + 1) - f(x, b3 + 1);
  const dz = f(x, a3 + 2) - f(x, b3 + 2);
  const lengthSq = dx * dx + dy * dy + dz * dz;
  if (!(lengthSq > minLength * minLength && lengthSq < Infinity)) return;
  const dotRate =
    dx * (f(v, a3) - f(v, b3)) + dy * (f(v, a3 + 1) - f(v, b3 + 1)) + dz * (f(v, a3 + 2) - f(v, b3 + 2));
  const k = (dotRate * hb) / (lengthSq * (1 + hb * (wa + wb)));
  setF(v, a3, f(v, a3) - wa * k * dx);
  setF(v, a3 + 1, f(v, a3 + 1) - wa * k * dy);
  setF(v, a3 + 2, f(v, a3 + 2) - wa * k * dz);
  setF(v, b3, f(v, b3) + wb * k * dx);
  setF(v, b3 + 1, f(v, b3 + 1) + wb * k * dy);
  setF(v, b3 + 2, f(v, b3 + 2) + wb * k * dz);
}

/**
 * dihedral-bend.ts `dampHinge`: one hinge's damping (q0, q1 its edge, q2 and q3 its wings; hb = h·β),
 * the same operations in the same order, so the same floats.
 */
function dampHinge(
  x: usize,
  v: usize,
  w: usize,
  q0: i32,
  q1: i32,
  q2: i32,
  q3: i32,
  hb: f64,
  minEdgeSq: f64,
): void {
  const i0 = 3 * q0;
  const i1 = 3 * q1;
  const i2 = 3 * q2;
  const i3 = 3 * q3;
  const ex = f(x, i1) - f(x, i0);
  const ey = f(x, i1 + 1) - f(x, i0 + 1);
  const ez = f(x, i1 + 2) - f(x, i0 + 2);
  const eSq = ex * ex + ey * ey + ez * ez;
  if (!(eSq > minEdgeSq)) return;
  const a0x = f(x, i2) - f(x, i0);
  const a0y = f(x, i2 + 1) - f(x, i0 + 1);
  const a0z = f(x, i2 + 2) - f(x, i0 + 2);
  const b0x = f(x, i3) - f(x, i0);
  const b0y = f(x, i3 + 1) - f(x, i0 + 1);
  const b0z = f(x, i3 + 2) - f(x, i0 + 2);
  const nax = ey * a0z - ez * a0y;
  const nay = ez * a0x - ex * a0z;
  const naz = ex * a0y - ey * a0x;
  const nbx = b0y * ez - b0z * ey;
  const nby = b0z * ex - b0x * ez;
  const nbz = b0x * ey - b0y * ex;
  const naSq = nax * nax + nay * nay + naz * naz;
  const nbSq = nbx * nbx + nby * nby + nbz * nbz;
  const minAreaSq = 1e-18 * eSq * eSq;
  if (!(naSq > minAreaSq) || !(nbSq > minAreaSq)) return;
  const eLength = Math.sqrt(eSq);
  const invE = 1 / eLength;
  const a0 = (a0x * ex + a0y * ey + a0z * ez) * invE;
  const b0 = (b0x * ex + b0y * ey + b0z * ez) * invE;
  const a1 = a0 - eLength;
  const b1 = b0 - eLength;
  const sa = 1 / naSq;
  const sb = 1 / nbSq;
  const gax = nax * sa;
  const gay = nay * sa;
  const gaz = naz * sa;
  const gbx = nbx * sb;
  const gby = nby * sb;
  const gbz = nbz * sb;
  const g0x = -(a1 * gax + b1 * gbx);
  const g0y = -(a1 * gay + b1 * gby);
  const g0z = -(a1 * gaz + b1 * gbz);
  const g1x = a0 * gax + b0 * gbx;
  const g1y = a0 * gay + b0 * gby;
  const g1z = a0 * gaz + b0 * gbz;
  const g2x = -eLength * gax;
  const g2y = -eLength * gay;
  const g2z = -eLength * gaz;
  const g3x = -eLength * gbx;
  const g3y = -eLength * gby;
  const g3z = -eLength * gbz;
  const w0 = f(w, q0);
  const w1 = f(w, q1);
  const w2 = f(w, q2);
  const w3 = f(w, q3);
  const wGradSq =
    w0 * (g0x * g0x + g0y * g0y + g0z * g0z) +
    w1 * (g1x * g1x + g1y * g1y + g1z * g1z) +
    w2 * (g2x * g2x + g2y * g2y + g2z * g2z) +
    w3 * (g3x * g3x + g3y * g3y + g3z * g3z);
  const rate =
    g0x * f(v, i0) +
    g0y * f(v, i0 + 1) +
    g0z * f(v, i0 + 2) +
    g1x * f(v, i1) +
    g1y * f(v, i1 + 1) +
    g1z * f(v, i1 + 2) +
    g2x * f(v, i2) +
    g2y * f(v, i2 + 1) +
    g2z * f(v, i2 + 2) +
    g3x * f(v, i3) +
    g3y * f(v, i3 + 1) +
    g3z * f(v, i3 + 2);
  const s = (rate * hb) / (1 + hb * wGradSq);
  const s0 = w0 * s;
  const s1 = w1 * s;
  const s2 = w2 * s;
  const s3 = w3 * s;
  setF(v, i0, f(v, i0) - s0 * g0x);
  setF(v, i0 + 1, f(v, i0 + 1) - s0 * g0y);
  setF(v, i0 + 2, f(v, i0 + 2) - s0 * g0z);
  setF(v, i1, f(v, i1) - s1 * g1x);
  setF(v, i1 + 1, f(v, i1 + 1) - s1 * g1y);
  setF(v, i1 + 2, f(v, i1 + 2) - s1 * g1z);
  setF(v, i2, f(v, i2) - s2 * g2x);
  setF(v, i2 + 1, f(v, i2 + 1) - s2 * g2y);
  setF(v, i2 + 2, f(v, i2 + 2) - s2 * g2z);
  setF(v, i3, f(v, i3) - s3 * g3x);
  setF(v, i3 + 1, f(v, i3 + 1) - s3 * g3y);
  setF(v, i3 + 2, f(v, i3 + 2) - s3 * g3z);
}

/**
 * `dampHinge` for two hinges side by side, (a0, a1, a2, a3) in lane 0 and (b0, b1, b2, b3) in lane
 * 1 (particle indices; the two share no particle), hb = h·β per lane: lane by lane the scalar
 * operations, so the same floats. A lane the scalar kernel would leave (hb ≤ 0, a degenerate edge or
 * wing) moves its velocities by +0; its particles need not be distinct (a missing wing is stored as
 * the triangle's opposite corner), as nothing it writes changes.
 */
function dampHingePair(
  x: usize,
  v: usize,
  w: usize,
  a0: i32,
  a1: i32,
  a2: i32,
  a3: i32,
  b0: i32,
  b1: i32,
  b2: i32,
  b3: i32,
  hb: v128,
  minEdgeSq: f64,
): void {
  const pa0 = at(x, a0);
  const pb0 = at(x, b0);
  const pa1 = at(x, a1);
  const pb1 = at(x, b1);
  const pa2 = at(x, a2);
  const pb2 = at(x, b2);
  const pa3 = at(x, a3);
  const pb3 = at(x, b3);
  const x0 = loadX(pa0, pb0);
  const y0 = loadY(pa0, pb0);
  const z0 = loadZ(pa0, pb0);
  const ex = sub(loadX(pa1, pb1), x0);
  const ey = sub(loadY(pa1, pb1), y0);
  const ez = sub(loadZ(pa1, pb1), z0);
  const eSq = add(add(mul(ex, ex), mul(ey, ey)), mul(ez, ez));
  let keep = v128.and(f64x2.gt(hb, splat(0)), f64x2.gt(eSq, splat(minEdgeSq)));
  if (!v128.any_true(keep)) return;
  const a0x = sub(loadX(pa2, pb2), x0);
  const a0y = sub(loadY(pa2, pb2), y0);
  const a0z = sub(loadZ(pa2, pb2), z0);
  const b0x = sub(loadX(pa3, pb3), x0);
  const b0y = sub(loadY(pa3, pb3), y0);
  const b0z = sub(loadZ(pa3, pb3), z0);
  const nax = sub(mul(ey, a0z), mul(ez, a0y));
  const nay = sub(mul(ez, a0x), mul(ex, a0z));
  const naz = sub(mul(ex, a0y), mul(ey, a0x));
  const nbx = sub(mul(b0y, ez), mul(b0z, ey));
  const nby = sub(mul(b0z, ex), mul(b0x, ez));
  const nbz = sub(mul(b0x, ey), mul(b0y, ex));
  const naSq = add(add(mul(nax, nax), mul(nay, nay)), mul(naz, naz));
  const nbSq = add(add(mul(nbx, nbx), mul(nby, nby)), mul(nbz, nbz));
  const minAreaSq = mul(mul(splat(1e-18), eSq), eSq);
  keep = v128.and(keep, v128.and(f64x2.gt(naSq, minAreaSq), f64x2.gt(nbSq, minAreaSq)));
  if (!v128.any_true(keep)) return;
  const eLength = f64x2.sqrt(eSq);
  const invE = div(splat(1), eLength);
  const ta0 = mul(add(add(mul(a0x, ex), mul(a0y, ey)), mul(a0z, ez)), invE);
  const tb0 = mul(add(add(mul(b0x, ex), mul(b0y, ey)), mul(b0z, ez)), invE);
  const ta1 = sub(ta0, eLength);
  const tb1 = sub(tb0, eLength);
  const sa = div(splat(1), naSq);
  const sb = div(splat(1), nbSq);
  const gax = mul(nax, sa);
  const gay = mul(nay, sa);
  const gaz = mul(naz, sa);
  const gbx = mul(nbx, sb);
  const gby = mul(nby, sb);
  const gbz = mul(nbz, sb);
  const g0x = f64x2.neg(add(mul(ta1, gax), mul(tb1, gbx)));
  const g0y = f64x2.neg(add(mul(ta1, gay), mul(tb1, gby)));
  const g0z = f64x2.neg(add(mul(ta1, gaz), mul(tb1, gbz)));
  const g1x = add(mul(ta0, gax), mul(tb0, gbx));
  const g1y = add(mul(ta0, gay), mul(tb0, gby));
  const g1z = add(mul(ta0, gaz), mul(tb0, gbz));
  const minusE = f64x2.neg(eLength);
  const g2x = mul(minusE, gax);
  const g2y = mul(minusE, gay);
  const g2z = mul(minusE, gaz);
  const g3x = mul(minusE, gbx);
  const g3y = mul(minusE, gby);
  const g3z = mul(minusE, gbz);
  const w0 = gather(w, a0, b0);
  const w1 = gather(w, a1, b1);
  const w2 = gather(w, a2, b2);
  const w3 = gather(w, a3, b3);
  const wGradSq = add(
    add(
      add(
        mul(w0, add(add(mul(g0x, g0x), mul(g0y, g0y)), mul(g0z, g0z))),
        mul(w1, add(add(mul(g1x, g1x), mul(g1y, g1y)), mul(g1z, g1z))),
      ),
      mul(w2, add(add(mul(g2x, g2x), mul(g2y, g2y)), mul(g2z, g2z))),
    ),
    mul(w3, add(add(mul(g3x, g3x), mul(g3y, g3y)), mul(g3z, g3z))),
  );
  const va0 = at(v, a0);
  const vb0 = at(v, b0);
  const va1 = at(v, a1);
  const vb1 = at(v, b1);
  const va2 = at(v, a2);
  const vb2 = at(v, b2);
  const va3 = at(v, a3);
  const vb3 = at(v, b3);
  const v0x = loadX(va0, vb0);
  const v0y = loadY(va0, vb0);
  const v0z = loadZ(va0, vb0);
  const v1x = loadX(va1, vb1);
  const v1y = loadY(va1, vb1);
  const v1z = loadZ(va1, vb1);
  const v2x = loadX(va2, vb2);
  const v2y = loadY(va2, vb2);
  const v2z = loadZ(va2, vb2);
  const v3x = loadX(va3, vb3);
  const v3y = loadY(va3, vb3);
  const v3z = loadZ(va3, vb3);
  let rate = add(mul(g0x, v0x), mul(g0y, v0y));
  rate = add(rate, mul(g0z, v0z));
  rate = add(rate, mul(g1x, v1x));
  rate = add(rate, mul(g1y, v1y));
  rate = add(rate, mul(g1z, v1z));
  rate = add(rate, mul(g2x, v2x));
  rate = add(rate, mul(g2y, v2y));
  rate = add(rate, mul(g2z, v2z));
  rate = add(rate, mul(g3x, v3x));
  rate = add(rate, mul(g3y, v3y));
  rate = add(rate, mul(g3z, v3z));
  const step = div(mul(rate, hb), add(splat(1), mul(hb, wGradSq)));
  const s0 = mul(w0, step);
  const s1 = mul(w1, step);
  const s2 = mul(w2, step);
  const s3 = mul(w3, step);
  dampVelocityPair(va0, vb0, v0x, v0y, v0z, s0, g0x, g0y, g0z, keep);
  dampVelocityPair(va1, vb1, v1x, v1y, v1z, s1, g1x, g1y, g1z, keep);
  dampVelocityPair(va2, vb2, v2x, v2y, v2z, s2, g2x, g2y, g2z, keep);
  dampVelocityPair(va3, vb3, v3x, v3y, v3z, s3, g3x, g3y, g3z, keep);
}

/**
 * dihedral-bend.ts `dampDihedralBend` over `colourCount` batches of `colourStarts` (hinges of 4
 * particles), substep h (s).
 */
export function dampDihedralBend(
  x: usize,
  v: usize,
  w: usize,
  particles: usize,
  beta: usize,
  colourStarts: usize,
  colourCount: i32,
  h: f64,
  minEdgeSq: f64,
): void {
  const vH = splat(h);
  for (let colour = 0; colour < colourCount; colour++) {
    const last = u(colourStarts, colour + 1);
    let c = u(colourStarts, colour);
    // Two hinges of the colour at a time (they share no particle), the last odd one alone.
    for (; c + 1 < last; c += 2) {
      const hb = mul(vH, pair(beta, c));
      if (!v128.any_true(f64x2.ne(hb, splat(0)))) continue;
      const o = 4 * c;
      dampHingePair(
        x,
        v,
        w,
        u(particles, o),
        u(particles, o + 1),
        u(particles, o + 2),
        u(particles, o + 3),
        u(particles, o + 4),
        u(particles, o + 5),
        u(particles, o + 6),
        u(particles, o + 7),
        hb,
        minEdgeSq,
      );
    }
    for (; c < last; c++) {
      const hb = h * f(beta, c);
      if (hb === 0) continue;
      const o = 4 * c;
      dampHinge(
        x,
        v,
        w,
        u(particles, o),
        u(particles, o + 1),
        u(particles, o + 2),
        u(particles, o + 3),
        hb,
        minEdgeSq,
      );
    }
  }
}

/**
 * plate-bend.ts `dampPlateBend` over `colourCount` batches of `colourStarts` of triangles (6
 * particles each: corners, then the wing beyond each edge), β per hinge (3 per triangle, N·m·s; 0
 * for a hinge another triangle damps), substep h (s).
 *
 * Two hinges at a time, one from each half of the colour's triangles: a cursor walks the damped
 * hinges of the first half in order (triangle by triangle, each one's hinges in PLATE_HINGE_SLOTS
 * order), another those of the second half, and each step damps the next of both (dampHingePair);
 * the cursor left over once the other is done goes on alone. The triangles of a colour share no
 * particle, so only each triangle's own order counts and the floats are the JS sweep's, which goes
 * triangle by triangle; about half the hinges of a sheet are damped (the others' triangles share
 * them), so pairing by hinge rather than by triangle slot halves the calls.
 */
export function dampPlateBend(
  x: usize,
  v: usize,
  w: usize,
  particles: usize,
  beta: usize,
  colourStarts: usize,
  colourCount: i32,
  h: f64,
  minEdgeSq: f64,
): void {
  for (let colour = 0; colour < colourCount; colour++) {
    const first = u(colourStarts, colour);
    const last = u(colourStarts, colour + 1);
    const middle = first + ((last - first + 1) >> 1);
    // Hinge indices 3·t + k: the first half's cursor, the second's, and where each ends.
    let a = nextDampedHinge(beta, 3 * first, 3 * middle);
    let b = nextDampedHinge(beta, 3 * middle, 3 * last);
    const aEnd = 3 * middle;
    const bEnd = 3 * last;
    for (; a < aEnd && b < bEnd; ) {
      dampHingePair(
        x,
        v,
        w,
        plateHingeParticle(particles, a, 0),
        plateHingeParticle(particles, a, 1),
        plateHingeParticle(particles, a, 2),
        plateHingeParticle(particles, a, 3),
        plateHingeParticle(particles, b, 0),
        plateHingeParticle(particles, b, 1),
        plateHingeParticle(particles, b, 2),
        plateHingeParticle(particles, b, 3),
        f64x2.mul(splat(h), gather(beta, a, b)),
        minEdgeSq,
      );
      a = nextDampedHinge(beta, a + 1, aEnd);
      b = nextDampedHinge(beta, b + 1, bEnd);
    }
    // The cursor left over, alone.
    for (; a < aEnd; a = nextDampedHinge(beta, a + 1, aEnd))
      dampPlateHinge(x, v, w, particles, beta, a, h, minEdgeSq);
    for (; b < bEnd; b = nextDampedHinge(beta, b + 1, bEnd))
      dampPlateHinge(x, v, w, particles, beta, b, h, minEdgeSq);
  }
}

/** Hinge 3·t + k of a plate block alone (`dampHinge` with h·β). */
function dampPlateHinge(
  x: usize,
  v: usize,
  w: usize,
  particles: usize,
  beta: usize,
  hinge: i32,
  h: f64,
  minEdgeSq: f64,
): void {
  dampHinge(
    x,
    v,
    w,
    plateHingeParticle(particles, hinge, 0),
    plateHingeParticle(particles, hinge, 1),
    plateHingeParticle(particles, hinge, 2),
    plateHingeParticle(particles, hinge, 3),
    h * f(beta, hinge),
    minEdgeSq,
  );
}

/** The first hinge index in [from, end) whose β is above 0, or `end`. */
function nextDampedHinge(beta: usize, from: i32, end: i32): i32 {
  let i = from;
  while (i < end && !(f(beta, i) > 0)) i++;
  return i;
}

/**
 * Particle q (0…3) of hinge 3·t + k of a plate block: PLATE_HINGE_SLOTS[k][q] of triangle t, the
 * edge (corner k, corner k + 1), corner k + 2 and wing k.
 */
function plateHingeParticle(particles: usize, hinge: i32, q: i32): i32 {
  const t = hinge / 3;
  const k = hinge - 3 * t;
  return u(particles, 6 * t + (q === 3 ? 3 + k : (k + q) % 3));
}

/**
 * Two tets of `dampTetVolume` side by side, the one whose four particles (u32) start at `quads` in
 * lane 0 and the next in lane 1, hb = h·β per lane: lane by lane the scalar operations, so the same
 * floats; a lane left out (hb = 0) moves by +0.
 */
function dampTetVolumePair(x: usize, v: usize, w: usize, quads: usize, hb: v128, keep: v128): void {
  const sixth = splat(1.0 / 6);
  const zero = splat(0);
  const qa0 = u(quads, 0);
  const qa1 = u(quads, 1);
  const qa2 = u(quads, 2);
  const qa3 = u(quads, 3);
  const qb0 = u(quads, 4);
  const qb1 = u(quads, 5);
  const qb2 = u(quads, 6);
  const qb3 = u(quads, 7);
  const pa0 = at(x, qa0);
  const pb0 = at(x, qb0);
  const pa1 = at(x, qa1);
  const pb1 = at(x, qb1);
  const pa2 = at(x, qa2);
  const pb2 = at(x, qb2);
  const pa3 = at(x, qa3);
  const pb3 = at(x, qb3);
  const x0 = loadX(pa0, pb0);
  const y0 = loadY(pa0, pb0);
  const z0 = loadZ(pa0, pb0);
  const ax = sub(loadX(pa1, pb1), x0);
  const ay = sub(loadY(pa1, pb1), y0);
  const az = sub(loadZ(pa1, pb1), z0);
  const bx = sub(loadX(pa2, pb2), x0);
  const by = sub(loadY(pa2, pb2), y0);
  const bz = sub(loadZ(pa2, pb2), z0);
  const cx = sub(loadX(pa3, pb3), x0);
  const cy = sub(loadY(pa3, pb3), y0);
  const cz = sub(loadZ(pa3, pb3), z0);
  const g1x = mul(sub(mul(by, cz), mul(bz, cy)), sixth);
  const g1y = mul(sub(mul(bz, cx), mul(bx, cz)), sixth);
  const g1z = mul(sub(mul(bx, cy), mul(by, cx)), sixth);
  const g2x = mul(sub(mul(cy, az), mul(cz, ay)), sixth);
  const g2y = mul(sub(mul(cz, ax), mul(cx, az)), sixth);
  const g2z = mul(sub(mul(cx, ay), mul(cy, ax)), sixth);
  const g3x = mul(sub(mul(ay, bz), mul(az, by)), sixth);
  const g3y = mul(sub(mul(az, bx), mul(ax, bz)), sixth);
  const g3z = mul(sub(mul(ax, by), mul(ay, bx)), sixth);
  const g0x = f64x2.neg(add(add(g1x, g2x), g3x));
  const g0y = f64x2.neg(add(add(g1y, g2y), g3y));
  const g0z = f64x2.neg(add(add(g1z, g2z), g3z));
  const va0 = at(v, qa0);
  const vb0 = at(v, qb0);
  const va1 = at(v, qa1);
  const vb1 = at(v, qb1);
  const va2 = at(v, qa2);
  const vb2 = at(v, qb2);
  const va3 = at(v, qa3);
  const vb3 = at(v, qb3);
  const v0x = loadX(va0, vb0);
  const v0y = loadY(va0, vb0);
  const v0z = loadZ(va0, vb0);
  const v1x = loadX(va1, vb1);
  const v1y = loadY(va1, vb1);
  const v1z = loadZ(va1, vb1);
  const v2x = loadX(va2, vb2);
  const v2y = loadY(va2, vb2);
  const v2z = loadZ(va2, vb2);
  const v3x = loadX(va3, vb3);
  const v3y = loadY(va3, vb3);
  const v3z = loadZ(va3, vb3);
  let rate = add(zero, add(add(mul(g0x, v0x), mul(g0y, v0y)), mul(g0z, v0z)));
  rate = add(rate, add(add(mul(g1x, v1x), mul(g1y, v1y)), mul(g1z, v1z)));
  rate = add(rate, add(add(mul(g2x, v2x), mul(g2y, v2y)), mul(g2z, v2z)));
  rate = add(rate, add(add(mul(g3x, v3x), mul(g3y, v3y)), mul(g3z, v3z)));
  const w0 = gather(w, qa0, qb0);
  const w1 = gather(w, qa1, qb1);
  const w2 = gather(w, qa2, qb2);
  const w3 = gather(w, qa3, qb3);
  let wGradSq = add(zero, mul(w0, add(add(mul(g0x, g0x), mul(g0y, g0y)), mul(g0z, g0z))));
  wGradSq = add(wGradSq, mul(w1, add(add(mul(g1x, g1x), mul(g1y, g1y)), mul(g1z, g1z))));
  wGradSq = add(wGradSq, mul(w2, add(add(mul(g2x, g2x), mul(g2y, g2y)), mul(g2z, g2z))));
  wGradSq = add(wGradSq, mul(w3, add(add(mul(g3x, g3x), mul(g3y, g3y)), mul(g3z, g3z))));
  const s = div(mul(rate, hb), add(splat(1), mul(hb, wGradSq)));
  const s0 = mul(w0, s);
  const s1 = mul(w1, s);
  const s2 = mul(w2, s);
  const s3 = mul(w3, s);
  dampVelocityPair(va0, vb0, v0x, v0y, v0z, s0, g0x, g0y, g0z, keep);
  dampVelocityPair(va1, vb1, v1x, v1y, v1z, s1, g1x, g1y, g1z, keep);
  dampVelocityPair(va2, vb2, v2x, v2y, v2z, s2, g2x, g2y, g2z, keep);
  dampVelocityPair(va3, vb3, v3x, v3y, v3z, s3, g3x, g3y, g3z, keep);
}

/**
 * tet-volume.ts `dampTetVolume` over `colourCount` batches of `colourStarts` of tets, substep h
 * (s), β (Pa·s/m³) per tet: ∇V as `volumeGradient` makes it, the rate and Σw|∇V|² summed corner by
 * corner, in the same order.
 */
export function dampTetVolume(
  x: usize,
  v: usize,
  w: usize,
  particles: usize,
  beta: usize,
  colourStarts: usize,
  colourCount: i32,
  h: f64,
): void {
  const sixth = 1.0 / 6;
  const vH = splat(h);
  for (let colour = 0; colour < colourCount; colour++) {
    const last = u(colourStarts, colour + 1);
    let t = u(colourStarts, colour);
    // Two tets of the colour at a time (they share no particle), the last odd one alone.
    for (; t + 1 < last; t += 2) {
      const hb = mul(vH, pair(beta, t));
      const keep = f64x2.ne(hb, splat(0));
      if (v128.any_true(keep)) dampTetVolumePair(x, v, w, particles + ((<usize>(4 * t)) << 2), hb, keep);
    }
    for (; t < last; t++) {
      const hb = h * f(beta, t);
      if (hb === 0) continue;
      const q0 = u(particles, 4 * t);
      const q1 = u(particles, 4 * t + 1);
      const q2 = u(particles, 4 * t + 2);
      const q3 = u(particles, 4 * t + 3);
      const i0 = 3 * q0;
      const i1 = 3 * q1;
      const i2 = 3 * q2;
      const i3 = 3 * q3;
      const ax = f(x, i1) - f(x, i0);
      const ay = f(x, i1 + 1) - f(x, i0 + 1);
      const az = f(x, i1 + 2) - f(x, i0 + 2);
      const bx = f(x, i2) - f(x, i0);
      const by = f(x, i2 + 1) - f(x, i0 + 1);
      const bz = f(x, i2 + 2) - f(x, i0 + 2);
      const cx = f(x, i3) - f(x, i0);
      const cy = f(x, i3 + 1) - f(x, i0 + 1);
      const cz = f(x, i3 + 2) - f(x, i0 + 2);
      const g1x = (by * cz - bz * cy) * sixth;
      const g1y = (bz * cx - bx * cz) * sixth;
      const g1z = (bx * cy - by * cx) * sixth;
      const g2x = (cy * az - cz * ay) * sixth;
      const g2y = (cz * ax - cx * az) * sixth;
      const g2z = (cx * ay - cy * ax) * sixth;
      const g3x = (ay * bz - az * by) * sixth;
      const g3y = (az * bx - ax * bz) * sixth;
      const g3z = (ax * by - ay * bx) * sixth;
      const g0x = -(g1x + g2x + g3x);
      const g0y = -(g1y + g2y + g3y);
      const g0z = -(g1z + g2z + g3z);
      let rate = 0.0;
      rate += g0x * f(v, i0) + g0y * f(v, i0 + 1) + g0z * f(v, i0 + 2);
      rate += g1x * f(v, i1) + g1y * f(v, i1 + 1) + g1z * f(v, i1 + 2);
      rate += g2x * f(v, i2) + g2y * f(v, i2 + 1) + g2z * f(v, i2 + 2);
      rate += g3x * f(v, i3) + g3y * f(v, i3 + 1) + g3z * f(v, i3 + 2);
      const w0 = f(w, q0);
      const w1 = f(w, q1);
      const w2 = f(w, q2);
      const w3 = f(w, q3);
      let wGradSq = 0.0;
      wGradSq += w0 * (g0x * g0x + g0y * g0y + g0z * g0z);
      wGradSq += w1 * (g1x * g1x + g1y * g1y + g1z * g1z);
      wGradSq += w2 * (g2x * g2x + g2y * g2y + g2z * g2z);
      wGradSq += w3 * (g3x * g3x + g3y * g3y + g3z * g3z);
      const s = (rate * hb) / (1 + hb * wGradSq);
      setF(v, i0, f(v, i0) - w0 * s * g0x);
      setF(v, i0 + 1, f(v, i0 + 1) - w0 * s * g0y);
      setF(v, i0 + 2, f(v, i0 + 2) - w0 * s * g0z);
      setF(v, i1, f(v, i1) - w1 * s * g1x);
      setF(v, i1 + 1, f(v, i1 + 1) - w1 * s * g1y);
      setF(v, i1 + 2, f(v, i1 + 2) - w1 * s * g1z);
      setF(v, i2, f(v, i2) - w2 * s * g2x);
      setF(v, i2 + 1, f(v, i2 + 1) - w2 * s * g2y);
      setF(v, i2 + 2, f(v, i2 + 2) - w2 * s * g2z);
      setF(v, i3, f(v, i3) - w3 * s * g3x);
      setF(v, i3 + 1, f(v, i3 + 1) - w3 * s * g3y);
      setF(v, i3 + 2, f(v, i3 + 2) - w3 * s * g3z);
    }
  }
}
