// AssemblyScript source of the WebAssembly sliver removal (compiled by scripts/build-wasm.mjs into
// core/tetra/wasm/optimize-wasm.ts): optimize.ts's passes (snapping, peeling, flips.ts's flips and
// smoothing) over work-mesh.ts's WorkMesh, step for step and float for float, so that both leave
// the same mesh (test/core/tetra/wasm-optimize.test.ts), for the reason wasm/assembly/delaunay.ts
// gives. The surface queries run here too, over the host's copy of the input's BVH (surface-queries.ts,
// as in the mesher's module): the passes ask them some 16,000 times on an 11k-tet mesh, and a call
// out to JS and into the queries' own module for each took 1–1.5 ms of their 9 ms warm. Lengths are hypot.ts's port of V8's
// Math.hypot; the host's Math.acos comes in through tet-shape.ts, and the poll for cancellation,
// which throws. Arrays that outgrow their room are copied to twice the room higher up, as there.

import { allocate, f64At, i32At, moved, resetHeap, setF64, setI32, setU8, u8At } from './heap';
import { hypot3 as hypot } from './hypot';
import { closestPoint as closestPointOnSurface, result, triangleWithin } from './surface-queries';
import { minDihedralDegAt } from './tet-shape';

export { reserve, setBvh, setDipoles, setGrid } from './surface-queries';

// Imported from the module named after this file (optimize.poll); Math.acos comes in through
// tet-shape.ts.
/** throwIfCancelled on the run's signal (it throws through this module). */
declare function poll(): void;

/** The distance of the last closestPoint's answer (its bound where it found none, as closest-point.ts). */
let closestFound: f64 = 0;

/**
 * closest-point.ts's closestPoint within maxDistance: the triangle, or −1; the point (closestX…)
 * and closestDistance after it. A query that finds none leaves the point of the one before, as the
 * host's ClosestPoint does.
 */
function closestPoint(x: f64, y: f64, z: f64, maxDistance: f64): i32 {
  const t = closestPointOnSurface(x, y, z, maxDistance);
  closestFound = t >= 0 ? load<f64>(result, 24) : maxDistance;
  return t;
}

function closestX(): f64 {
  return load<f64>(result);
}

function closestY(): f64 {
  return load<f64>(result, 8);
}

function closestZ(): f64 {
  return load<f64>(result, 16);
}

function closestDistance(): f64 {
  return closestFound;
}

/** meshing-state.ts's VertexKind values used here. */
const KIND_SURFACE: u8 = 1;
const KIND_FEATURE: u8 = 4;

/** Failures, returned as negative counts. */
const UNMATCHED_FACE: i32 = -1;
const NO_MEMORY: i32 = -2;

// The header, i32 slots the host reads (wasm-optimize.ts).
const H_COUNT = 0;
const H_CAPACITY = 1;
const H_POSITIONS = 2; // f64 × 3 per vertex
const H_KIND = 3; // u8 per vertex
const H_TETS = 4; // i32 × 4 per slot
const H_NBR = 5; // i32 × 4 per slot
const H_ALIVE = 6; // u8 per slot
const HEADER_SLOTS = 8;

/** optimize.ts's FACE_OF: the corners of the face opposite each corner, 8 bits each. */
const FACE_OF_A: u32 = 0x00000001; // [1, 0, 0, 0]
const FACE_OF_B: u32 = 0x01010202; // [2, 2, 1, 1]
const FACE_OF_C: u32 = 0x02030303; // [3, 3, 3, 2]

const PEEL_SLACK: f64 = 1.25;
const SNAP_FLOOR_DEG: f64 = 8;
const RING_MAX = 64;

let header: usize = 0;

// The work mesh.
let vertexCount: i32 = 0;
let positions: usize = 0;
let kind: usize = 0;
let touched: usize = 0;
let count: i32 = 0;
let capacity: i32 = 0;
let tets: usize = 0;
let nbr: usize = 0;
let alive: usize = 0;
let angle: usize = 0;
let freeList: usize = 0;
let freeCount: i32 = 0;
let freeCapacity: i32 = 0;

// Settings.
let targetDeg: f64 = 0;
let peelDeg: f64 = 0;
let tolerance: f64 = 0;

// Scratch: the vertex → tet incidence (start, list), the marks, the peel queue, replace's faces.
let start: usize = 0;
let list: usize = 0;
let listCapacity: i32 = 0;
let marks: usize = 0;
let queue: usize = 0;
let queueCapacity: i32 = 0;
let faces: usize = 0;
let facesCapacity: i32 = 0;

// Flips: the trial and the best flip (old tets ≤ 3, quads ≤ 3 × 4), the ring of an edge.
let trialOld: usize = 0;
let trialOldCount: i32 = 0;
let trialQuads: usize = 0;
let trialQuadCount: i32 = 0;
let trialWorst: f64 = 0;
let bestOld: usize = 0;
let bestOldCount: i32 = 0;
let bestQuads: usize = 0;
let bestQuadCount: i32 = 0;
let bestWorst: f64 = 0;
let ringTets: usize = 0;
let ringCorners: usize = 0;
let other0: i32 = 0;
let other1: i32 = 0;

// --- memory

function px(v: i32): f64 {
  return f64At(positions, 3 * v);
}
function py(v: i32): f64 {
  return f64At(positions, 3 * v + 1);
}
function pz(v: i32): f64 {
  return f64At(positions, 3 * v + 2);
}
function tetAt(t: i32, k: i32): i32 {
  return i32At(tets, 4 * t + k);
}
function nbrAt(t: i32, i: i32): i32 {
  return i32At(nbr, 4 * t + i);
}
function faceCorner(packed: u32, i: i32): i32 {
  return <i32>((packed >>> <u32>(i << 3)) & 0xff);
}
function fround(x: f64): f64 {
  return <f64>(<f32>x);
}
function isSurfaceKind(k: u8): bool {
  return k === KIND_SURFACE || k === KIND_FEATURE;
}

function publish(): void {
  setI32(header, H_COUNT, count);
  setI32(header, H_CAPACITY, capacity);
  setI32(header, H_POSITIONS, <i32>positions);
  setI32(header, H_KIND, <i32>kind);
  setI32(header, H_TETS, <i32>tets);
  setI32(header, H_NBR, <i32>nbr);
  setI32(header, H_ALIVE, <i32>alive);
}

// --- set-up: the host copies the raw mesh in

/**
 * Room for a mesh of `vertices` and `tetCount` tets, the heap started afresh (before the BVH is
 * copied in above it); the header's address, or 0 without memory.
 */
export function reserveMesh(vertices: i32, tetCount: i32): usize {
  resetHeap();
  header = allocate(HEADER_SLOTS << 2);
  vertexCount = vertices;
  count = tetCount;
  capacity = max(16, <i32>Math.ceil(<f64>tetCount * 1.25));
  positions = allocate((<usize>(3 * vertices)) << 3);
  kind = allocate(<usize>vertices);
  touched = allocate(<usize>vertices);
  tets = allocate((<usize>capacity) << 4);
  nbr = allocate((<usize>capacity) << 4);
  alive = allocate(<usize>capacity);
  angle = allocate((<usize>capacity) << 3);
  freeCapacity = 64;
  freeList = allocate((<usize>freeCapacity) << 2);
  start = allocate((<usize>(vertices + 1)) << 2);
  marks = allocate(<usize>vertices);
  listCapacity = 64;
  list = allocate((<usize>listCapacity) << 2);
  queueCapacity = 64;
  queue = allocate((<usize>queueCapacity) << 2);
  facesCapacity = 128;
  faces = allocate((<usize>facesCapacity) << 2);
  trialOld = allocate(16);
  trialQuads = allocate(48);
  bestOld = allocate(16);
  bestQuads = allocate(48);
  ringTets = allocate(RING_MAX << 2);
  ringCorners = allocate(RING_MAX << 2);
  if (ringCorners === 0) return 0;
  memory.fill(nbr, 0xff, (<usize>capacity) << 4);
  freeCount = 0;
  publish();
  return header;
}

/** After the host filled positions, kind, tets and nbr: the live flags, angles and touch flags. */
export function init(target: f64, peel: f64, surfaceTolerance: f64): void {
  targetDeg = target;
  peelDeg = peel;
  tolerance = surfaceTolerance;
  memory.fill(alive, 1, <usize>count);
  for (let t = 0; t < count; t++) updateAngle(t);
  memory.fill(touched, 1, <usize>vertexCount);
}

// --- geometry (tet-geometry.ts, mesh-measures.ts)

/** tet-geometry.ts's minDihedralDeg (tet-shape.ts). */
function minDihedralDeg(a: i32, b: i32, c: i32, d: i32): f64 {
  return minDihedralDegAt(positions, a, b, c, d);
}

/** mesh-measures.ts's signedTetVolumeM3. */
function signedVolume(a: i32, b: i32, c: i32, d: i32): f64 {
  const ax = px(a);
  const ay = py(a);
  const az = pz(a);
  const e1x = px(b) - ax;
  const e1y = py(b) - ay;
  const e1z = pz(b) - az;
  const e2x = px(c) - ax;
  const e2y = py(c) - ay;
  const e2z = pz(c) - az;
  const e3x = px(d) - ax;
  const e3y = py(d) - ay;
  const e3z = pz(d) - az;
  return (e1x * (e2y * e3z - e2z * e3y) + e1y * (e2z * e3x - e2x * e3z) + e1z * (e2x * e3y - e2y * e3x)) / 6;
}

// --- the work mesh (work-mesh.ts)

function updateAngle(t: i32): void {
  setF64(angle, t, minDihedralDeg(tetAt(t, 0), tetAt(t, 1), tetAt(t, 2), tetAt(t, 3)));
}

function touchTet(t: i32): void {
  for (let k = 0; k < 4; k++) setU8(touched, tetAt(t, k), 1);
}

function pushFree(t: i32): bool {
  if (freeCount === freeCapacity) {
    freeList = moved(freeList, (<usize>freeCount) << 2, (<usize>(2 * freeCount)) << 2);
    if (freeList === 0) return false;
    freeCapacity = 2 * freeCount;
  }
  setI32(freeList, freeCount++, t);
  return true;
}

function removeTet(t: i32): bool {
  touchTet(t);
  setU8(alive, t, 0);
  for (let i = 0; i < 4; i++) {
    const nb = nbrAt(t, i);
    if (nb >= 0) setI32(nbr, nb, -1);
    setI32(nbr, 4 * t + i, -1);
  }
  return pushFree(t);
}

/** A slot for a new tet (the last freed first); −1 without memory. */
function allocateTet(): i32 {
  if (freeCount > 0) return i32At(freeList, --freeCount);
  if (count === capacity && !grow()) return -1;
  return count++;
}

function grow(): bool {
  const old = <usize>capacity;
  const cap = 2 * capacity;
  tets = moved(tets, old << 4, (<usize>cap) << 4);
  const oldNbr = nbr;
  nbr = allocate((<usize>cap) << 4);
  if (tets === 0 || nbr === 0) return false;
  memory.fill(nbr, 0xff, (<usize>cap) << 4);
  memory.copy(nbr, oldNbr, old << 4);
  alive = moved(alive, old, <usize>cap);
  angle = moved(angle, old << 3, (<usize>cap) << 3);
  capacity = cap;
  return alive !== 0 && angle !== 0;
}

/** The sorted vertices of face i of tet t into faces[at … at + 2]. */
function sortedFace(t: i32, i: i32, at: i32): void {
  let n = 0;
  for (let c = 0; c < 4; c++) if (c !== i) setI32(faces, at + n++, tetAt(t, c));
  let x = i32At(faces, at);
  let y = i32At(faces, at + 1);
  let z = i32At(faces, at + 2);
  let swap: i32;
  if (x > y) {
    swap = x;
    x = y;
    y = swap;
  }
  if (y > z) {
    swap = y;
    y = z;
    z = swap;
  }
  if (x > y) {
    swap = x;
    x = y;
    y = swap;
  }
  setI32(faces, at, x);
  setI32(faces, at + 1, y);
  setI32(faces, at + 2, z);
}

function sameFace(a: i32, b: i32): bool {
  return (
    i32At(faces, a) === i32At(faces, b) &&
    i32At(faces, a + 1) === i32At(faces, b + 1) &&
    i32At(faces, a + 2) === i32At(faces, b + 2)
  );
}

function inOld(u: i32): bool {
  for (let k = 0; k < bestOldCount; k++) if (i32At(bestOld, k) === u) return true;
  return false;
}

/** WorkMesh.replace of the best flip's old tets by its quads: 0, or a failure. */
function replaceBest(): i32 {
  const needed = 16 * (bestOldCount + bestQuadCount);
  if (facesCapacity < needed) {
    faces = allocate((<usize>needed) << 2);
    if (faces === 0) return NO_MEMORY;
    facesCapacity = needed;
  }
  let outer = 0;
  for (let o = 0; o < bestOldCount; o++) {
    const t = i32At(bestOld, o);
    for (let i = 0; i < 4; i++) {
      const nb = nbrAt(t, i);
      if (nb >= 0 && inOld(nb >> 2)) continue;
      sortedFace(t, i, 4 * outer);
      setI32(faces, 4 * outer + 3, nb);
      outer++;
    }
  }
  for (let o = 0; o < bestOldCount; o++) {
    const t = i32At(bestOld, o);
    setU8(alive, t, 0);
    if (!pushFree(t)) return NO_MEMORY;
  }
  // The new tets' ids, in trialOld's place (the trial is spent).
  const ids = trialQuads;
  for (let q = 0; q < bestQuadCount; q++) {
    const n = allocateTet();
    if (n < 0) return NO_MEMORY;
    for (let k = 0; k < 4; k++) setI32(tets, 4 * n + k, i32At(bestQuads, 4 * q + k));
    setU8(alive, n, 1);
    updateAngle(n);
    touchTet(n);
    setI32(ids, q, n);
  }
  let pending = outer;
  let unmatched = 0;
  for (let q = 0; q < bestQuadCount; q++) {
    const n = i32At(ids, q);
    for (let j = 0; j < 4; j++) {
      const at = 4 * pending;
      sortedFace(n, j, at);
      let k = 0;
      while (k < pending && !(i32At(faces, 4 * k + 3) !== -2 && sameFace(4 * k, at))) k++;
      if (k < outer) {
        const nb = i32At(faces, 4 * k + 3);
        setI32(nbr, 4 * n + j, nb);
        if (nb >= 0) setI32(nbr, nb, 4 * n + j);
      } else if (k < pending) {
        const other = i32At(faces, 4 * k + 3);
        setI32(nbr, 4 * n + j, other);
        setI32(nbr, other, 4 * n + j);
        setI32(faces, 4 * k + 3, -2);
        unmatched--;
      } else {
        setI32(faces, at + 3, 4 * n + j);
        pending++;
        unmatched++;
      }
    }
  }
  return unmatched > 0 ? UNMATCHED_FACE : 0;
}

// --- the surface (optimize.ts's faceDeviation)

/** optimize.ts's FACE_SAMPLES, u, v, w per sample. */
const SAMPLES: StaticArray<f64> = [
  1.0 / 3.0,
  1.0 / 3.0,
  1.0 / 3.0,
  0.5,
  0.5,
  0,
  0,
  0.5,
  0.5,
  0.5,
  0,
  0.5,
  2.0 / 3.0,
  1.0 / 6.0,
  1.0 / 6.0,
  1.0 / 6.0,
  2.0 / 3.0,
  1.0 / 6.0,
  1.0 / 6.0,
  1.0 / 6.0,
  2.0 / 3.0,
];

function faceDeviation(a: i32, b: i32, c: i32, floor: f64, stopBeyond: bool): f64 {
  let worst: f64 = 0;
  for (let s = 0; s < 21; s += 3) {
    const u = unchecked(SAMPLES[s]);
    const v = unchecked(SAMPLES[s + 1]);
    const w = unchecked(SAMPLES[s + 2]);
    const x = u * px(a) + v * px(b) + w * px(c);
    const y = u * py(a) + v * py(b) + w * py(c);
    const z = u * pz(a) + v * pz(b) + w * pz(c);
    if (triangleWithin(x, y, z, Math.max(worst, floor)) >= 0) continue;
    closestPoint(x, y, z, Infinity);
    worst = Math.max(worst, closestDistance());
    if (stopBeyond && worst > floor) break;
  }
  return worst;
}

function floorUnder(threshold: f64): f64 {
  return threshold * (1 - 1e-9);
}

// --- peel

function pushQueue(t: i32, at: i32): bool {
  if (at === queueCapacity) {
    queue = moved(queue, (<usize>at) << 2, (<usize>(2 * at)) << 2);
    if (queue === 0) return false;
    queueCapacity = 2 * at;
  }
  setI32(queue, at, t);
  return true;
}

function peel(): i32 {
  let length = 0;
  for (let t = 0; t < count; t++) {
    if (u8At(alive, t) !== 0 && (nbrAt(t, 0) < 0 || nbrAt(t, 1) < 0 || nbrAt(t, 2) < 0 || nbrAt(t, 3) < 0)) {
      if (!pushQueue(t, length++)) return NO_MEMORY;
    }
  }
  let removed = 0;
  let popped = 0;
  while (length > 0) {
    if ((++popped & 4095) === 0) poll();
    const t = i32At(queue, --length);
    if (u8At(alive, t) === 0 || f64At(angle, t) >= peelDeg) continue;
    let boundaryFaces = 0;
    let surfaceCorners = 0;
    for (let i = 0; i < 4; i++) {
      if (nbrAt(t, i) < 0) boundaryFaces++;
      if (isSurfaceKind(u8At(kind, tetAt(t, i)))) surfaceCorners++;
    }
    if (surfaceCorners < 4 && boundaryFaces < 3) continue;
    let replaced: f64 = 0;
    for (let i = 0; i < 4; i++) {
      if (nbrAt(t, i) >= 0) continue;
      const floor = Math.max(replaced, floorUnder(tolerance / PEEL_SLACK));
      replaced = Math.max(
        replaced,
        faceDeviation(
          tetAt(t, faceCorner(FACE_OF_A, i)),
          tetAt(t, faceCorner(FACE_OF_B, i)),
          tetAt(t, faceCorner(FACE_OF_C, i)),
          floor,
          false,
        ),
      );
    }
    const limit = Math.max(tolerance, PEEL_SLACK * replaced);
    let strays = false;
    for (let i = 0; i < 4 && !strays; i++) {
      if (nbrAt(t, i) < 0) continue;
      strays =
        faceDeviation(
          tetAt(t, faceCorner(FACE_OF_A, i)),
          tetAt(t, faceCorner(FACE_OF_B, i)),
          tetAt(t, faceCorner(FACE_OF_C, i)),
          limit,
          true,
        ) > limit;
    }
    if (strays) continue;
    for (let i = 0; i < 4; i++) {
      if (nbrAt(t, i) >= 0 && !pushQueue(nbrAt(t, i) >> 2, length++)) return NO_MEMORY;
    }
    if (!removeTet(t)) return NO_MEMORY;
    removed++;
  }
  return removed;
}

// --- the incidence of the marked vertices (optimize.ts's vertexTets)

function vertexTets(): bool {
  memory.fill(start, 0, (<usize>(vertexCount + 1)) << 2);
  for (let t = 0; t < count; t++) {
    if (u8At(alive, t) === 0) continue;
    for (let k = 0; k < 4; k++) {
      const v = tetAt(t, k);
      if (u8At(marks, v) !== 0) setI32(start, v + 1, i32At(start, v + 1) + 1);
    }
  }
  for (let v = 0; v < vertexCount; v++) setI32(start, v + 1, i32At(start, v + 1) + i32At(start, v));
  const total = i32At(start, vertexCount);
  if (total > listCapacity) {
    let length = listCapacity;
    while (length < total) length *= 2;
    list = allocate((<usize>length) << 2);
    if (list === 0) return false;
    listCapacity = length;
  }
  // Fill from the rows' starts, then shift them back (start[v] is advanced as v's row fills).
  for (let t = 0; t < count; t++) {
    if (u8At(alive, t) === 0) continue;
    for (let k = 0; k < 4; k++) {
      const v = tetAt(t, k);
      if (u8At(marks, v) === 0) continue;
      const at = i32At(start, v);
      setI32(list, at, t);
      setI32(start, v, at + 1);
    }
  }
  for (let v = vertexCount; v > 0; v--) setI32(start, v, i32At(start, v - 1));
  setI32(start, 0, 0);
  return true;
}

function rowStart(v: i32): i32 {
  return i32At(start, v);
}
function rowEnd(v: i32): i32 {
  return i32At(start, v + 1);
}

function worstAround(v: i32): f64 {
  let worst: f64 = 180;
  for (let k = rowStart(v); k < rowEnd(v); k++) {
    const t = i32At(list, k);
    const d = minDihedralDeg(tetAt(t, 0), tetAt(t, 1), tetAt(t, 2), tetAt(t, 3));
    if (d < 0) return -1;
    if (d < worst) worst = d;
  }
  return worst;
}

function boundaryDeviationAround(v: i32, floor: f64, stopBeyond: bool): f64 {
  let worst: f64 = 0;
  for (let k = rowStart(v); k < rowEnd(v); k++) {
    const t = i32At(list, k);
    for (let i = 0; i < 4; i++) {
      if (nbrAt(t, i) >= 0 || tetAt(t, i) === v) continue;
      const dev = faceDeviation(
        tetAt(t, faceCorner(FACE_OF_A, i)),
        tetAt(t, faceCorner(FACE_OF_B, i)),
        tetAt(t, faceCorner(FACE_OF_C, i)),
        Math.max(worst, floor),
        stopBeyond,
      );
      if (dev > worst) worst = dev;
      if (stopBeyond && worst > floor) return worst;
    }
  }
  return worst;
}

function onBoundary(v: i32): bool {
  for (let k = rowStart(v); k < rowEnd(v); k++) {
    const t = i32At(list, k);
    for (let i = 0; i < 4; i++) if (nbrAt(t, i) < 0 && tetAt(t, i) !== v) return true;
  }
  return false;
}

// --- snapping

function snapBoundaryVertices(): i32 {
  memory.fill(marks, 0, <usize>vertexCount);
  let any = false;
  for (let t = 0; t < count; t++) {
    if (u8At(alive, t) === 0) continue;
    for (let i = 0; i < 4; i++) {
      if (nbrAt(t, i) >= 0) continue;
      for (let f = 0; f < 3; f++) {
        const corner = faceCorner(f === 0 ? FACE_OF_A : f === 1 ? FACE_OF_B : FACE_OF_C, i);
        const v = tetAt(t, corner);
        if (!isSurfaceKind(u8At(kind, v))) {
          setU8(marks, v, 1);
          any = true;
        }
      }
    }
  }
  if (!any) return 0;
  if (!vertexTets()) return NO_MEMORY;
  let snapped = 0;
  for (let v = 0; v < vertexCount; v++) {
    if ((v & 1023) === 1023) poll();
    if (u8At(marks, v) === 0) continue;
    const x0 = px(v);
    const y0 = py(v);
    const z0 = pz(v);
    closestPoint(x0, y0, z0, Infinity);
    const tx = closestX();
    const ty = closestY();
    const tz = closestZ();
    let current: f64 = 180;
    for (let k = rowStart(v); k < rowEnd(v); k++) current = Math.min(current, f64At(angle, i32At(list, k)));
    const floor = Math.min(current, SNAP_FLOOR_DEG);
    for (let s = 0; s < 3; s++) {
      const step: f64 = s === 0 ? 1 : s === 1 ? 0.75 : 0.5;
      setF64(positions, 3 * v, fround(x0 + step * (tx - x0)));
      setF64(positions, 3 * v + 1, fround(y0 + step * (ty - y0)));
      setF64(positions, 3 * v + 2, fround(z0 + step * (tz - z0)));
      if (worstAround(v) >= floor) {
        for (let k = rowStart(v); k < rowEnd(v); k++) updateAngle(i32At(list, k));
        if (step === 1) setU8(kind, v, KIND_SURFACE);
        snapped++;
        break;
      }
      setF64(positions, 3 * v, x0);
      setF64(positions, 3 * v + 1, y0);
      setF64(positions, 3 * v + 2, z0);
    }
  }
  return snapped;
}

// --- smoothing

// The vertex being smoothed (smoothVertex's closure, tryAt, in optimize.ts).
let sv: i32 = 0;
let svOnSurface = false;
let svBefore: f64 = 0;
let svBoundary = false;
let svAllowed: f64 = -1;
let svX0: f64 = 0;
let svY0: f64 = 0;
let svZ0: f64 = 0;

function tryAt(x: f64, y: f64, z: f64): bool {
  const v = sv;
  if (svOnSurface) {
    closestPoint(x, y, z, Infinity);
    x = closestX();
    y = closestY();
    z = closestZ();
  }
  setF64(positions, 3 * v, fround(x));
  setF64(positions, 3 * v + 1, fround(y));
  setF64(positions, 3 * v + 2, fround(z));
  if (worstAround(v) <= svBefore + 1e-9) return false;
  if (svBoundary) {
    if (svAllowed < 0) {
      const x1 = px(v);
      const y1 = py(v);
      const z1 = pz(v);
      setF64(positions, 3 * v, svX0);
      setF64(positions, 3 * v + 1, svY0);
      setF64(positions, 3 * v + 2, svZ0);
      svAllowed = Math.max(tolerance, boundaryDeviationAround(v, floorUnder(tolerance), false));
      setF64(positions, 3 * v, x1);
      setF64(positions, 3 * v + 1, y1);
      setF64(positions, 3 * v + 2, z1);
    }
    if (boundaryDeviationAround(v, svAllowed, true) > svAllowed) return false;
  }
  for (let k = rowStart(v); k < rowEnd(v); k++) {
    updateAngle(i32At(list, k));
    touchTet(i32At(list, k));
  }
  return true;
}

function smoothVertex(v: i32): bool {
  const onSurface = u8At(kind, v) === KIND_SURFACE;
  let cx: f64 = 0;
  let cy: f64 = 0;
  let cz: f64 = 0;
  let n = 0;
  let worstTet = -1;
  let worstAngle: f64 = 181;
  for (let k = rowStart(v); k < rowEnd(v); k++) {
    const t = i32At(list, k);
    if (f64At(angle, t) < worstAngle) {
      worstAngle = f64At(angle, t);
      worstTet = t;
    }
    for (let j = 0; j < 4; j++) {
      const u = tetAt(t, j);
      if (u === v || (onSurface && !isSurfaceKind(u8At(kind, u)))) continue;
      cx += px(u);
      cy += py(u);
      cz += pz(u);
      n++;
    }
  }
  const x0 = px(v);
  const y0 = py(v);
  const z0 = pz(v);
  sv = v;
  svOnSurface = onSurface;
  svBefore = worstAngle;
  svBoundary = onBoundary(v);
  svAllowed = -1;
  svX0 = x0;
  svY0 = y0;
  svZ0 = z0;
  if (n > 0) {
    cx /= n;
    cy /= n;
    cz /= n;
    for (let s = 0; s < 4; s++) {
      const step: f64 = s === 0 ? 1 : s === 1 ? 0.5 : s === 2 ? 0.25 : 0.125;
      if (tryAt(x0 + step * (cx - x0), y0 + step * (cy - y0), z0 + step * (cz - z0))) return true;
    }
  }
  if (!onSurface && worstTet >= 0) {
    let f0 = -1;
    let f1 = -1;
    let f2 = -1;
    for (let k = 0; k < 4; k++) {
      const u = tetAt(worstTet, k);
      if (u === v) continue;
      if (f0 < 0) f0 = u;
      else if (f1 < 0) f1 = u;
      else f2 = u;
    }
    const ux = px(f1) - px(f0);
    const uy = py(f1) - py(f0);
    const uz = pz(f1) - pz(f0);
    const wx = px(f2) - px(f0);
    const wy = py(f2) - py(f0);
    const wz = pz(f2) - pz(f0);
    let nx = uy * wz - uz * wy;
    let ny = uz * wx - ux * wz;
    let nz = ux * wy - uy * wx;
    const len = hypot(nx, ny, nz);
    const scale = Math.sqrt(hypot(ux, uy, uz) * hypot(wx, wy, wz));
    if (len > 0 && scale > 0) {
      const side = nx * (x0 - px(f0)) + ny * (y0 - py(f0)) + nz * (z0 - pz(f0));
      const sign: f64 = side >= 0 ? 1 : -1;
      nx = (sign * nx) / len;
      ny = (sign * ny) / len;
      nz = (sign * nz) / len;
      for (let s = 0; s < 3; s++) {
        const step: f64 = s === 0 ? 0.2 : s === 1 ? 0.1 : 0.05;
        if (tryAt(x0 + step * scale * nx, y0 + step * scale * ny, z0 + step * scale * nz)) return true;
      }
    }
  }
  setF64(positions, 3 * v, x0);
  setF64(positions, 3 * v + 1, y0);
  setF64(positions, 3 * v + 2, z0);
  return false;
}

function smooth(): i32 {
  memory.fill(marks, 0, <usize>vertexCount);
  let any = false;
  for (let t = 0; t < count; t++) {
    if (u8At(alive, t) !== 0 && f64At(angle, t) < targetDeg) {
      for (let k = 0; k < 4; k++) setU8(marks, tetAt(t, k), 1);
      any = true;
    }
  }
  if (!any) return 0;
  for (let v = 0; v < vertexCount; v++) {
    const keep = u8At(marks, v) !== 0 && u8At(touched, v) !== 0 && u8At(kind, v) !== KIND_FEATURE;
    setU8(marks, v, keep ? 1 : 0);
  }
  memory.fill(touched, 0, <usize>vertexCount);
  if (!vertexTets()) return NO_MEMORY;
  let smoothed = 0;
  for (let v = 0; v < vertexCount; v++) {
    if ((v & 1023) === 1023) poll();
    if (u8At(marks, v) === 0 || rowStart(v) === rowEnd(v)) continue;
    if (smoothVertex(v)) smoothed++;
  }
  return smoothed;
}

// --- flips (flips.ts)

function addPositive(a: i32, b: i32, c: i32, d: i32): bool {
  const v = signedVolume(a, b, c, d);
  if (!(v > 0 || v < 0)) return false;
  const o = 4 * trialQuadCount++;
  setI32(trialQuads, o, v > 0 ? a : b);
  setI32(trialQuads, o + 1, v > 0 ? b : a);
  setI32(trialQuads, o + 2, c);
  setI32(trialQuads, o + 3, d);
  return true;
}

function trialVolume(): f64 {
  let volume: f64 = 0;
  for (let k = 0; k < trialQuadCount; k++) {
    volume += signedVolume(
      i32At(trialQuads, 4 * k),
      i32At(trialQuads, 4 * k + 1),
      i32At(trialQuads, 4 * k + 2),
      i32At(trialQuads, 4 * k + 3),
    );
  }
  return volume;
}

function scoreTrial(): f64 {
  let worst: f64 = 180;
  for (let k = 0; k < trialQuadCount; k++) {
    worst = Math.min(
      worst,
      minDihedralDeg(
        i32At(trialQuads, 4 * k),
        i32At(trialQuads, 4 * k + 1),
        i32At(trialQuads, 4 * k + 2),
        i32At(trialQuads, 4 * k + 3),
      ),
    );
  }
  return worst;
}

function volumeOf(t: i32): f64 {
  return signedVolume(tetAt(t, 0), tetAt(t, 1), tetAt(t, 2), tetAt(t, 3));
}

function flip23(t: i32, i: i32): bool {
  const nb = nbrAt(t, i);
  if (nb < 0) return false;
  const u = nb >> 2;
  const a = tetAt(t, i);
  const b = i32At(tets, nb);
  const c = tetAt(t, i === 0 ? 1 : 0);
  const d = tetAt(t, i <= 1 ? 2 : 1);
  const e = tetAt(t, i <= 2 ? 3 : 2);
  trialQuadCount = 0;
  if (!addPositive(a, b, c, d) || !addPositive(a, b, d, e) || !addPositive(a, b, e, c)) return false;
  const oldVolume = volumeOf(t) + volumeOf(u);
  const newVolume = trialVolume();
  if (Math.abs(newVolume - oldVolume) > 1e-9 * oldVolume) return false;
  setI32(trialOld, 0, t);
  setI32(trialOld, 1, u);
  trialOldCount = 2;
  trialWorst = scoreTrial();
  return true;
}

function otherCorners(t: i32, a: i32, b: i32): void {
  let n = 0;
  for (let k = 0; k < 4; k++) {
    const v = tetAt(t, k);
    if (v !== a && v !== b && n < 2) {
      if (n === 0) other0 = v;
      else other1 = v;
      n++;
    }
  }
}

function edgeRing(t: i32, a: i32, b: i32): i32 {
  let n = 0;
  let cur = t;
  otherCorners(t, a, b);
  let leaveCorner = other0;
  for (let guard = 0; guard < RING_MAX; guard++) {
    setI32(ringTets, n, cur);
    otherCorners(cur, a, b);
    const stay = other0 === leaveCorner ? other1 : other0;
    setI32(ringCorners, n++, stay);
    let face = 0;
    while (tetAt(cur, face) !== leaveCorner) face++;
    const nb = nbrAt(cur, face);
    if (nb < 0) return -1;
    const next = nb >> 2;
    if (next === t) return n;
    leaveCorner = stay;
    cur = next;
  }
  return -1;
}

function flip32(t: i32, i: i32, j: i32): bool {
  const a = tetAt(t, i);
  const b = tetAt(t, j);
  if (edgeRing(t, a, b) !== 3) return false;
  const c = i32At(ringCorners, 0);
  const d = i32At(ringCorners, 1);
  const e = i32At(ringCorners, 2);
  trialQuadCount = 0;
  if (!addPositive(c, d, e, a) || !addPositive(c, d, e, b)) return false;
  let oldVolume: f64 = 0;
  for (let k = 0; k < 3; k++) oldVolume += volumeOf(i32At(ringTets, k));
  const newVolume = trialVolume();
  if (Math.abs(newVolume - oldVolume) > 1e-9 * oldVolume) return false;
  for (let k = 0; k < 3; k++) setI32(trialOld, k, i32At(ringTets, k));
  trialOldCount = 3;
  trialWorst = scoreTrial();
  return true;
}

let found = false;

function consider(made: bool): void {
  if (made && (!found || trialWorst > bestWorst)) {
    memory.copy(bestOld, trialOld, 12);
    bestOldCount = trialOldCount;
    memory.copy(bestQuads, trialQuads, 48);
    bestQuadCount = trialQuadCount;
    bestWorst = trialWorst;
    found = true;
  }
}

/** flips.ts's tryFlips: 1 when a flip was made, 0 when none, or a failure. */
function tryFlips(t: i32): i32 {
  found = false;
  for (let i = 0; i < 4; i++) consider(flip23(t, i));
  for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) consider(flip32(t, i, j));
  if (!found) return 0;
  let before: f64 = 180;
  for (let k = 0; k < bestOldCount; k++) before = Math.min(before, f64At(angle, i32At(bestOld, k)));
  if (bestWorst <= before + 1e-6) return 0;
  const replaced = replaceBest();
  return replaced < 0 ? replaced : 1;
}

function flipBadTets(): i32 {
  let flips = 0;
  const end = count;
  for (let t = 0; t < end; t++) {
    if (u8At(alive, t) === 0 || f64At(angle, t) >= targetDeg) continue;
    const made = tryFlips(t);
    if (made < 0) return made;
    flips += made;
  }
  return flips;
}

// --- a pass

/**
 * One pass of optimize.ts's optimizeMesh: 1 when it changed something (another pass may help), 0
 * when not, or a failure (UNMATCHED_FACE, NO_MEMORY).
 */
export function pass(): i32 {
  const snapped = snapBoundaryVertices();
  if (snapped < 0) return fail(snapped);
  const peeled = peel();
  if (peeled < 0) return fail(peeled);
  const flipped = flipBadTets();
  if (flipped < 0) return fail(flipped);
  const smoothed = smooth();
  if (smoothed < 0) return fail(smoothed);
  publish();
  return snapped === 0 && peeled === 0 && flipped === 0 && smoothed === 0 ? 0 : 1;
}

function fail(reason: i32): i32 {
  publish();
  return reason;
}

// --- compacting (work-mesh.ts's compactTetMesh)

/** tet-adjacency.ts's OUTWARD_FACE: the face opposite each corner, counter-clockwise from outside. */
const OUTWARD_A: u32 = 0x00000001; // [1, 0, 0, 0]
const OUTWARD_B: u32 = 0x02010302; // [2, 3, 1, 2]
const OUTWARD_C: u32 = 0x01030203; // [3, 2, 3, 1]

let compactTets: usize = 0; // u32 × 4 per live tet
let compactPositions: usize = 0; // f64 × 3 per used vertex
let compactSurface: usize = 0; // u32 × 3 per boundary face
let compactVertices: i32 = 0;
let compactFaces: i32 = 0;

/**
 * work-mesh.ts's compactTetMesh over the mesh the passes left: the live tets and the vertices
 * they use, renumbered in first-use order, and the boundary faces; how many tets, or NO_MEMORY.
 * The arrays are at compactAt(0…2), the counts at compactCounts(0: vertices, 1: faces).
 */
export function compact(): i32 {
  const remap = allocate((<usize>vertexCount) << 2);
  if (remap === 0) return NO_MEMORY;
  memory.fill(remap, 0xff, (<usize>vertexCount) << 2);
  let live = 0;
  let faceCount = 0;
  for (let t = 0; t < count; t++) {
    if (u8At(alive, t) === 0) continue;
    live++;
    for (let i = 0; i < 4; i++) if (nbrAt(t, i) < 0) faceCount++;
  }
  compactTets = allocate((<usize>live) << 4);
  compactPositions = allocate((<usize>(3 * vertexCount)) << 3);
  compactSurface = allocate((<usize>(3 * faceCount)) << 2);
  if (compactTets === 0 || compactPositions === 0 || compactSurface === 0) return NO_MEMORY;
  let used = 0;
  let k = 0;
  for (let t = 0; t < count; t++) {
    if (u8At(alive, t) === 0) continue;
    for (let c = 0; c < 4; c++) {
      const v = tetAt(t, c);
      if (i32At(remap, v) < 0) {
        setI32(remap, v, used);
        setF64(compactPositions, 3 * used, f64At(positions, 3 * v));
        setF64(compactPositions, 3 * used + 1, f64At(positions, 3 * v + 1));
        setF64(compactPositions, 3 * used + 2, f64At(positions, 3 * v + 2));
        used++;
      }
      setI32(compactTets, k++, i32At(remap, v));
    }
  }
  let f = 0;
  for (let t = 0; t < count; t++) {
    if (u8At(alive, t) === 0) continue;
    for (let i = 0; i < 4; i++) {
      if (nbrAt(t, i) >= 0) continue;
      setI32(compactSurface, f++, i32At(remap, tetAt(t, faceCorner(OUTWARD_A, i))));
      setI32(compactSurface, f++, i32At(remap, tetAt(t, faceCorner(OUTWARD_B, i))));
      setI32(compactSurface, f++, i32At(remap, tetAt(t, faceCorner(OUTWARD_C, i))));
    }
  }
  compactVertices = used;
  compactFaces = faceCount;
  return live;
}

/** compact's arrays: 0 tets, 1 positions, 2 boundary faces. */
export function compactAt(which: i32): usize {
  return which === 0 ? compactTets : which === 1 ? compactPositions : compactSurface;
}

/** compact's counts: 0 vertices, 1 boundary faces. */
export function compactCounts(which: i32): i32 {
  return which === 0 ? compactVertices : compactFaces;
}
