import type { WorkGuard } from './work-guard.ts';

/**
 * Refinement's limits (TETRA_LIMITS refinePoints, refinePointsPerStartPoint, tets, tetsPerTarget)
 * and its early stop, kept by the host whichever implementation refines (refine.ts, or
 * wasm-meshing.ts's module, which calls back here): the points inserted so far and the checks
 * that throw past a limit with its reckoning.
 */
export class RefinementLimits {
  /** Points inserted so far. */
  inserted = 0;
  /** The refinement points allowed (refinePoints + refinePointsPerStartPoint × start points). */
  private readonly allowed: number;
  /** The tet target the limits are reckoned from (at least TETRA_LIMITS targetTetsFloor). */
  private readonly target: number;
  /** The inside tets allowed: TETRA_LIMITS tets, and tetsPerTarget × target. */
  readonly allowedTets: number;
  /** RefineSettings.stopAboveTets, or +∞. */
  private readonly stopAbove: number;

  /**
   * startPoints: the points the triangulation held before refinement; targetTets: the tet count
   * the edge length was chosen for.
   */
  constructor(
    private readonly guard: WorkGuard,
    private readonly startPoints: number,
    targetTets: number,
    stopAboveTets: number | undefined,
  ) {
    const { refinePoints, refinePointsPerStartPoint } = guard.limits;
    this.allowed = refinePoints + refinePointsPerStartPoint * startPoints;
    this.target = Math.max(targetTets, guard.limits.targetTetsFloor);
    this.allowedTets = Math.min(guard.limits.tets, guard.limits.tetsPerTarget * this.target);
    this.stopAbove = stopAboveTets ?? Number.POSITIVE_INFINITY;
  }

  /**
   * Checks the inside tets against the tet limits (throwing past one); returns whether they are
   * within stopAbove. While all the live tets are within both, the inside ones are, uncounted:
   * insideCount is called only past them.
   */
  tetsWithinStop(liveTets: number, insideCount: () => number): boolean {
    if (liveTets <= Math.min(this.allowedTets, this.stopAbove)) return true;
    const guard = this.guard;
    const tets = insideCount();
    guard.check('tets', tets, (n) => `Refinement made ${n} tets`);
    guard.check(
      'tetsPerTarget',
      tets,
      (n) => `Refinement made ${n} tets`,
      this.target,
      () =>
        `tetra limit tetsPerTarget: ${guard.limits.tetsPerTarget} × the target of ${Math.round(this.target).toLocaleString('en-US')}`,
    );
    return tets <= this.stopAbove;
  }

  /** Checks the points inserted so far against their limit (throwing past it). */
  checkInserted(): void {
    const { refinePoints, refinePointsPerStartPoint } = this.guard.limits;
    this.guard.check(
      'refinePoints',
      this.inserted,
      (n) => `Refinement inserted ${n} points`,
      this.allowed / refinePoints,
      () =>
        `tetra limits refinePoints ${refinePoints.toLocaleString('en-US')} + refinePointsPerStartPoint ${refinePointsPerStartPoint} × ${this.startPoints.toLocaleString('en-US')} start points`,
    );
  }
}
