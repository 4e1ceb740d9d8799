import { describe, expect, it } from 'vitest';
import { neoHookeanConstants } from '../../../core/material/elastic.ts';
import { createDihedralBendBlock, solveDihedralBend } from '../../../core/sim/constraints/dihedral-bend.ts';
import { createDistanceBlock, solveDistance } from '../../../core/sim/constraints/distance.ts';
import { createNeoHookeanBlock, solveNeoHookean } from '../../../core/sim/constraints/neo-hookean.ts';
import { createTetVolumeBlock, solveTetVolume } from '../../../core/sim/constraints/tet-volume.ts';
import { boxTetGrid } from '../../../core/sim/geometry/box-tets.ts';
import { clothGrid } from '../../../core/sim/geometry/cloth-grid.ts';
import { uniqueEdges } from '../../../core/sim/geometry/edges.ts';
import { triangleHinges } from '../../../core/sim/geometry/hinges.ts';
import { createParticleState, type ParticleState } from '../../../core/sim/state.ts';
import { seededRandom } from '../../seeded-random.ts';
import {
  referenceSolveDihedralBend,
  referenceSolveDistance,
  referenceSolveNeoHookean,
  referenceSolveTetVolume,
} from './perf-reference.ts';
import { hingeCompliances, neoHookeanCompliances, tetVolumeCompliances } from './physical-inputs.ts';

/**
 * The tuned kernels (written out, divisions and index math rearranged, gradients formed another
 * way) must solve the same constraints as their plain forms in perf-reference.ts: after sweeps
 * over a randomly deformed mesh with pinned particles, inverted elements and a collapsed one,
 * positions and multipliers agree up to float rounding. Tolerances: positions within 1e-12 m
 * (moves are ~1e-2 m), multipliers within 1e-9 relative to the largest; for a kernel that solves in
 * single precision (neo-Hookean), within 1e-7 m and 2e-6 (measured: 1.1e-8 m for moves of 0.14 m,
 * and 2.1e-7), against a reference that solves in double precision.
 */

const TOLERANCE = {
  double: { positionM: 1e-12, lambdaRelative: 1e-9 },
  single: { positionM: 1e-7, lambdaRelative: 2e-6 },
} as const;

/** A rest state with uneven masses and every fifth particle pinned. */
function restState(positions: Float64Array, seed: number): ParticleState {
  const next = seededRandom(seed);
  const n = positions.length / 3;
  const mass = Float64Array.from({ length: n }, () => 0.05 + next());
  const pinned = Uint8Array.from({ length: n }, (_, p) => (p % 5 === 0 ? 1 : 0));
  return createParticleState(positions, mass, pinned);
}

/** Moves every particle by up to ±amplitude per axis, and particle 1 onto particle 2 (collapse). */
function deform(state: ParticleState, amplitude: number, seed: number): void {
  const next = seededRandom(seed);
  for (let k = 0; k < state.x.length; k++) state.x[k] = state.rest[k] + amplitude * (2 * next() - 1);
  state.x.copyWithin(3, 6, 9);
}

function cloneState(state: ParticleState): ParticleState {
  return { ...state, x: state.x.slice() };
}

function maxAbsDifference(a: Float64Array | Float32Array, b: Float64Array | Float32Array): number {
  let max = 0;
  for (let k = 0; k < a.length; k++) max = Math.max(max, Math.abs(a[k] - b[k]));
  return max;
}

function maxAbs(a: Float64Array | Float32Array): number {
  let max = 0;
  for (const v of a) max = Math.max(max, Math.abs(v));
  return max;
}

interface Case<B> {
  make: (state: ParticleState) => B;
  tuned: (block: B, state: ParticleState, h: number) => void;
  reference: (block: B, state: ParticleState, h: number) => void;
  lambdas: (block: B) => (Float64Array | Float32Array)[];
  /** The tuned kernel's arithmetic (double unless given). */
  precision?: keyof typeof TOLERANCE;
  /** The block the reference solves, when it must differ from the tuned one's (multipliers kept in double). */
  widen?: (block: B) => B;
}

/** Runs `sweeps` substeps (λ reset, one sweep) with both kernels on copies of one deformed state. */
function compare<B>(c: Case<B>, rest: Float64Array, amplitude: number, stiffnessScale = 1) {
  const base = restState(rest, 7);
  deform(base, amplitude, 11);
  const tunedState = cloneState(base);
  const referenceState = cloneState(base);
  const tunedBlock = c.make(tunedState);
  const referenceBlock = c.widen ? c.widen(c.make(referenceState)) : c.make(referenceState);
  (tunedBlock as { stiffnessScale: number }).stiffnessScale = stiffnessScale;
  (referenceBlock as { stiffnessScale: number }).stiffnessScale = stiffnessScale;
  let lambdaError = 0;
  let moved = 0;
  const h = 1 / 600;
  for (let sweep = 0; sweep < 8; sweep++) {
    for (const l of [...c.lambdas(tunedBlock), ...c.lambdas(referenceBlock)]) l.fill(0);
    c.tuned(tunedBlock, tunedState, h);
    c.reference(referenceBlock, referenceState, h);
    const tunedLambdas = c.lambdas(tunedBlock);
    c.lambdas(referenceBlock).forEach((l, i) => {
      lambdaError = Math.max(lambdaError, maxAbsDifference(l, tunedLambdas[i]) / Math.max(maxAbs(l), 1e-300));
    });
  }
  moved = maxAbsDifference(referenceState.x, base.x);
  return {
    positionError: maxAbsDifference(tunedState.x, referenceState.x),
    lambdaError,
    moved,
    finite: tunedState.x.every(Number.isFinite),
  };
}

const box = boxTetGrid([0.3, 0.3, 0.3], [3, 3, 3], [0, 0, 0]);
const cloth = clothGrid([0.6, 0.6], [6, 6], [0, 0, 0]);
const clothEdges = uniqueEdges(cloth.triangles, 3, cloth.positions.length / 3);
const hinges = triangleHinges(cloth.triangles, cloth.positions.length / 3);

const distance: Case<ReturnType<typeof createDistanceBlock>> = {
  make: (s) =>
    createDistanceBlock(
      {
        particles: clothEdges,
        complianceMPerN: Float64Array.from({ length: clothEdges.length / 2 }, (_, e) => (e % 3) * 1e-4),
        dampingRatio: 0,
      },
      s,
    ),
  tuned: solveDistance,
  reference: referenceSolveDistance,
  lambdas: (b) => [b.lambda],
};

const tetVolume: Case<ReturnType<typeof createTetVolumeBlock>> = {
  make: (s) =>
    createTetVolumeBlock(
      {
        tets: box.tets,
        complianceM3PerPa: tetVolumeCompliances(s.rest, box.tets, (t) => (t % 2 ? 1e5 : 1e12)),
        dampingRatio: 0,
      },
      s,
    ),
  tuned: solveTetVolume,
  reference: referenceSolveTetVolume,
  lambdas: (b) => [b.lambda],
};

const neoHookean: Case<ReturnType<typeof createNeoHookeanBlock>> = {
  make: (s) => {
    const c = neoHookeanConstants(1e5, 0.45);
    return createNeoHookeanBlock(
      neoHookeanCompliances(
        s.rest,
        box.tets,
        () => c.muPa,
        (t) => (t % 4 ? c.inverseLambdaNhPerPa : 0),
        () => c.gamma,
      ),
      s,
    );
  },
  tuned: solveNeoHookean,
  reference: referenceSolveNeoHookean,
  lambdas: (b) => [b.lambdaHydrostatic, b.lambdaDeviatoric],
  precision: 'single',
  widen: (b) =>
    ({
      ...b,
      lambdaHydrostatic: new Float64Array(b.count),
      lambdaDeviatoric: new Float64Array(b.count),
    }) as unknown as typeof b,
};

const dihedral: Case<ReturnType<typeof createDihedralBendBlock>> = {
  make: (s) =>
    createDihedralBendBlock(
      {
        hinges,
        compliancePerNM: hingeCompliances(s.rest, hinges, (c) => (c % 2 ? 1e-3 : 1e3)),
        dampingRatio: 0,
      },
      s,
    ),
  tuned: solveDihedralBend,
  reference: referenceSolveDihedralBend,
  lambdas: (b) => [b.lambda],
};

const cases = [
  ['distance', distance, cloth.positions, 0.03],
  ['tet volume', tetVolume, box.positions, 0.04],
  ['neo-Hookean', neoHookean, box.positions, 0.04],
  ['dihedral bend', dihedral, cloth.positions, 0.05],
] as const;

describe('tuned constraint kernels', () => {
  for (const [name, c, rest, amplitude] of cases) {
    for (const stiffnessScale of [1, 0.3]) {
      it(`${name} sweeps agree with the plain kernel to float rounding (stiffness scale ${stiffnessScale})`, () => {
        const result = compare(c as Case<unknown>, rest, amplitude, stiffnessScale);
        expect(result.finite).toBe(true);
        expect(result.moved).toBeGreaterThan(1e-3); // the sweeps did something to compare
        const tolerance = TOLERANCE[(c as Case<unknown>).precision ?? 'double'];
        expect(result.positionError).toBeLessThan(tolerance.positionM);
        expect(result.lambdaError).toBeLessThan(tolerance.lambdaRelative);
      });
    }
  }

  it('dihedral sweeps agree also for hinges folded far beyond the small-angle path (±60°)', () => {
    const result = compare(dihedral as Case<unknown>, cloth.positions, 0.12);
    expect(result.positionError).toBeLessThan(1e-12);
    expect(result.lambdaError).toBeLessThan(1e-9);
  });
});
