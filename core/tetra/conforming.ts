import { Float64List } from '../math/float64-list.ts';
import { Lcg } from '../math/lcg.ts';
import { segmentWindingChangeJs, triangleWithinJs } from './closest-point.ts';
import { pauseForEvents } from './errors.ts';
import { BCC_MEAN_EDGE, type BccVisitor, forEachBccPoint, type LatticeBox, latticeBox } from './lattice.ts';
import { type MeshingState, VertexKind } from './meshing-state.ts';
import type { PreparedSurface } from './prepare-input.ts';
import { type RefineSettings, refine } from './refine.ts';
import { SurfaceIndex, surfaceIndexStart } from './surface-index.ts';
import { sampleSurface } from './surface-sampling.ts';
import type { TriangleBvh } from './triangle-bvh.ts';
import { newMeshingState, WasmMeshingState } from './wasm-meshing.ts';
import { surfaceQueriesOf } from './wasm-surface-queries.ts';
import { windingNumberJs } from './winding-number.ts';
import type { WorkGuard } from './work-guard.ts';

/** The raw result of meshing, before optimisation: compact arrays in doubles. */
export interface RawTetMesh {
  positions: Float64Array;
  tets: Int32Array;
  /** Per vertex: a VertexKind value. */
  kind: Uint8Array;
  /** Per tet face: the neighbour across it as 4·tet + face, or −1 on the boundary. */
  nbr: Int32Array;
}

export interface ConformingSettings {
  /** Target edge length, m. */
  edge: number;
  /** The tet count the edge length was chosen for. */
  targetTets: number;
  /** Radius-edge bound. */
  qualityBound: number;
  /** Largest distance of a boundary face centroid from the input surface, m. */
  surfaceTolerance: number;
  /** Give up (meshConforming returns null) once refinement passes this many inside tets. */
  stopAboveTets?: number;
  seed: number;
  progress: (fraction: number, stage: string) => void;
  /** Cancellation, the time limit and the work limits. */
  guard: WorkGuard;
}

/** Lattice points keep this distance (× edge) from the surface, so boundary tets stay fat. */
const LATTICE_CLEARANCE = 0.5;

/**
 * Samples the surface, fills the inside with a BCC lattice, builds the Delaunay
 * tetrahedralization, refines it for quality and surface fidelity, and keeps the tets whose
 * centroid has winding number > ½. Null when refinement passed s.stopAboveTets.
 */
export async function meshConforming(
  surface: PreparedSurface,
  bvh: TriangleBvh,
  s: ConformingSettings,
): Promise<RawTetMesh | null> {
  const h = s.edge;
  s.progress(0, 'sampling surface');
  const samples = sampleSurface(surface, h, s.seed, s.guard);
  await pauseForEvents(s.guard);
  s.progress(0.1, 'filling interior');
  const a = h / BCC_MEAN_EDGE;
  const clearance = LATTICE_CLEARANCE * h;
  const lattice = interiorLattice(
    latticeBox(surface.min, surface.max, a, 0),
    bvh,
    clearance,
    surface.watertight,
  );
  await pauseForEvents(s.guard);
  const state = newMeshingState(
    bvh,
    surface.watertight,
    surface.min,
    surface.max,
    2 * (samples.count + lattice.windings.length),
  );
  s.progress(0.2, 'Delaunay');
  const kinds = samples.feature.map((f) => (f ? VertexKind.feature : VertexKind.surface));
  state.insertAll(samples.points, kinds, s.guard);
  // Lattice points keep `clearance` from the surface before their jitter, which moves them by
  // under 1e-4 × the cube size per axis: far less than the hundredth of it taken off here.
  state.insertAll(lattice.points, VertexKind.lattice, s.guard, 0.99 * clearance, lattice.windings);
  await pauseForEvents(s.guard);
  s.progress(0.4, 'refining');
  const start = surfaceIndexStart(h, surface.diagonal, surface.faceNormals, samples);
  const settings: RefineSettings = {
    edge: h,
    targetTets: s.targetTets,
    qualityBound: s.qualityBound,
    surfaceTolerance: s.surfaceTolerance,
    maxRounds: 10,
    stopAboveTets: s.stopAboveTets,
    guard: s.guard,
    progress: (f) => s.progress(0.4 + 0.3 * f, 'refining'),
  };
  const finished =
    state instanceof WasmMeshingState
      ? await state.refine(start, settings)
      : await refine(state, SurfaceIndex.from(start), settings);
  if (!finished) return null;
  s.progress(0.7, 'carving');
  return state instanceof WasmMeshingState ? state.extractInside() : extractInside(state);
}

/**
 * The BCC lattice points (xyz interleaved) inside the surface (winding number > ½) and at least
 * `clearance` (m) from it, with their winding numbers (integers for a watertight surface).
 * For a watertight surface the winding number is an integer off the surface and changes
 * by ±1 only where the surface is crossed, so a point takes the previous point of its row's winding
 * number plus the crossings between them (segmentWindingChange), a row's first point the previous
 * row's first point's likewise, and only the very first point, or a point whose segment grazes a
 * triangle's edge, needs a winding number computed.
 */
function interiorLattice(
  box: LatticeBox,
  bvh: TriangleBvh,
  clearance: number,
  watertight: boolean,
): { points: Float64Array; windings: Float64Array } {
  const wasm = surfaceQueriesOf(bvh);
  if (wasm) return wasm.interiorLattice(box, clearance, watertight, 1e-4 * box.a);
  return interiorLatticeJs(box, bvh, clearance, watertight);
}

/**
 * interiorLattice in JS: the reference that wasm-surface-queries.ts follows float for float, and
 * the fallback where WebAssembly is missing.
 */
export function interiorLatticeJs(
  box: LatticeBox,
  bvh: TriangleBvh,
  clearance: number,
  watertight: boolean,
): { points: Float64Array; windings: Float64Array } {
  const lattice = new InteriorLattice(bvh, clearance, watertight, 1e-4 * box.a);
  forEachBccPoint(box, lattice);
  return { points: lattice.points.toArray(), windings: lattice.windings.toArray() };
}

/** interiorLattice's visitor: keeps the points inside and clear of the surface, jittered. */
class InteriorLattice implements BccVisitor {
  readonly points = new Float64List();
  readonly windings = new Float64List();
  // The winding numbers of the previous point and of the previous row's first point (NaN: none yet).
  private previousWinding = Number.NaN;
  private rowWinding = Number.NaN;
  private readonly previous = new Float64Array(3);
  private readonly rowFirst = new Float64Array(3);
  private readonly rng = new Lcg(0x2545f491);

  /**
   * `jitterM`: the width (m) of the jitter per axis, 1e-4 × the cube size (a kept point moves by
   * under half of it): it breaks the exact co-sphericity of lattice points (which would send every
   * insphere test near them down the slow exact-arithmetic path).
   */
  constructor(
    private readonly bvh: TriangleBvh,
    private readonly clearance: number,
    private readonly watertight: boolean,
    private readonly jitterM: number,
  ) {}

  visit(x: number, y: number, z: number, rowStart: boolean): void {
    const bvh = this.bvh;
    const from = rowStart ? this.rowFirst : this.previous;
    const base = rowStart ? this.rowWinding : this.previousWinding;
    // The winding number carried from `from` across the surface crossings between (NaN: not known).
    const carried =
      this.watertight && !Number.isNaN(base)
        ? base + segmentWindingChangeJs(bvh, from[0], from[1], from[2], x, y, z)
        : Number.NaN;
    let winding: number;
    let inside: boolean;
    if (Number.isNaN(carried)) {
      const w = windingNumberJs(bvh, x, y, z);
      inside = w > 0.5;
      winding = Math.round(w);
    } else {
      winding = carried;
      inside = winding > 0.5;
    }
    this.previousWinding = winding;
    this.previous[0] = x;
    this.previous[1] = y;
    this.previous[2] = z;
    if (rowStart) {
      this.rowWinding = winding;
      this.rowFirst[0] = x;
      this.rowFirst[1] = y;
      this.rowFirst[2] = z;
    }
    if (!inside || triangleWithinJs(bvh, x, y, z, this.clearance) >= 0) return;
    const rng = this.rng;
    const jitter = this.jitterM;
    this.points.push3(
      x + (rng.next() - 0.5) * jitter,
      y + (rng.next() - 0.5) * jitter,
      z + (rng.next() - 0.5) * jitter,
    );
    this.windings.push(winding);
  }
}

/** Compacts the inside tets (with their vertices and face adjacency) out of the Delaunay. */
export function extractInside(state: Pick<MeshingState, 'dt' | 'isInside' | 'kind'>): RawTetMesh {
  const dt = state.dt;
  const tetId = new Int32Array(dt.slotCount).fill(-1);
  let tetCount = 0;
  for (let t = 0; t < dt.slotCount; t++) if (dt.tetAlive[t] && state.isInside(t)) tetId[t] = tetCount++;
  const remap = new Int32Array(dt.vertexCount).fill(-1);
  const tets = new Int32Array(4 * tetCount);
  const nbr = new Int32Array(4 * tetCount);
  const pos = new Float64Array(3 * dt.vertexCount);
  const kind = new Uint8Array(dt.vertexCount);
  let vertexCount = 0;
  for (let t = 0; t < dt.slotCount; t++) {
    const id = tetId[t];
    if (id < 0) continue;
    for (let k = 0; k < 4; k++) {
      const v = dt.tetVerts[4 * t + k];
      if (remap[v] < 0) {
        remap[v] = vertexCount;
        pos[3 * vertexCount] = dt.coords[3 * v];
        pos[3 * vertexCount + 1] = dt.coords[3 * v + 1];
        pos[3 * vertexCount + 2] = dt.coords[3 * v + 2];
        kind[vertexCount] = state.kind[v];
        vertexCount++;
      }
      tets[4 * id + k] = remap[v];
      const nb = dt.tetNbrs[4 * t + k];
      const other = nb >= 0 ? tetId[nb >> 2] : -1;
      nbr[4 * id + k] = other >= 0 ? 4 * other + (nb & 3) : -1;
    }
  }
  return { positions: pos.slice(0, 3 * vertexCount), tets, kind: kind.slice(0, vertexCount), nbr };
}
