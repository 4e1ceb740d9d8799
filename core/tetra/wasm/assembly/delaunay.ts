// AssemblyScript source of the WebAssembly Delaunay tetrahedralization (compiled by
// scripts/build-wasm.mjs into the mesher's module, core/tetra/wasm/mesher-wasm.ts, whose refinement
// reads the arrays exported here). It is core/tetra/delaunay.ts
// step for step: the same walk (the same random faces), the same cavity in the same order, the
// same slots from the same free list and the same filtered predicates, so that for the same
// points both give the same tets in the same slots (test/core/tetra/wasm-delaunay.test.ts).
// Why a second copy: a meshing command runs once per process, and V8 runs the JS mesher in its
// interpreter until it has compiled it, 4–10 times its warm time; a WebAssembly module is compiled
// as it loads. delaunay.ts stays as the reference and the fallback where WebAssembly is missing.
//
// The module owns its memory and never frees: arrays that outgrow their room are copied to twice
// the room higher up (what they leave behind is at most what they hold). The header at HEADER
// tells the host where the arrays it reads are and how full they are (wasm-delaunay.ts).

import { exactPointsAt, insphereExactSign, orient3dExactSign, resetArena } from './exact-predicates';
import { allocate, heapEnd, i32At, moved, resetHeap, setI32, setU32, u32At } from './heap';

/** 2⁻⁵³, robust-predicates' `epsilon`. */
const EPSILON: f64 = 1.1102230246251565e-16;
/** Shewchuk's o3derrboundA. */
const O3D_ERRBOUND_A: f64 = (7 + 56 * EPSILON) * EPSILON;
/** Shewchuk's isperrboundA. */
const ISP_ERRBOUND_A: f64 = (16 + 224 * EPSILON) * EPSILON;

/** What insert, locate and the other calls return when they failed (the reason is in the header). */
export const FAILED: i32 = -2147483648;
/** Reasons, in the header's ERROR slot. */
const OUTSIDE: i32 = 1;
const WALK_LOOPED: i32 = 2;
const NO_TETS: i32 = 3;
const NO_MEMORY: i32 = 4;

// The header, i32 slots (wasm-delaunay.ts reads them by the same numbers).
const H_GENERATION = 0; // the heap's end: it moves whenever an array the host reads may have
const H_VERTEX_COUNT = 1;
const H_SLOT_COUNT = 2;
const H_FREE_COUNT = 3;
const H_VERTEX_CAPACITY = 4;
const H_TET_CAPACITY = 5;
const H_COORDS = 6; // f64 × 3 per vertex
const H_VERTEX_TET = 7; // i32 per vertex
const H_TET_VERTS = 8; // i32 × 4 per tet slot
const H_TET_NBRS = 9; // i32 × 4 per tet slot
const H_TET_ALIVE = 10; // u8 per tet slot
const H_TET_STAMP = 11; // u32 per tet slot
const H_ERROR = 12;
const HEADER_SLOTS = 16;

// Face i of a tet is opposite vertex i: its vertices are (F0[i], F1[i], F2[i]), packed 8 bits each.
const F0_PACKED: u32 = 0x00000001; // [1, 0, 0, 0]
const F1_PACKED: u32 = 0x01030203; // [3, 2, 3, 1]
const F2_PACKED: u32 = 0x02010302; // [2, 3, 1, 2]

let header: usize = 0;

export let coords: usize = 0;
let vertexTet: usize = 0;
let starIndex: usize = 0;
let starStamp: usize = 0;
let vertexCapacity: i32 = 0;
export let vertexCount: i32 = 0;

export let tetVerts: usize = 0;
export let tetNbrs: usize = 0;
export let tetAlive: usize = 0;
export let tetStamp: usize = 0;
let mark: usize = 0;
export let tetCapacity: i32 = 0;
export let slotCount: i32 = 0;

let freeSlots: usize = 0;
let freeCapacity: i32 = 0;
export let freeCount: i32 = 0;

let cavity: usize = 0;
let cavityCapacity: i32 = 0;
let bndVerts: usize = 0;
let bndNbr: usize = 0;
let starTet: usize = 0;
let boundaryCapacity: i32 = 0;
let starEdges: usize = 0;
let starEdgesCapacity: i32 = 0;

let markStamp: u32 = 0;
let starStampNow: u32 = 0;
let stampCounter: u32 = 0;
let lastTet: i32 = 0;
let rngState: u32 = 0;

// The point being inserted or located.
let qx: f64 = 0;
let qy: f64 = 0;
let qz: f64 = 0;

function face0(i: i32): i32 {
  return <i32>((F0_PACKED >>> <u32>(i << 3)) & 0xff);
}
function face1(i: i32): i32 {
  return <i32>((F1_PACKED >>> <u32>(i << 3)) & 0xff);
}
function face2(i: i32): i32 {
  return <i32>((F2_PACKED >>> <u32>(i << 3)) & 0xff);
}

function coord(v: i32, axis: i32): f64 {
  return load<f64>(coords + ((<usize>(3 * v + axis)) << 3));
}

function publish(): void {
  setI32(header, H_GENERATION, <i32>heapEnd());
  setI32(header, H_VERTEX_COUNT, vertexCount);
  setI32(header, H_SLOT_COUNT, slotCount);
  setI32(header, H_FREE_COUNT, freeCount);
  setI32(header, H_VERTEX_CAPACITY, vertexCapacity);
  setI32(header, H_TET_CAPACITY, tetCapacity);
  setI32(header, H_COORDS, <i32>coords);
  setI32(header, H_VERTEX_TET, <i32>vertexTet);
  setI32(header, H_TET_VERTS, <i32>tetVerts);
  setI32(header, H_TET_NBRS, <i32>tetNbrs);
  setI32(header, H_TET_ALIVE, <i32>tetAlive);
  setI32(header, H_TET_STAMP, <i32>tetStamp);
}

function fail(reason: i32): i32 {
  setI32(header, H_ERROR, reason);
  publish();
  return FAILED;
}

/**
 * Sign of orient3d(a, b, d, p) with robust-predicates' convention (> 0 when p lies on the side of
 * plane (a, b, d) that (b − a) × (d − a) points away from): predicates.ts's orient3dSign.
 */
function orient3dSign(a: i32, b: i32, d: i32, px: f64, py: f64, pz: f64): i32 {
  const adx = coord(a, 0) - px;
  const bdx = coord(b, 0) - px;
  const cdx = coord(d, 0) - px;
  const ady = coord(a, 1) - py;
  const bdy = coord(b, 1) - py;
  const cdy = coord(d, 1) - py;
  const adz = coord(a, 2) - pz;
  const bdz = coord(b, 2) - pz;
  const cdz = coord(d, 2) - pz;
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
  setExactVertex(0, a);
  setExactVertex(1, b);
  setExactVertex(2, d);
  setExactPoint(3, px, py, pz);
  return orient3dExactSign();
}

/** Sign of insphere(a, b, d, e, q): > 0 when q lies strictly inside the circumsphere of a positive tet. */
function insphereSign(a: i32, b: i32, d: i32, e: i32): i32 {
  const ex = qx;
  const ey = qy;
  const ez = qz;
  const aex = coord(a, 0) - ex;
  const bex = coord(b, 0) - ex;
  const cex = coord(d, 0) - ex;
  const dex = coord(e, 0) - ex;
  const aey = coord(a, 1) - ey;
  const bey = coord(b, 1) - ey;
  const cey = coord(d, 1) - ey;
  const dey = coord(e, 1) - ey;
  const aez = coord(a, 2) - ez;
  const bez = coord(b, 2) - ez;
  const cez = coord(d, 2) - ez;
  const dez = coord(e, 2) - ez;
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
  setExactVertex(0, a);
  setExactVertex(1, b);
  setExactVertex(2, d);
  setExactVertex(3, e);
  setExactPoint(4, ex, ey, ez);
  return insphereExactSign();
}

/** Vertex v as point k of the next exact predicate. */
function setExactVertex(k: i32, v: i32): void {
  memory.copy(exactPointsAt() + <usize>(24 * k), coords + <usize>(24 * v), 24);
}

/** (x, y, z) as point k of the next exact predicate. */
function setExactPoint(k: i32, x: f64, y: f64, z: f64): void {
  const at = exactPointsAt() + <usize>(24 * k);
  store<f64>(at, x);
  store<f64>(at, y, 8);
  store<f64>(at, z, 16);
}

/** The next state of the walk's generator (core/math/lcg.ts's Lcg). */
function nextUint32(): u32 {
  rngState = rngState * 1664525 + 1013904223;
  return rngState;
}

/**
 * Sets up an empty triangulation with room for `capacity` points, inside the super-tet with
 * corners centre ± (s, s, s) of even parity (delaunay.ts's constructor computes centre and s, so
 * both are the same to the bit); the header's address, or 0 when there is no memory for it.
 */
export function init(cx: f64, cy: f64, cz: f64, s: f64, capacity: i32): usize {
  resetHeap();
  header = allocate(HEADER_SLOTS << 2);
  vertexCapacity = max(16, capacity + 4);
  coords = allocate((<usize>(3 * vertexCapacity)) << 3);
  vertexTet = allocate((<usize>vertexCapacity) << 2);
  starIndex = allocate((<usize>vertexCapacity) << 2);
  starStamp = allocate((<usize>vertexCapacity) << 2);
  tetCapacity = 8 * vertexCapacity;
  tetVerts = allocate((<usize>tetCapacity) << 4);
  tetNbrs = allocate((<usize>tetCapacity) << 4);
  tetAlive = allocate(<usize>tetCapacity);
  tetStamp = allocate((<usize>tetCapacity) << 2);
  mark = allocate((<usize>tetCapacity) << 2);
  freeCapacity = 64;
  freeSlots = allocate((<usize>freeCapacity) << 2);
  cavityCapacity = 256;
  cavity = allocate((<usize>cavityCapacity) << 2);
  boundaryCapacity = 512;
  bndVerts = allocate((<usize>(3 * boundaryCapacity)) << 2);
  bndNbr = allocate((<usize>boundaryCapacity) << 2);
  starTet = allocate((<usize>boundaryCapacity) << 2);
  starEdgesCapacity = 1024;
  starEdges = allocate((<usize>starEdgesCapacity) << 2);
  if (starEdges === 0 || !resetArena()) return 0;
  memory.fill(vertexTet, 0xff, (<usize>vertexCapacity) << 2);
  vertexCount = 0;
  slotCount = 0;
  freeCount = 0;
  markStamp = 0;
  starStampNow = 0;
  stampCounter = 0;
  rngState = 0x9e3779b9;
  addVertex(cx + s, cy + s, cz + s);
  addVertex(cx + s, cy - s, cz - s);
  addVertex(cx - s, cy + s, cz - s);
  addVertex(cx - s, cy - s, cz + s);
  let a = 0;
  let b = 1;
  if (orientSign(0, 1, 2, 3) < 0) {
    a = 1;
    b = 0;
  }
  const t = allocTet();
  setTet(t, a, b, 2, 3);
  for (let i = 0; i < 4; i++) setI32(tetNbrs, 4 * t + i, -1);
  lastTet = t;
  publish();
  return header;
}

/**
 * Inserts a point; its vertex id, or −(id + 1) of the vertex it coincides with exactly (nothing
 * is inserted then), or FAILED.
 */
export function insert(x: f64, y: f64, z: f64): i32 {
  qx = x;
  qy = y;
  qz = z;
  const t0 = walk(lastTet);
  if (t0 === FAILED) return FAILED;
  for (let i = 0; i < 4; i++) {
    const v = i32At(tetVerts, 4 * t0 + i);
    if (coord(v, 0) === x && coord(v, 1) === y && coord(v, 2) === z) return -(v + 1);
  }
  if (markStamp >= 0xfffffff0) {
    memory.fill(mark, 0, (<usize>tetCapacity) << 2);
    markStamp = 0;
  }
  markStamp += 2;
  const ms = markStamp - 1;
  const tested = ms + 1;
  let cavCount = 0;
  setI32(cavity, cavCount++, t0);
  setU32(mark, t0, ms);
  for (let k = 0; k < cavCount; k++) {
    const t = i32At(cavity, k);
    for (let i = 0; i < 4; i++) {
      const nb = i32At(tetNbrs, 4 * t + i);
      if (nb < 0) continue;
      const u = nb >> 2;
      if (u32At(mark, u) >= ms) continue;
      const at = tetVerts + ((<usize>u) << 4);
      if (insphereSign(load<i32>(at), load<i32>(at, 4), load<i32>(at, 8), load<i32>(at, 12)) > 0) {
        setU32(mark, u, ms);
        if (cavCount === cavityCapacity && !growCavity()) return fail(NO_MEMORY);
        setI32(cavity, cavCount++, u);
      } else {
        setU32(mark, u, tested);
      }
    }
  }
  // As delaunay.ts: faces from the tets after the first that joined by their circumspheres need
  // no orientation test.
  const strict = cavCount;
  let bndCount = 0;
  for (;;) {
    bndCount = 0;
    let grown = false;
    for (let k = 0; k < cavCount && !grown; k++) {
      const t = i32At(cavity, k);
      for (let i = 0; i < 4; i++) {
        const nb = i32At(tetNbrs, 4 * t + i);
        if (nb >= 0 && u32At(mark, nb >> 2) === ms) continue;
        const a = i32At(tetVerts, 4 * t + face0(i));
        const b = i32At(tetVerts, 4 * t + face1(i));
        const d = i32At(tetVerts, 4 * t + face2(i));
        const seen = nb >= 0 && k > 0 && k < strict;
        if (!seen && orient3dSign(a, b, d, qx, qy, qz) >= 0) {
          if (nb < 0) return fail(OUTSIDE);
          const u = nb >> 2;
          setU32(mark, u, ms);
          if (cavCount === cavityCapacity && !growCavity()) return fail(NO_MEMORY);
          setI32(cavity, cavCount++, u);
          grown = true;
          break;
        }
        if (bndCount === boundaryCapacity && !growBoundary()) return fail(NO_MEMORY);
        setI32(bndVerts, 3 * bndCount, a);
        setI32(bndVerts, 3 * bndCount + 1, b);
        setI32(bndVerts, 3 * bndCount + 2, d);
        setI32(bndNbr, bndCount, nb);
        bndCount++;
      }
    }
    if (!grown) break;
  }
  const p = addVertex(x, y, z);
  if (p === FAILED) return fail(NO_MEMORY);
  for (let k = 0; k < cavCount; k++) if (!freeTet(i32At(cavity, k))) return fail(NO_MEMORY);
  for (let k = 0; k < bndCount; k++) {
    const n = allocTet();
    if (n === FAILED) return fail(NO_MEMORY);
    setTet(n, i32At(bndVerts, 3 * k), i32At(bndVerts, 3 * k + 1), i32At(bndVerts, 3 * k + 2), p);
    const nb = i32At(bndNbr, k);
    setI32(tetNbrs, 4 * n + 3, nb);
    if (nb >= 0) setI32(tetNbrs, nb, 4 * n + 3);
    setI32(starTet, k, n);
  }
  if (!linkStar(bndCount)) return fail(NO_MEMORY);
  lastTet = i32At(starTet, bndCount - 1);
  publish();
  return p;
}

/** delaunay.ts's linkStar: the new tets of a star linked to each other through a table of edges. */
function linkStar(bndCount: i32): bool {
  if (starStampNow === 0xffffffff) {
    memory.fill(starStamp, 0, (<usize>vertexCapacity) << 2);
    starStampNow = 0;
  }
  const now = ++starStampNow;
  let size = 0;
  for (let k = 0; k < 3 * bndCount; k++) {
    const v = i32At(bndVerts, k);
    if (u32At(starStamp, v) !== now) {
      setU32(starStamp, v, now);
      setI32(starIndex, v, size++);
    }
  }
  if (size * size > starEdgesCapacity) {
    let length = starEdgesCapacity;
    while (length < size * size) length *= 2;
    starEdges = allocate((<usize>length) << 2);
    if (starEdges === 0) return false;
    starEdgesCapacity = length;
  }
  for (let k = 0; k < bndCount; k++) {
    const a = i32At(starIndex, i32At(bndVerts, 3 * k));
    const b = i32At(starIndex, i32At(bndVerts, 3 * k + 1));
    const d = i32At(starIndex, i32At(bndVerts, 3 * k + 2));
    const f = 4 * i32At(starTet, k);
    setI32(starEdges, b * size + d, f);
    setI32(starEdges, d * size + a, f + 1);
    setI32(starEdges, a * size + b, f + 2);
  }
  for (let k = 0; k < bndCount; k++) {
    const a = i32At(starIndex, i32At(bndVerts, 3 * k));
    const b = i32At(starIndex, i32At(bndVerts, 3 * k + 1));
    const d = i32At(starIndex, i32At(bndVerts, 3 * k + 2));
    const f = 4 * i32At(starTet, k);
    setI32(tetNbrs, f, i32At(starEdges, d * size + b));
    setI32(tetNbrs, f + 1, i32At(starEdges, a * size + d));
    setI32(tetNbrs, f + 2, i32At(starEdges, b * size + a));
  }
  return true;
}

/** A tet containing (x, y, z) in its closure, by the walk from `start`; or FAILED. */
export function locate(x: f64, y: f64, z: f64, start: i32): i32 {
  qx = x;
  qy = y;
  qz = z;
  const t = walk(start);
  if (t === FAILED) publish();
  return t;
}

/** delaunay.ts's walk: the stochastic visibility walk to the tet holding the query point. */
function walk(start: i32): i32 {
  let t = start;
  if (load<u8>(tetAlive + <usize>start) === 0) {
    t = anyLiveTet();
    if (t === FAILED) return fail(NO_TETS);
  }
  let steps = 0;
  const maxSteps = 8 * slotCount + 64;
  for (;;) {
    if (++steps > maxSteps) return fail(WALK_LOOPED);
    const r = <i32>(nextUint32() >>> 30);
    let moved = false;
    for (let k = 0; k < 4; k++) {
      const i = (r + k) & 3;
      const a = i32At(tetVerts, 4 * t + face0(i));
      const b = i32At(tetVerts, 4 * t + face1(i));
      const d = i32At(tetVerts, 4 * t + face2(i));
      if (orient3dSign(a, b, d, qx, qy, qz) > 0) {
        const nb = i32At(tetNbrs, 4 * t + i);
        if (nb < 0) return fail(OUTSIDE);
        t = nb >> 2;
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }
  return t;
}

/** insphere sign for tet t and the point (x, y, z): > 0 strictly inside its circumsphere. */
export function inSphere(t: i32, x: f64, y: f64, z: f64): i32 {
  qx = x;
  qy = y;
  qz = z;
  const at = tetVerts + ((<usize>t) << 4);
  return insphereSign(load<i32>(at), load<i32>(at, 4), load<i32>(at, 8), load<i32>(at, 12));
}

/** Sign of the signed volume of (a, b, d, e) by vertex id: > 0 positive orientation. */
export function orientSign(a: i32, b: i32, d: i32, e: i32): i32 {
  return -orient3dSign(a, b, d, coord(e, 0), coord(e, 1), coord(e, 2));
}

function anyLiveTet(): i32 {
  for (let t = slotCount - 1; t >= 0; t--) if (load<u8>(tetAlive + <usize>t) !== 0) return t;
  return FAILED;
}

function addVertex(x: f64, y: f64, z: f64): i32 {
  const v = vertexCount;
  if (v + 1 > vertexCapacity) {
    const grown = 2 * vertexCapacity;
    const vertexBytes = (<usize>vertexCapacity) << 2;
    coords = moved(coords, (<usize>(3 * vertexCapacity)) << 3, (<usize>(3 * grown)) << 3);
    const oldVertexTet = vertexTet;
    vertexTet = allocate((<usize>grown) << 2);
    if (vertexTet === 0) return FAILED;
    memory.fill(vertexTet, 0xff, (<usize>grown) << 2);
    memory.copy(vertexTet, oldVertexTet, vertexBytes);
    starIndex = allocate((<usize>grown) << 2);
    starStamp = moved(starStamp, vertexBytes, (<usize>grown) << 2);
    if (coords === 0 || starIndex === 0 || starStamp === 0) return FAILED;
    vertexCapacity = grown;
  }
  const at = coords + ((<usize>(3 * v)) << 3);
  store<f64>(at, x);
  store<f64>(at, y, 8);
  store<f64>(at, z, 16);
  vertexCount = v + 1;
  return v;
}

function setTet(t: i32, a: i32, b: i32, c: i32, d: i32): void {
  const at = tetVerts + ((<usize>t) << 4);
  store<i32>(at, a);
  store<i32>(at, b, 4);
  store<i32>(at, c, 8);
  store<i32>(at, d, 12);
  setI32(vertexTet, a, t);
  setI32(vertexTet, b, t);
  setI32(vertexTet, c, t);
  setI32(vertexTet, d, t);
}

function allocTet(): i32 {
  let t: i32;
  if (freeCount > 0) t = i32At(freeSlots, --freeCount);
  else {
    t = slotCount++;
    if (t >= tetCapacity && !growTets()) return FAILED;
  }
  store<u8>(tetAlive + <usize>t, 1);
  setU32(tetStamp, t, ++stampCounter);
  return t;
}

function freeTet(t: i32): bool {
  store<u8>(tetAlive + <usize>t, 0);
  if (freeCount === freeCapacity) {
    freeSlots = moved(freeSlots, (<usize>freeCount) << 2, (<usize>(2 * freeCount)) << 2);
    if (freeSlots === 0) return false;
    freeCapacity = 2 * freeCount;
  }
  setI32(freeSlots, freeCount++, t);
  return true;
}

function growTets(): bool {
  const cap = 2 * tetCapacity;
  const old = <usize>tetCapacity;
  tetVerts = moved(tetVerts, old << 4, (<usize>cap) << 4);
  tetNbrs = moved(tetNbrs, old << 4, (<usize>cap) << 4);
  tetAlive = moved(tetAlive, old, <usize>cap);
  tetStamp = moved(tetStamp, old << 2, (<usize>cap) << 2);
  mark = moved(mark, old << 2, (<usize>cap) << 2);
  if (tetVerts === 0 || tetNbrs === 0 || tetAlive === 0 || tetStamp === 0 || mark === 0) return false;
  tetCapacity = cap;
  return true;
}

function growCavity(): bool {
  cavity = moved(cavity, (<usize>cavityCapacity) << 2, (<usize>(2 * cavityCapacity)) << 2);
  cavityCapacity *= 2;
  return cavity !== 0;
}

function growBoundary(): bool {
  const n = 2 * boundaryCapacity;
  const old = <usize>boundaryCapacity;
  starTet = moved(starTet, old << 2, (<usize>n) << 2);
  bndVerts = moved(bndVerts, (3 * old) << 2, (<usize>(3 * n)) << 2);
  bndNbr = moved(bndNbr, old << 2, (<usize>n) << 2);
  boundaryCapacity = n;
  return starTet !== 0 && bndVerts !== 0 && bndNbr !== 0;
}
