import type { TriMesh } from '../mesh/types.ts';
import { type ConformingSettings, meshConforming } from './conforming.ts';
import { embedPoints } from './embed.ts';
import { meshEmbedded } from './embedded.ts';
import { type AbortSignalLike, pauseForEvents, TetrahedralizeError, throwIfCancelled } from './errors.ts';
import { TETRA_LIMITS, type TetraLimits } from './limits.ts';
import { removeSlivers } from './optimize.ts';
import { checkOptions } from './options.ts';
import { type PreparedSurface, prepareSurface } from './prepare-input.ts';
import { measureQuality, type ReferenceSurface } from './quality.ts';
import { boundaryFaces, faceAdjacency } from './tet-adjacency.ts';
import {
  BOUNDARY_LAYER_PRIOR,
  edgeForTets,
  FIRST_MESH_BOUNDARY_LAYER,
  fitBoundaryLayer,
} from './tet-count-model.ts';
import { TriangleBvh } from './triangle-bvh.ts';
import {
  DEFAULT_TARGET_TETS,
  DEFAULT_TARGET_TETS_EMBEDDED,
  type ProgressCallback,
  type TetMesh,
  type TetrahedralizeOptions,
} from './types.ts';
import { windingNumber } from './winding-number.ts';
import { WorkGuard } from './work-guard.ts';

/** Volume of a regular tet with unit edge: 1 / (6√2). */
const REGULAR_TET_VOLUME = 1 / (6 * Math.SQRT2);
/** The finest resolution accepted, as a tet count (TETRA_LIMITS.tets; kept for callers). */
export const MAX_ESTIMATED_TETS = TETRA_LIMITS.tets;
/** Boundary faces may stray this far (× bbox diagonal) from the input before refinement adds points. */
const SURFACE_TOLERANCE = 0.003;
/** Sliver removal may not move or expose boundary faces farther than this (× diagonal) from the input. */
const OPTIMIZE_SURFACE_TOLERANCE = 0.008;
/** The smallest dihedral angle the optimisation aims for, degrees. */
const TARGET_DIHEDRAL_DEG = 15;
/** All-surface boundary tets below this smallest dihedral angle are peeled off, degrees. */
const PEEL_DIHEDRAL_DEG = 10;
/**
 * The thinnest solid meshed, as its mean thickness (2 × volume / area) ÷ target edge: thinner,
 * both faces' samples form flat slivers that refinement splits down to the thickness, making
 * tens of times the tets asked for, of poor quality, slowly (a plate 1/8 of the edge thick:
 * 26× the target, 28 s). A plate half the edge thick meshes at the target with good tets.
 */
const MIN_THICKNESS_PER_EDGE = 0.25;
/**
 * Float32 spacing (the output's precision) at the mesh, × target edge, above which positions
 * cannot resolve the tets: rounding then flattens or inverts them.
 */
const MAX_FLOAT32_SPACING_PER_EDGE = 0.2;

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
  const { mode, qualityBound, seed, timeLimitS, limits } = checkOptions(options);
  const guard = new WorkGuard(limits, signal, timeLimitS);
  const progress = (fraction: number, stage: string) => {
    guard.stage = stage;
    onProgress?.(Math.min(1, Math.max(0, fraction)), stage);
  };
  throwIfCancelled(guard);
  progress(0, 'preparing surface');
  const surface = prepareSurface(mesh);
  const bvh = new TriangleBvh(surface);
  const enclosed = surface.watertight ? surface.signedVolume : estimateSolidVolume(surface, bvh);
  if (!(enclosed > 0)) throw noVolume();
  const asked = resolveEdgeLength(options, mode, enclosed, surface, limits);
  // The embedded lattice encloses the surface whatever its thickness.
  const edge = mode === 'conforming' ? edgeForThickness(enclosed, surface.area, asked, limits) : asked;
  checkResolvable(surface, edge);
  // Longer, so the checks made for `edge` hold for it too.
  const aimedEdge = aimForBoundaryLayer(edge, options, mode, enclosed, surface);
  await pauseForEvents(guard);
  const reference: ReferenceSurface = {
    bvh,
    diagonal: surface.diagonal,
    enclosedVolume: surface.watertight ? surface.signedVolume : null,
  };
  if (mode === 'embedded') {
    progress(0.1, 'building lattice');
    const lattice =
      options.edgeLengthM === undefined
        ? await latticeNearTarget(surface, bvh, edge, targetTetCount(options, mode), guard, progress)
        : meshEmbedded(surface, bvh, edge, guard);
    progress(0.6, 'embedding');
    await pauseForEvents(guard);
    const result = finish(lattice.positions, lattice.tets, reference, 'embedded');
    result.embedding = embedPoints(result.positions, result.tets, mesh.positions);
    progress(1, 'done');
    return result;
  }
  const target = targetTetCount(options, mode);
  // `round`: 0 for the first mesh, k for the k-th remeshing for the target. The first reports
  // 5–95%, each remeshing half of what is left, so progress never goes back.
  const conform = (edgeM: number, surfaceToleranceM: number, round: number, stopAboveTets?: number) =>
    conformingMesh(surface, bvh, {
      edge: edgeM,
      targetTets: options.edgeLengthM === undefined ? target : enclosed / (edgeM ** 3 * REGULAR_TET_VOLUME),
      qualityBound,
      surfaceTolerance: surfaceToleranceM,
      stopAboveTets,
      seed,
      progress: (f, stage) => {
        if (round === 0) return progress(0.05 + 0.9 * f, stage);
        const start = 1 - 0.05 * 0.5 ** (round - 1);
        progress(start + 0.025 * 0.5 ** (round - 1) * f, `${stage} (for the tet target, round ${round})`);
      },
      guard,
    });
  const forTarget = options.edgeLengthM === undefined;
  const keepAtMost = (1 + CONFORMING_TARGET_SLACK) * target;
  const tolerance = SURFACE_TOLERANCE * surface.diagonal;
  // For a target, a first mesh that refinement alone takes past what sliver removal could
  // bring back within the slack is given up there: it would be remeshed anyway.
  let draft = await conform(
    aimedEdge,
    tolerance,
    0,
    forTarget ? keepAtMost / OPTIMIZE_KEEPS_AT_LEAST : undefined,
  );
  if (forTarget && (draft === null || draft.tets.length / 4 > keepAtMost)) {
    const model = { volume: enclosed, area: surface.area };
    draft =
      (await conformingNearTarget(draft, aimedEdge, target, model, conform, (e) =>
        edgeForThickness(enclosed, surface.area, e, limits),
      )) ??
      // Every remeshing lost the solid and the first was given up early: the first, in full.
      (await conform(aimedEdge, tolerance, CONFORMING_TARGET_ROUNDS + 1));
  }
  if (draft === null) throw noVolume();
  const result = finish(draft.positions, draft.tets, reference, 'conforming', draft.surface);
  // A boundary that follows the input loosely: the input surface is the render mesh.
  if (draft.surfaceToleranceM !== undefined) {
    result.surfaceToleranceM = draft.surfaceToleranceM;
    result.embedding = embedPoints(result.positions, result.tets, mesh.positions);
  }
  progress(1, 'done');
  return result;
}

/**
 * Sliver removal (peeling boundary slivers) keeps at least this fraction of the tets that
 * refinement made: 0.87–0.99 on the corpus from 1,000 to 50,000 tets.
 */
const OPTIMIZE_KEEPS_AT_LEAST = 0.85;

/**
 * A conforming mesh before its quality report (measured once, for the mesh kept): float32
 * positions, tets and boundary triangles; surfaceToleranceM as in TetMesh.
 */
interface ConformingDraft {
  positions: Float32Array;
  tets: Uint32Array;
  surface: Uint32Array;
  surfaceToleranceM?: number;
}

/**
 * The conforming pipeline: mesh, round to float32, remove slivers, compact. Null when meshing
 * passed settings.stopAboveTets.
 */
async function conformingMesh(
  surface: PreparedSurface,
  bvh: TriangleBvh,
  settings: ConformingSettings,
): Promise<ConformingDraft | null> {
  const { guard, progress } = settings;
  const raw = await meshConforming(surface, bvh, {
    ...settings,
    progress: (f, stage) => progress(0.8 * f, stage),
  });
  if (raw === null) return null;
  if (raw.tets.length === 0) throw noVolume();
  await pauseForEvents(guard);
  progress(0.8, 'removing slivers');
  roundToFloat32(raw.positions);
  const compact = await removeSlivers(raw, {
    targetDihedralDeg: TARGET_DIHEDRAL_DEG,
    peelDihedralDeg: PEEL_DIHEDRAL_DEG,
    passes: 6,
    bvh,
    // Sliver removal may stray a little farther than meshing, never less than its tolerance.
    surfaceTolerance: Math.max(OPTIMIZE_SURFACE_TOLERANCE * surface.diagonal, settings.surfaceTolerance),
    signal: guard,
  });
  progress(0.95, 'measuring');
  if (compact.tets.length === 0) throw noVolume();
  guard.check('tets', compact.tets.length / 4, (n) => `The mesh came out with ${n} tets`);
  // No check for inverted tets here: finish makes it on the mesh kept, in the measuring pass
  // (a second pass over every tet in JS cost a first call 3–5 ms).
  return { positions: Float32Array.from(compact.positions), tets: compact.tets, surface: compact.surface };
}

/**
 * A conforming mesh more than this over its tet target is remeshed with a looser surface
 * tolerance (the curved boundary alone adds 5–15% at the usual tolerance, which stands).
 */
const CONFORMING_TARGET_SLACK = 0.15;
/** A remeshing this close to the target is kept at once. */
const CONFORMING_TARGET_TOLERANCE = 0.1;
/**
 * The boundary's tolerance, × edge, when a target is below what the 0.3%-of-diagonal tolerance
 * allows: boundary faces an edge wide cannot follow a curved surface closer than about h²κ/8, so
 * holding them to a fixed fraction of the diagonal refines the boundary until it, not the target,
 * sets the count (spot.obj at 100 tets: 3,873). A simplified surface does not help: spot reduced
 * to 100 triangles with meshoptimizer still gave 4,058 tets, its creases refined the same way.
 */
const COARSE_TOLERANCE_PER_EDGE = 0.3;
/** Failures of a remeshing for the target after which the closest mesh so far is returned. */
const KEEP_CLOSEST_ON = new Set<TetrahedralizeError['reason']>(['no-volume', 'too-thin', 'failed']);
/** Conforming builds at most for a target, after the first. */
const CONFORMING_TARGET_ROUNDS = 5;

/**
 * The conforming mesh nearest `target`: the boundary follows the input within
 * COARSE_TOLERANCE_PER_EDGE × edge, and each round takes the edge at which the tet-count model
 * (tet-count-model.ts) gives the target, within the thickness rule (edgeForThickness). The first
 * round's boundary-layer β is the model's prior, or the first mesh's when smaller (its tighter
 * boundary adds at least as many tets as the looser one); each later round fits β to the last
 * mesh. The first mesh (made with the usual tolerance; null when it was given up early) is kept
 * when no round comes closer; the result records the looser tolerance it was made with. Null when
 * there is no first mesh and every round lost the solid.
 */
async function conformingNearTarget(
  first: ConformingDraft | null,
  firstEdge: number,
  target: number,
  model: { volume: number; area: number },
  conform: (edge: number, surfaceToleranceM: number, round: number) => Promise<ConformingDraft | null>,
  fitThickness: (edge: number) => number,
): Promise<ConformingDraft | null> {
  let best = first;
  let bestError =
    first === null ? Number.POSITIVE_INFINITY : Math.abs(Math.log(first.tets.length / 4 / target));
  const { volume, area } = model;
  const firstBeta = first === null ? null : fitBoundaryLayer(volume, area, firstEdge, first.tets.length / 4);
  const beta = Math.min(BOUNDARY_LAYER_PRIOR, firstBeta ?? BOUNDARY_LAYER_PRIOR);
  let edge = firstEdge;
  try {
    edge = fitThickness(edgeForTets(volume, area, target, beta));
  } catch (error) {
    // Too thin for the longer edge: the first edge, with the looser boundary.
    if (!(error instanceof TetrahedralizeError && KEEP_CLOSEST_ON.has(error.reason))) throw error;
  }
  for (let round = 0; round < CONFORMING_TARGET_ROUNDS; round++) {
    const toleranceM = COARSE_TOLERANCE_PER_EDGE * edge;
    let mesh: ConformingDraft | null;
    try {
      mesh = await conform(edge, toleranceM, round + 1);
    } catch (error) {
      // A remeshing that loses the solid (a needle's whole width is within the tolerance) or
      // fails leaves the closest mesh so far standing; cancellation and limits still stop the run.
      if (error instanceof TetrahedralizeError && KEEP_CLOSEST_ON.has(error.reason)) break;
      throw error;
    }
    if (mesh === null) break;
    const count = mesh.tets.length / 4;
    mesh.surfaceToleranceM = toleranceM;
    const error = Math.abs(Math.log(count / target));
    if (error < bestError) {
      best = mesh;
      bestError = error;
    }
    if (Math.abs(count / target - 1) <= CONFORMING_TARGET_TOLERANCE) break;
    const fitted = fitBoundaryLayer(volume, area, edge, count);
    let next: number;
    try {
      next = fitThickness(
        fitted === null ? edge * Math.cbrt(count / target) : edgeForTets(volume, area, target, fitted),
      );
    } catch (error) {
      // Too thin for a longer edge: the closest mesh so far stands.
      if (error instanceof TetrahedralizeError && KEEP_CLOSEST_ON.has(error.reason)) break;
      throw error;
    }
    if (next === edge) break;
    edge = next;
  }
  return best;
}

/**
 * Lattice builds at most for an embedded tet target: the first edge (volume ÷ target regular tets)
 * leaves out the boundary layer of cut cells, 30–200% more tets than asked on the corpus.
 */
const TARGET_ROUNDS = 6;
/** A lattice this close to the target count is kept at once. */
const TARGET_TOLERANCE = 0.08;

/**
 * The embedded lattice whose tet count is nearest `target` within TARGET_ROUNDS builds: each round
 * scales the edge by (count/target)^(1/3), the count of a lattice going as edge⁻³; lattices are
 * cheap (a build takes a fraction of a conforming mesh's time), so the few extra builds buy a
 * count within about ±10% from 100 to 100,000 tets.
 */
async function latticeNearTarget(
  surface: ReturnType<typeof prepareSurface>,
  bvh: TriangleBvh,
  firstEdge: number,
  target: number,
  guard: WorkGuard,
  progress: (fraction: number, stage: string) => void,
): Promise<ReturnType<typeof meshEmbedded>> {
  let edge = firstEdge;
  let best: ReturnType<typeof meshEmbedded> | undefined;
  let bestError = Number.POSITIVE_INFINITY;
  for (let round = 0; round < TARGET_ROUNDS; round++) {
    const lattice = meshEmbedded(surface, bvh, edge, guard);
    const count = lattice.tets.length / 4;
    const error = Math.abs(Math.log(count / target));
    if (error < bestError) {
      best = lattice;
      bestError = error;
    }
    if (Math.abs(count / target - 1) <= TARGET_TOLERANCE || count === 0) break;
    edge *= Math.cbrt(count / target);
    progress(0.1 + (0.5 * (round + 1)) / TARGET_ROUNDS, 'building lattice');
    await pauseForEvents(guard);
  }
  return best as ReturnType<typeof meshEmbedded>;
}

/** The tet count asked for (or the mode's default). */
function targetTetCount(options: TetrahedralizeOptions, mode: 'conforming' | 'embedded'): number {
  return options.targetTetCount ?? (mode === 'embedded' ? DEFAULT_TARGET_TETS_EMBEDDED : DEFAULT_TARGET_TETS);
}

function noVolume(): TetrahedralizeError {
  return new TetrahedralizeError(
    'no-volume',
    'The mesh encloses no volume (a flat or open sheet): it is a cloth candidate; simulate it as cloth as it is.',
  );
}

/**
 * Target edge length, m: the explicit one, or the one that fills the enclosed volume with
 * about the target number of regular tets. Refuses a resolution whose estimated tet or surface
 * sample count passes its limit.
 */
export function resolveEdgeLength(
  options: TetrahedralizeOptions,
  mode: 'conforming' | 'embedded',
  enclosedVolume: number,
  surface: { diagonal: number; area: number },
  limits: TetraLimits = TETRA_LIMITS,
): number {
  let edge: number;
  if (options.edgeLengthM !== undefined) {
    edge = options.edgeLengthM;
    if (typeof edge !== 'number' || !Number.isFinite(edge) || edge <= 0) {
      throw new TetrahedralizeError(
        'invalid-option',
        `The edge length must be a positive number of metres, got ${edge}.`,
      );
    }
  } else {
    const count = targetTetCount(options, mode);
    if (typeof count !== 'number' || !Number.isFinite(count) || count < 1) {
      throw new TetrahedralizeError(
        'invalid-option',
        `The target tet count must be a positive number, got ${count}.`,
      );
    }
    edge = Math.cbrt(enclosedVolume / (count * REGULAR_TET_VOLUME));
  }
  const estimated = enclosedVolume / (edge ** 3 * REGULAR_TET_VOLUME);
  if (estimated * limits.tetsOverEstimate > limits.tets) {
    const most = Math.floor(limits.tets / limits.tetsOverEstimate / 10_000) * 10_000;
    throw new TetrahedralizeError(
      'invalid-option',
      `An edge length of ${edge.toPrecision(3)} m would make about ${Math.round(estimated).toLocaleString('en-US')} tets, ` +
        `and a result can land ${Math.round((limits.tetsOverEstimate - 1) * 100)}% above that; the limit is ` +
        `${limits.tets.toLocaleString('en-US')}. Choose a longer edge or at most ${most.toLocaleString('en-US')} tets.`,
    );
  }
  // The surface is sampled at about the edge length: a large thin part can need far more
  // surface points than its volume suggests.
  const samples = surface.area / (0.5 * edge * edge);
  if (mode === 'conforming' && samples > limits.surfaceSamples) {
    throw new TetrahedralizeError(
      'invalid-option',
      `An edge length of ${edge.toPrecision(3)} m would put about ${Math.round(samples).toLocaleString('en-US')} points on the surface; ` +
        `the limit is ${limits.surfaceSamples.toLocaleString('en-US')}. Choose a longer edge or fewer tets.`,
    );
  }
  return Math.min(edge, surface.diagonal);
}

/**
 * For a conforming tet target: the longer edge at which the tet-count model gives the target
 * with a boundary layer of FIRST_MESH_BOUNDARY_LAYER, so that the first mesh (the one with the
 * usual surface tolerance) lands near the target instead of 5–40% over it and needing a
 * remeshing; at most MAX_AIM × `edge`, and only for a solid at least MIN_AIM_THICKNESS_PER_EDGE
 * edges thick (2 × volume / area), where the boundary is a layer and the model holds. Else `edge`.
 */
function aimForBoundaryLayer(
  edge: number,
  options: TetrahedralizeOptions,
  mode: 'conforming' | 'embedded',
  enclosedVolume: number,
  surface: { diagonal: number; area: number },
): number {
  if (mode !== 'conforming' || options.edgeLengthM !== undefined) return edge;
  const target = targetTetCount(options, mode);
  const aimed = Math.min(
    MAX_AIM * edge,
    surface.diagonal,
    edgeForTets(enclosedVolume, surface.area, target, FIRST_MESH_BOUNDARY_LAYER),
  );
  const thickness = (2 * enclosedVolume) / surface.area;
  if (!(aimed > edge) || thickness < MIN_AIM_THICKNESS_PER_EDGE * aimed) return edge;
  return aimed;
}

/** The most aimForBoundaryLayer lengthens the edge (1.1: 25% fewer tets). */
const MAX_AIM = 1.1;
/**
 * Thinner than this (mean thickness ÷ edge) the boundary layers of opposite faces meet and the
 * count model overstates the boundary's tets (a 1 mm × 1 mm × 1 m needle: 0.7).
 */
const MIN_AIM_THICKNESS_PER_EDGE = 2;

/**
 * The edge length for a solid of mean thickness 2 × volume / area (the thickness of a plate,
 * ⅔ of a ball's radius): `edge` when the solid is at least MIN_THICKNESS_PER_EDGE × it thick;
 * else the edge that fits when that costs at most targetTetsFloor tets (a tiny target on a
 * small part); else a refusal saying what edge and tet count would fit. Cheap, and it catches
 * plates and needles before any work; a thin part of an otherwise thick solid is left to the
 * work limits.
 */
function edgeForThickness(volume: number, area: number, edge: number, limits: TetraLimits): number {
  const thickness = (2 * volume) / area;
  if (thickness >= MIN_THICKNESS_PER_EDGE * edge) return edge;
  const fitEdge = thickness / MIN_THICKNESS_PER_EDGE;
  const fitTets = volume / (fitEdge ** 3 * REGULAR_TET_VOLUME);
  if (fitTets <= limits.targetTetsFloor) return fitEdge;
  const fits =
    fitTets <= limits.tets
      ? `an edge of ${fitEdge.toPrecision(2)} m or less (about ${roundTo2(fitTets)} tets or more) would fit it; or thicken it`
      : `tets that fit it (an edge of ${fitEdge.toPrecision(2)} m) would number about ${roundTo2(fitTets)}, over the limit of ${limits.tets.toLocaleString('en-US')}: thicken it, or simulate it as cloth (a shell)`;
  throw new TetrahedralizeError(
    'too-thin',
    `The mesh is on average ${thickness.toPrecision(2)} m thick (2 × volume / area), thinner than the ${edge.toPrecision(2)} m target edge allows ` +
      `(at least ${MIN_THICKNESS_PER_EDGE} × the edge): ${fits}.`,
  );
}

/** A count with two significant figures, grouped ("4,100,000"). */
function roundTo2(n: number): string {
  return Number(n.toPrecision(2)).toLocaleString('en-US');
}

/**
 * Refuses a mesh so far from the origin that float32 (the output's position type) cannot
 * resolve the target edge there: at 1e7 m float32 positions are 1 m apart, so the vertices of
 * a finely meshed unit cube collapse onto its corners and its tets flatten or invert. The
 * meshing itself runs in doubles and would succeed; it is the result that cannot hold it.
 */
function checkResolvable(surface: PreparedSurface, edge: number): void {
  const reach = Math.max(...surface.min.map(Math.abs), ...surface.max.map(Math.abs));
  const spacing = float32Spacing(reach);
  if (spacing <= MAX_FLOAT32_SPACING_PER_EDGE * edge) return;
  const within = float32ReachFor(MAX_FLOAT32_SPACING_PER_EDGE * edge);
  throw new TetrahedralizeError(
    'too-far',
    `The mesh lies up to ${reach.toPrecision(3)} m from the origin, where float32 positions (what a tet mesh stores) are ` +
      `${spacing.toPrecision(2)} m apart: too coarse for the ${edge.toPrecision(2)} m edge. Move it to within ` +
      `${within.toPrecision(2)} m of the origin (place it in the scene instead), or choose a longer edge.`,
  );
}

/** Distance between adjacent float32 values near `x` (x ≥ 0), m. */
function float32Spacing(x: number): number {
  if (x < 2 ** -126) return 2 ** -149;
  return 2 ** (Math.floor(Math.log2(x)) - 23);
}

/** The largest distance from the origin at which float32 values are at most `spacing` apart. */
function float32ReachFor(spacing: number): number {
  return 2 ** (Math.floor(Math.log2(spacing)) + 24);
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
  positions: Float64Array | Float32Array,
  tets: Uint32Array,
  reference: ReferenceSurface,
  mode: 'conforming' | 'embedded',
  boundary?: Uint32Array,
): TetMesh {
  const out = positions instanceof Float32Array ? positions : Float32Array.from(positions);
  const surface = boundary ?? boundaryFaces(tets, faceAdjacency(tets, out.length / 3));
  const quality = measureQuality({ positions: out, tets, surface }, reference);
  if (quality.invertedTets > 0) throw inverted(quality.invertedTets);
  return { positions: out, tets, surface, quality, mode };
}

function inverted(count: number): TetrahedralizeError {
  return new TetrahedralizeError('failed', `${count} tets came out inverted; please report this mesh.`);
}
