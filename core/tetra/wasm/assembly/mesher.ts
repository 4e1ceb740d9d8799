// AssemblyScript source of the mesher's WebAssembly module (compiled by scripts/build-wasm.mjs into
// core/tetra/wasm/mesher-wasm.ts): the Delaunay tetrahedralization (delaunay.ts), the surface
// queries over a copy of the input's BVH (surface-queries.ts), and over both what refinement needs
// of them: meshing-state.ts's vertex kinds and per-tet winding numbers, refine.ts's rounds,
// surface-index.ts's spacing test and vertex-pair-set.ts's set of edges, step for step and float
// for float, so that both leave the same tets in the same slots
// (test/core/tetra/wasm-meshing.test.ts), for the reason delaunay.ts gives. One module because
// refinement reads the tets on every step and asks the surface queries hundreds of thousands of
// times per run: no call leaves the module but the checks the host makes (limits, cancellation).
// The host keeps refinement's limits (refine-limits.ts) and the pauses between its rounds.

import {
  coords,
  FAILED,
  freeCount,
  insert,
  slotCount,
  tetAlive,
  tetCapacity,
  tetNbrs,
  tetStamp,
  tetVerts,
  vertexCount,
} from './delaunay';
import { allocate, f64At, i32At, moved, setF64, setI32, setU8, setU32, u8At, u32At } from './heap';
import { brioOrder } from './spatial-sort';
import {
  closestPoint,
  nearbyWithin,
  result,
  roundJs,
  segmentWindingChange,
  windingNumber,
} from './surface-queries';
import { centreX, centreY, centreZ, circumcenterAt, minDihedralDegAt } from './tet-shape';

export { init, inSphere, insert, locate, orientSign } from './delaunay';
export { exactPointsAt, insphereExactSign, orient3dExactSign } from './exact-predicates';
export { brioOrder } from './spatial-sort';
export { reserve, setBvh, setDipoles, setGrid } from './surface-queries';

// Imported from the module named after this file (mesher.poll, …).
/** throwIfCancelled on the run's signal (it throws through this module). */
declare function poll(): void;
/**
 * refine.ts's check every 1024 bad tets: the Steiner points inserted so far this round; it throws
 * through this module when a limit is passed or the run is cancelled.
 */
declare function checkpoint(steiner: i32): void;

/** meshing-state.ts's VertexKind values used here. */
const KIND_SURFACE: u8 = 1;
const KIND_FEATURE: u8 = 4;
const KIND_STEINER: u8 = 3;
const SUPER_VERTEX_COUNT = 4;
/** meshing-state.ts's CLEARANCE_REACH. */
const CLEARANCE_REACH: f64 = 3;
/** refine.ts's constants. */
const SLIVER_DEG: f64 = 8;
/** surface-index.ts's purposes. */
const PURPOSE_QUALITY = 0;
const PURPOSE_FIDELITY = 1;

// Face i of a tet is opposite vertex i: delaunay.ts's FACE, packed 8 bits each.
const F0_PACKED: u32 = 0x00000001; // [1, 0, 0, 0]
const F1_PACKED: u32 = 0x01030203; // [3, 2, 3, 1]
const F2_PACKED: u32 = 0x02010302; // [2, 3, 1, 2]

// --- the meshing state (meshing-state.ts)

let watertight = false;
/** Per vertex: kind (u8), clearance (f64), clearanceExact (u8), winding (f64). */
let kind: usize = 0;
let clearance: usize = 0;
let clearanceExact: usize = 0;
let vertexWinding: usize = 0;
let vertexRoom: i32 = 0;
/** Per tet slot: the winding number at its centroid (f64), valid while classifiedStamp (u32) matches. */
let winding: usize = 0;
let classifiedStamp: usize = 0;
let tetRoom: i32 = 0;
/** The last closest-point query: meshing-state.ts's `cp`. */
let cpX: f64 = 0;
let cpY: f64 = 0;
let cpZ: f64 = 0;
let cpDistance: f64 = Infinity;
let cpTriangle: i32 = -1;
/** NearbyTriangleWithin's hint. */
let hint: i32 = -1;
/** centroidOf's output. */
let centroidX: f64 = 0;
let centroidY: f64 = 0;
let centroidZ: f64 = 0;

function coord(v: i32, axis: i32): f64 {
  return load<f64>(coords + ((<usize>(3 * v + axis)) << 3));
}
function tetVertex(t: i32, k: i32): i32 {
  return i32At(tetVerts, 4 * t + k);
}
function isAlive(t: i32): bool {
  return u8At(tetAlive, t) !== 0;
}

/**
 * Sets up the state for a triangulation made by init with room for `capacity` points, after the
 * host copied the BVH in; false without memory.
 */
export function meshingInit(isWatertight: i32, capacity: i32): bool {
  watertight = isWatertight !== 0;
  vertexRoom = max(16, capacity + SUPER_VERTEX_COUNT);
  kind = allocate(<usize>vertexRoom);
  clearance = allocate((<usize>vertexRoom) << 3);
  clearanceExact = allocate(<usize>vertexRoom);
  vertexWinding = allocate((<usize>vertexRoom) << 3);
  tetRoom = tetCapacity;
  winding = allocate((<usize>tetRoom) << 3);
  classifiedStamp = allocate((<usize>tetRoom) << 2);
  cpX = 0;
  cpY = 0;
  cpZ = 0;
  cpDistance = Infinity;
  cpTriangle = -1;
  hint = -1;
  return classifiedStamp !== 0;
}

/** The vertex kinds' address (it moves as they grow). */
export function kindAt(): usize {
  return kind;
}

function growVertexArrays(): bool {
  const room = vertexRoom * 2;
  kind = moved(kind, <usize>vertexRoom, <usize>room);
  clearance = moved(clearance, (<usize>vertexRoom) << 3, (<usize>room) << 3);
  clearanceExact = moved(clearanceExact, <usize>vertexRoom, <usize>room);
  vertexWinding = moved(vertexWinding, (<usize>vertexRoom) << 3, (<usize>room) << 3);
  vertexRoom = room;
  return kind !== 0 && clearance !== 0 && clearanceExact !== 0 && vertexWinding !== 0;
}

/**
 * The per-tet arrays as long as the triangulation's (zero: not classified); false without memory.
 * The host calls it after inserting, so that its questions after (isInside) allocate nothing and
 * its views on the memory stay whole.
 */
export function fitTetArrays(): bool {
  if (tetRoom >= tetCapacity) return true;
  winding = moved(winding, (<usize>tetRoom) << 3, (<usize>tetCapacity) << 3);
  classifiedStamp = moved(classifiedStamp, (<usize>tetRoom) << 2, (<usize>tetCapacity) << 2);
  tetRoom = tetCapacity;
  return winding !== 0 && classifiedStamp !== 0;
}

/** meshing-state.ts's insert: the vertex id, −1 when it coincides with one, or FAILED. */
function insertVertex(x: f64, y: f64, z: f64, k: u8, clearanceM: f64, w: f64): i32 {
  const v = insert(x, y, z);
  if (v === FAILED) return FAILED;
  if (v < 0) return -1;
  if (v >= vertexRoom && !growVertexArrays()) abort();
  setU8(kind, v, k);
  setF64(clearance, v, clearanceM);
  setU8(clearanceExact, v, 0);
  setF64(vertexWinding, v, w);
  return v;
}

/**
 * meshing-state.ts's insertAll over `n` points the host wrote in (f64 × 3 each), in spatial-sort.ts's
 * BRIO order: point i with kind kinds[i] (or `uniformKind` when kindsAt is 0) and winding
 * windings[i] (NaN when windingsAt is 0); polls every 1024 points. How many were new, or FAILED.
 */
export function insertPoints(
  pointsAt: usize,
  n: i32,
  kindsAt: usize,
  uniformKind: u8,
  clearanceM: f64,
  windingsAt: usize,
): i32 {
  const orderAt = brioOrder(pointsAt, n, 1);
  if (orderAt === 0) abort();
  let added = 0;
  for (let k = 0; k < n; k++) {
    const i = i32At(orderAt, k);
    const kd = kindsAt !== 0 ? u8At(kindsAt, i) : uniformKind;
    const w = windingsAt !== 0 ? f64At(windingsAt, i) : NaN;
    const at = pointsAt + ((<usize>(3 * i)) << 3);
    const v = insertVertex(load<f64>(at), load<f64>(at, 8), load<f64>(at, 16), kd, clearanceM, w);
    if (v === FAILED) return FAILED;
    if (v >= 0) added++;
    if ((k & 1023) === 1023) poll();
  }
  return added;
}

function onSurface(v: i32): bool {
  const k = u8At(kind, v);
  return k === KIND_SURFACE || k === KIND_FEATURE;
}

function centroidOf(t: i32): void {
  let x: f64 = 0;
  let y: f64 = 0;
  let z: f64 = 0;
  for (let k = 0; k < 4; k++) {
    const v = tetVertex(t, k);
    x += coord(v, 0);
    y += coord(v, 1);
    z += coord(v, 2);
  }
  centroidX = 0.25 * x;
  centroidY = 0.25 * y;
  centroidZ = 0.25 * z;
}

function touchesSuper(t: i32): bool {
  return (
    tetVertex(t, 0) < SUPER_VERTEX_COUNT ||
    tetVertex(t, 1) < SUPER_VERTEX_COUNT ||
    tetVertex(t, 2) < SUPER_VERTEX_COUNT ||
    tetVertex(t, 3) < SUPER_VERTEX_COUNT
  );
}

function isClassified(t: i32): bool {
  return t < tetRoom && u32At(classifiedStamp, t) === u32At(tetStamp, t);
}

/** Whether live tet t is inside the input (its winding number > ½). */
export function isInside(t: i32): bool {
  return windingOf(t) > 0.5;
}

/** How many live tets are inside. */
export function insideCount(): i32 {
  let count = 0;
  for (let t = 0; t < slotCount; t++) {
    if (!isAlive(t)) continue;
    const w = isClassified(t) ? f64At(winding, t) : windingOf(t);
    if (w > 0.5) count++;
  }
  return count;
}

/** refine.ts's insideTetBound: live tets classified inside or not classified yet. */
export function insideTetBound(): i32 {
  let count = 0;
  for (let t = 0; t < slotCount; t++) {
    if (isAlive(t) && (!isClassified(t) || isInside(t))) count++;
  }
  return count;
}

function windingOf(t: i32): f64 {
  if (!fitTetArrays()) abort();
  if (u32At(classifiedStamp, t) === u32At(tetStamp, t)) return f64At(winding, t);
  let w: f64 = 0;
  if (!touchesSuper(t)) {
    centroidOf(t);
    const x = centroidX;
    const y = centroidY;
    const z = centroidZ;
    w = windingFromInsideVertex(t, x, y, z);
    if (Number.isNaN(w)) w = windingFromNeighbour(t, x, y, z);
    if (Number.isNaN(w)) w = windingAt(x, y, z);
  }
  setF64(winding, t, w);
  setU32(classifiedStamp, t, u32At(tetStamp, t));
  return w;
}

function windingNear(t: i32, x: f64, y: f64, z: f64): f64 {
  if (watertight) {
    const from = windingOf(t);
    if (!touchesSuper(t)) {
      centroidOf(t);
      const w = from + segmentWindingChange(centroidX, centroidY, centroidZ, x, y, z);
      if (!Number.isNaN(w)) return w;
    }
  }
  return windingAt(x, y, z);
}

function windingAt(x: f64, y: f64, z: f64): f64 {
  const w = windingNumber(x, y, z, 2);
  if (!watertight) return w;
  const rounded = roundJs(w);
  return rounded > 0.5 === w > 0.5 ? rounded : w > 0.5 ? 1 : 0;
}

/** The closest-point query as meshing-state.ts's `cp` records it (wasm-surface-queries.ts's facade). */
function closest(x: f64, y: f64, z: f64, maxDistance: f64): void {
  const t = closestPoint(x, y, z, maxDistance);
  cpTriangle = t;
  if (t < 0) {
    cpDistance = maxDistance;
    return;
  }
  cpX = load<f64>(result);
  cpY = load<f64>(result, 8);
  cpZ = load<f64>(result, 16);
  cpDistance = load<f64>(result, 24);
}

function windingFromInsideVertex(t: i32, x: f64, y: f64, z: f64): f64 {
  if (!watertight) return NaN;
  let first = -1;
  for (let k = 0; k < 4; k++) {
    const v = tetVertex(t, k);
    const vw = f64At(vertexWinding, v);
    if (Number.isNaN(vw)) continue;
    const dx = coord(v, 0) - x;
    const dy = coord(v, 1) - y;
    const dz = coord(v, 2) - z;
    const d2 = dx * dx + dy * dy + dz * dz;
    let c = f64At(clearance, v);
    if (d2 < c * c) return vw;
    if (u8At(clearanceExact, v) === 0) {
      setU8(clearanceExact, v, 1);
      const reach = CLEARANCE_REACH * Math.sqrt(d2);
      closest(coord(v, 0), coord(v, 1), coord(v, 2), reach);
      c = cpDistance;
      setF64(clearance, v, c);
      if (d2 < c * c) return vw;
    }
    if (first < 0) first = v;
  }
  if (first < 0) return NaN;
  const change = segmentWindingChange(coord(first, 0), coord(first, 1), coord(first, 2), x, y, z);
  return f64At(vertexWinding, first) + change;
}

function windingFromNeighbour(t: i32, x: f64, y: f64, z: f64): f64 {
  if (!watertight) return NaN;
  for (let i = 0; i < 4; i++) {
    const nb = i32At(tetNbrs, 4 * t + i);
    if (nb < 0) continue;
    const u = nb >> 2;
    if (u32At(classifiedStamp, u) !== u32At(tetStamp, u) || touchesSuper(u)) continue;
    centroidOf(u);
    const w = f64At(winding, u) - segmentWindingChange(x, y, z, centroidX, centroidY, centroidZ);
    if (!Number.isNaN(w)) return w;
  }
  return NaN;
}

function surfaceWithin(x: f64, y: f64, z: f64, radius: f64): bool {
  const found = nearbyWithin(hint, x, y, z, radius);
  if (found >= 0) hint = found;
  return found >= 0;
}

// --- the surface index (surface-index.ts): the same answers from a hash of cells to point chains

let indexCell: f64 = 1;
let qualitySpacing2: f64 = 0;
let fidelitySpacing2: f64 = 0;
/** Unit normal per input triangle, f64 × 3. */
let faceNormals: usize = 0;
let indexPoints: usize = 0; // f64 × 3
let indexNormals: usize = 0; // f64 × 3
let indexNext: usize = 0; // i32: the next point of the same cell, −1 at the end
let indexCount: i32 = 0;
let indexRoom: i32 = 0;
/** The hash of cells: i, j, k and the first point (i32 × 4 per slot; first −1: empty). */
let cells: usize = 0;
let cellSlots: i32 = 0;
let cellCount: i32 = 0;

function cellHash(i: i32, j: i32, k: i32): i32 {
  return (i * 73856093) ^ (j * 19349663) ^ (k * 83492791);
}

/** The slot of cell (i, j, k), or of the empty slot where it would go. */
function cellSlot(i: i32, j: i32, k: i32): i32 {
  const mask = cellSlots - 1;
  let h = cellHash(i, j, k) & mask;
  while (true) {
    const at = cells + ((<usize>h) << 4);
    if (load<i32>(at, 12) < 0) return h;
    if (load<i32>(at) === i && load<i32>(at, 4) === j && load<i32>(at, 8) === k) return h;
    h = (h + 1) & mask;
  }
}

function newCells(slots: i32): bool {
  cells = allocate((<usize>slots) << 4);
  if (cells === 0) return false;
  memory.fill(cells, 0xff, (<usize>slots) << 4);
  cellSlots = slots;
  return true;
}

function growCells(): bool {
  const old = cells;
  const oldSlots = cellSlots;
  if (!newCells(2 * oldSlots)) return false;
  for (let s = 0; s < oldSlots; s++) {
    const at = old + ((<usize>s) << 4);
    const first = load<i32>(at, 12);
    if (first < 0) continue;
    const to = cells + ((<usize>cellSlot(load<i32>(at), load<i32>(at, 4), load<i32>(at, 8))) << 4);
    memory.copy(to, at, 16);
  }
  return true;
}

function cellOf(v: f64): i32 {
  return <i32>Math.floor(v / indexCell);
}

/**
 * Sets up the surface index (SurfaceIndex's constructor: spacings in m) with the input's face
 * normals copied in at `normalsAt`; false without memory.
 */
export function indexInit(qualitySpacing: f64, fidelitySpacing: f64, normalsAt: usize): bool {
  indexCell = Math.max(qualitySpacing, fidelitySpacing);
  qualitySpacing2 = qualitySpacing * qualitySpacing;
  fidelitySpacing2 = fidelitySpacing * fidelitySpacing;
  faceNormals = normalsAt;
  indexCount = 0;
  indexRoom = 1024;
  indexPoints = allocate((<usize>(3 * indexRoom)) << 3);
  indexNormals = allocate((<usize>(3 * indexRoom)) << 3);
  indexNext = allocate((<usize>indexRoom) << 2);
  cellCount = 0;
  return indexNext !== 0 && newCells(1024);
}

/**
 * indexAdd for `count` samples: points and normals xyz f64 each, at `points` and `normals` (the
 * host's copies, read before any array here grows); false when there is no memory.
 */
export function indexAddAll(points: usize, normals: usize, count: i32): bool {
  for (let k = 0; k < 3 * count; k += 3) {
    const ok = indexAdd(
      f64At(points, k),
      f64At(points, k + 1),
      f64At(points, k + 2),
      f64At(normals, k),
      f64At(normals, k + 1),
      f64At(normals, k + 2),
    );
    if (!ok) return false;
  }
  return true;
}

/** SurfaceIndex.add; false without memory. */
function indexAdd(x: f64, y: f64, z: f64, nx: f64, ny: f64, nz: f64): bool {
  if (indexCount === indexRoom) {
    const room = 2 * indexRoom;
    indexPoints = moved(indexPoints, (<usize>(3 * indexRoom)) << 3, (<usize>(3 * room)) << 3);
    indexNormals = moved(indexNormals, (<usize>(3 * indexRoom)) << 3, (<usize>(3 * room)) << 3);
    indexNext = moved(indexNext, (<usize>indexRoom) << 2, (<usize>room) << 2);
    if (indexPoints === 0 || indexNormals === 0 || indexNext === 0) return false;
    indexRoom = room;
  }
  if (2 * (cellCount + 1) > cellSlots && !growCells()) return false;
  const id = indexCount++;
  setF64(indexPoints, 3 * id, x);
  setF64(indexPoints, 3 * id + 1, y);
  setF64(indexPoints, 3 * id + 2, z);
  setF64(indexNormals, 3 * id, nx);
  setF64(indexNormals, 3 * id + 1, ny);
  setF64(indexNormals, 3 * id + 2, nz);
  const i = cellOf(x);
  const j = cellOf(y);
  const k = cellOf(z);
  const at = cells + ((<usize>cellSlot(i, j, k)) << 4);
  const first = load<i32>(at, 12);
  if (first < 0) {
    store<i32>(at, i);
    store<i32>(at, j, 4);
    store<i32>(at, k, 8);
    cellCount++;
  }
  setI32(indexNext, id, first);
  store<i32>(at, id, 12);
  return true;
}

/** SurfaceIndex.tryAdd: adds the point on `triangle` unless a same-facing surface vertex is too close. */
function indexTryAdd(x: f64, y: f64, z: f64, triangle: i32, purpose: i32): bool {
  const nx = f64At(faceNormals, 3 * triangle);
  const ny = f64At(faceNormals, 3 * triangle + 1);
  const nz = f64At(faceNormals, 3 * triangle + 2);
  const limit2 = purpose === PURPOSE_QUALITY ? qualitySpacing2 : fidelitySpacing2;
  const ci = cellOf(x);
  const cj = cellOf(y);
  const ck = cellOf(z);
  for (let di = -1; di <= 1; di++) {
    for (let dj = -1; dj <= 1; dj++) {
      for (let dk = -1; dk <= 1; dk++) {
        let s = load<i32>(cells + ((<usize>cellSlot(ci + di, cj + dj, ck + dk)) << 4), 12);
        for (; s >= 0; s = i32At(indexNext, s)) {
          const dx = f64At(indexPoints, 3 * s) - x;
          const dy = f64At(indexPoints, 3 * s + 1) - y;
          const dz = f64At(indexPoints, 3 * s + 2) - z;
          if (dx * dx + dy * dy + dz * dz >= limit2) continue;
          const dot =
            f64At(indexNormals, 3 * s) * nx +
            f64At(indexNormals, 3 * s + 1) * ny +
            f64At(indexNormals, 3 * s + 2) * nz;
          if (dot > -0.5) return false;
        }
      }
    }
  }
  if (!indexAdd(x, y, z, nx, ny, nz)) abort();
  return true;
}

// --- the set of edges near the surface (vertex-pair-set.ts)

let pairKeys: usize = 0; // u64 per slot: lo << 32 | hi, 0xffff…: empty
let pairSlots: i32 = 0;
let pairCount: i32 = 0;
const NO_PAIR: u64 = u64.MAX_VALUE;

function pairKey(a: i32, b: i32): u64 {
  const lo = <u64>(<u32>min(a, b));
  const hi = <u64>(<u32>max(a, b));
  return (lo << 32) | hi;
}

function pairSlot(key: u64): i32 {
  const mask = pairSlots - 1;
  let h = <i32>(<u32>(key >> 32) * 73856093) ^ (<i32>(<u32>key) * 19349663);
  h &= mask;
  while (true) {
    const k = load<u64>(pairKeys + ((<usize>h) << 3));
    if (k === NO_PAIR || k === key) return h;
    h = (h + 1) & mask;
  }
}

function newPairs(slots: i32): bool {
  pairKeys = allocate((<usize>slots) << 3);
  if (pairKeys === 0) return false;
  memory.fill(pairKeys, 0xff, (<usize>slots) << 3);
  pairSlots = slots;
  return true;
}

function pairHas(a: i32, b: i32): bool {
  const key = pairKey(a, b);
  return load<u64>(pairKeys + ((<usize>pairSlot(key)) << 3)) === key;
}

function pairAdd(a: i32, b: i32): void {
  if (2 * (pairCount + 1) > pairSlots) {
    const old = pairKeys;
    const oldSlots = pairSlots;
    if (!newPairs(2 * oldSlots)) abort();
    for (let s = 0; s < oldSlots; s++) {
      const k = load<u64>(old + ((<usize>s) << 3));
      if (k !== NO_PAIR) store<u64>(pairKeys + ((<usize>pairSlot(k)) << 3), k);
    }
  }
  const key = pairKey(a, b);
  const at = pairKeys + ((<usize>pairSlot(key)) << 3);
  if (load<u64>(at) === key) return;
  store<u64>(at, key);
  pairCount++;
}

// --- refinement (refine.ts)

let clearDistance: f64 = 0;
let smallestRadius: f64 = 0;
let qualityBound: f64 = 0;
let surfaceTolerance: f64 = 0;
/** Per tet slot: its stamp when last looked at (u32); 1 while in this round's fresh list (u8). */
let checked: usize = 0;
let fresh: usize = 0;
let checkedRoom: i32 = 0;
let freshList: usize = 0; // i32
let freshRoom: i32 = 0;
let freshCount: i32 = 0;
let badTets: usize = 0; // i32 pairs: slot, stamp
let badRoom: i32 = 0;
let badCount: i32 = 0;
let surfacePoints: usize = 0; // f64 × 3: the surface points queued this round
let surfaceRoom: i32 = 0;
let surfaceCount: i32 = 0;

/**
 * Sets up refinement (refine.ts's Refinement: clearance and smallest radius in m); false without
 * memory.
 */
export function refineInit(clear: f64, smallest: f64, bound: f64, tolerance: f64): bool {
  clearDistance = clear;
  smallestRadius = smallest;
  qualityBound = bound;
  surfaceTolerance = tolerance;
  checkedRoom = tetCapacity;
  checked = allocate((<usize>checkedRoom) << 2);
  fresh = allocate(<usize>checkedRoom);
  freshRoom = 1024;
  freshList = allocate((<usize>freshRoom) << 2);
  badRoom = 1024;
  badTets = allocate((<usize>badRoom) << 2);
  surfaceRoom = 1024;
  surfacePoints = allocate((<usize>(3 * surfaceRoom)) << 3);
  pairCount = 0;
  return surfacePoints !== 0 && newPairs(1024);
}

/** The surface points queued this round (f64 × 3 each) and how many. */
export function surfacePointsAt(): usize {
  return surfacePoints;
}
export function surfacePointCount(): i32 {
  return surfaceCount;
}

function pushFresh(t: i32): void {
  if (freshCount === freshRoom) {
    freshList = moved(freshList, (<usize>freshRoom) << 2, (<usize>freshRoom) << 3);
    if (freshList === 0) abort();
    freshRoom *= 2;
  }
  setI32(freshList, freshCount++, t);
}

function pushBad(t: i32, stamp: u32): void {
  if (badCount + 2 > badRoom) {
    badTets = moved(badTets, (<usize>badRoom) << 2, (<usize>badRoom) << 3);
    if (badTets === 0) abort();
    badRoom *= 2;
  }
  setI32(badTets, badCount++, t);
  setU32(badTets, badCount++, stamp);
}

function pushSurfacePoint(x: f64, y: f64, z: f64): void {
  if (surfaceCount === surfaceRoom) {
    surfacePoints = moved(surfacePoints, (<usize>(3 * surfaceRoom)) << 3, (<usize>(6 * surfaceRoom)) << 3);
    if (surfacePoints === 0) abort();
    surfaceRoom *= 2;
  }
  const at = surfacePoints + ((<usize>(3 * surfaceCount)) << 3);
  store<f64>(at, x);
  store<f64>(at, y, 8);
  store<f64>(at, z, 16);
  surfaceCount++;
}

/**
 * Refinement.round up to its check of the tets: the fresh tets looked at, surface points queued for
 * their straying boundary faces and the bad inside tets listed.
 */
export function roundScan(): void {
  surfaceCount = 0;
  if (checkedRoom < tetCapacity) {
    checked = moved(checked, (<usize>checkedRoom) << 2, (<usize>tetCapacity) << 2);
    fresh = allocate(<usize>tetCapacity);
    if (checked === 0 || fresh === 0) abort();
    checkedRoom = tetCapacity;
  }
  freshCount = 0;
  for (let t = 0; t < slotCount; t++) {
    if (isAlive(t) && u32At(checked, t) !== u32At(tetStamp, t)) {
      setU8(fresh, t, 1);
      pushFresh(t);
    }
  }
  badCount = 0;
  for (let n = 0; n < freshCount; n++) scanTet(i32At(freshList, n));
  for (let n = 0; n < freshCount; n++) setU8(fresh, i32At(freshList, n), 0);
}

function scanTet(t: i32): void {
  setU32(checked, t, u32At(tetStamp, t));
  const inside = isInside(t);
  for (let i = 0; i < 4; i++) {
    const nb = i32At(tetNbrs, 4 * t + i);
    const u = nb >> 2;
    // A face between two fresh tets is looked at from the lower slot only.
    if (nb >= 0 && u8At(fresh, u) !== 0 && u < t) continue;
    const insideU = nb >= 0 && isInside(u);
    if (inside === insideU) continue;
    const shift = <u32>(i << 3);
    checkFace(
      tetVertex(t, <i32>((F0_PACKED >>> shift) & 0xff)),
      tetVertex(t, <i32>((F1_PACKED >>> shift) & 0xff)),
      tetVertex(t, <i32>((F2_PACKED >>> shift) & 0xff)),
    );
  }
  if (!inside) return;
  const a = tetVertex(t, 0);
  const b = tetVertex(t, 1);
  const c = tetVertex(t, 2);
  const d = tetVertex(t, 3);
  const r = circumradius(a, b, c, d);
  if (!(r > smallestRadius) || !Number.isFinite(r)) return;
  if (r > qualityBound * shortestEdge(a, b, c, d) || minDihedralDeg(a, b, c, d) < SLIVER_DEG) {
    pushBad(t, u32At(tetStamp, t));
  }
}

/** tet-geometry.ts's circumcenter of tet (a, b, c, d) by vertex id: its radius, the centre in tet-shape.ts's centreX/Y/Z. */
function circumradius(a: i32, b: i32, c: i32, d: i32): f64 {
  return circumcenterAt(coords, a, b, c, d);
}

/** tet-geometry.ts's minDihedralDeg of tet (a, b, c, d) by vertex id. */
function minDihedralDeg(a: i32, b: i32, c: i32, d: i32): f64 {
  return minDihedralDegAt(coords, a, b, c, d);
}

function distance2(u: i32, v: i32): f64 {
  const dx = coord(u, 0) - coord(v, 0);
  const dy = coord(u, 1) - coord(v, 1);
  const dz = coord(u, 2) - coord(v, 2);
  return dx * dx + dy * dy + dz * dz;
}

function shortestEdge(a: i32, b: i32, c: i32, d: i32): f64 {
  const best = Math.min(
    Math.min(
      Math.min(Math.min(Math.min(distance2(a, b), distance2(a, c)), distance2(a, d)), distance2(b, c)),
      distance2(b, d),
    ),
    distance2(c, d),
  );
  return Math.sqrt(best);
}

/**
 * Refinement.insertCircumcentres over the bad tets listed by roundScan: the Steiner points
 * inserted, or FAILED (the Delaunay's reason in its header).
 */
export function insertCircumcentres(): i32 {
  let steiner = 0;
  for (let k = 0; k < badCount; k += 2) {
    const t = i32At(badTets, k);
    if (!isAlive(t) || u32At(tetStamp, t) !== u32At(badTets, k + 1)) continue;
    const a = tetVertex(t, 0);
    const b = tetVertex(t, 1);
    const c = tetVertex(t, 2);
    const d = tetVertex(t, 3);
    circumradius(a, b, c, d);
    const x = centreX;
    const y = centreY;
    const z = centreZ;
    const w = windingNear(t, x, y, z);
    if (w > 0.5 && !surfaceWithin(x, y, z, clearDistance)) {
      const v = insertVertex(x, y, z, KIND_STEINER, clearDistance, w);
      if (v === FAILED) return FAILED;
      if (v >= 0) steiner++;
    } else {
      queueSurface(x, y, z, PURPOSE_QUALITY);
    }
    if ((k & 2047) === 0) checkpoint(steiner);
  }
  return steiner;
}

function queueSurface(x: f64, y: f64, z: f64, purpose: i32): void {
  closest(x, y, z, Infinity);
  if (indexTryAdd(cpX, cpY, cpZ, cpTriangle, purpose)) pushSurfacePoint(cpX, cpY, cpZ);
}

function checkFace(a: i32, b: i32, c: i32): void {
  if (!onSurface(a)) queueSurface(coord(a, 0), coord(a, 1), coord(a, 2), PURPOSE_FIDELITY);
  if (!onSurface(b)) queueSurface(coord(b, 0), coord(b, 1), coord(b, 2), PURPOSE_FIDELITY);
  if (!onSurface(c)) queueSurface(coord(c, 0), coord(c, 1), coord(c, 2), PURPOSE_FIDELITY);
  // Centroid and edge midpoints: barycentric (⅓, ⅓, ⅓), (½, ½, 0), (0, ½, ½), (½, 0, ½).
  for (let k = 0; k < 4; k++) {
    const u = k === 2 ? b : a;
    const v = k === 1 ? b : c;
    if (k > 0 && pairHas(u, v)) continue;
    const wa: f64 = k === 0 ? 1.0 / 3 : k === 2 ? 0 : 0.5;
    const wb: f64 = k === 0 ? 1.0 / 3 : k === 3 ? 0 : 0.5;
    const wc = 1 - wa - wb;
    const x = wa * coord(a, 0) + wb * coord(b, 0) + wc * coord(c, 0);
    const y = wa * coord(a, 1) + wb * coord(b, 1) + wc * coord(c, 1);
    const z = wa * coord(a, 2) + wb * coord(b, 2) + wc * coord(c, 2);
    if (!surfaceWithin(x, y, z, surfaceTolerance)) queueSurface(x, y, z, PURPOSE_FIDELITY);
    else if (k > 0) pairAdd(u, v);
  }
}

/**
 * Inserts this round's queued surface points (in BRIO order) as surface vertices; polls every 1024.
 * How many were new, or FAILED.
 */
export function insertQueued(): i32 {
  return insertPoints(surfacePoints, surfaceCount, 0, KIND_SURFACE, 0, 0);
}

/** Live tets: slots less free ones (the triangulation's header has it too). */
export function liveTetCount(): i32 {
  return slotCount - freeCount;
}

// --- carving (conforming.ts's extractInside)

let carvedTets: usize = 0; // i32 × 4 per inside tet
let carvedNbrs: usize = 0; // i32 × 4 per inside tet
let carvedPositions: usize = 0; // f64 × 3 per kept vertex
let carvedKinds: usize = 0; // u8 per kept vertex
let carvedVertices: i32 = 0;

/**
 * conforming.ts's extractInside: the inside tets compacted with their vertices (in first-use order)
 * and face adjacency; how many tets (−1 without memory). The arrays are at carvedAt(0…3), the
 * vertex count at carvedVertexCount().
 */
export function extractInside(): i32 {
  const vertices = vertexCount;
  const tetId = allocate((<usize>slotCount) << 2);
  const remap = allocate((<usize>vertices) << 2);
  if (remap === 0 || tetId === 0) return -1;
  let tetCount = 0;
  for (let t = 0; t < slotCount; t++) setI32(tetId, t, isAlive(t) && isInside(t) ? tetCount++ : -1);
  memory.fill(remap, 0xff, (<usize>vertices) << 2);
  carvedTets = allocate((<usize>tetCount) << 4);
  carvedNbrs = allocate((<usize>tetCount) << 4);
  carvedPositions = allocate((<usize>(3 * vertices)) << 3);
  carvedKinds = allocate(<usize>vertices);
  if (carvedTets === 0 || carvedNbrs === 0 || carvedPositions === 0 || carvedKinds === 0) return -1;
  let count = 0;
  for (let t = 0; t < slotCount; t++) {
    const id = i32At(tetId, t);
    if (id < 0) continue;
    for (let k = 0; k < 4; k++) {
      const v = tetVertex(t, k);
      if (i32At(remap, v) < 0) {
        setI32(remap, v, count);
        setF64(carvedPositions, 3 * count, coord(v, 0));
        setF64(carvedPositions, 3 * count + 1, coord(v, 1));
        setF64(carvedPositions, 3 * count + 2, coord(v, 2));
        setU8(carvedKinds, count, u8At(kind, v));
        count++;
      }
      setI32(carvedTets, 4 * id + k, i32At(remap, v));
      const nb = i32At(tetNbrs, 4 * t + k);
      const other = nb >= 0 ? i32At(tetId, nb >> 2) : -1;
      setI32(carvedNbrs, 4 * id + k, other >= 0 ? 4 * other + (nb & 3) : -1);
    }
  }
  carvedVertices = count;
  return tetCount;
}

/** extractInside's arrays: 0 tets, 1 face neighbours, 2 positions, 3 kinds. */
export function carvedAt(which: i32): usize {
  return which === 0 ? carvedTets : which === 1 ? carvedNbrs : which === 2 ? carvedPositions : carvedKinds;
}

export function carvedVertexCount(): i32 {
  return carvedVertices;
}
