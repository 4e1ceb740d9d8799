import { Float64List } from '../math/float64-list.ts';
import { FACE, SUPER_VERTEX_COUNT } from './delaunay.ts';
import { pauseForEvents, throwIfCancelled } from './errors.ts';
import { type MeshingState, VertexKind } from './meshing-state.ts';
import { RefinementLimits } from './refine-limits.ts';
import type { SurfaceIndex, SurfacePointPurpose } from './surface-index.ts';
import { circumcenter, minDihedralDeg } from './tet-geometry.ts';
import { VertexPairSet } from './vertex-pair-set.ts';
import type { WorkGuard } from './work-guard.ts';

export interface RefineSettings {
  /** Target edge length, m. */
  edge: number;
  /** The tet count the edge length was chosen for (for TETRA_LIMITS.tetsPerTarget). */
  targetTets: number;
  /** Radius-edge bound. */
  qualityBound: number;
  /** Largest allowed distance of a boundary face centroid or edge midpoint from the input surface, m. */
  surfaceTolerance: number;
  maxRounds: number;
  /**
   * Stop early (refine returns false) once the inside tets outnumber this: a run whose count
   * is already past what its caller would keep. Default: never.
   */
  stopAboveTets?: number;
  /** Cancellation, the time limit, and the tet and refinement-point limits checked here. */
  guard: WorkGuard;
  progress: (fraction: number) => void;
}

/** Circumcentres closer than this (× edge) to the surface are replaced by a surface point. */
export const STEINER_CLEARANCE = 0.35;
/** Tets with a smallest dihedral angle below this (degrees) are refined like bad tets (wasm/assembly/mesher.ts has it too). */
const SLIVER_DEG = 8;
/** Tets with a circumradius below this (× edge) are left alone (no edges shorter than it). */
export const SMALLEST_RADIUS = 0.35;

/**
 * Delaunay refinement in rounds. Each round looks at the tets created since the last round and
 * queues:
 * - for boundary faces (between an inside and an outside tet) that stray from the input
 *   surface (a corner that is not a surface point, or a centroid or edge midpoint farther than
 *   the tolerance): the closest surface point;
 * - for inside tets with circumradius / shortest edge above the bound, or a smallest dihedral
 *   angle below SLIVER_DEG: the circumcentre when it lies inside and clear of the surface,
 *   else the surface point closest to it (which improves both the tet and the boundary: the
 *   usual encroachment rule).
 * Circumcentres go in at once (so that neighbours sharing nearly the same circumsphere do not
 * each add a point), surface points at the end of the round in BRIO order. Surface points too
 * close to a same-facing surface vertex are skipped (see SurfaceIndex) and tets smaller than
 * SMALLEST_RADIUS × edge are left alone, which bounds the refinement; the round limit bounds
 * it again. Neither bounds the work of one round on input with features far below the edge,
 * so the points inserted and the inside tets are counted as they grow and checked against
 * their limits (TETRA_LIMITS refinePoints, refinePointsPerStartPoint, tets, tetsPerTarget).
 * Refinement only adds points, so the inside count only grows: it returns false as soon as that
 * count passes s.stopAboveTets (checked once a round), true when refinement ran to its end.
 */
export async function refine(
  state: MeshingState,
  surfaceIndex: SurfaceIndex,
  s: RefineSettings,
): Promise<boolean> {
  const refinement = new Refinement(state, surfaceIndex, s);
  for (let round = 0; round < s.maxRounds; round++) {
    await pauseForEvents(s.guard);
    s.progress(round / s.maxRounds);
    if (!refinement.round()) return false;
    if (refinement.converged) break;
  }
  return refinement.tetsWithinStop();
}

/**
 * One refinement's state, its steps as methods: each loop of a round is a method of its own, and
 * what the loops call are methods too, not closures made per call. V8 optimizes a loop that runs
 * long while its function runs (OSR) and keeps that code for the next call; a closure made per
 * call is a new call target there, and code after the loop never run when it was compiled is
 * left by deoptimizing, so with closures and one long function every run of the mesher threw its
 * refinement code away again for several runs.
 */
class Refinement {
  private readonly dt: MeshingState['dt'];
  private readonly cc = new Float64Array(3);
  private readonly cp = new Float64Array(3);
  /** Circumcentres closer than this (m) to the surface are replaced by a surface point. */
  private readonly clear: number;
  /** Tets with a circumradius below this (m) are left alone. */
  private readonly smallest: number;
  /** Per tet slot: its stamp when last looked at (a tet not looked at since it was made differs). */
  private checked: Uint32Array;
  /** Per tet slot: 1 while it is in this round's fresh list. */
  private fresh: Uint8Array;
  /** Surface points queued this round, xyz. */
  private readonly surfacePts = new Float64List();
  /** Edges whose midpoint lies within the surface tolerance. */
  private readonly edgesNearSurface = new VertexPairSet();
  private readonly guard: WorkGuard;
  private readonly limits: RefinementLimits;
  /** Whether the last round found nothing to add. */
  converged = false;

  constructor(
    private readonly state: MeshingState,
    private readonly surfaceIndex: SurfaceIndex,
    private readonly s: RefineSettings,
  ) {
    const dt = state.dt;
    this.dt = dt;
    this.clear = STEINER_CLEARANCE * s.edge;
    this.smallest = SMALLEST_RADIUS * s.edge;
    this.checked = new Uint32Array(dt.tetAlive.length);
    this.fresh = new Uint8Array(dt.tetAlive.length);
    this.guard = s.guard;
    this.limits = new RefinementLimits(
      s.guard,
      dt.vertexCount - SUPER_VERTEX_COUNT,
      s.targetTets,
      s.stopAboveTets,
    );
  }

  /** One round; false when the inside tets passed stopAboveTets. */
  round(): boolean {
    this.surfacePts.length = 0;
    const dt = this.dt;
    if (this.checked.length < dt.tetAlive.length) {
      const grown = new Uint32Array(dt.tetAlive.length);
      grown.set(this.checked);
      this.checked = grown;
      this.fresh = new Uint8Array(dt.tetAlive.length);
    }
    const freshList = this.freshTets();
    const badTets = this.scan(freshList);
    for (const t of freshList) this.fresh[t] = 0;
    if (!this.tetsWithinStop()) return false;
    const steiner = this.insertCircumcentres(badTets);
    if (this.surfacePts.length === 0 && steiner === 0) {
      this.converged = true;
      return true;
    }
    this.limits.inserted += this.state.insertAll(this.surfacePts.toArray(), VertexKind.surface, this.guard);
    this.limits.checkInserted();
    return true;
  }

  /** The live tets made since they were last looked at, marked in `fresh`. */
  private freshTets(): number[] {
    const dt = this.dt;
    const checked = this.checked;
    const fresh = this.fresh;
    const freshList: number[] = [];
    const slots = dt.slotCount;
    for (let t = 0; t < slots; t++) {
      if (dt.tetAlive[t] && checked[t] !== dt.tetStamp[t]) {
        fresh[t] = 1;
        freshList.push(t);
      }
    }
    return freshList;
  }

  /**
   * Looks at the fresh tets: queues surface points for their boundary faces that stray from the
   * surface; returns the bad inside tets as (slot, stamp) pairs, handled after the scan.
   */
  private scan(freshList: readonly number[]): number[] {
    const dt = this.dt;
    const state = this.state;
    const checked = this.checked;
    const fresh = this.fresh;
    const cc = this.cc;
    const smallest = this.smallest;
    const qualityBound = this.s.qualityBound;
    const badTets: number[] = [];
    const tv = dt.tetVerts;
    for (const t of freshList) {
      checked[t] = dt.tetStamp[t];
      const inside = state.isInside(t);
      for (let i = 0; i < 4; i++) {
        const nb = dt.tetNbrs[4 * t + i];
        const u = nb >> 2;
        // A face between two fresh tets is looked at from the lower slot only.
        if (nb >= 0 && fresh[u] && u < t) continue;
        const insideU = nb >= 0 && state.isInside(u);
        if (inside === insideU) continue;
        this.checkFace(tv[4 * t + FACE[i][0]], tv[4 * t + FACE[i][1]], tv[4 * t + FACE[i][2]]);
      }
      if (!inside) continue;
      const r = circumcenter(dt.coords, tv[4 * t], tv[4 * t + 1], tv[4 * t + 2], tv[4 * t + 3], cc);
      if (!(r > smallest) || !Number.isFinite(r)) continue;
      if (
        r > qualityBound * shortestEdge(dt.coords, tv[4 * t], tv[4 * t + 1], tv[4 * t + 2], tv[4 * t + 3]) ||
        minDihedralDeg(dt.coords, tv[4 * t], tv[4 * t + 1], tv[4 * t + 2], tv[4 * t + 3]) < SLIVER_DEG
      ) {
        badTets.push(t, dt.tetStamp[t]);
      }
    }
    return badTets;
  }

  /**
   * Inserts the circumcentres of the bad tets still alive that lie inside and clear of the
   * surface, and queues the surface point closest to each other one; returns the circumcentres
   * inserted.
   */
  private insertCircumcentres(badTets: readonly number[]): number {
    const dt = this.dt;
    const state = this.state;
    const cc = this.cc;
    const clear = this.clear;
    let steiner = 0;
    let counted = 0;
    for (let k = 0; k < badTets.length; k += 2) {
      const t = badTets[k];
      if (!dt.tetAlive[t] || dt.tetStamp[t] !== badTets[k + 1]) continue;
      // Read again after every insert: an insert may replace the arrays (wasm-delaunay.ts's are
      // views that a growing memory leaves empty).
      const tv = dt.tetVerts;
      circumcenter(dt.coords, tv[4 * t], tv[4 * t + 1], tv[4 * t + 2], tv[4 * t + 3], cc);
      const winding = state.windingNear(t, cc[0], cc[1], cc[2]);
      if (winding > 0.5 && !state.surfaceWithin(cc[0], cc[1], cc[2], clear)) {
        // No triangle within `clear` of it: that is its clearance.
        if (state.insert(cc[0], cc[1], cc[2], VertexKind.steiner, clear, winding) >= 0) steiner++;
      } else {
        this.queueSurface(cc[0], cc[1], cc[2], 'quality');
      }
      if ((k & 2047) === 0) {
        this.limits.inserted += steiner - counted;
        counted = steiner;
        this.limits.checkInserted();
        // One round can add most of the tets: cheap bounds (the live tets, then the tets not yet
        // classified counted as inside) are checked as it goes, the exact count only past the limit.
        if (dt.liveTetCount > this.limits.allowedTets && insideTetBound(state) > this.limits.allowedTets)
          this.tetsWithinStop();
        throwIfCancelled(this.guard);
      }
    }
    this.limits.inserted += steiner - counted;
    return steiner;
  }

  /** RefinementLimits.tetsWithinStop over this state. */
  tetsWithinStop(): boolean {
    return this.limits.tetsWithinStop(this.dt.liveTetCount, () => this.state.insideCount());
  }

  private queueSurface(x: number, y: number, z: number, purpose: SurfacePointPurpose): void {
    const cp = this.cp;
    this.state.closestSurfacePoint(x, y, z, cp);
    if (this.surfaceIndex.tryAdd(cp[0], cp[1], cp[2], this.state.lastTriangle(), purpose))
      this.surfacePts.push3(cp[0], cp[1], cp[2]);
  }

  private checkFace(a: number, b: number, c: number): void {
    const state = this.state;
    const p = this.dt.coords;
    if (!state.onSurface(a)) this.queueSurface(p[3 * a], p[3 * a + 1], p[3 * a + 2], 'fidelity');
    if (!state.onSurface(b)) this.queueSurface(p[3 * b], p[3 * b + 1], p[3 * b + 2], 'fidelity');
    if (!state.onSurface(c)) this.queueSurface(p[3 * c], p[3 * c + 1], p[3 * c + 2], 'fidelity');
    // Centroid and edge midpoints: barycentric (⅓, ⅓, ⅓), (½, ½, 0), (0, ½, ½), (½, 0, ½).
    for (let k = 0; k < 4; k++) {
      // The edge of a midpoint: (a, b), (b, c), (a, c); a midpoint already found near the surface
      // is again (vertices do not move here), from this face or the other one on that edge.
      const u = k === 2 ? b : a;
      const v = k === 1 ? b : c;
      if (k > 0 && this.edgesNearSurface.has(u, v)) continue;
      const wa = k === 0 ? 1 / 3 : k === 2 ? 0 : 0.5;
      const wb = k === 0 ? 1 / 3 : k === 3 ? 0 : 0.5;
      const wc = 1 - wa - wb;
      const x = wa * p[3 * a] + wb * p[3 * b] + wc * p[3 * c];
      const y = wa * p[3 * a + 1] + wb * p[3 * b + 1] + wc * p[3 * c + 1];
      const z = wa * p[3 * a + 2] + wb * p[3 * b + 2] + wc * p[3 * c + 2];
      if (!state.surfaceWithin(x, y, z, this.s.surfaceTolerance)) this.queueSurface(x, y, z, 'fidelity');
      else if (k > 0) this.edgesNearSurface.add(u, v);
    }
  }
}

/** Live tets classified inside or not classified yet: at least the inside count, without winding numbers. */
function insideTetBound(state: MeshingState): number {
  const dt = state.dt;
  let count = 0;
  for (let t = 0; t < dt.slotCount; t++) {
    if (dt.tetAlive[t] && (!state.isClassified(t) || state.isInside(t))) count++;
  }
  return count;
}

function shortestEdge(p: Float64Array, a: number, b: number, c: number, d: number): number {
  // The six edges without an array per call (this runs for every fresh inside tet).
  const best = Math.min(
    distance2(p, a, b),
    distance2(p, a, c),
    distance2(p, a, d),
    distance2(p, b, c),
    distance2(p, b, d),
    distance2(p, c, d),
  );
  return Math.sqrt(best);
}

function distance2(p: Float64Array, u: number, v: number): number {
  const dx = p[3 * u] - p[3 * v];
  const dy = p[3 * u + 1] - p[3 * v + 1];
  const dz = p[3 * u + 2] - p[3 * v + 2];
  return dx * dx + dy * dy + dz * dz;
}
