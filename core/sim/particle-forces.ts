import { slotOf } from '../setup/body-groups.ts';
import type { BodyRuntime } from './body-runtime.ts';
import type { ConstraintForceValues } from './constraint-force-values.ts';
import { kindOps } from './constraints/kinds.ts';
import type { ParticleState } from './state.ts';

/** The unit a body's particle forces are in: N (ropes, edge springs) or Pa (membranes, tets). */
export type ParticleForceUnit = 'N' | 'Pa';

/**
 * Per particle of `body`, the largest constraint force magnitude on it in the last substep h (s),
 * into `out` (world particle indices), for the viewport's 'constraint force' colouring. A body is
 * measured in one unit: Pa when it has cloth membranes or neo-Hookean tets (a membrane's tension,
 * N/m, over its slot material's thickness), else N when it has links or edge springs (ropes,
 * edges-volume solids, cloth edges); null (and 0 written) when it has neither. Each block's
 * values come from `forces`, which the body metrics of the same frame share.
 */
export function measureParticleForces(
  body: BodyRuntime,
  state: ParticleState,
  h: number,
  out: Float32Array,
  forces: ConstraintForceValues,
): ParticleForceUnit | null {
  out.fill(0, body.offset, body.offset + body.count);
  const stress = body.blocks.some((b) => b.kind === 'membrane' || b.kind === 'neo-hookean');
  const unit: ParticleForceUnit | null = stress
    ? 'Pa'
    : body.blocks.some((b) => b.kind === 'distance')
      ? 'N'
      : null;
  if (!unit) return null;
  for (const block of body.blocks) {
    const ops = kindOps(block);
    if (!ops.forceUnit || (ops.forceUnit === 'N') !== (unit === 'N')) continue;
    const values = forces.of(block, state, h);
    if (!values) continue;
    const arity = block.arity;
    const slots = body.slots;
    for (let c = 0; c < block.count; c++) {
      let value = Math.abs(values[c]);
      if (ops.forceUnit === 'N/m') {
        const thickness =
          slots.materials[slotOf(slots, block.particles, arity, c, body.offset)].thicknessM ?? 0;
        value = thickness > 0 ? value / thickness : 0;
      }
      for (let k = 0; k < arity; k++) {
        const p = block.particles[arity * c + k];
        if (value > out[p]) out[p] = value;
      }
    }
  }
  return unit;
}
