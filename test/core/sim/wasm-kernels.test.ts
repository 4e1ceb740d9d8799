import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { neoHookeanConstants } from '../../../core/material/elastic.ts';
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import { type BuildOptions, buildWorld } from '../../../core/sim/build-world.ts';
import { TORN_COMPLIANCE } from '../../../core/sim/constraints/block.ts';
import { type RowIndex, tableRow } from '../../../core/sim/constraints/compliance-table.ts';
import { createDihedralBendBlock, solveDihedralBend } from '../../../core/sim/constraints/dihedral-bend.ts';
import { createDistanceBlock, solveDistance } from '../../../core/sim/constraints/distance.ts';
import type { ConstraintBlock } from '../../../core/sim/constraints/index.ts';
import { createMembraneBlock, MEMBRANE_ROW, solveMembrane } from '../../../core/sim/constraints/membrane.ts';
import { createNeoHookeanBlock, solveNeoHookean } from '../../../core/sim/constraints/neo-hookean.ts';
import { createNodalVolumeBlock, solveNodalVolume } from '../../../core/sim/constraints/nodal-volume.ts';
import {
  createPlateBendBlock,
  type PlateBendBlock,
  restAngleStep,
  solvePlateBend,
} from '../../../core/sim/constraints/plate-bend.ts';
import { isLinearPlate, LINEAR_ROW, LINEAR_SYSTEM } from '../../../core/sim/constraints/plate-bend-linear.ts';
import { createTetVolumeBlock, solveTetVolume } from '../../../core/sim/constraints/tet-volume.ts';
import { boxTetGrid } from '../../../core/sim/geometry/box-tets.ts';
import { clothGrid } from '../../../core/sim/geometry/cloth-grid.ts';
import { uniqueEdges } from '../../../core/sim/geometry/edges.ts';
import { triangleHinges } from '../../../core/sim/geometry/hinges.ts';
import { correctionMoment } from '../../../core/sim/pin-balance.ts';
import { createParticleState, type ParticleState } from '../../../core/sim/state.ts';
import { WasmKernels } from '../../../core/sim/wasm/wasm-kernels.ts';
import type { XpbdWorld } from '../../../core/sim/xpbd-world.ts';
import { seededRandom } from '../../seeded-random.ts';
import { sceneWith, TEARABLE_BAR_M, tearableBar } from './fixtures.ts';
import {
  hingeCompliances,
  membraneCompliances,
  neoHookeanCompliances,
  plateBendInput,
  tetVolumeCompliances,
} from './physical-inputs.ts';

/**
 * The WebAssembly kernels (core/sim/wasm) against the JS kernels they mirror. They perform the
 * same float operations in the same order (two constraints of a colour per f64x2; four tets or
 * triangles per f32x4 for the neo-Hookean and membrane kernels, which solve in single precision;
 * a linear plate's x and y axes per f64x2; constraints of a colour cannot interact), so the
 * results are the same floats; the tolerance stated, 1e-12 m on positions and 1e-12 relative on
 * multipliers, only allows for a last-bit difference of Math.atan2 between the two runtimes on
 * hinges folded past 23.6°.
 */
const POSITION_TOLERANCE_M = 1e-12;
const LAMBDA_TOLERANCE = 1e-12;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function maxAbsDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let max = 0;
  for (let k = 0; k < a.length; k++) max = Math.max(max, Math.abs(a[k] - b[k]));
  return max;
}

function maxAbs(a: ArrayLike<number>): number {
  let max = 0;
  for (let k = 0; k < a.length; k++) max = Math.max(max, Math.abs(a[k]));
  return max;
}

describe('generated WebAssembly modules', () => {
  it('are what their AssemblyScript sources compile to (scripts/build-wasm.mjs --check)', () => {
    const run = spawnSync(process.execPath, [path.join(root, 'scripts/build-wasm.mjs'), '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 60_000);
});

/** A rest state with uneven masses and every fifth particle pinned, deformed by ±amplitude, particle 1 on particle 2. */
function deformedState(rest: Float64Array, amplitude: number, seed: number): ParticleState {
  const next = seededRandom(seed);
  const n = rest.length / 3;
  const mass = Float64Array.from({ length: n }, () => 0.05 + next());
  const pinned = Uint8Array.from({ length: n }, (_, p) => (p % 5 === 0 ? 1 : 0));
  const state = createParticleState(rest, mass, pinned);
  for (let k = 0; k < state.x.length; k++) state.x[k] = rest[k] + amplitude * (2 * next() - 1);
  state.x.copyWithin(3, 6, 9);
  return state;
}

function lambdasOf(block: ConstraintBlock): (Float64Array | Float32Array)[] {
  if (block.kind === 'neo-hookean') return [block.lambdaHydrostatic, block.lambdaDeviatoric];
  return 'lambda' in block ? [block.lambda] : [];
}

interface KernelCase {
  name: string;
  rest: Float64Array;
  amplitude: number;
  make: (state: ParticleState) => ConstraintBlock;
  solve: (block: never, state: ParticleState, h: number) => void;
  /** An element (block index) whose particles are put on one point: F = 0, the rare branch. */
  collapse?: (block: never) => number;
}

const box = boxTetGrid([0.3, 0.3, 0.3], [3, 3, 3], [0, 0, 0]);
const cloth = clothGrid([0.6, 0.6], [7, 7], [0, 0, 0]);
const clothEdges = uniqueEdges(cloth.triangles, 3, cloth.positions.length / 3);
/** The cloth bent into waves at rest (y = 0.05·sin(7x)·cos(5z), m): rest angles differ from hinge to hinge. */
const curvedCloth = cloth.positions.map((v, k) =>
  k % 3 === 1 ? v + 0.05 * Math.sin(7 * cloth.positions[k - 1]) * Math.cos(5 * cloth.positions[k + 1]) : v,
);
const hinges = triangleHinges(cloth.triangles, cloth.positions.length / 3);
const material = neoHookeanConstants(1e5, 0.45);

const kernelCases: KernelCase[] = [
  {
    name: 'distance',
    rest: cloth.positions,
    amplitude: 0.03,
    make: (s) =>
      createDistanceBlock(
        {
          particles: clothEdges,
          complianceMPerN: Float64Array.from({ length: clothEdges.length / 2 }, (_, e) => (e % 3) * 1e-4),
          dampingRatio: 0,
        },
        s,
      ),
    solve: solveDistance,
  },
  {
    name: 'membrane (a collapsed triangle: F = 0)',
    rest: cloth.positions,
    amplitude: 0.03,
    collapse: () => 5,
    make: (s) => createMembraneBlock(membraneCompliances(s.rest, cloth.triangles, 2e6, 0.3, 5e-4), s),
    solve: solveMembrane,
  },
  {
    name: 'membrane on a sheet curved at rest (a Dm⁻¹ per triangle, no index)',
    rest: curvedCloth,
    amplitude: 0.03,
    make: (s) => {
      const block = createMembraneBlock(membraneCompliances(s.rest, cloth.triangles, 2e6, 0.3, 5e-4), s);
      expect(block.restShapeIndex.length).toBe(0);
      return block;
    },
    solve: solveMembrane,
  },
  {
    name: 'membrane, tearable (a u8 row index per triangle)',
    rest: cloth.positions,
    amplitude: 0.03,
    make: (s) =>
      createMembraneBlock(
        { ...membraneCompliances(s.rest, cloth.triangles, 2e6, 0.3, 5e-4), tearable: true },
        s,
      ),
    solve: solveMembrane,
  },
  {
    name: 'membrane, every seventh triangle torn (compliances beyond single precision: it sits out)',
    rest: cloth.positions,
    amplitude: 0.03,
    make: (s) => {
      const block = createMembraneBlock(
        { ...membraneCompliances(s.rest, cloth.triangles, 2e6, 0.3, 5e-4), tearable: true },
        s,
      );
      for (let t = 0; t < block.count; t += 7) block.complianceIndex[t] = block.tornRow!;
      return block;
    },
    solve: solveMembrane,
  },
  {
    name: 'membrane with particles 1e10 times lighter (system entries about 3e13: its determinant passes single precision unscaled)',
    rest: cloth.positions,
    amplitude: 0.03,
    make: (s) => {
      for (let p = 0; p < s.invMass.length; p++) s.invMass[p] *= 1e10;
      return createMembraneBlock(membraneCompliances(s.rest, cloth.triangles, 2e6, 0.3, 5e-4), s);
    },
    solve: solveMembrane,
  },
  {
    name: "membrane, every triangle one compliance row (the first triangle's, as one material on equal cells): a one-element row index",
    rest: cloth.positions,
    amplitude: 0.03,
    make: (s) => {
      const block = createMembraneBlock(membraneCompliances(s.rest, cloth.triangles, 2e6, 0.3, 5e-4), s);
      const first = tableRow(block.complianceIndex, 0);
      return {
        ...block,
        compliance: block.compliance.slice(MEMBRANE_ROW * first, MEMBRANE_ROW * (first + 1)),
        complianceIndex: Uint8Array.of(0),
      };
    },
    solve: solveMembrane,
  },
  {
    name: 'membrane, a row per triangle, 300 rows before them: indexed by u16',
    rest: cloth.positions,
    amplitude: 0.03,
    make: (s) =>
      withRowIndex(createMembraneBlock(variedMembrane(s.rest), s), ['compliance'], Uint16Array, 300),
    solve: solveMembrane,
  },
  {
    name: 'membrane, a row per triangle, 70000 rows before them: indexed by u32',
    rest: cloth.positions,
    amplitude: 0.03,
    make: (s) =>
      withRowIndex(createMembraneBlock(variedMembrane(s.rest), s), ['compliance'], Uint32Array, 70000),
    solve: solveMembrane,
  },
  {
    name: 'tet volume',
    rest: box.positions,
    amplitude: 0.04,
    make: (s) =>
      createTetVolumeBlock(
        {
          tets: box.tets,
          complianceM3PerPa: tetVolumeCompliances(s.rest, box.tets, (t) => (t % 2 ? 1e5 : 1e12)),
          dampingRatio: 0,
        },
        s,
      ),
    solve: solveTetVolume,
  },
  {
    // Stars of 4 to 19 particles; a collapsed star (all its particles on one point: ∇C = 0) only
    // moves λ, and every other vertex is incompressible (α = 0).
    name: 'nodal volume (stars of every size, a collapsed star)',
    rest: box.positions,
    amplitude: 0.04,
    collapse: () => 13,
    make: (s) => {
      const vertices = Uint32Array.from({ length: s.count }, (_, p) => p);
      const block = createNodalVolumeBlock(
        {
          tets: box.tets,
          vertices,
          complianceM3PerPa: Float64Array.from(vertices, (p) => (p % 2 ? 1e-9 : 0)),
          dampingRatio: 0,
        },
        s,
      );
      expect(new Set(block.particleCount).size).toBeGreaterThan(3);
      return block;
    },
    solve: solveNodalVolume,
  },
  {
    name: 'neo-Hookean',
    rest: box.positions,
    amplitude: 0.04,
    // A compressible tet of the first colour in one of its groups of four (not a last one to three
    // the scalar kernel takes): solved beside three others, with its hydrostatic constraint alone
    // (the deviatoric one has no gradient at F = 0). The box's colours hold 1 to 9 tets, so the
    // groups of four and every length of a colour's remainder are swept.
    collapse: (b: ReturnType<typeof createNeoHookeanBlock>) => {
      const start = b.colourStarts[0];
      const grouped = start + 4 * Math.floor((b.colourStarts[1] - start) / 4);
      for (let t = start; t < grouped; t++) if (b.complianceHydrostatic[t] > 0) return t;
      throw new Error('no compressible tet in a group of four of the first colour');
    },
    make: (s) =>
      createNeoHookeanBlock(
        neoHookeanCompliances(
          s.rest,
          box.tets,
          () => material.muPa,
          (t) => (t % 4 ? material.inverseLambdaNhPerPa : 0),
          () => material.gamma,
        ),
        s,
      ),
    solve: solveNeoHookean,
  },
  {
    name: 'neo-Hookean, every seventh tet torn (compliances beyond single precision: it sits out)',
    rest: box.positions,
    amplitude: 0.04,
    make: (s) => {
      const block = createNeoHookeanBlock(
        neoHookeanCompliances(
          s.rest,
          box.tets,
          () => material.muPa,
          () => material.inverseLambdaNhPerPa,
          () => material.gamma,
        ),
        s,
      );
      for (let t = 0; t < block.count; t += 7) {
        block.complianceHydrostatic[t] = TORN_COMPLIANCE;
        block.complianceDeviatoric[t] = TORN_COMPLIANCE;
      }
      return block;
    },
    solve: solveNeoHookean,
  },
  {
    name: 'dihedral bend (folded up to ±60°: atan2 lanes)',
    rest: cloth.positions,
    amplitude: 0.12,
    make: (s) =>
      createDihedralBendBlock(
        {
          hinges,
          compliancePerNM: hingeCompliances(s.rest, hinges, (c) => (c % 2 ? 1e-3 : 1e3)),
          dampingRatio: 0,
        },
        s,
      ),
    solve: solveDihedralBend,
  },
  {
    name: 'plate bend (folded up to ±60°: atan2 lanes; a collapsed triangle: its hinges sit out)',
    rest: cloth.positions,
    amplitude: 0.12,
    collapse: () => 7,
    make: (s) => createPlateBendBlock(anglePlateInput(s.rest), s),
    solve: solvePlateBend,
  },
  {
    name: 'plate bend on a sheet curved at rest (rest angles per triangle)',
    rest: curvedCloth,
    amplitude: 0.12,
    make: (s) => {
      const block = createPlateBendBlock(
        plateBendInput(s.rest, cloth.triangles, (t) => (t % 3 ? 10 : 1e-3)),
        s,
      );
      expect(restAngleStep(block)).toBe(3);
      expect(isLinearPlate(block)).toBe(false);
      return block;
    },
    solve: solvePlateBend,
  },
  {
    name: 'plate bend, 300 rows before its rows: indexed by u16',
    rest: cloth.positions,
    amplitude: 0.12,
    make: (s) =>
      withRowIndex(createPlateBendBlock(anglePlateInput(s.rest), s), ['compliancePerNM'], Uint16Array, 300),
    solve: solvePlateBend,
  },
  {
    name: 'plate bend, 70000 rows before its rows: indexed by u32',
    rest: cloth.positions,
    amplitude: 0.12,
    make: (s) =>
      withRowIndex(createPlateBendBlock(anglePlateInput(s.rest), s), ['compliancePerNM'], Uint32Array, 70000),
    solve: solvePlateBend,
  },
  {
    name: "plate bend, every triangle one α (the first triangle's): a one-element row index",
    rest: cloth.positions,
    amplitude: 0.12,
    make: (s) =>
      oneRowForAll(
        createPlateBendBlock({ ...plateBendInput(s.rest, cloth.triangles, () => 10), measure: 'angles' }, s),
        0,
      ),
    solve: solvePlateBend,
  },
  {
    name: 'plate bend measured linearly (a sheet flat at rest, swept once: no multipliers; a collapsed triangle)',
    rest: cloth.positions,
    amplitude: 0.12,
    collapse: () => 7,
    make: (s) => {
      const block = createPlateBendBlock(
        plateBendInput(s.rest, cloth.triangles, (t) => (t % 3 ? 10 : 1e-3)),
        s,
      );
      expect(isLinearPlate(block)).toBe(true);
      expect(block.lambda.length).toBe(0);
      return block;
    },
    solve: solvePlateBend,
  },
  {
    name: 'plate bend measured linearly, swept twice per substep: 9 multipliers per triangle',
    rest: cloth.positions,
    amplitude: 0.12,
    make: (s) => {
      const block = createPlateBendBlock(linearPlateInput(s.rest, 2), s);
      expect(block.lambda.length).toBe(9 * block.count);
      return block;
    },
    solve: solvePlateBend,
  },
  {
    name: 'plate bend measured linearly, swept twice per substep, a hinge torn off every fifth triangle (its system built, its multipliers kept)',
    rest: cloth.positions,
    amplitude: 0.12,
    make: (s) => {
      const block = createPlateBendBlock(linearPlateInput(s.rest, 2), s);
      let torn = 0;
      for (let t = 0; t < block.count; t += 5) {
        if (block.present[t] !== 7) continue;
        block.present[t] = 5;
        torn++;
      }
      expect(torn).toBeGreaterThan(5);
      return block;
    },
    solve: solvePlateBend,
  },
  {
    name: 'plate bend measured linearly, 300 rows before its rows: indexed by u16',
    rest: cloth.positions,
    amplitude: 0.12,
    make: (s) =>
      withRowIndex(
        createPlateBendBlock(linearPlateInput(s.rest, 2), s),
        ['compliancePerNM', 'hingeCoefficients', 'linearSystems', 'linearRowTriangle'],
        Uint16Array,
        300,
      ),
    solve: solvePlateBend,
  },
  {
    name: "plate bend measured linearly, every triangle an interior triangle's row: a one-element row index",
    rest: cloth.positions,
    amplitude: 0.12,
    make: (s) => {
      const block = createPlateBendBlock(linearPlateInput(s.rest, 2), s);
      // An interior triangle's row (all three hinges): a boundary row would have hinges of 0.
      return oneRowForAll(block, block.present.indexOf(7));
    },
    solve: solvePlateBend,
  },
];

/** Plate-bend input of the test cloth (rigidity 10 or 1e-3 N·m) measured by its hinge angles. */
function anglePlateInput(rest: Float64Array) {
  return { ...plateBendInput(rest, cloth.triangles, (t) => (t % 3 ? 10 : 1e-3)), measure: 'angles' as const };
}

/** Plate-bend input of the flat test cloth, measured linearly, swept `sweeps` times per substep. */
function linearPlateInput(rest: Float64Array, sweeps: number) {
  return { ...plateBendInput(rest, cloth.triangles, (t) => (t % 3 ? 10 : 1e-3)), sweepsPerSubstep: sweeps };
}

/**
 * The block with the rows (compliance, and the linear coefficients) of its triangle `t` for every
 * triangle: a one-element index.
 */
function oneRowForAll(block: PlateBendBlock, t: number): PlateBendBlock {
  const first = tableRow(block.complianceIndex, t);
  return {
    ...block,
    compliancePerNM: block.compliancePerNM.slice(6 * first, 6 * first + 6),
    hingeCoefficients: block.hingeCoefficients.slice(LINEAR_ROW * first, LINEAR_ROW * (first + 1)),
    linearSystems: block.linearSystems.slice(LINEAR_SYSTEM * first, LINEAR_SYSTEM * (first + 1)),
    linearRowTriangle: block.linearRowTriangle.slice(first, first + 1),
    complianceIndex: Uint8Array.of(0),
  };
}

/** Values per row of each row-table field the padding below knows. */
const ROW_WIDTH = {
  compliance: MEMBRANE_ROW,
  compliancePerNM: 6,
  hingeCoefficients: LINEAR_ROW,
  linearSystems: LINEAR_SYSTEM,
  linearRowTriangle: 1,
} as const;

/**
 * The block with `padRows` rows of NaN put before the rows of each of `fields` and its row index,
 * of `type`, moved past them: the same rows, found only by reading every index in full (300
 * padding rows need u16, 70000 u32; a narrower read lands on NaN).
 */
function withRowIndex<B extends { complianceIndex: RowIndex; count: number }>(
  block: B,
  fields: readonly (keyof B & keyof typeof ROW_WIDTH)[],
  type: typeof Uint16Array | typeof Uint32Array,
  padRows: number,
): B {
  const padded: Partial<B> = {};
  for (const field of fields) {
    const rows = block[field] as Float64Array | Float32Array | Uint32Array;
    const stride = ROW_WIDTH[field];
    // NaN in float rows; 0 in the row triangles (u32), rows no triangle reads either way.
    const values = new (
      rows.constructor as Float64ArrayConstructor | Float32ArrayConstructor | Uint32ArrayConstructor
    )(stride * padRows + rows.length).fill(Number.NaN);
    values.set(rows, stride * padRows);
    (padded as Record<string, Float64Array | Float32Array | Uint32Array>)[field] = values;
  }
  const index = type.from(
    Array.from({ length: block.count }, (_, t) => tableRow(block.complianceIndex, t) + padRows),
  );
  return { ...block, ...padded, complianceIndex: index };
}

/** Membrane input of the test cloth whose triangles each have their own compliances (stiffness 1 + t/100). */
function variedMembrane(rest: Float64Array) {
  const input = membraneCompliances(rest, cloth.triangles, 2e6, 0.3, 5e-4);
  const scale = (a: Float64Array) => a.map((v, t) => v / (1 + t / 100));
  return {
    ...input,
    normalCompliancePerJ: scale(input.normalCompliancePerJ),
    couplingCompliancePerJ: scale(input.couplingCompliancePerJ),
    shearCompliancePerJ: scale(input.shearCompliancePerJ),
  };
}

describe('WebAssembly constraint kernels', () => {
  for (const c of kernelCases) {
    for (const stiffnessScale of [1, 0.3]) {
      it(`${c.name}: sweeps over inverted, collapsed and pinned elements match the JS kernel (scale ${stiffnessScale})`, () => {
        const jsState = deformedState(c.rest, c.amplitude, 11);
        const wasmState = deformedState(c.rest, c.amplitude, 11);
        const jsBlock = c.make(jsState);
        const wasmBlock = c.make(wasmState);
        for (const b of [jsBlock, wasmBlock]) b.stiffnessScale = stiffnessScale;
        if (c.collapse) {
          const k = c.collapse(wasmBlock as never);
          const [first, ...others] = wasmBlock.particles.subarray(
            k * wasmBlock.arity,
            (k + 1) * wasmBlock.arity,
          );
          for (const s of [jsState, wasmState]) {
            for (const p of others) s.x.copyWithin(3 * p, 3 * first, 3 * first + 3);
          }
        }
        const kernels = WasmKernels.create(wasmState, [wasmBlock]);
        expect(kernels).not.toBeNull();
        // Colours of odd size exercise the scalar tail after the pairs.
        const colourSizes = Array.from(
          wasmBlock.colourStarts.subarray(1),
          (end, k) => end - wasmBlock.colourStarts[k],
        );
        expect(colourSizes.some((n) => n % 2 === 1)).toBe(true);
        const start = jsState.x.slice();
        const h = 1 / 600;
        let lambdaError = 0;
        for (let sweep = 0; sweep < 8; sweep++) {
          // A fresh sweep resets the multipliers itself (whatever they held: here NaN); the others
          // continue from the multipliers of the sweep before, so that α̃·λ enters.
          const fresh = sweep % 2 === 0;
          if (fresh) {
            for (const l of lambdasOf(jsBlock)) l.fill(0);
            for (const l of lambdasOf(wasmBlock)) l.fill(Number.NaN);
          }
          c.solve(jsBlock as never, jsState, h);
          expect(kernels!.solve(wasmBlock, h, fresh)).toBe(true);
          const wasmLambdas = lambdasOf(wasmBlock);
          lambdasOf(jsBlock).forEach((l, i) => {
            lambdaError = Math.max(
              lambdaError,
              maxAbsDifference(l, wasmLambdas[i]) / Math.max(maxAbs(l), 1e-300),
            );
          });
        }
        expect(maxAbsDifference(jsState.x, start)).toBeGreaterThan(1e-3); // the sweeps did something
        expect(wasmState.x.every(Number.isFinite)).toBe(true);
        expect(maxAbsDifference(wasmState.x, jsState.x)).toBeLessThanOrEqual(POSITION_TOLERANCE_M);
        expect(lambdaError).toBeLessThanOrEqual(LAMBDA_TOLERANCE);
      });
    }
  }

  for (const c of kernelCases) {
    it(`${c.name}: a sweep whose multipliers are not stored moves the particles to the same floats`, () => {
      // Two copies, swept alike but for storeLambda; the kernels that can leave the multipliers
      // unstored (distance, tet volume, membrane, neo-Hookean) leave them as they were (here NaN), the
      // others store them.
      const kept = deformedState(c.rest, c.amplitude, 11);
      const unkept = deformedState(c.rest, c.amplitude, 11);
      const keptBlock = c.make(kept);
      const unkeptBlock = c.make(unkept);
      const keptKernels = WasmKernels.create(kept, [keptBlock]);
      const unkeptKernels = WasmKernels.create(unkept, [unkeptBlock]);
      for (const l of lambdasOf(unkeptBlock)) l.fill(Number.NaN);
      const start = kept.x.slice();
      const h = 1 / 600;
      expect(keptKernels!.solve(keptBlock, h, true, true)).toBe(true);
      expect(unkeptKernels!.solve(unkeptBlock, h, true, false)).toBe(true);
      expect(maxAbsDifference(kept.x, start)).toBeGreaterThan(1e-4); // the sweep did something
      expect(unkept.x.every((v, k) => Object.is(v, kept.x[k]))).toBe(true);
      const unstored = ['distance', 'tet-volume', 'membrane', 'neo-hookean'].includes(unkeptBlock.kind);
      for (const [i, l] of lambdasOf(unkeptBlock).entries()) {
        if (unstored) expect(l.every(Number.isNaN)).toBe(true);
        else expect(Array.from(l)).toEqual(Array.from(lambdasOf(keptBlock)[i]));
      }
    });
  }

  it("a linear plate's row step matrices follow the substep, the stiffness scale and torn hinges: the same floats as the JS kernel", () => {
    // Cells of 1/8 m (exact in binary: triangles of one shape have the same compliances), masses
    // that differ in their last bits from particle to particle, as a grid's lumped masses do, and one
    // pinned corner: triangles of one shape still share their row (inverse masses compared in
    // single precision), whose system is made with its first triangle's masses.
    const grid = clothGrid([1, 1], [8, 8], [0, 0, 0]);
    const sheet = () => {
      const n = grid.positions.length / 3;
      const mass = Float64Array.from({ length: n }, (_, p) => 0.02 * (1 + ((p * 7) % 5) * 1e-15));
      const state = createParticleState(
        grid.positions,
        mass,
        Uint8Array.from({ length: n }, (_, p) => (p === 0 ? 1 : 0)),
      );
      expect(new Set(state.invMass).size).toBeGreaterThan(4);
      const next = seededRandom(5);
      for (let k = 0; k < state.x.length; k++) state.x[k] += 0.12 * (2 * next() - 1);
      return state;
    };
    const jsState = sheet();
    const wasmState = sheet();
    const start = jsState.x.slice();
    const input = plateBendInput(grid.positions, grid.triangles, () => 10);
    const jsBlock = createPlateBendBlock(input, jsState);
    const wasmBlock = createPlateBendBlock(input, wasmState);
    expect(isLinearPlate(wasmBlock)).toBe(true);
    // Rows shared by triangles: the sweeps read a step matrix made once per row.
    expect(wasmBlock.linearSystems.length / LINEAR_SYSTEM).toBeLessThan(wasmBlock.count / 2);
    const kernels = WasmKernels.create(wasmState, [wasmBlock]);
    const sweep = (h: number, what: string) => {
      solvePlateBend(jsBlock, jsState, h);
      kernels!.solve(wasmBlock, h, true);
      expect(maxAbsDifference(wasmState.x, jsState.x), what).toBe(0);
    };
    sweep(1 / 600, 'first sweep');
    sweep(1 / 600, 'the same substep');
    sweep(1 / 150, 'a longer substep');
    for (const b of [jsBlock, wasmBlock]) b.stiffnessScale = 0.4;
    sweep(1 / 150, 'another stiffness scale');
    // Tear a hinge off every fifth full triangle: its row's mask no longer matches, so the kernel
    // builds those triangles' systems (from their rows) instead of reading them.
    for (const b of [jsBlock, wasmBlock]) {
      for (let t = 0; t < b.count; t += 5) if (b.present[t] === 7) b.present[t] = 5;
    }
    sweep(1 / 150, 'torn hinges');
    expect(maxAbsDifference(jsState.x, start)).toBeGreaterThan(1e-3);
  });

  it('leave blocks without a WebAssembly kernel to the JS solver (solve returns false)', () => {
    const state = deformedState(cloth.positions, 0.01, 3);
    const block = createDistanceBlock(
      { particles: clothEdges, complianceMPerN: new Float64Array(clothEdges.length / 2), dampingRatio: 0 },
      state,
    );
    const kernels = WasmKernels.create(state, []);
    expect(kernels!.solve(block, 1 / 600, true)).toBe(false);
  });

  it("the constraint force probe's correction moment: the same floats as the JS sum, pinned particles left out", () => {
    const jsState = deformedState(cloth.positions, 0.01, 5);
    const wasmState = deformedState(cloth.positions, 0.01, 5);
    const next = seededRandom(9);
    for (const s of [jsState, wasmState]) {
      for (let k = 0; k < s.x.length; k++) s.xPrev[k] = s.x[k] + 0.003 * Math.sin(k);
      for (let k = 0; k < s.v.length; k++) s.v[k] = Math.cos(3 * k);
    }
    for (let k = 0; k < jsState.v.length; k++) wasmState.v[k] = jsState.v[k] += 0.1 * next();
    const kernels = WasmKernels.create(wasmState, [])!;
    const h = 1 / 600;
    const count = jsState.count;
    // A range that starts and ends off the first and last particle, and the whole.
    for (const [start, end] of [
      [3, count - 2],
      [0, count],
    ]) {
      const js = new Float64Array(6).fill(NaN);
      const wasm = new Float64Array(6).fill(NaN);
      correctionMoment(jsState, start, end, h, js, 3);
      kernels.correctionMoment(start, end, h, wasm, 3);
      expect(Array.from(wasm)).toEqual(Array.from(js));
      // Every fifth particle is pinned (w = 0): the sum over the free ones only.
      let x = 0;
      for (let p = start; p < end; p++)
        if (p % 5 !== 0)
          x += (jsState.x[3 * p] - jsState.xPrev[3 * p] - jsState.v[3 * p] * h) * jsState.mass[p];
      expect(js[3]).toBeCloseTo(x, 12);
      expect(js[3]).not.toBe(0);
    }
  });
});

const clothBody: BodySpec = {
  name: 'sheet',
  shape: { type: 'cloth', size: [0.6, 0.6], cells: [9, 9], center: [0, 1, 0] },
  material: { youngModulusPa: 2e6, poissonRatio: 0.3, densityKgM3: 400, thicknessM: 5e-4 },
  model: 'cloth',
  dampingRatio: 0.2,
  pins: [{ box: { min: [-0.31, 0.9, -0.31], max: [-0.29, 1.1, -0.29] } }],
};

function cube(model: 'neo-hookean' | 'edges-volume', extra: Partial<BodySpec> = {}): BodySpec {
  return {
    name: `cube-${model}`,
    shape: { type: 'box', size: [0.3, 0.3, 0.3], cells: [4, 5, 3], center: [0, 0.4, 0] },
    material: { youngModulusPa: 5e4, poissonRatio: 0.45, densityKgM3: 1000 },
    model,
    dampingRatio: 0.1,
    linearDampingPerS: 0.05,
    ...extra,
  };
}

const ground: Scene['colliders'] = [{ type: 'plane', normal: [0, 1, 0], offset: 0, friction: 0.4 }];

const worldCases: [string, Scene, BuildOptions?][] = [
  ['cloth of edges and dihedral hinges (damping)', sceneWith([clothBody]), { clothStretch: 'edges' }],
  ['cloth (stretch, shear, bending, damping, a pin)', sceneWith([clothBody])],
  [
    'neo-Hookean cube falling on the ground',
    sceneWith([cube('neo-hookean')], { dt: 1 / 60, substeps: 10 }, ground),
  ],
  [
    'edges + volume cube falling on the ground',
    sceneWith([cube('edges-volume')], { dt: 1 / 60, substeps: 10 }, ground),
  ],
  [
    'a cube of 5³ particles falling on the ground (an odd count of coordinates: the velocities end on one alone)',
    sceneWith(
      [
        cube('neo-hookean', {
          shape: { type: 'box', size: [0.3, 0.3, 0.3], cells: [4, 4, 4], center: [0, 0.4, 0] },
        }),
      ],
      { dt: 1 / 60, substeps: 10 },
      ground,
    ),
  ],
  [
    'two bodies, one in classic PBD mode (stiffness scale, 3 iterations)',
    sceneWith(
      [
        clothBody,
        cube('edges-volume', {
          solver: { method: 'pbd', iterations: 3, stiffness: 0.5 },
        } as Partial<BodySpec>),
      ],
      { dt: 1 / 60, substeps: 8 },
      ground,
    ),
  ],
];

describe('worlds stepped by the WebAssembly kernels', () => {
  for (const [name, scene, options] of worldCases) {
    it(`${name}: same state after 40 frames as with the JS kernels`, () => {
      const js = buildWorld(scene, options);
      const wasm = buildWorld(scene, options);
      js.kernels = 'js';
      expect(wasm.kernels).toBe('wasm');
      for (let frame = 0; frame < 40; frame++) {
        js.step(scene.solver.dt);
        const metrics = wasm.step(scene.solver.dt);
        expect(metrics.hasNaN).toBe(false);
      }
      let moved = 0;
      for (let k = 0; k < js.state.x.length; k++)
        moved = Math.max(moved, Math.abs(js.state.x[k] - js.state.rest[k]));
      expect(moved).toBeGreaterThan(0.01);
      expect(maxAbsDifference(wasm.state.x, js.state.x)).toBeLessThanOrEqual(POSITION_TOLERANCE_M);
      expect(maxAbsDifference(wasm.state.v, js.state.v)).toBeLessThanOrEqual(POSITION_TOLERANCE_M * 1e3);
      const jsBlocks = js.runtimes.flatMap((r) => r.blocks);
      wasm.runtimes
        .flatMap((r) => r.blocks)
        .forEach((block, b) => {
          lambdasOf(jsBlocks[b]).forEach((l, i) => {
            const error = maxAbsDifference(l, lambdasOf(block)[i]) / Math.max(maxAbs(l), 1e-300);
            expect(error).toBeLessThanOrEqual(LAMBDA_TOLERANCE);
          });
        });
      expect(wasm.measureBodies()).toEqual(js.measureBodies());
    });
  }

  it('a cloth that tears, its constraint forces read after every substep: the same state and tears as with the JS kernels', () => {
    // Tearing reads each substep's multipliers (the kernels store them in every sweep then): the
    // torn elements and the state after them are the JS kernels'.
    const tearing: BodySpec = {
      ...clothBody,
      dampingRatio: 0,
      groups: [{ name: 'all', vertices: Array.from({ length: 100 }, (_, i) => i), breakingStressPa: 2e4 }],
    };
    const scene = sceneWith([tearing]);
    const js = buildWorld(scene);
    const wasm = buildWorld(scene);
    js.kernels = 'js';
    for (let frame = 0; frame < 40; frame++) {
      js.step(scene.solver.dt);
      wasm.step(scene.solver.dt);
    }
    expect(js.tornCount).toBeGreaterThan(0);
    expect(js.tornCount).toBeLessThan(js.constraintCount);
    expect(wasm.tornCount).toBe(js.tornCount);
    expect(maxAbsDifference(wasm.state.x, js.state.x)).toBeLessThanOrEqual(POSITION_TOLERANCE_M);
  });

  it("leaves a substep's velocities to the next prediction's pass where nothing between reads them: the same floats", () => {
    const predict = vi.spyOn(WasmKernels.prototype, 'predict');
    /** Steps `scene` 40 frames with the velocities fused and apart; how many fused passes ran. */
    const fusedPasses = (scene: Scene, prepare?: (world: XpbdWorld) => void): number => {
      const together = buildWorld(scene) as XpbdWorld;
      const apart = buildWorld(scene) as XpbdWorld;
      apart.fuseVelocities = false;
      prepare?.(together);
      prepare?.(apart);
      predict.mockClear();
      for (let frame = 0; frame < 40; frame++) {
        together.step(scene.solver.dt);
        apart.step(scene.solver.dt);
      }
      expect(maxAbsDifference(together.state.x, together.state.rest)).toBeGreaterThan(0.01);
      expect(Array.from(together.state.x)).toEqual(Array.from(apart.state.x));
      expect(Array.from(together.state.v)).toEqual(Array.from(apart.state.v));
      // invH > 0 carries the substep before's velocities.
      return predict.mock.calls.filter(([prediction]) => prediction.invH > 0).length;
    };
    const undamped = { dampingRatio: 0 };
    const settings = { dt: 1 / 60, substeps: 10 };
    // Every substep but a frame's last hands its velocities on, one pass per body.
    expect(fusedPasses(sceneWith([cube('neo-hookean', undamped)], settings, ground))).toBe(40 * 9);
    expect(
      fusedPasses(
        sceneWith([{ ...clothBody, ...undamped }, cube('edges-volume', undamped)], settings, ground),
      ),
    ).toBe(40 * 9 * 2);
    // Constraint damping, and a held grab, change velocities after they are made: made apart.
    expect(fusedPasses(sceneWith([clothBody], settings, ground))).toBe(0);
    const grabbed = (world: XpbdWorld) => {
      expect(
        world.grab(
          world.state.invMass.findIndex((w) => w > 0),
          [0.1, 0.8, 0],
        ),
      ).toBe(true);
    };
    expect(fusedPasses(sceneWith([cube('neo-hookean', undamped)], settings, ground), grabbed)).toBe(0);
    predict.mockRestore();
  });

  it('follows compliances rewritten in place (tearing, its reset, the stiffness limit at a new substep): the same state as the JS kernels', () => {
    // Half the stress at the top of the hanging bar (ρ·g·L): its upper tets tear.
    const bar = tearableBar({
      youngModulusPa: 2e6,
      poissonRatio: 0.3,
      breakingStressPa: 0.5 * 1000 * 9.81 * TEARABLE_BAR_M,
    });
    const scene = sceneWith([bar], { dt: 1 / 60, substeps: 4 });
    const js = buildWorld(scene) as XpbdWorld;
    const wasm = buildWorld(scene) as XpbdWorld;
    js.kernels = 'js';
    const limit = wasm.runtimes[0].stiffnessLimit!;
    const run = (frames: number, dtS: number) => {
      for (let frame = 0; frame < frames; frame++) {
        js.step(dtS);
        wasm.step(dtS);
      }
      expect(maxAbsDifference(wasm.state.x, js.state.x)).toBeLessThanOrEqual(POSITION_TOLERANCE_M);
      expect(wasm.tearing!.tornCount).toBe(js.tearing!.tornCount);
    };
    run(60, 1 / 60);
    expect(wasm.tearing!.tornCount).toBeGreaterThan(0);
    const limitedAt60Hz = limit.limitedCount;
    expect(limitedAt60Hz).toBeGreaterThan(0);
    js.reset();
    wasm.reset();
    expect(wasm.tearing!.tornCount).toBe(0);
    // Half the frame step: the stiffness limit scales fewer tets, and the bar tears again.
    run(60, 1 / 120);
    expect(limit.limitedCount).toBeLessThan(limitedAt60Hz);
    expect(wasm.tearing!.tornCount).toBeGreaterThan(0);
  });

  it('keeps the state in one fixed memory: the arrays never move or detach while stepping', () => {
    const scene = worldCases[1][1];
    const world = buildWorld(scene);
    const buffer = world.state.x.buffer;
    const bytes = buffer.byteLength;
    expect(world.state.v.buffer).toBe(buffer);
    expect(world.runtimes[0].blocks[0].particles.buffer).toBe(buffer);
    for (let frame = 0; frame < 5; frame++) world.step(scene.solver.dt);
    world.reset();
    expect(world.state.x.buffer).toBe(buffer);
    expect(buffer.byteLength).toBe(bytes);
    expect(Array.from(world.state.x)).toEqual(Array.from(world.state.rest));
  });

  it('can switch kernels between steps', () => {
    const scene = worldCases[0][1];
    const a = buildWorld(scene);
    const b = buildWorld(scene);
    b.kernels = 'js';
    for (let frame = 0; frame < 10; frame++) {
      a.kernels = frame % 2 ? 'js' : 'wasm';
      a.step(scene.solver.dt);
      b.step(scene.solver.dt);
    }
    expect(maxAbsDifference(a.state.x, b.state.x)).toBeLessThanOrEqual(POSITION_TOLERANCE_M);
  });
});

describe('without WebAssembly', () => {
  const global = globalThis as { WebAssembly?: unknown };
  const saved = global.WebAssembly;
  afterEach(() => {
    global.WebAssembly = saved;
    vi.resetModules();
  });

  it('runs the JS kernels and refuses to switch to WebAssembly', async () => {
    Reflect.deleteProperty(globalThis, 'WebAssembly');
    vi.resetModules();
    const { buildWorld: build } = await import('../../../core/sim/build-world.ts');
    const scene = worldCases[0][1];
    const world = build(scene);
    expect(world.kernels).toBe('js');
    expect(() => {
      world.kernels = 'wasm';
    }).toThrow(/WebAssembly kernels are not available/);
    for (let frame = 0; frame < 5; frame++) expect(world.step(scene.solver.dt).hasNaN).toBe(false);
  });
});
