import { describe, expect, it } from 'vitest';
import { calibrateMaterial } from '../../../core/calibrate/calibrate.ts';
import { hingeEdgeWeight, plateBendCompliancePerNM } from '../../../core/material/compliance/plate-bend.ts';
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import { triangleAreaM2 } from '../../../core/math/mesh-measures.ts';
import { criticalDampingCoefficient } from '../../../core/sim/constraints/block.ts';
import {
  CONSTRAINT,
  createPlateBendBlock,
  J,
  PLATE_HINGE_SLOTS,
  type PlateBendBlock,
  plateBendJacobian,
  solvePlateBend,
} from '../../../core/sim/constraints/plate-bend.ts';
import { solveSymmetric3 } from '../../../core/sim/constraints/symmetric3.ts';
import { triangleNeighbours } from '../../../core/sim/geometry/hinges.ts';
import { createParticleState, type ParticleState } from '../../../core/sim/state.ts';

/** A 6 × 5 grid of 10 cm cells with alternating diagonals, corner 0 pinned, bent and moved about. */
function patch(dampingRatio = 0): { state: ParticleState; block: PlateBendBlock } {
  const [nx, nz] = [6, 5];
  const rest: number[] = [];
  for (let k = 0; k <= nz; k++) for (let i = 0; i <= nx; i++) rest.push(0.1 * i, 0, 0.1 * k);
  const triangles: number[] = [];
  for (let k = 0; k < nz; k++)
    for (let i = 0; i < nx; i++) {
      const a = k * (nx + 1) + i;
      const [b, c, d] = [a + 1, a + nx + 1, a + nx + 2];
      if ((i + k) % 2 === 0) triangles.push(a, c, d, a, d, b);
      else triangles.push(a, c, b, b, c, d);
    }
  const count = rest.length / 3;
  const invMass = new Uint8Array(count);
  invMass[0] = 1;
  const state = createParticleState(Float64Array.from(rest), new Float64Array(count).fill(0.01), invMass);
  const tri = Uint32Array.from(triangles);
  const { triangle, wing } = triangleNeighbours(tri, count);
  const particles: number[] = [];
  const compliance: number[] = [];
  for (let t = 0; t < tri.length / 3; t++) {
    const corners = [tri[3 * t], tri[3 * t + 1], tri[3 * t + 2]] as const;
    const area = triangleAreaM2(state.rest, ...corners);
    const weights = [0, 1, 2].map((k) => {
      const n = triangle[3 * t + k];
      return n < 0
        ? 0
        : hingeEdgeWeight(
            area,
            triangleAreaM2(state.rest, tri[3 * n], tri[3 * n + 1], tri[3 * n + 2]),
            false,
          );
    }) as [number, number, number];
    const alpha = plateBendCompliancePerNM(state.rest, corners, weights, 1e6);
    if (alpha === null) continue;
    particles.push(
      ...corners,
      ...[0, 1, 2].map((k) => (wing[3 * t + k] >= 0 ? wing[3 * t + k] : corners[(k + 2) % 3])),
    );
    compliance.push(...alpha);
  }
  const block = createPlateBendBlock(
    {
      particles: Uint32Array.from(particles),
      compliancePerNM: Float64Array.from(compliance),
      dampingRatio,
      measure: 'angles',
    },
    state,
  );
  for (let p = 1; p < count; p++) {
    const [x, z] = [state.rest[3 * p], state.rest[3 * p + 2]];
    state.x[3 * p] += 0.004 * Math.sin(7 * p);
    state.x[3 * p + 1] += 0.3 * x * x - 0.2 * z * z + 0.05 * x * z + 0.003 * Math.cos(5 * p);
    state.x[3 * p + 2] += 0.004 * Math.cos(3 * p);
  }
  return { state, block };
}

/** The XPBD step of the block comment, written plainly on plateBendJacobian's ∇θ. */
function plainSweep(block: PlateBendBlock, state: ParticleState, h: number): void {
  const upper = [
    [0, 1, 2],
    [1, 3, 4],
    [2, 4, 5],
  ];
  const system = new Float64Array(6);
  const rhs = new Float64Array(3);
  const delta = new Float64Array(3);
  for (let t = 0; t < block.count; t++) {
    const mask = plateBendJacobian(block, state.x, t);
    if (mask === 0) continue;
    const alpha = (i: number, j: number) =>
      block.compliancePerNM[6 * block.complianceIndex[t] + upper[i][j]] / (h * h);
    for (let i = 0; i < 3; i++)
      for (let j = i; j < 3; j++) {
        let sum = 0;
        for (let s = 0; s < 6; s++)
          for (let d = 0; d < 3; d++)
            sum +=
              state.invMass[block.particles[6 * t + s]] * J[(3 * s + i) * 3 + d] * J[(3 * s + j) * 3 + d];
        system[upper[i][j]] = sum + alpha(i, j);
      }
    for (let i = 0; i < 3; i++) {
      let coupled = 0;
      for (let j = 0; j < 3; j++) coupled += alpha(i, j) * block.lambda[3 * t + j];
      rhs[i] = -CONSTRAINT[i] - coupled;
    }
    if (!solveSymmetric3(system, rhs, mask, delta)) continue;
    for (let i = 0; i < 3; i++) block.lambda[3 * t + i] += delta[i];
    for (let s = 0; s < 6; s++) {
      const p = block.particles[6 * t + s];
      for (let d = 0; d < 3; d++) {
        let move = 0;
        for (let i = 0; i < 3; i++) move += J[(3 * s + i) * 3 + d] * delta[i];
        state.x[3 * p + d] += state.invMass[p] * move;
      }
    }
  }
}

describe('plate-bend constraint (one plate element per triangle)', () => {
  it('the fast sweep is the plain XPBD step on ∇θ (three sweeps, within 1e-12 m)', () => {
    const fast = patch();
    const plain = patch();
    for (let sweep = 0; sweep < 3; sweep++) {
      solvePlateBend(fast.block, fast.state, 1 / 1200);
      plainSweep(plain.block, plain.state, 1 / 1200);
    }
    let moved = 0;
    for (let i = 0; i < fast.state.x.length; i++) {
      expect(Math.abs(fast.state.x[i] - plain.state.x[i])).toBeLessThan(1e-12);
      moved = Math.max(moved, Math.abs(fast.state.x[i] - patch().state.x[i]));
    }
    expect(moved).toBeGreaterThan(1e-4); // the sweeps did move the patch
    for (let k = 0; k < fast.block.lambda.length; k++)
      expect(fast.block.lambda[k]).toBeCloseTo(plain.block.lambda[k], 12);
  });

  it('damps a hinge two triangles share once, by the first of them, with both their coefficients (1e-12)', () => {
    const zeta = 0.3;
    const { block, state } = patch(zeta);
    const diagonal = [0, 3, 5];
    // Each triangle's own coefficient of each of its hinges, β = 2ζ/√(α_ii·Σ w|∇θ_i|²) at rest.
    const hinges = new Map<string, { index: number; own: number }[]>();
    for (let t = 0; t < block.count; t++) {
      const mask = plateBendJacobian(block, state.rest, t);
      for (let i = 0; i < 3; i++) {
        if (!(mask & (1 << i))) continue;
        let weighted = 0;
        for (let s = 0; s < 6; s++) {
          const o = (3 * s + i) * 3;
          weighted += state.invMass[block.particles[6 * t + s]] * (J[o] ** 2 + J[o + 1] ** 2 + J[o + 2] ** 2);
        }
        const alpha = block.compliancePerNM[6 * block.complianceIndex[t] + diagonal[i]];
        const [a, b, c, d] = PLATE_HINGE_SLOTS[i].map((slot) => block.particles[6 * t + slot]);
        const key = `${Math.min(a, b)},${Math.max(a, b)},${Math.min(c, d)},${Math.max(c, d)}`;
        const list = hinges.get(key) ?? [];
        list.push({ index: 3 * t + i, own: criticalDampingCoefficient(alpha, zeta, weighted) });
        hinges.set(key, list);
      }
    }
    const shared = [...hinges.values()].filter((list) => list.length === 2);
    expect(shared.length).toBeGreaterThan(30); // the patch's interior edges
    for (const list of hinges.values()) {
      const [first, ...rest] = list;
      const sum = list.reduce((total, entry) => total + entry.own, 0);
      expect(Math.abs(block.dampingNMS[first.index] - sum)).toBeLessThan(1e-12 * sum);
      for (const entry of rest) expect(block.dampingNMS[entry.index]).toBe(0);
    }
  });

  it('a boundary edge has no hinge: its row is left out and the triangle keeps the others', () => {
    const { block } = patch();
    const masks = new Set(Array.from(block.present));
    expect(masks.has(7)).toBe(true); // interior triangles: all three hinges
    expect([...masks].some((m) => m !== 7 && m !== 0)).toBe(true); // boundary triangles: fewer
  });

  it('the engine bends a cotton cloth cantilever as plate theory, converged (80 substeps): within 2%', () => {
    const cotton = findBuiltInMaterial('cotton');
    if (!cotton) throw new Error('the library lost cotton');
    const report = calibrateMaterial(cotton, { substeps: [80], compensation: 'off' });
    const cantilever = report.scenes.find((r) => r.scene === 'cantilever');
    expect(cantilever).toBeDefined();
    // Static solve of the same mesh: 0.990 (10 free cells; test/core/material/cloth-bending.test.ts).
    expect(Math.abs((cantilever?.effectiveYoungModulusPa ?? 0) / cotton.youngModulusPa - 1)).toBeLessThan(
      0.02,
    );
  }, 60_000);
});
