import { anyTriangleWithin, segmentWindingChange } from './closest-point.ts';
import { pauseForEvents, throwIfCancelled } from './errors.ts';
import { BCC_MEAN_EDGE, forEachBccPoint, type LatticeBox, latticeBox } from './lattice.ts';
import { MeshingState, VertexKind } from './meshing-state.ts';
import type { PreparedSurface } from './prepare-input.ts';
import { refine } from './refine.ts';
import { SurfaceIndex } from './surface-index.ts';
import { sampleSurface } from './surface-sampling.ts';
import type { TriangleBvh } from './triangle-bvh.ts';
import { windingNumber } from './winding-number.ts';
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
  const state = new MeshingState(
    bvh,
    surface.watertight,
    surface.min,
    surface.max,
    2 * (samples.count + lattice.windings.length),
  );
  s.progress(0.2, 'Delaunay');
  const cancelCheck = () => throwIfCancelled(s.guard);
  const kinds = samples.feature.map((f) => (f ? VertexKind.feature : VertexKind.surface));
  state.insertAll(samples.points, kinds, cancelCheck);
  // Lattice points keep `clearance` from the surface before their jitter, which moves them by
  // under 1e-4 × the cube size per axis: far less than the hundredth of it taken off here.
  state.insertAll(lattice.points, VertexKind.lattice, cancelCheck, 0.99 * clearance, lattice.windings);
  await pauseForEvents(s.guard);
  s.progress(0.4, 'refining');
  const index = SurfaceIndex.forEdge(h, surface.diagonal, surface.faceNormals);
  for (let k = 0; k < samples.count; k++) {
    const n = samples.normals;
    const p = samples.points;
    index.add(p[3 * k], p[3 * k + 1], p[3 * k + 2], n[3 * k], n[3 * k + 1], n[3 * k + 2]);
  }
  const finished = await refine(state, index, {
    edge: h,
    targetTets: s.targetTets,
    qualityBound: s.qualityBound,
    surfaceTolerance: s.surfaceTolerance,
    maxRounds: 10,
    stopAboveTets: s.stopAboveTets,
    guard: s.guard,
    progress: (f) => s.progress(0.4 + 0.3 * f, 'refining'),
  });
  if (!finished) return null;
  s.progress(0.7, 'carving');
  return extractInside(state);
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
  const out: number[] = [];
  const windings: number[] = [];
  // The winding numbers of the previous point and of the previous row's first point (NaN: none yet).
  let previousWinding = Number.NaN;
  let rowWinding = Number.NaN;
  // A jitter of 1e-4 × the cube size breaks the exact co-sphericity of lattice points (which
  // would send every insphere test near them down the slow exact-arithmetic path).
  const jitter = 1e-4 * box.a;
  let seed = 0x2545f491;
  const wobble = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return (seed / 4294967296 - 0.5) * jitter;
  };
  const previous = [0, 0, 0];
  const rowFirst = [0, 0, 0];
  forEachBccPoint(box, (x, y, z, rowStart) => {
    const from = rowStart ? rowFirst : previous;
    const base = rowStart ? rowWinding : previousWinding;
    // The winding number carried from `from` across the surface crossings between (NaN: not known).
    const carried =
      watertight && !Number.isNaN(base)
        ? base + segmentWindingChange(bvh, from[0], from[1], from[2], x, y, z)
        : Number.NaN;
    let winding: number;
    let inside: boolean;
    if (Number.isNaN(carried)) {
      const w = windingNumber(bvh, x, y, z);
      inside = w > 0.5;
      winding = Math.round(w);
    } else {
      winding = carried;
      inside = winding > 0.5;
    }
    previousWinding = winding;
    previous[0] = x;
    previous[1] = y;
    previous[2] = z;
    if (rowStart) {
      rowWinding = winding;
      rowFirst[0] = x;
      rowFirst[1] = y;
      rowFirst[2] = z;
    }
    const clear = inside && !anyTriangleWithin(bvh, x, y, z, clearance);
    if (inside && clear) {
      out.push(x + wobble(), y + wobble(), z + wobble());
      windings.push(winding);
    }
  });
  return { points: Float64Array.from(out), windings: Float64Array.from(windings) };
}

/** Compacts the inside tets (with their vertices and face adjacency) out of the Delaunay. */
export function extractInside(state: MeshingState): RawTetMesh {
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
