import { describe, expect, it } from 'vitest';
import { neoHookeanConstants } from '../../../core/material/elastic.ts';
import { signedTetVolumeM3 } from '../../../core/math/mesh-measures.ts';
import {
  createDihedralBendBlock,
  dampDihedralBend,
  G,
  hingeAngle,
  solveDihedralBend,
} from '../../../core/sim/constraints/dihedral-bend.ts';
import { createNeoHookeanBlock, solveNeoHookean } from '../../../core/sim/constraints/neo-hookean.ts';
import { createTetVolumeBlock, solveTetVolume } from '../../../core/sim/constraints/tet-volume.ts';
import { createParticleState, type ParticleState } from '../../../core/sim/state.ts';
import { hingeCompliances, neoHookeanCompliances, tetVolumeCompliances } from './physical-inputs.ts';

const unitTet = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];

function state(positions: number[], pinned: number[] = []): ParticleState {
  const n = positions.length / 3;
  const mark = new Uint8Array(n);
  for (const p of pinned) mark[p] = 1;
  return createParticleState(Float64Array.from(positions), new Float64Array(n).fill(0.1), mark);
}

function neoHookean(s: ParticleState, tets: number[]) {
  const c = neoHookeanConstants(1e5, 0.4);
  return createNeoHookeanBlock(
    neoHookeanCompliances(
      s.rest,
      Uint32Array.from(tets),
      () => c.muPa,
      () => c.inverseLambdaNhPerPa,
      () => c.gamma,
    ),
    s,
  );
}

const finite = (s: ParticleState) => Array.from(s.x).every(Number.isFinite);

describe('neo-Hookean tet', () => {
  it('keeps the rest shape: F = I is a fixed point of the coupled solve, to single precision (1e-7 m)', () => {
    // The solve rounds its constraints to single precision (solveNeoHookean), so the rest tet of
    // 1 m settles within rounding of F = I and stays there: 2.8e-8 m after 100 sweeps, 5.6e-8 m
    // after 100,000 (a drift would grow with the sweeps).
    const s = state(unitTet);
    const block = neoHookean(s, [0, 1, 2, 3]);
    for (let i = 0; i < 10_000; i++) {
      if (i % 20 === 0) {
        block.lambdaHydrostatic.fill(0);
        block.lambdaDeviatoric.fill(0);
      }
      solveNeoHookean(block, s, 1e-3);
    }
    for (let k = 0; k < 12; k++) expect(Math.abs(s.x[k] - unitTet[k])).toBeLessThan(1e-7);
    // The multipliers carry the rest pre-stress: λ_H/h² = μV and λ_D/h² = −√3·μV (1e-5 relative).
    const { muPa } = neoHookeanConstants(1e5, 0.4);
    expect(block.lambdaHydrostatic[0] / 1e-6 / (muPa / 6)).toBeCloseTo(1, 5);
    expect(block.lambdaDeviatoric[0] / 1e-6 / (muPa / 6)).toBeCloseTo(-Math.sqrt(3), 5);
  });

  it('leaves out a flat rest tet and survives a collapsed or inverted one without NaN', () => {
    const flat = state([0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0]);
    expect(neoHookean(flat, [0, 1, 2, 3]).degenerateCount).toBe(1);

    const s = state(unitTet);
    const block = neoHookean(s, [0, 1, 2, 3]);
    s.x.fill(0.25); // all four particles at one point: F = 0, cof F = 0
    solveNeoHookean(block, s, 1e-3);
    expect(finite(s)).toBe(true);

    s.x.set(unitTet);
    s.x[11] = -0.5; // x3 pushed through the base: inverted
    for (let substep = 0; substep < 200; substep++) {
      block.lambdaHydrostatic.fill(0);
      block.lambdaDeviatoric.fill(0);
      solveNeoHookean(block, s, 1e-3);
    }
    expect(finite(s)).toBe(true);
    expect(signedTetVolumeM3(s.x, 0, 1, 2, 3)).toBeGreaterThan(0);
  });

  it('does not move a tet whose particles are all pinned', () => {
    const s = state(unitTet, [0, 1, 2, 3]);
    const block = neoHookean(s, [0, 1, 2, 3]);
    s.x[3] = 2; // stretched, but nothing may move
    solveNeoHookean(block, s, 1e-3);
    expect(s.x[3]).toBe(2);
    expect(finite(s)).toBe(true);
  });
});

describe('tet volume constraint', () => {
  it('restores the rest volume with α = V/K and survives a collapsed tet without NaN', () => {
    const s = state(unitTet);
    const block = createTetVolumeBlock(
      {
        tets: Uint32Array.of(0, 1, 2, 3),
        complianceM3PerPa: tetVolumeCompliances(
          s.rest,
          Uint32Array.of(0, 1, 2, 3),
          () => Number.POSITIVE_INFINITY,
        ),
        dampingRatio: 0.5,
      },
      s,
    );
    s.x[4] = 1.4; // stretched along y: more volume
    for (let i = 0; i < 20; i++) solveTetVolume(block, s, 1e-3);
    expect(signedTetVolumeM3(s.x, 0, 1, 2, 3)).toBeCloseTo(1 / 6, 10);
    s.x.fill(0);
    solveTetVolume(block, s, 1e-3);
    expect(finite(s)).toBe(true);
  });
});

describe('dihedral bending', () => {
  const hinge = [0, 0, 0, 1, 0, 0, 0.3, 0.1, 0.8, 0.6, 0.4, -0.9];

  it('has exact angle gradients (central differences, 1e-6)', () => {
    const x = Float64Array.from(hinge);
    const particles = Uint32Array.of(0, 1, 2, 3);
    hingeAngle(x, particles, 0);
    const gradient = Array.from(G);
    for (let k = 0; k < 12; k++) {
      const step = 1e-6;
      const plus = Float64Array.from(x);
      plus[k] += step;
      const minus = Float64Array.from(x);
      minus[k] -= step;
      const numeric = (hingeAngle(plus, particles, 0) - hingeAngle(minus, particles, 0)) / (2 * step);
      expect(Math.abs(numeric - gradient[k])).toBeLessThan(1e-6);
    }
  });

  it("solves and damps along that gradient: Δλ = −C/(Σw|∇θ|² + α̃), Ċ' = Ċ/(1 + hβW) (1e-12)", () => {
    const s = state([0, 0, 0, 1, 0, 0, 0.5, 0, 1, 0.5, 0, -1]); // flat at rest
    const block = createDihedralBendBlock(
      {
        hinges: Uint32Array.of(0, 1, 2, 3),
        compliancePerNM: hingeCompliances(s.rest, Uint32Array.of(0, 1, 2, 3), () => 1e-3),
        dampingRatio: 0.3,
      },
      s,
    );
    s.x.set(hinge);
    const h = 1e-3;
    const theta = hingeAngle(s.x, Uint32Array.of(0, 1, 2, 3), 0);
    const gradient = Array.from(G);
    const wGradSq = gradient.reduce((sum, g) => sum + 10 * g * g, 0); // w = 1/0.1 kg
    const alphaTilde = block.compliancePerNM[0] / (h * h);
    const dLambda = -(theta - block.restAngleRad[0]) / (wGradSq + alphaTilde);
    const expected = hinge.map((p, k) => p + 10 * gradient[k] * dLambda);
    solveDihedralBend(block, s, h);
    for (let k = 0; k < 12; k++) expect(s.x[k]).toBeCloseTo(expected[k], 12);

    s.x.set(hinge);
    const velocity = hinge.map((_, k) => Math.sin(k + 1));
    s.v.set(velocity);
    const hb = h * block.dampingNMS[0];
    const rate = gradient.reduce((sum, g, k) => sum + g * velocity[k], 0);
    const damped = velocity.map((v, k) => v - (10 * gradient[k] * rate * hb) / (1 + hb * wGradSq));
    dampDihedralBend(block, s, h);
    for (let k = 0; k < 12; k++) expect(s.v[k]).toBeCloseTo(damped[k], 12);
  });

  it('skips a hinge whose triangles collapsed, without NaN', () => {
    const s = state(hinge);
    const block = createDihedralBendBlock(
      {
        hinges: Uint32Array.of(0, 1, 2, 3),
        compliancePerNM: hingeCompliances(s.rest, Uint32Array.of(0, 1, 2, 3), () => 1e-3),
        dampingRatio: 0.1,
      },
      s,
    );
    expect(block.count).toBe(1);
    s.x.set([0, 0, 0, 1, 0, 0, 0.5, 0, 0, 0.5, 0, 0]); // wings on the hinge line
    solveDihedralBend(block, s, 1e-3);
    expect(finite(s)).toBe(true);
    expect(block.lambda[0]).toBe(0);
  });
});
