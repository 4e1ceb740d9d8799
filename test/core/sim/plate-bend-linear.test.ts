import { describe, expect, it } from 'vitest';
import { standardScenes } from '../../../core/calibrate/scenes.ts';
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { buildWorld, buildWorldFromSetup } from '../../../core/sim/build-world.ts';
import { hingeAngle } from '../../../core/sim/constraints/dihedral-bend.ts';
import type { ConstraintBlock } from '../../../core/sim/constraints/index.ts';
import {
  addPlateBendForces,
  createPlateBendBlock,
  type PlateBendBlock,
  plateBendConstraintEnergyJ,
  plateHinge,
  solvePlateBend,
} from '../../../core/sim/constraints/plate-bend.ts';
import {
  isLinearPlate,
  linearHingeCoefficient,
  linearHingeVectors,
} from '../../../core/sim/constraints/plate-bend-linear.ts';
import { solveSymmetric3 } from '../../../core/sim/constraints/symmetric3.ts';
import { clothGrid } from '../../../core/sim/geometry/cloth-grid.ts';
import { createParticleState, type ParticleState } from '../../../core/sim/state.ts';
import { plateBendInput } from './physical-inputs.ts';

/** A 0.6 m sheet of 7 × 7 cells in the plane y = 0, flat at rest, particle 0 pinned. */
const sheet = clothGrid([0.6, 0.6], [7, 7], [0, 0, 0]);

function flatPatch(
  sweeps = 1,
  measure: 'auto' | 'angles' = 'auto',
): { state: ParticleState; block: PlateBendBlock } {
  const count = sheet.positions.length / 3;
  const pinned = new Uint8Array(count);
  pinned[0] = 1;
  const state = createParticleState(sheet.positions.slice(), new Float64Array(count).fill(0.01), pinned);
  const input = plateBendInput(state.rest, sheet.triangles, (t) => (t % 3 ? 2 : 0.5));
  const block = createPlateBendBlock({ ...input, sweepsPerSubstep: sweeps, measure }, state);
  return { state, block };
}

/** Positions bent onto y = amplitude·(x² − 0.6·z² + 0.3·x·z)/0.09 (m), arc length kept to first order. */
function bend(state: ParticleState, amplitude: number): void {
  for (let p = 0; p < state.count; p++) {
    const [x, z] = [state.rest[3 * p], state.rest[3 * p + 2]];
    state.x[3 * p + 1] = (amplitude * (x * x - 0.6 * z * z + 0.3 * x * z)) / 0.09;
  }
}

/** Unit normal of triangle t's corners (slots 0, 1, 2) at positions x. */
function cornerNormal(block: PlateBendBlock, x: Float64Array, t: number): number[] {
  const p = [0, 1, 2].map((s) => 3 * block.particles[6 * t + s]);
  const e1 = [0, 1, 2].map((d) => x[p[1] + d] - x[p[0] + d]);
  const e2 = [0, 1, 2].map((d) => x[p[2] + d] - x[p[0] + d]);
  const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
  const length = Math.hypot(...n);
  return n.map((v) => v / length);
}

/**
 * Each hinge of the block (present ones) at positions x: its angle as dihedral-bend.ts measures it
 * (rad), |m| and m along its triangle's unit normal.
 */
function hingeReadings(
  block: PlateBendBlock,
  x: Float64Array,
): { angle: number; length: number; along: number }[] {
  const m = new Float64Array(9);
  const quad = new Uint32Array(4);
  const readings: { angle: number; length: number; along: number }[] = [];
  for (let t = 0; t < block.count; t++) {
    linearHingeVectors(block, x, t, m);
    const n = cornerNormal(block, x, t);
    for (let k = 0; k < 3; k++) {
      if (!(block.present[t] & (1 << k))) continue;
      readings.push({
        angle: hingeAngle(x, plateHinge(block, t, k, quad), 0),
        length: Math.hypot(m[k], m[3 + k], m[6 + k]),
        along: m[k] * n[0] + m[3 + k] * n[1] + m[6 + k] * n[2],
      });
    }
  }
  return readings;
}

/** The XPBD step of plate-bend-linear.ts written plainly: per axis, J = the constant coefficients. */
function plainSweep(block: PlateBendBlock, state: ParticleState, h: number): void {
  const upper = [
    [0, 1, 2],
    [1, 3, 4],
    [2, 4, 5],
  ];
  const system = new Float64Array(6);
  const rhs = new Float64Array(3);
  const delta = new Float64Array(3);
  const m = new Float64Array(9);
  for (let t = 0; t < block.count; t++) {
    const mask = block.present[t];
    const row = block.complianceIndex.length === 1 ? block.complianceIndex[0] : block.complianceIndex[t];
    const alpha = (i: number, j: number) => block.compliancePerNM[6 * row + upper[i][j]] / (h * h);
    const jacobian = (k: number, s: number) => linearHingeCoefficient(block, t, k, s);
    for (let i = 0; i < 3; i++)
      for (let j = i; j < 3; j++) {
        let sum = 0;
        for (let s = 0; s < 6; s++)
          sum += state.invMass[block.particles[6 * t + s]] * jacobian(i, s) * jacobian(j, s);
        system[upper[i][j]] = sum + alpha(i, j);
      }
    linearHingeVectors(block, state.x, t, m);
    for (let axis = 0; axis < 3; axis++) {
      for (let i = 0; i < 3; i++) {
        let coupled = 0;
        for (let j = 0; j < 3; j++) coupled += alpha(i, j) * block.lambda[9 * t + 3 * axis + j];
        rhs[i] = -m[3 * axis + i] - coupled;
      }
      if (!solveSymmetric3(system, rhs, mask, delta)) continue;
      for (let i = 0; i < 3; i++) block.lambda[9 * t + 3 * axis + i] += delta[i];
      for (let s = 0; s < 6; s++) {
        const p = block.particles[6 * t + s];
        let move = 0;
        for (let i = 0; i < 3; i++) move += jacobian(i, s) * delta[i];
        state.x[3 * p + axis] += state.invMass[p] * move;
      }
      // The next axis's m from the moved positions, as the sweep reads them.
      linearHingeVectors(block, state.x, t, m);
    }
  }
}

describe('plate bending measured linearly (a sheet flat at rest)', () => {
  it('is what a flat sheet gets; a sheet curved at rest, or one asked for angles, keeps the angles', () => {
    expect(isLinearPlate(flatPatch().block)).toBe(true);
    expect(isLinearPlate(flatPatch(1, 'angles').block)).toBe(false);
    const count = sheet.positions.length / 3;
    const curved = sheet.positions.map((v, k) =>
      k % 3 === 1 ? 0.02 * Math.sin(9 * sheet.positions[k - 1]) : v,
    );
    const state = createParticleState(curved, new Float64Array(count).fill(0.01), new Uint8Array(count));
    expect(
      isLinearPlate(
        createPlateBendBlock(
          plateBendInput(curved, sheet.triangles, () => 1),
          state,
        ),
      ),
    ).toBe(false);
  });

  it('keeps its 9 multipliers per triangle only when swept more than once per substep', () => {
    expect(flatPatch(1).block.lambda.length).toBe(0);
    const { block } = flatPatch(3);
    expect(block.lambda.length).toBe(9 * block.count);
    expect(flatPatch(1, 'angles').block.lambda.length).toBe(3 * block.count);
  });

  it('the sweep is the plain XPBD step on the constant Jacobian (three sweeps, within 1e-12 m)', () => {
    const fast = flatPatch(3);
    const plain = flatPatch(3);
    for (const s of [fast.state, plain.state]) {
      bend(s, 0.08);
      for (let p = 1; p < s.count; p++) s.x[3 * p] += 0.003 * Math.sin(7 * p);
    }
    const start = fast.state.x.slice();
    for (let sweep = 0; sweep < 3; sweep++) {
      solvePlateBend(fast.block, fast.state, 1 / 1200);
      plainSweep(plain.block, plain.state, 1 / 1200);
    }
    let moved = 0;
    for (let i = 0; i < fast.state.x.length; i++) {
      expect(Math.abs(fast.state.x[i] - plain.state.x[i])).toBeLessThan(1e-12);
      moved = Math.max(moved, Math.abs(fast.state.x[i] - start[i]));
    }
    expect(moved).toBeGreaterThan(1e-4);
    for (let k = 0; k < fast.block.lambda.length; k++)
      expect(fast.block.lambda[k]).toBeCloseTo(plain.block.lambda[k], 12);
  });

  it('a rigid motion of the sheet measures nothing: no energy, no force, no move (1e-12)', () => {
    const { state, block } = flatPatch();
    const [c, s] = [Math.cos(0.7), Math.sin(0.7)];
    for (let p = 0; p < state.count; p++) {
      const [x, y, z] = [state.rest[3 * p], state.rest[3 * p + 1], state.rest[3 * p + 2]];
      // A turn about (1, 1, 0)/√2 by 0.7 rad as two turns (z, then x), then a shift.
      const [x1, y1] = [c * x - s * y, s * x + c * y];
      state.x[3 * p] = x1 + 0.3;
      state.x[3 * p + 1] = c * y1 - s * z - 1;
      state.x[3 * p + 2] = s * y1 + c * z + 2;
    }
    let energy = 0;
    for (let t = 0; t < block.count; t++) energy += plateBendConstraintEnergyJ(block, state.x, t);
    expect(energy).toBeLessThan(1e-20);
    const force = new Float64Array(state.x.length);
    addPlateBendForces(block, state, 1 / 600, force);
    expect(Math.max(...force.map(Math.abs))).toBeLessThan(1e-9);
    const before = state.x.slice();
    solvePlateBend(block, state, 1 / 600);
    for (let i = 0; i < before.length; i++) expect(Math.abs(state.x[i] - before[i])).toBeLessThan(1e-12);
  });

  it('a hinge folded by θ measures 2·sin(θ/2) (an isometric fold; 1e-7: single-precision coefficients), sin θ of it along the normal', () => {
    const { state, block } = flatPatch();
    // The column of particles at x0 is a line of grid edges (no diagonal crosses it).
    const x0 = state.rest[3 * 3];
    for (const theta of [0.3, 1, 2]) {
      for (let p = 0; p < state.count; p++) {
        const r = state.rest[3 * p] - x0;
        if (r <= 1e-9) continue;
        state.x[3 * p] = x0 + r * Math.cos(theta);
        state.x[3 * p + 1] = r * Math.sin(theta);
      }
      let folded = 0;
      let sign = 0;
      for (const { angle, length, along } of hingeReadings(block, state.x)) {
        // Within the coefficients' single precision (6e-8 relative).
        expect(Math.abs(length - 2 * Math.sin(Math.abs(angle) / 2))).toBeLessThan(1e-7);
        if (Math.abs(angle) < 1e-9) continue;
        expect(Math.abs(angle)).toBeCloseTo(theta, 12);
        expect(Math.abs(Math.abs(along) - Math.sin(theta))).toBeLessThan(1e-7);
        sign ||= Math.sign(along * angle);
        expect(Math.sign(along * angle)).toBe(sign);
        folded++;
      }
      expect(folded).toBe(2 * 7); // each of the 7 edges on the line, seen from both triangles
    }
  });

  it('a gently curved sheet: m along the normal is θ at every hinge, one sign for all (within 2%)', () => {
    const { state, block } = flatPatch();
    bend(state, 0.01);
    let checked = 0;
    let sign = 0;
    for (const { angle, along } of hingeReadings(block, state.x)) {
      if (Math.abs(angle) < 1e-3) continue;
      // In-plane stretch of the bent sheet (a few 1e-4 here) enters m beside the fold.
      expect(Math.abs(Math.abs(along) / Math.abs(angle) - 1)).toBeLessThan(0.02);
      sign ||= Math.sign(along * angle);
      expect(Math.sign(along * angle)).toBe(sign);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('stores the energy of the angle measure for a gentle bend (within 2%)', () => {
    const linear = flatPatch();
    const angles = flatPatch(1, 'angles');
    bend(linear.state, 0.02);
    bend(angles.state, 0.02);
    let eLinear = 0;
    let eAngles = 0;
    for (let t = 0; t < linear.block.count; t++)
      eLinear += plateBendConstraintEnergyJ(linear.block, linear.state.x, t);
    for (let t = 0; t < angles.block.count; t++)
      eAngles += plateBendConstraintEnergyJ(angles.block, angles.state.x, t);
    expect(eAngles).toBeGreaterThan(0);
    expect(Math.abs(eLinear / eAngles - 1)).toBeLessThan(0.02);
  });

  it('its forces are −∇E (central differences, 1e-6 relative)', () => {
    const { state, block } = flatPatch();
    bend(state, 0.08);
    for (let p = 1; p < state.count; p++) state.x[3 * p + 2] += 0.004 * Math.cos(3 * p);
    const force = new Float64Array(state.x.length);
    addPlateBendForces(block, state, 1 / 600, force);
    const energy = () => {
      let e = 0;
      for (let t = 0; t < block.count; t++) e += plateBendConstraintEnergyJ(block, state.x, t);
      return e;
    };
    const step = 1e-6;
    let largest = 0;
    for (const i of [3, 4, 5, 30, 31, 32, 100, 101, 102]) {
      const saved = state.x[i];
      state.x[i] = saved + step;
      const up = energy();
      state.x[i] = saved - step;
      const down = energy();
      state.x[i] = saved;
      const gradient = (up - down) / (2 * step);
      largest = Math.max(largest, Math.abs(gradient));
      expect(Math.abs(force[i] + gradient)).toBeLessThanOrEqual(1e-6 * Math.max(...force.map(Math.abs)));
    }
    expect(largest).toBeGreaterThan(0);
  });
});

/**
 * `scene` built and damped towards rest for `frames` frames of 1/60 s, its plate measured linearly
 * (as built: the sheet is flat at rest) or, for 'angles', by the same triangles and compliances
 * measured by their hinge angles (solved in JS), swept as the built block is.
 */
function restedWorld(scene: Scene, measure: 'auto' | 'angles', frames: number) {
  const setup = compileScene(scene);
  const world = buildWorldFromSetup(setup);
  const blocks = world.runtimes[0].blocks as ConstraintBlock[];
  const at = blocks.findIndex((b) => b.kind === 'plate-bend');
  const linear = blocks[at] as PlateBendBlock;
  expect(isLinearPlate(linear)).toBe(true);
  if (measure === 'angles') {
    // Made from the set the built block was made from, so coloured and swept in the same order.
    const set = setup.bodies[0].constraints.find((c) => c.kind === 'plate-bend');
    if (set?.kind !== 'plate-bend') throw new Error('the cloth has no plate set');
    const particles = set.particles.map((p) => p + world.runtimes[0].offset);
    const angles = createPlateBendBlock(
      { particles, compliancePerNM: set.compliancePerNM, dampingRatio: 0, measure: 'angles' },
      world.state,
    );
    expect(angles.particles).toEqual(linear.particles);
    // Swept as the built block is: its stiffness scale and its sweeps per substep.
    angles.stiffnessScale = linear.stiffnessScale;
    angles.passes = linear.passes;
    blocks[at] = angles;
  }
  world.extraLinearDampingPerS = 20;
  for (let frame = 0; frame < frames; frame++) world.step(1 / 60);
  return world;
}

describe('the linear measure in the engine', () => {
  it('bends the cotton cloth cantilever as the angle measure does: tip deflection at rest within 1e-4 (measured 1e-6)', () => {
    const cotton = findBuiltInMaterial('cotton');
    if (!cotton) throw new Error('the library lost cotton');
    const cantilever = standardScenes(cotton).scenes.find((s) => s.setup.scene === 'cantilever');
    if (!cantilever) throw new Error('no cloth cantilever');
    const scene = cantilever.scene(1 / 60, 20);
    const deflection = (measure: 'auto' | 'angles') => {
      const world = restedWorld(scene, measure, 240);
      const probe = cantilever.probe(world.state.rest);
      let drop = 0;
      for (const p of probe) drop += world.state.rest[3 * p + 1] - world.state.x[3 * p + 1];
      return drop / probe.length;
    };
    const linear = deflection('auto');
    const angles = deflection('angles');
    expect(angles).toBeGreaterThan(0.5 * cantilever.setup.analytic);
    expect(Math.abs(linear / angles - 1)).toBeLessThan(1e-4);
  });

  // A soft strip (one sweep a substep) drooping until its free end hangs near vertical, and a stiff
  // one past what 8 sweeps resolve (r_b ≈ 1.4: its multipliers kept across the sweeps).
  for (const [youngModulusPa, sweeps, leastDropM, measured] of [
    [2e8, 1, 0.3, '0.3%'],
    [2e10, 8, 0.02, '0.1%'],
  ] as const) {
    it(`droops a strip of E = ${youngModulusPa} Pa (${sweeps} sweep(s) a substep) as the angle measure does: within 1% of the drop (measured ${measured})`, () => {
      const scene: Scene = {
        gravity: [0, -9.81, 0],
        solver: { dt: 1 / 60, substeps: 20 },
        colliders: [],
        bodies: [
          {
            name: 'strip',
            shape: { type: 'cloth', size: [0.4, 0.1], cells: [16, 4], center: [0, 1, 0] },
            material: { youngModulusPa, poissonRatio: 0.3, densityKgM3: 400, thicknessM: 5e-4 },
            model: 'cloth',
            dampingRatio: 0,
            // The first two columns of particles: clamped, slope and all.
            pins: [{ box: { min: [-0.21, 0.9, -0.1], max: [-0.17, 1.1, 0.1] } }],
          },
        ],
      };
      const built = buildWorld(scene).runtimes[0].blocks.find(
        (b) => b.kind === 'plate-bend',
      ) as PlateBendBlock;
      expect(built.passes ?? 1).toBe(sweeps);
      expect(built.lambda.length).toBe(sweeps > 1 ? 9 * built.count : 0);
      const tip = (measure: 'auto' | 'angles') => {
        const world = restedWorld(scene, measure, 300);
        const { x, rest } = world.state;
        let [tx, ty, n] = [0, 0, 0];
        for (let p = 0; p < world.particleCount; p++)
          if (rest[3 * p] > 0.199) [tx, ty, n] = [tx + x[3 * p], ty + x[3 * p + 1], n + 1];
        return [tx / n, ty / n];
      };
      const [lx, ly] = tip('auto');
      const [ax, ay] = tip('angles');
      const drop = 1 - ay;
      expect(drop).toBeGreaterThan(leastDropM); // of a 0.375 m span
      expect(Math.hypot(lx - ax, ly - ay)).toBeLessThan(0.01 * drop);
    });
  }
});
