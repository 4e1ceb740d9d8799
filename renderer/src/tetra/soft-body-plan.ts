/**
 * What "Simulate as soft body" does with a tetrahedralization result: a result small enough for
 * the live preview becomes the body as it is; a larger one is first made again at a coarser
 * target, so that the preview keeps running at interactive rates in the software solver.
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
  /** Run again at `targetTetCount` (one of TARGET_TET_CHOICES) and make the body from that. */
  | { kind: 'coarser'; targetTetCount: number };

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
  return `${count(tetCount)} tets would slow the live preview (over ${count(LIVE_TET_LIMIT)}): the body is made from a new run at ${count(plan.targetTetCount)} target tets, in ${materialName}.${cage}`;
}
