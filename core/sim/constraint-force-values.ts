import type { ConstraintBlock } from './constraints/index.ts';
import { kindOps } from './constraints/kinds.ts';
import type { ParticleState } from './state.ts';

/**
 * What each constraint of a block carries (KindOps.force, in its forceUnit) at one state of the
 * world, computed when first asked and kept until `invalidate` (each step and reset): the metrics
 * per group (body-metrics.ts) and the particles' colouring (particle-forces.ts) read the same
 * values after a frame, and on a neo-Hookean body they cost a third of the measuring.
 */
export class ConstraintForceValues {
  private readonly values = new Map<ConstraintBlock, Float64Array>();
  private readonly current = new Set<ConstraintBlock>();

  /** The state or the multipliers changed: every block's values are measured again when asked. */
  invalidate(): void {
    this.current.clear();
  }

  /** One value per constraint of `block` (block order) at `state`, the last substep h (s); null: the kind measures none. */
  of(block: ConstraintBlock, state: ParticleState, h: number): Float64Array | null {
    const force = kindOps(block).force;
    if (!force) return null;
    let values = this.values.get(block);
    if (!values) {
      values = new Float64Array(block.count);
      this.values.set(block, values);
    }
    if (!this.current.has(block)) {
      force(block, state, h, values);
      this.current.add(block);
    }
    return values;
  }
}
