import { describe, expect, it } from 'vitest';
import { createMembraneBlock, solveMembrane } from '../../../core/sim/constraints/membrane.ts';
import { clothGrid } from '../../../core/sim/geometry/cloth-grid.ts';
import { createParticleState } from '../../../core/sim/state.ts';
import { membraneCompliances } from './physical-inputs.ts';

/**
 * The membrane solves in single precision (membrane.ts `solveMembrane`). Its 3×3 system's entries
 * grow as w·|Dm⁻¹|²: on a 5 cm patch of 64×64 cells of silk (50 g/m²) they reach about 1e14, and
 * the determinant, their cube, would pass single precision's 3.4e38; the kernel divides the system
 * by its trace first. Here every triangle of such a patch, stretched by 1% along x, must be solved
 * (a finite, non-zero multiplier) and the stretch taken back as on a 1 m patch of the same cells:
 * the mean strain after each sweep agrees within 1e-3 of the stretch between the two (the sweep is
 * the same dimensionless problem at both sizes: compliance α̃·w·|Dm⁻¹|² scales away).
 */

const CELLS = 64;
const AREAL_DENSITY_KG_M2 = 0.05;
const STRETCH = 0.01;

/** Mean of (|e| / |e_rest| − 1) over the grid's x-edges: the stretch along x left. */
function meanStrainX(x: Float64Array, rest: Float64Array): number {
  const vx = CELLS + 1;
  let sum = 0;
  let count = 0;
  for (let k = 0; k <= CELLS; k++)
    for (let i = 0; i < CELLS; i++) {
      const a = 3 * (k * vx + i);
      const b = a + 3;
      const length = Math.hypot(x[b] - x[a], x[b + 1] - x[a + 1], x[b + 2] - x[a + 2]);
      sum += length / (rest[b] - rest[a]) - 1;
      count++;
    }
  return sum / count;
}

function stretchedPatch(sizeM: number) {
  const grid = clothGrid([sizeM, sizeM], [CELLS, CELLS], [0, 0, 0]);
  const n = grid.positions.length / 3;
  const mass = new Float64Array(n).fill((AREAL_DENSITY_KG_M2 * sizeM * sizeM) / n);
  const state = createParticleState(grid.positions, mass, new Uint8Array(n));
  for (let p = 0; p < n; p++) state.x[3 * p] *= 1 + STRETCH;
  // A silk-like sheet: E = 1 GPa, ν = 0.3, 0.05 mm.
  const block = createMembraneBlock(membraneCompliances(state.rest, grid.triangles, 1e9, 0.3, 5e-5), state);
  return { state, block };
}

describe('membrane in single precision', () => {
  it('solves every triangle of a 5 cm patch of 64² cells and takes its stretch back as on a 1 m patch', () => {
    const small = stretchedPatch(0.05);
    const large = stretchedPatch(1);
    const h = 1 / 1200;
    for (let sweep = 0; sweep < 4; sweep++) {
      small.block.lambda.fill(0);
      large.block.lambda.fill(0);
      solveMembrane(small.block, small.state, h);
      solveMembrane(large.block, large.state, h);
      if (sweep === 0) {
        // Each triangle's stretch multiplier: finite and non-zero, none sat out.
        for (let t = 0; t < small.block.count; t++) {
          expect(Number.isFinite(small.block.lambda[3 * t])).toBe(true);
          expect(small.block.lambda[3 * t]).not.toBe(0);
        }
      }
      const strainSmall = meanStrainX(small.state.x, small.state.rest);
      const strainLarge = meanStrainX(large.state.x, large.state.rest);
      expect(Math.abs(strainSmall - strainLarge)).toBeLessThan(1e-3 * STRETCH);
    }
    // The free edges pull in first: four sweeps take back 8% of a uniform stretch.
    expect(meanStrainX(small.state.x, small.state.rest)).toBeLessThan(0.95 * STRETCH);
  });
});
