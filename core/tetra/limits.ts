/**
 * What one tetrahedralization may cost, in one table. The estimates made before meshing
 * (tetrahedralize.ts) refuse what is plainly too large; the counts made while it runs stop what
 * no estimate foresees: a part thinner than the edge, a needle, a soup of crossing triangles,
 * where refinement keeps adding points. A run past a limit ends with TetrahedralizeError('limit')
 * naming what grew, how far it got and the limit, so a user can tell which knob to turn and a
 * developer can find the number to change.
 *
 * The values leave room for every mesh of the test corpus at the finest resolution the tet limit
 * allows; a caller may lower them (TetrahedralizeOptions.limits), never raise them.
 */
export const TETRA_LIMITS = {
  /** Tets of one result: estimated before meshing, counted during refinement and at the end. */
  tets: 4_000_000,
  /**
   * How far above the estimate a result may land (the corpus at its finest: up to 7%): an
   * estimate within this factor of `tets` is refused before meshing, rather than after a
   * minute and a half of meshing that ends over the limit.
   */
  tetsOverEstimate: 1.1,
  /**
   * Tets refinement may make, as a multiple of the target (the count the edge length was chosen
   * for, at least targetTetsFloor). The corpus meshes land within 1.5× of it; a soup of
   * crossing triangles or a part far thinner than the edge goes past 8× and spends a minute
   * refining and removing slivers from a mesh of poor tets.
   */
  tetsPerTarget: 6,
  /** Targets below this count as this for tetsPerTarget (a coarse target on a detailed surface). */
  targetTetsFloor: 2_000,
  /** Points sampled on the input surface, estimated from its area (each is a Delaunay vertex). */
  surfaceSamples: 1_000_000,
  /** Candidate points the surface sampler looks at (its time grows with them, ~0.5 µs each). */
  surfaceCandidates: 20_000_000,
  /**
   * Points refinement may insert: refinePoints plus this many per point it started from
   * (surface samples and interior lattice). The corpus meshes need 0.01–0.6 per start point at
   * the default resolution; only input with features far below the edge keeps refinement
   * going past a few.
   */
  refinePointsPerStartPoint: 4,
  /**
   * Points refinement may insert whatever it started from: a coarse target on a detailed
   * surface refines a lot relative to its few start points, and cheaply (a second or two).
   */
  refinePoints: 100_000,
  /** Cells of the embedded mode's lattice (its padded bounding box). */
  latticeCells: 2_000_000,
} as const;

export type TetraLimit = keyof typeof TETRA_LIMITS;
export type TetraLimits = { [K in TetraLimit]: number };

/**
 * The sentence for a run past a limit: what was found, how much the limit allows and its name
 * (or `reckoned`: how the allowance was reckoned from the limits, when it scales with the
 * input), and what to do.
 */
export function overTetraLimit(
  limit: TetraLimit,
  found: string,
  allowed: number,
  reckoned: string,
  advice: string,
): string {
  const how = reckoned || `tetra limit ${limit}`;
  return `${found}, more than the ${Math.floor(allowed).toLocaleString('en-US')} allowed (${how}). ${advice}`;
}
