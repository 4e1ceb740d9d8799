import type { TriMesh } from '../mesh/types.ts';
import { meshConforming } from './conforming.ts';
import { embedPoints } from './embed.ts';
import { meshEmbedded } from './embedded.ts';
import { type AbortSignalLike, pauseForEvents, TetrahedralizeError, throwIfCancelled } from './errors.ts';
import { optimizeMesh } from './optimize.ts';
import { type PreparedSurface, prepareSurface } from './prepare-input.ts';
import { measureQuality, type ReferenceSurface } from './quality.ts';
import { boundaryFaces, faceAdjacency } from './tet-adjacency.ts';
import { TriangleBvh } from './triangle-bvh.ts';
import {
  DEFAULT_TARGET_TETS,
  DEFAULT_TARGET_TETS_EMBEDDED,
  type ProgressCallback,
  type TetMesh,
  type TetrahedralizeOptions,
} from './types.ts';
import { windingNumber } from './winding-number.ts';
import { WorkMesh } from './work-mesh.ts';

/** Volume of a regular tet with unit edge: 1 / (6√2). */
const REGULAR_TET_VOLUME = 1 / (6 * Math.SQRT2);
/** The finest resolution accepted, as an estimated tet count (memory and time guard). */
export const MAX_ESTIMATED_TETS = 4_000_000;
/** The most surface sample points accepted (memory and time guard). */
const MAX_SURFACE_SAMPLES = 1_000_000;
/** Boundary faces may stray this far (× bbox diagonal) from the input before refinement adds points. */
const SURFACE_TOLERANCE = 0.003;
/** Sliver removal may not move or expose boundary faces farther than this (× diagonal) from the input. */
const OPTIMIZE_SURFACE_TOLERANCE = 0.008;
/** The smallest dihedral angle the optimisation aims for, degrees. */
const TARGET_DIHEDRAL_DEG = 15;
/** All-surface boundary tets below this smallest dihedral angle are peeled off, degrees. */
const PEEL_DIHEDRAL_DEG = 10;
const DEFAULT_QUALITY_BOUND = 2;

/**
 * Turns a triangle mesh into a tet mesh (see TetrahedralizeOptions for the modes and
 * controls). Inside is where the generalized winding number of the input exceeds ½, so open,
 * multi-part and self-intersecting surfaces still give a solid. Reports progress, checks
 * `signal` throughout and yields to the event loop between stages so that an abort can
 * arrive; every failure is a TetrahedralizeError.
 */
export async function tetrahedralize(
  mesh: TriMesh,
  options: TetrahedralizeOptions = {},
  onProgress?: ProgressCallback,
  signal?: AbortSignalLike,
): Promise<TetMesh> {
  const mode = options.mode ?? 'conforming';
  if (mode !== 'conforming' && mode !== 'embedded') {
    throw new TetrahedralizeError(
      'invalid-option',
      `mode must be 'conforming' or 'embedded', got '${String(mode)}'.`,
    );
  }
  const qualityBound = options.qualityBound ?? DEFAULT_QUALITY_BOUND;
  if (!Number.isFinite(qualityBound) || qualityBound < 1) {
    throw new TetrahedralizeError(
      'invalid-option',
      `The quality bound (largest radius-edge ratio) must be a number ≥ 1, got ${qualityBound}.`,
    );
  }
  const progress = (fraction: number, stage: string) =>
    onProgress?.(Math.min(1, Math.max(0, fraction)), stage);
  throwIfCancelled(signal);
  progress(0, 'preparing surface');
  const surface = prepareSurface(mesh);
  const bvh = new TriangleBvh(surface);
  const enclosed = surface.watertight ? surface.signedVolume : estimateSolidVolume(surface, bvh);
  if (!(enclosed > 0)) throw noVolume();
  const edge = resolveEdgeLength(options, mode, enclosed, surface);
  await pauseForEvents(signal);
  const reference: ReferenceSurface = {
    bvh,
    diagonal: surface.diagonal,
    enclosedVolume: surface.watertight ? surface.signedVolume : null,
  };
  if (mode === 'embedded') {
    progress(0.1, 'building lattice');
    const lattice = meshEmbedded(surface, bvh, edge, signal);
    progress(0.6, 'embedding');
    await pauseForEvents(signal);
    const result = finish(lattice.positions, lattice.tets, reference, 'embedded');
    result.embedding = embedPoints(result.positions, result.tets, mesh.positions);
    progress(1, 'done');
    return result;
  }
  const raw = await meshConforming(surface, bvh, {
    edge,
    qualityBound,
    surfaceTolerance: SURFACE_TOLERANCE * surface.diagonal,
    seed: options.seed ?? 1,
    progress: (f, stage) => progress(0.05 + 0.75 * f, stage),
    signal,
  });
  if (raw.tets.length === 0) throw noVolume();
  await pauseForEvents(signal);
  progress(0.8, 'removing slivers');
  roundToFloat32(raw.positions);
  const work = new WorkMesh(raw);
  await optimizeMesh(work, {
    targetDihedralDeg: TARGET_DIHEDRAL_DEG,
    peelDihedralDeg: PEEL_DIHEDRAL_DEG,
    passes: 6,
    bvh,
    surfaceTolerance: OPTIMIZE_SURFACE_TOLERANCE * surface.diagonal,
    signal,
  });
  progress(0.95, 'measuring');
  const compact = work.compact();
  if (compact.tets.length === 0) throw noVolume();
  const result = finish(compact.positions, compact.tets, reference, 'conforming', compact.surface);
  progress(1, 'done');
  return result;
}

function noVolume(): TetrahedralizeError {
  return new TetrahedralizeError(
    'no-volume',
    'The mesh encloses no volume (a flat or open sheet): it is a cloth candidate; simulate it as cloth as it is.',
  );
}

/**
 * Target edge length, m: the explicit one, or the one that fills the enclosed volume with
 * about the target number of regular tets.
 */
export function resolveEdgeLength(
  options: TetrahedralizeOptions,
  mode: 'conforming' | 'embedded',
  enclosedVolume: number,
  surface: { diagonal: number; area: number },
): number {
  let edge: number;
  if (options.edgeLengthM !== undefined) {
    edge = options.edgeLengthM;
    if (!Number.isFinite(edge) || edge <= 0) {
      throw new TetrahedralizeError(
        'invalid-option',
        `The edge length must be a positive number of metres, got ${edge}.`,
      );
    }
  } else {
    const fallback = mode === 'embedded' ? DEFAULT_TARGET_TETS_EMBEDDED : DEFAULT_TARGET_TETS;
    const count = options.targetTetCount ?? fallback;
    if (!Number.isFinite(count) || count < 1) {
      throw new TetrahedralizeError(
        'invalid-option',
        `The target tet count must be a positive number, got ${count}.`,
      );
    }
    edge = Math.cbrt(enclosedVolume / (count * REGULAR_TET_VOLUME));
  }
  const estimated = enclosedVolume / (edge ** 3 * REGULAR_TET_VOLUME);
  if (estimated > MAX_ESTIMATED_TETS) {
    throw new TetrahedralizeError(
      'invalid-option',
      `An edge length of ${edge.toPrecision(3)} m would make about ${Math.round(estimated).toLocaleString('en-US')} tets; ` +
        `the limit is ${MAX_ESTIMATED_TETS.toLocaleString('en-US')}. Choose a longer edge or fewer tets.`,
    );
  }
  // The surface is sampled at about the edge length: a large thin part can need far more
  // surface points than its volume suggests.
  const samples = surface.area / (0.5 * edge * edge);
  if (mode === 'conforming' && samples > MAX_SURFACE_SAMPLES) {
    throw new TetrahedralizeError(
      'invalid-option',
      `An edge length of ${edge.toPrecision(3)} m would put about ${Math.round(samples).toLocaleString('en-US')} points on the surface; ` +
        `the limit is ${MAX_SURFACE_SAMPLES.toLocaleString('en-US')}. Choose a longer edge or fewer tets.`,
    );
  }
  return Math.min(edge, surface.diagonal);
}

/**
 * Volume inside the surface (winding number > ½) from a 24³ grid of cell-centre samples over
 * the bounding box, m³: enough to size the target edge length for open or overlapping input.
 */
export function estimateSolidVolume(surface: PreparedSurface, bvh: TriangleBvh): number {
  const n = 24;
  const size = [0, 1, 2].map((k) => surface.max[k] - surface.min[k]);
  let inside = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      for (let k = 0; k < n; k++) {
        const x = surface.min[0] + ((i + 0.5) / n) * size[0];
        const y = surface.min[1] + ((j + 0.5) / n) * size[1];
        const z = surface.min[2] + ((k + 0.5) / n) * size[2];
        if (windingNumber(bvh, x, y, z) > 0.5) inside++;
      }
    }
  }
  return (inside / n ** 3) * size[0] * size[1] * size[2];
}

/** Rounds coordinates to float32 so that the checks made from here on hold for the output. */
function roundToFloat32(p: Float64Array): void {
  for (let i = 0; i < p.length; i++) p[i] = Math.fround(p[i]);
}

/** Float32 positions, boundary (computed unless given) and the quality report. */
function finish(
  positions: Float64Array,
  tets: Uint32Array,
  reference: ReferenceSurface,
  mode: 'conforming' | 'embedded',
  boundary?: Uint32Array,
): TetMesh {
  const out = Float32Array.from(positions);
  const surface = boundary ?? boundaryFaces(tets, faceAdjacency(tets, out.length / 3));
  const quality = measureQuality({ positions: out, tets, surface }, reference);
  if (quality.invertedTets > 0) {
    throw new TetrahedralizeError(
      'failed',
      `${quality.invertedTets} tets came out inverted; please report this mesh.`,
    );
  }
  return { positions: out, tets, surface, quality, mode };
}
