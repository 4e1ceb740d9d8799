import { anyTriangleWithin, type ClosestPoint, closestPoint, createClosestPoint } from './closest-point.ts';
import type { RawTetMesh } from './conforming.ts';
import { type AbortSignalLike, pauseForEvents, throwIfCancelled } from './errors.ts';
import { flipBadTets } from './flips.ts';
import { VertexKind } from './meshing-state.ts';
import { minDihedralDeg } from './tet-geometry.ts';
import type { TriangleBvh } from './triangle-bvh.ts';
import { optimizeInWasm } from './wasm-optimize.ts';
import { type CompactTetMesh, WorkMesh } from './work-mesh.ts';

export interface OptimizeSettings {
  /** Tets whose smallest dihedral angle is below this are improved, degrees. */
  targetDihedralDeg: number;
  /** Boundary tets made only of surface vertices and worse than this are peeled off, degrees. */
  peelDihedralDeg: number;
  passes: number;
  /** The input surface: moved surface vertices are projected back onto it. */
  bvh: TriangleBvh;
  /**
   * Boundary faces may not be moved or exposed farther than this from the input surface, m
   * (unless they already were).
   */
  surfaceTolerance: number;
  signal: AbortSignalLike | undefined;
}

/**
 * Sliver removal after refinement. Each pass:
 * 1. peels boundary tets whose smallest dihedral angle is below the peel bound and whose four
 *    corners are all on the surface (the flat caps Delaunay puts on a curved surface: removing
 *    one changes the volume by almost nothing) or that have three boundary faces, unless a
 *    face it would expose strays beyond the surface tolerance and farther than the boundary
 *    faces it had;
 * 2. flips bad tets away where a 2-3 or 3-2 flip improves them (flips.ts);
 * 3. smooths every movable vertex of a tet below the target angle (see `smoothVertex`).
 * Before those, inner vertices that ended up on the boundary (where refinement could not add
 * a surface point) are moved onto the surface when their tets allow (`snapBoundaryVertices`).
 */
export async function optimizeMesh(mesh: WorkMesh, s: OptimizeSettings): Promise<void> {
  for (let pass = 0; pass < s.passes; pass++) {
    await pauseForEvents(s.signal);
    const snapped = snapBoundaryVertices(mesh, s);
    const peeled = peel(mesh, s);
    const flipped = flipBadTets(mesh, s.targetDihedralDeg);
    const moved = smooth(mesh, s);
    if (snapped === 0 && peeled === 0 && flipped === 0 && moved === 0) break;
  }
}

/**
 * Removes slivers from `raw` (optimizeMesh's passes): in WebAssembly where it loads
 * (wasm-optimize.ts, the same mesh to the bit), else in JS on a WorkMesh over `raw`. The mesh
 * left, compacted (compactTetMesh: there too).
 */
export async function removeSlivers(raw: RawTetMesh, s: OptimizeSettings): Promise<CompactTetMesh> {
  const fromWasm = await optimizeInWasm(raw, s);
  if (fromWasm) return fromWasm.compact();
  const work = new WorkMesh(raw);
  await optimizeMesh(work, s);
  return work.compact();
}

/** The three corners (tet-local) of the face opposite each corner. */
const FACE_OF = [
  [1, 2, 3],
  [0, 2, 3],
  [0, 1, 3],
  [0, 1, 2],
];

/** Where boundary faces are compared with the input surface: barycentric sample points. */
const FACE_SAMPLES = [
  [1 / 3, 1 / 3, 1 / 3],
  [0.5, 0.5, 0],
  [0, 0.5, 0.5],
  [0.5, 0, 0.5],
  [2 / 3, 1 / 6, 1 / 6],
  [1 / 6, 2 / 3, 1 / 6],
  [1 / 6, 1 / 6, 2 / 3],
];

/**
 * Largest distance from sample points of face (a, b, c) to the input surface, m, over the samples
 * farther than `floor` (m; 0 when none is): a caller whose answer does not depend on distances
 * up to the floor passes it, and samples with an input triangle that near are not measured. With
 * `stopBeyond`, the first sample beyond the floor ends the search: for a caller that only asks
 * whether the deviation exceeds the floor, which the result then does exactly when the full
 * deviation does.
 */
function faceDeviation(
  p: Float64Array,
  a: number,
  b: number,
  c: number,
  bvh: TriangleBvh,
  cp: ClosestPoint,
  floor = 0,
  stopBeyond = false,
): number {
  let worst = 0;
  for (const [u, v, w] of FACE_SAMPLES) {
    const x = u * p[3 * a] + v * p[3 * b] + w * p[3 * c];
    const y = u * p[3 * a + 1] + v * p[3 * b + 1] + w * p[3 * c + 1];
    const z = u * p[3 * a + 2] + v * p[3 * b + 2] + w * p[3 * c + 2];
    if (anyTriangleWithin(bvh, x, y, z, Math.max(worst, floor))) continue;
    worst = Math.max(worst, closestPoint(bvh, x, y, z, cp).distance);
    if (stopBeyond && worst > floor) break;
  }
  return worst;
}

/**
 * A floor just under `threshold` (m) for a caller that takes max(threshold, deviation): the
 * distances it skips cannot reach the threshold, whatever the rounding of the two tests.
 */
function floorUnder(threshold: number): number {
  return threshold * (1 - 1e-9);
}

function isSurfaceKind(k: number): boolean {
  return k === VertexKind.surface || k === VertexKind.feature;
}

/** Exposed faces may stray this factor farther than the boundary faces a peeled tet had. */
const PEEL_SLACK = 1.25;

/** Removes bad boundary tets (see optimizeMesh), following newly exposed neighbours with a queue. */
function peel(mesh: WorkMesh, s: OptimizeSettings): number {
  const { positions: p, kind } = mesh;
  const cp = createClosestPoint();
  const queue: number[] = [];
  for (let t = 0; t < mesh.count; t++) {
    const n = mesh.nbr;
    if (mesh.alive[t] && (n[4 * t] < 0 || n[4 * t + 1] < 0 || n[4 * t + 2] < 0 || n[4 * t + 3] < 0))
      queue.push(t);
  }
  let removed = 0;
  let popped = 0;
  while (queue.length > 0) {
    if ((++popped & 4095) === 0) throwIfCancelled(s.signal);
    const t = queue.pop()!;
    const tets = mesh.tets;
    const nbr = mesh.nbr;
    if (!mesh.alive[t] || mesh.angle[t] >= s.peelDihedralDeg) continue;
    let boundaryFaces = 0;
    let surfaceCorners = 0;
    for (let i = 0; i < 4; i++) {
      if (nbr[4 * t + i] < 0) boundaryFaces++;
      if (isSurfaceKind(kind[tets[4 * t + i]])) surfaceCorners++;
    }
    // A tet with an inner corner is peeled only when at most one of its faces is inside, so
    // that no inner vertex gets exposed that was not on the boundary already.
    if (surfaceCorners < 4 && boundaryFaces < 3) continue;
    // The faces it exposes may stray no farther than the tolerance, or than the faces they
    // replace (with a little slack: both are as far off where the input is open).
    let replaced = 0;
    for (let i = 0; i < 4; i++) {
      if (nbr[4 * t + i] >= 0) continue;
      const [a, b, c] = FACE_OF[i];
      // Only a deviation past tolerance / PEEL_SLACK can raise the limit below.
      const floor = Math.max(replaced, floorUnder(s.surfaceTolerance / PEEL_SLACK));
      replaced = Math.max(
        replaced,
        faceDeviation(p, tets[4 * t + a], tets[4 * t + b], tets[4 * t + c], s.bvh, cp, floor),
      );
    }
    const limit = Math.max(s.surfaceTolerance, PEEL_SLACK * replaced);
    let strays = false;
    for (let i = 0; i < 4 && !strays; i++) {
      if (nbr[4 * t + i] < 0) continue;
      const [a, b, c] = FACE_OF[i];
      strays =
        faceDeviation(p, tets[4 * t + a], tets[4 * t + b], tets[4 * t + c], s.bvh, cp, limit, true) > limit;
    }
    if (strays) continue;
    for (let i = 0; i < 4; i++) if (nbr[4 * t + i] >= 0) queue.push(nbr[4 * t + i] >> 2);
    mesh.remove(t);
    removed++;
  }
  return removed;
}

/** Snapping may lower the smallest dihedral angle around a vertex down to this, degrees. */
const SNAP_FLOOR_DEG = 8;

/**
 * Moves each inner (lattice or Steiner) vertex that is a corner of a boundary face towards its
 * closest surface point: the whole way if its tets stay positive with a smallest dihedral
 * angle of at least min(current, SNAP_FLOOR_DEG), else ¾ or ½ of the way (flips and smoothing
 * then work on what it leaves). A vertex that reaches the
 * surface becomes a surface vertex. Returns how many moved.
 */
function snapBoundaryVertices(mesh: WorkMesh, s: OptimizeSettings): number {
  const { kind, tets, nbr } = mesh;
  const onBoundary = new Uint8Array(kind.length);
  let any = false;
  for (let t = 0; t < mesh.count; t++) {
    if (!mesh.alive[t]) continue;
    for (let i = 0; i < 4; i++) {
      if (nbr[4 * t + i] >= 0) continue;
      for (const k of FACE_OF[i]) {
        const v = tets[4 * t + k];
        if (!isSurfaceKind(kind[v])) {
          onBoundary[v] = 1;
          any = true;
        }
      }
    }
  }
  if (!any) return 0;
  const { start, list } = vertexTets(mesh, onBoundary);
  const c: SmoothContext = {
    mesh,
    start,
    list,
    bvh: s.bvh,
    surfaceTolerance: s.surfaceTolerance,
    cp: createClosestPoint(),
  };
  const p = mesh.positions;
  let moved = 0;
  for (let v = 0; v < kind.length; v++) {
    if ((v & 1023) === 1023) throwIfCancelled(s.signal);
    if (!onBoundary[v]) continue;
    const x0 = p[3 * v];
    const y0 = p[3 * v + 1];
    const z0 = p[3 * v + 2];
    closestPoint(s.bvh, x0, y0, z0, c.cp);
    const tx = c.cp.x;
    const ty = c.cp.y;
    const tz = c.cp.z;
    let current = 180;
    for (let k = start[v]; k < start[v + 1]; k++) current = Math.min(current, mesh.angle[list[k]]);
    const floor = Math.min(current, SNAP_FLOOR_DEG);
    for (const step of [1, 0.75, 0.5]) {
      p[3 * v] = Math.fround(x0 + step * (tx - x0));
      p[3 * v + 1] = Math.fround(y0 + step * (ty - y0));
      p[3 * v + 2] = Math.fround(z0 + step * (tz - z0));
      if (worstAround(c, v) >= floor) {
        for (let k = start[v]; k < start[v + 1]; k++) mesh.updateAngle(list[k]);
        if (step === 1) kind[v] = VertexKind.surface;
        moved++;
        break;
      }
      p[3 * v] = x0;
      p[3 * v + 1] = y0;
      p[3 * v + 2] = z0;
    }
  }
  return moved;
}

interface Incidence {
  start: Int32Array;
  list: Int32Array;
}

/**
 * Vertex → incident live tets, compressed rows, for the vertices flagged in `wanted` (the others
 * get empty rows: a pass that looks at a few hundred vertices does not scatter every tet).
 */
function vertexTets(mesh: WorkMesh, wanted: Uint8Array): Incidence {
  const vertexCount = mesh.kind.length;
  const start = new Int32Array(vertexCount + 1);
  const { tets, alive } = mesh;
  for (let t = 0; t < mesh.count; t++) {
    if (!alive[t]) continue;
    for (let k = 0; k < 4; k++) if (wanted[tets[4 * t + k]]) start[tets[4 * t + k] + 1]++;
  }
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
  const fill = start.slice(0, vertexCount);
  const list = new Int32Array(start[vertexCount]);
  for (let t = 0; t < mesh.count; t++) {
    if (!alive[t]) continue;
    for (let k = 0; k < 4; k++) if (wanted[tets[4 * t + k]]) list[fill[tets[4 * t + k]]++] = t;
  }
  return { start, list };
}

const STEPS = [1, 0.5, 0.25, 0.125];

function smooth(mesh: WorkMesh, s: OptimizeSettings): number {
  const { tets, kind } = mesh;
  const vertexCount = kind.length;
  const bad = new Uint8Array(vertexCount);
  let any = false;
  for (let t = 0; t < mesh.count; t++) {
    if (mesh.alive[t] && mesh.angle[t] < s.targetDihedralDeg) {
      for (let k = 0; k < 4; k++) bad[tets[4 * t + k]] = 1;
      any = true;
    }
  }
  if (!any) return 0;
  // Only vertices whose neighbourhood changed since the last try: the others would fail again.
  const attempt = mesh.touched;
  for (let v = 0; v < vertexCount; v++)
    bad[v] = bad[v] && attempt[v] && kind[v] !== VertexKind.feature ? 1 : 0;
  attempt.fill(0);
  const { start, list } = vertexTets(mesh, bad);
  const ctx: SmoothContext = {
    mesh,
    start,
    list,
    bvh: s.bvh,
    surfaceTolerance: s.surfaceTolerance,
    cp: createClosestPoint(),
  };
  let moved = 0;
  for (let v = 0; v < vertexCount; v++) {
    // A pass over a large boundary-heavy mesh takes seconds: poll for cancellation and time.
    if ((v & 1023) === 1023) throwIfCancelled(s.signal);
    if (!bad[v] || start[v] === start[v + 1]) continue;
    if (smoothVertex(ctx, v)) moved++;
  }
  return moved;
}

interface SmoothContext {
  mesh: WorkMesh;
  start: Int32Array;
  list: Int32Array;
  bvh: TriangleBvh;
  surfaceTolerance: number;
  cp: ClosestPoint;
}

/** Smallest dihedral angle over the tets around v, degrees; −1 if any is not positive. */
function worstAround(c: SmoothContext, v: number): number {
  const { tets, positions } = c.mesh;
  let worst = 180;
  for (let k = c.start[v]; k < c.start[v + 1]; k++) {
    const t = c.list[k];
    const d = minDihedralDeg(positions, tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3]);
    if (d < 0) return -1;
    if (d < worst) worst = d;
  }
  return worst;
}

/**
 * Largest deviation from the input surface of the boundary faces around v, m, over the samples
 * farther than `floor` (0 when none is); with `stopBeyond`, exceeding the floor exactly when the
 * full deviation does, sooner (see faceDeviation).
 */
function boundaryDeviationAround(c: SmoothContext, v: number, floor = 0, stopBeyond = false): number {
  const { tets, nbr, positions } = c.mesh;
  let worst = 0;
  for (let k = c.start[v]; k < c.start[v + 1]; k++) {
    const t = c.list[k];
    for (let i = 0; i < 4; i++) {
      if (nbr[4 * t + i] >= 0 || tets[4 * t + i] === v) continue;
      const [a, b, d] = FACE_OF[i];
      // Samples no farther than the worst so far cannot raise it.
      const dev = faceDeviation(
        positions,
        tets[4 * t + a],
        tets[4 * t + b],
        tets[4 * t + d],
        c.bvh,
        c.cp,
        Math.max(worst, floor),
        stopBeyond,
      );
      if (dev > worst) worst = dev;
      if (stopBeyond && worst > floor) return worst;
    }
  }
  return worst;
}

/** True when v is a corner of a boundary face. */
function onBoundary(c: SmoothContext, v: number): boolean {
  const { tets, nbr } = c.mesh;
  for (let k = c.start[v]; k < c.start[v + 1]; k++) {
    const t = c.list[k];
    for (let i = 0; i < 4; i++) if (nbr[4 * t + i] < 0 && tets[4 * t + i] !== v) return true;
  }
  return false;
}

/**
 * Tries to raise the smallest dihedral angle around v: first towards the centroid of its
 * neighbours (surface vertices: of its surface neighbours, then projected back onto the
 * surface) at steps 1, ½, ¼, ⅛; then, for an interior vertex, away from the face opposite it in
 * its worst tet (which lifts a sliver). Keeps the first position that improves, leaves every
 * tet positive and keeps nearby boundary faces within tolerance; returns whether v moved.
 */
function smoothVertex(c: SmoothContext, v: number): boolean {
  const { positions: p, tets, kind, angle } = c.mesh;
  const onSurface = kind[v] === VertexKind.surface;
  let cx = 0;
  let cy = 0;
  let cz = 0;
  let n = 0;
  let worstTet = -1;
  let worstAngle = 181;
  for (let k = c.start[v]; k < c.start[v + 1]; k++) {
    const t = c.list[k];
    if (angle[t] < worstAngle) {
      worstAngle = angle[t];
      worstTet = t;
    }
    for (let j = 0; j < 4; j++) {
      const u = tets[4 * t + j];
      if (u === v || (onSurface && !isSurfaceKind(kind[u]))) continue;
      cx += p[3 * u];
      cy += p[3 * u + 1];
      cz += p[3 * u + 2];
      n++;
    }
  }
  const x0 = p[3 * v];
  const y0 = p[3 * v + 1];
  const z0 = p[3 * v + 2];
  const before = worstAngle;
  // A vertex on the boundary may not pull its faces away from the input surface (the allowed
  // deviation is measured at the old position, once a candidate needs it).
  const boundary = onBoundary(c, v);
  let allowedDeviation = -1;
  const tryAt = (x: number, y: number, z: number): boolean => {
    if (onSurface) {
      closestPoint(c.bvh, x, y, z, c.cp);
      x = c.cp.x;
      y = c.cp.y;
      z = c.cp.z;
    }
    // Output coordinates are float32: judge the position that will be written.
    p[3 * v] = Math.fround(x);
    p[3 * v + 1] = Math.fround(y);
    p[3 * v + 2] = Math.fround(z);
    if (worstAround(c, v) <= before + 1e-9) return false;
    if (boundary) {
      if (allowedDeviation < 0) {
        const [x1, y1, z1] = [p[3 * v], p[3 * v + 1], p[3 * v + 2]];
        p[3 * v] = x0;
        p[3 * v + 1] = y0;
        p[3 * v + 2] = z0;
        allowedDeviation = Math.max(
          c.surfaceTolerance,
          boundaryDeviationAround(c, v, floorUnder(c.surfaceTolerance)),
        );
        p[3 * v] = x1;
        p[3 * v + 1] = y1;
        p[3 * v + 2] = z1;
      }
      if (boundaryDeviationAround(c, v, allowedDeviation, true) > allowedDeviation) return false;
    }
    for (let k = c.start[v]; k < c.start[v + 1]; k++) {
      c.mesh.updateAngle(c.list[k]);
      c.mesh.touchTet(c.list[k]);
    }
    return true;
  };
  if (n > 0) {
    cx /= n;
    cy /= n;
    cz /= n;
    for (const step of STEPS) {
      if (tryAt(x0 + step * (cx - x0), y0 + step * (cy - y0), z0 + step * (cz - z0))) return true;
    }
  }
  if (!onSurface && worstTet >= 0) {
    // Unit normal of the face opposite v in its worst tet, pointing towards v.
    const f: number[] = [];
    for (let k = 0; k < 4; k++) if (tets[4 * worstTet + k] !== v) f.push(tets[4 * worstTet + k]);
    const ux = p[3 * f[1]] - p[3 * f[0]];
    const uy = p[3 * f[1] + 1] - p[3 * f[0] + 1];
    const uz = p[3 * f[1] + 2] - p[3 * f[0] + 2];
    const wx = p[3 * f[2]] - p[3 * f[0]];
    const wy = p[3 * f[2] + 1] - p[3 * f[0] + 1];
    const wz = p[3 * f[2] + 2] - p[3 * f[0] + 2];
    let nx = uy * wz - uz * wy;
    let ny = uz * wx - ux * wz;
    let nz = ux * wy - uy * wx;
    const len = Math.hypot(nx, ny, nz);
    const scale = Math.sqrt(Math.hypot(ux, uy, uz) * Math.hypot(wx, wy, wz));
    if (len > 0 && scale > 0) {
      const side = nx * (x0 - p[3 * f[0]]) + ny * (y0 - p[3 * f[0] + 1]) + nz * (z0 - p[3 * f[0] + 2]);
      const sign = side >= 0 ? 1 : -1;
      nx = (sign * nx) / len;
      ny = (sign * ny) / len;
      nz = (sign * nz) / len;
      for (const step of [0.2, 0.1, 0.05]) {
        if (tryAt(x0 + step * scale * nx, y0 + step * scale * ny, z0 + step * scale * nz)) return true;
      }
    }
  }
  p[3 * v] = x0;
  p[3 * v + 1] = y0;
  p[3 * v + 2] = z0;
  return false;
}
