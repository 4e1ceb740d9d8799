/**
 * What "Simulate as soft body" does with a tetrahedralization result: a result small enough for
 * the live preview becomes the body as it is; for a larger one (and for a mesh not yet
 * tetrahedralized) the body is made progressively: first from a coarse embedded cage, which is
 * ready in a fraction of a second, then from a conforming run at the live target in the
 * background, swapped in when it is done (make-soft-body.ts).
 */
import type { TetraMode } from '../../../core/tetra/types.ts';
import { TARGET_TET_CHOICES } from './tetra-state.ts';

/**
 * Tets above which a body is made from a coarser run. Measured in Node on two busy shared cores,
 * beside the default scene's two bodies: spot.obj as 9.8k tets steps in 20–43 ms per frame, as
 * 22.6k tets (the panel's default target) in about 96 ms, i.e. about 10 frames per second.
 */
export const LIVE_TET_LIMIT = 15_000;

export type SoftBodyPlan =
  | { kind: 'use' }
  /**
   * A coarse preview body first, then refined by a run at `targetTetCount` (one of
   * TARGET_TET_CHOICES) in the background.
   */
  | { kind: 'coarser'; targetTetCount: number };

/**
 * How far above its target a conforming run may land: types.ts states −7%…+14% over five
 * corpus meshes, so 15% bounds it.
 */
export const CONFORMING_OVERSHOOT = 1.15;

/**
 * The target of the refined body made without an earlier result to scale from: the largest
 * offered choice whose run, at CONFORMING_OVERSHOOT over its target, stays under `liveTetLimit`.
 */
export function liveTargetTets(liveTetLimit: number = LIVE_TET_LIMIT): number {
  const fitting = TARGET_TET_CHOICES.filter((choice) => choice * CONFORMING_OVERSHOOT <= liveTetLimit);
  return fitting.length > 0 ? Math.max(...fitting) : TARGET_TET_CHOICES[0];
}

/** Fewest and most tets of the preview cage (embedded mode lands within about ±10% of them). */
export const PREVIEW_TETS_MIN = 200;
export const PREVIEW_TETS_MAX = 1_000;
/**
 * Preview tets × surface triangles held about constant. The preview's own cost is mostly the
 * surface's (the embedding locates every surface vertex in the cage; each frame skins the whole
 * surface to it), so a detailed surface gets a coarser cage: 3·10⁶ gives Fox.glb (576 triangles)
 * 1,000 tets, spot.obj (5,856) 512 and rocker-arm.obj (20,088) the 200 floor. Measured with
 * `softbody tetra --mode embedded` on two busy cores, the cage takes 0.14–0.44 s for these.
 */
export const PREVIEW_TET_TRIANGLE_PRODUCT = 3_000_000;
/** The preview stays at most this fraction of the refined target, so that refining is worth it. */
export const PREVIEW_FRACTION_OF_REFINED = 0.2;

/**
 * Target tets of the coarse preview cage for a surface of `triangleCount` triangles that will be
 * refined at `refinedTargetTets`: PREVIEW_TET_TRIANGLE_PRODUCT / triangles, within
 * [PREVIEW_TETS_MIN, PREVIEW_TETS_MAX] and at most PREVIEW_FRACTION_OF_REFINED of the refined
 * target (never below 4 tets: one cube of the lattice needs them).
 */
export function previewTargetTets(triangleCount: number, refinedTargetTets: number): number {
  const bySurface = Math.round(PREVIEW_TET_TRIANGLE_PRODUCT / Math.max(1, triangleCount));
  const clamped = Math.min(PREVIEW_TETS_MAX, Math.max(PREVIEW_TETS_MIN, bySurface));
  return Math.max(4, Math.min(clamped, Math.floor(refinedTargetTets * PREVIEW_FRACTION_OF_REFINED)));
}

/**
 * The plan for a result of `tetCount` tets made at `targetTetCount`. The coarser target is the
 * largest offered choice that, scaled by how far this run overshot its target, should stay under
 * LIVE_TET_LIMIT; the smallest choice when none does. A result already from the smallest
 * target is used as it is (there is nothing coarser to offer).
 */
export function softBodyPlan(tetCount: number, targetTetCount: number): SoftBodyPlan {
  if (tetCount <= LIVE_TET_LIMIT) return { kind: 'use' };
  const lower = TARGET_TET_CHOICES.filter((choice) => choice < targetTetCount);
  if (lower.length === 0) return { kind: 'use' };
  const overshoot = tetCount / Math.max(1, targetTetCount);
  const fitting = lower.filter((choice) => choice * overshoot <= LIVE_TET_LIMIT);
  return { kind: 'coarser', targetTetCount: fitting.length > 0 ? Math.max(...fitting) : lower[0] };
}

/**
 * The sentence the panel shows beside the button, saying what the body will get. An embedded
 * result is a cage around the surface: the body is the cage, and the scene draws the imported
 * surface skinned to it.
 */
export function describePlan(
  plan: SoftBodyPlan,
  tetCount: number,
  materialName: string,
  mode: TetraMode = 'conforming',
): string {
  const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
  const cage =
    mode === 'embedded'
      ? ' The body is the cage; the scene draws the mesh skinned to it (Simulation mesh shows the cage).'
      : '';
  if (plan.kind === 'use') return `The body gets these ${count(tetCount)} tets, in ${materialName}.${cage}`;
  return `${count(tetCount)} tets would slow the live preview (over ${count(LIVE_TET_LIMIT)}): the body starts as a coarse cage and is refined by a run at ${count(plan.targetTetCount)} target tets in the background, in ${materialName}.`;
}
