import type { Embedding } from './embed.ts';
import type { AbortSignalLike } from './errors.ts';
import type { TetraLimits } from './limits.ts';
import type { QualityReport } from './quality.ts';

/**
 * - 'conforming': the tet boundary follows the input surface (within 1% of its bbox diagonal, or
 *   within a fraction of the edge for a tet target too low for that: see surfaceToleranceM);
 * - 'embedded': a coarser lattice of tets that contains the whole input surface, which is then
 *   skinned to the tets by barycentric coordinates (see `embedding`).
 */
export type TetraMode = 'conforming' | 'embedded';

export interface TetrahedralizeOptions {
  /** Default 'conforming'. */
  mode?: TetraMode;
  /** Target edge length, m. Takes precedence over `targetTetCount`. */
  edgeLengthM?: number;
  /**
   * Approximate number of tets wanted: embedded mode lands within about ±10%; conforming mode
   * within about ±15% (five corpus meshes: −7%…+14% from 100 to 20,000 tets), remeshing with a boundary
   * that follows the surface within a fraction of the edge when the usual tolerance would take
   * more tets (see TetMesh.surfaceToleranceM). Default DEFAULT_TARGET_TETS.
   */
  targetTetCount?: number;
  /**
   * Radius-edge ratio bound for refinement: tets whose circumradius / shortest edge exceeds it
   * get a Steiner point at their circumcentre. Default 2; values below 1.2 are refused (they
   * need not terminate).
   */
  qualityBound?: number;
  /** Seed for the deterministic random choices (sampling order, insertion order). */
  seed?: number;
  /**
   * Wall-time limit, s: a run that takes longer stops with TetrahedralizeError('limit') at its
   * next poll point (between stages, and every few thousand points, tets or triangles within
   * them), so it may overrun by a fraction of a second. Default none.
   */
  timeLimitS?: number;
  /** Lower work limits than TETRA_LIMITS (a preview with a smaller budget); higher are refused. */
  limits?: Partial<TetraLimits>;
}

/**
 * Default resolution when neither an edge length nor a tet count is given: the edge length
 * that fills the enclosed volume with this many regular tets (conforming mode; the curved
 * boundary usually adds 5–20%).
 */
export const DEFAULT_TARGET_TETS = 20_000;
/** Default resolution of the embedded lattice (coarser: the render mesh carries the detail). */
export const DEFAULT_TARGET_TETS_EMBEDDED = 5_000;

/** Called with the overall fraction done in [0, 1] and the name of the running stage. */
export type ProgressCallback = (fraction: number, stage: string) => void;

/** A tetrahedral mesh ready for simulation. */
export interface TetMesh {
  /** Vertex positions, m, xyz interleaved. */
  positions: Float32Array;
  /**
   * 4 vertex ids per tet, each tet positively oriented: signed volume
   * det[b−a, c−a, d−a] / 6 > 0 for tet (a, b, c, d).
   */
  tets: Uint32Array;
  /** Boundary triangles, 3 ids each, counter-clockwise seen from outside. */
  surface: Uint32Array;
  quality: QualityReport;
  mode: TetraMode;
  /**
   * Where each vertex of the input surface (the render mesh) sits in the tets: embedded mode, and
   * conforming mode when `surfaceToleranceM` is set.
   */
  embedding?: Embedding;
  /**
   * Conforming mode, set when the tet target was below what the usual surface tolerance (0.3% of
   * the bbox diagonal) allows: the boundary follows the input surface within this distance, m,
   * (a fraction of the edge) and the input surface is embedded as the render mesh.
   */
  surfaceToleranceM?: number;
}

export type { AbortSignalLike };
