/**
 * Tetrahedralization: triangle mesh → tet mesh (conforming or embedded), quality, embedding,
 * file formats.
 *
 * Conforming pipeline (tetrahedralize.ts): weld and clean the input (prepare-input.ts), build a
 * triangle BVH; sample the surface at the target edge length with creases and corners kept
 * (surface-sampling.ts) and fill the inside with a BCC lattice (lattice.ts); Delaunay
 * tetrahedralization of all points (delaunay.ts: Bowyer–Watson on exact predicates, BRIO +
 * Hilbert order, walking point location); Delaunay refinement for radius-edge quality, slivers
 * and surface fidelity (refine.ts); keep the tets whose centroid has generalized winding number
 * > ½ (winding-number.ts, fast BVH dipole approximation); then sliver removal by peeling,
 * 2-3/3-2 flips and smoothing (optimize.ts, flips.ts); finally the quality report (quality.ts).
 *
 * What a run may cost is one table (limits.ts): estimates refuse plainly too fine a target before
 * meshing, and the tets, refinement points and sample candidates are counted as they grow, so
 * thin, needle-like or junk input ends in seconds with a mesh or a TetrahedralizeError naming
 * the limit; options.ts checks the options and their ranges.
 *
 * Conventions: positions in metres; every tet (a, b, c, d) has signed volume
 * det[b−a, c−a, d−a] / 6 > 0 (TetGen's and gmsh's order too); boundary triangles are
 * counter-clockwise seen from outside. Default resolution: DEFAULT_TARGET_TETS regular tets'
 * worth of edge length (DEFAULT_TARGET_TETS_EMBEDDED in embedded mode).
 */
export { compileTetraModulesAhead } from './compile-ahead.ts';
export { deformEmbedded, type Embedding, embedPoints } from './embed.ts';
export { type AbortSignalLike, TetrahedralizeError, type TetrahedralizeFailure } from './errors.ts';
export { TETRA_LIMITS, type TetraLimit, type TetraLimits } from './limits.ts';
export { MIN_QUALITY_BOUND } from './options.ts';
export { measureQuality, type QualityReport } from './quality.ts';
export { parseTetgenMesh } from './tetgen-format.ts';
export { MAX_ESTIMATED_TETS, tetrahedralize } from './tetrahedralize.ts';
export {
  DEFAULT_TARGET_TETS,
  DEFAULT_TARGET_TETS_EMBEDDED,
  type ProgressCallback,
  type TetMesh,
  type TetrahedralizeOptions,
  type TetraMode,
} from './types.ts';
export {
  formatForPath,
  type OutputFile,
  type TetFileFormat,
  tetMeshFiles,
  toGmsh22,
  toJson,
  toTetgenEle,
  toTetgenNode,
} from './writers.ts';
