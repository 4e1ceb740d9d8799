import { describe, expect, it } from 'vitest';
import {
  createNodalVolumeBlock,
  dampNodalVolume,
  solveNodalVolume,
} from '../../../core/sim/constraints/nodal-volume.ts';
import { boxTetGrid } from '../../../core/sim/geometry/box-tets.ts';
import { createParticleState } from '../../../core/sim/state.ts';
import { seededRandom } from '../../seeded-random.ts';

/**
 * Nodal-volume damping (nodal-volume.ts `dampNodalVolume`) damps each star's volume rate
 * Ċ = Σ_k ∇_k C·v_k implicitly over a substep h: v_k −= w_k·s·∇_k C with
 * s = h·β·Ċ / (1 + h·β·Σ_k w_k·|∇_k C|²), star after star in the block's (colour) order, where
 * C = Σ_{t ∋ n} V_t/4 and ∇C is the one its sweep found. Here the formula is written out from the
 * tets themselves and compared on a box at rest, where the sweep moves nothing (so ∇C at the sweep
 * is ∇C now): to 1e-6 of the largest change, the gradient being kept in single precision.
 */

const H_S = 1 / 600;

/** ∇_k V of tet (p0, p1, p2, p3), positively oriented, for its corner k, into out (m²). */
function tetVolumeGradient(x: Float64Array, q: number[], k: number, out: number[]): void {
  // ∇_{p_k} V = (1/6)·(b − a)×(c − a) for the opposite face (a, b, c) ordered to face away from p_k.
  const faces = [
    [1, 3, 2],
    [0, 2, 3],
    [0, 3, 1],
    [0, 1, 2],
  ];
  const [a, b, c] = faces[k].map((i) => q[i]);
  const e1 = [0, 1, 2].map((i) => x[3 * b + i] - x[3 * a + i]);
  const e2 = [0, 1, 2].map((i) => x[3 * c + i] - x[3 * a + i]);
  out[0] = (e1[1] * e2[2] - e1[2] * e2[1]) / 6;
  out[1] = (e1[2] * e2[0] - e1[0] * e2[2]) / 6;
  out[2] = (e1[0] * e2[1] - e1[1] * e2[0]) / 6;
}

describe('nodal-volume damping', () => {
  it('damps each star’s volume rate implicitly along ∇C, star after star (to 1e-6 of the largest change)', () => {
    const box = boxTetGrid([0.3, 0.2, 0.2], [3, 2, 2], [0, 0, 0]);
    const count = box.positions.length / 3;
    const random = seededRandom(7);
    const mass = Float64Array.from({ length: count }, () => 0.01 * (0.5 + random()));
    const state = createParticleState(box.positions.slice(), mass, new Uint8Array(count));
    const vertices = Uint32Array.from({ length: count }, (_, p) => p);
    const block = createNodalVolumeBlock(
      {
        tets: box.tets,
        vertices,
        complianceM3PerPa: new Float64Array(count).fill(1e-9),
        dampingRatio: 0.5,
      },
      state,
    );
    expect(block.damped).toBe(true);
    // An expanding field with a random part: every star's volume changes.
    for (let p = 0; p < count; p++)
      for (let a = 0; a < 3; a++) state.v[3 * p + a] = 2 * state.x[3 * p + a] + 0.3 * (random() - 0.5);

    solveNodalVolume(block, state, H_S);
    expect(Math.max(...state.x.map((v, i) => Math.abs(v - box.positions[i])))).toBeLessThan(1e-15);
    const expected = state.v.slice();
    const tetsOf = Array.from({ length: count }, () => [] as number[][]);
    for (let t = 0; t < box.tets.length / 4; t++) {
      const q = Array.from(box.tets.subarray(4 * t, 4 * t + 4));
      for (const p of q) tetsOf[p].push(q);
    }
    const g = new Float64Array(3 * count);
    const grad = [0, 0, 0];
    for (let c = 0; c < block.count; c++) {
      const own = block.particles[block.arity * c];
      g.fill(0);
      for (const q of tetsOf[own]) {
        for (let k = 0; k < 4; k++) {
          tetVolumeGradient(state.x, q, k, grad);
          for (let a = 0; a < 3; a++) g[3 * q[k] + a] += grad[a] / 4;
        }
      }
      let rate = 0;
      let wgg = 0;
      for (let p = 0; p < count; p++) {
        rate +=
          g[3 * p] * expected[3 * p] +
          g[3 * p + 1] * expected[3 * p + 1] +
          g[3 * p + 2] * expected[3 * p + 2];
        wgg += state.invMass[p] * (g[3 * p] ** 2 + g[3 * p + 1] ** 2 + g[3 * p + 2] ** 2);
      }
      const hb = H_S * block.dampingPaSPerM3[c];
      const s = (hb * rate) / (1 + hb * wgg);
      for (let i = 0; i < 3 * count; i++) expected[i] -= state.invMass[Math.floor(i / 3)] * s * g[i];
    }
    const before = state.v.slice();
    dampNodalVolume(block, state, H_S);
    let change = 0;
    let error = 0;
    for (let i = 0; i < 3 * count; i++) {
      change = Math.max(change, Math.abs(expected[i] - before[i]));
      error = Math.max(error, Math.abs(state.v[i] - expected[i]));
    }
    expect(change).toBeGreaterThan(1e-3);
    expect(error).toBeLessThan(1e-6 * change);
  });
});
