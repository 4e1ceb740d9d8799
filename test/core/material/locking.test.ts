import { describe, expect, it } from 'vitest';
import { type StandardScene, standardScenes } from '../../../core/calibrate/scenes.ts';
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import type { Material } from '../../../core/material/schema.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { type CompileOptions, compileScene } from '../../../core/setup/compile-scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { LinearStatics } from './linear-statics.ts';

/**
 * Volumetric locking (core/material/compliance/nodal-volume.ts): the calibration scenes
 * (core/calibrate/scenes.ts: a 2×20×2 bar hanging from its clamped top face, a 40×8×2 cantilever
 * clamped at its root) converged, i.e. the small-strain static equilibrium of the constraint sets
 * as compiled (linear-statics.ts; the engine at 160 substeps gives the same within 0.1%, the
 * last test checks that on the bar). E_eff/E = analytic/simulated.
 */

const RUBBER = findBuiltInMaterial('natural-rubber');

function withPoisson(poissonRatio: number): Material {
  if (!RUBBER) throw new Error('no natural-rubber in the library');
  return { ...RUBBER, name: `rubber-nu-${poissonRatio}`, poissonRatio };
}

/** Mean displacement of the probe along gravity over the analytic value, inverted: E_eff/E. */
function convergedStiffness(standard: StandardScene, options: CompileOptions = {}): number {
  const scene = standard.scene(1 / 60, 20);
  return staticStiffness(scene, standard.probe.bind(standard), standard.setup.analytic, options);
}

function staticStiffness(
  scene: Scene,
  probe: (rest: ArrayLike<number>) => number[],
  analytic: number,
  options: CompileOptions = {},
): number {
  // The plain mappings, without budget compensation (a static solve has no substeps).
  const plain = { ...scene, solver: { ...scene.solver, compensation: 'off' as const } };
  const body = compileScene(plain, options).bodies[0];
  const { positions, mass } = body.geometry;
  const fixed = body.pins.flatMap((pin) => Array.from(pin.particles));
  const statics = new LinearStatics(positions, fixed);
  statics.addBody(body);
  const g = scene.gravity;
  const gLength = Math.hypot(...g);
  const forces = new Float64Array(positions.length);
  for (let v = 0; v < mass.length; v++) for (let a = 0; a < 3; a++) forces[3 * v + a] = mass[v] * g[a];
  const u = statics.solve(forces);
  const probed = probe(positions);
  let sum = 0;
  for (const p of probed) for (let a = 0; a < 3; a++) sum += (u[3 * p + a] * g[a]) / gLength;
  return analytic / (sum / probed.length);
}

function scenesOf(poissonRatio: number, model: 'neo-hookean' | 'edges-volume') {
  const [bar, cantilever] = standardScenes(withPoisson(poissonRatio), { solidModel: model }).scenes;
  return { bar, cantilever };
}

describe('solids near incompressibility do not lock (converged calibration scenes)', () => {
  it('neo-Hookean: E_eff within 5% of E in the bar and the cantilever for ν from 0 to 0.49', () => {
    const measured: Record<string, number[]> = {};
    for (const nu of [0, 0.3, 0.45, 0.49]) {
      const { bar, cantilever } = scenesOf(nu, 'neo-hookean');
      measured[nu] = [convergedStiffness(bar), convergedStiffness(cantilever)];
      for (const ratio of measured[nu]) expect(Math.abs(ratio - 1), `ν = ${nu}`).toBeLessThan(0.05);
    }
    // Measured: ν = 0: 1.000 / 1.003, 0.3: 1.015 / 1.003, 0.45: 1.020 / 1.003, 0.49: 1.030 / 1.012
    // (per tet, before: 0.49 gave 1.099 / 1.077 on these meshes, 1.213 / 1.271 on the earlier ones).
    expect(measured[0.49][0]).toBeGreaterThan(1); // the clamp: a clamped face cannot contract
  });

  it('edges + volume: the cantilever within 5% for ν ≥ 0.3; the bar within 5% at ν = 0.3 and 9% above', () => {
    // Above ν = 0.3 the bar is stiffer by what the box grid's edge network gets wrong, not by
    // locking: with its top face free to contract the same mesh is 5% stiff at ν = 0.49 and does
    // not improve under refinement (edges-volume.ts fits the springs per tet; the box grid's tets
    // make the network cubic, not isotropic).
    for (const [nu, barBound] of [
      [0.3, 0.05],
      [0.45, 0.09],
      [0.49, 0.09],
    ] as const) {
      const { bar, cantilever } = scenesOf(nu, 'edges-volume');
      expect(Math.abs(convergedStiffness(bar) - 1), `bar, ν = ${nu}`).toBeLessThan(barBound);
      expect(Math.abs(convergedStiffness(cantilever) - 1), `cantilever, ν = ${nu}`).toBeLessThan(0.05);
    }
    // Measured: bar 1.026 / 1.067 / 1.081, cantilever 0.986 / 1.014 / 1.025.
  });

  it('nodal volume constraints remove most of the stiffening that per-tet ones give at ν = 0.49', () => {
    const { bar, cantilever } = scenesOf(0.49, 'edges-volume');
    const perTet = { solid: { perTetVolume: true } };
    // Per tet (what Jolt gets): measured 1.157 / 1.094; nodal: 1.081 / 1.025.
    expect(convergedStiffness(bar, perTet) - 1).toBeGreaterThan(1.5 * (convergedStiffness(bar) - 1));
    expect(convergedStiffness(cantilever, perTet) - 1).toBeGreaterThan(
      2 * (convergedStiffness(cantilever) - 1),
    );
  });

  it('does not depend on the mesh: the ν = 0.49 bar of twice the cells across changes E_eff by under 2%', () => {
    const { bar } = scenesOf(0.49, 'neo-hookean');
    const coarse = bar.scene(1 / 60, 20);
    const body = coarse.bodies[0];
    if (body.shape.type !== 'box') throw new Error('the bar is a box');
    const fine: Scene = {
      ...coarse,
      bodies: [{ ...body, shape: { ...body.shape, cells: [4, 40, 4] } }],
    };
    const length = bar.setup.lengthM;
    const bottom = (rest: ArrayLike<number>) => {
      const out: number[] = [];
      for (let p = 0; 3 * p < rest.length; p++)
        if (Math.abs(rest[3 * p + 1] + length) < 1e-6 * length) out.push(p);
      return out;
    };
    const a = staticStiffness(coarse, bottom, bar.setup.analytic);
    const b = staticStiffness(fine, bottom, bar.setup.analytic);
    expect(Math.abs(b / a - 1)).toBeLessThan(0.02); // measured 1.030 → 1.021
  });

  it('the engine converges to the same bar (ν = 0.49, 160 substeps, within 1%) and stays finite at 10 substeps', () => {
    for (const model of ['neo-hookean', 'edges-volume'] as const) {
      const { bar } = scenesOf(0.49, model);
      const expected = convergedStiffness(bar);
      const world = buildWorld(bar.scene(1 / 60, 160));
      world.extraLinearDampingPerS = 2 * bar.setup.fundamentalRadPerS;
      const rest = Float64Array.from(world.positions);
      const probe = bar.probe(rest);
      for (let frame = 0; frame < 240; frame++) expect(world.step(1 / 60).hasNaN).toBe(false);
      const drop =
        probe.reduce((sum, p) => sum + rest[3 * p + 1] - world.positions[3 * p + 1], 0) / probe.length;
      expect(Math.abs(bar.setup.analytic / drop / expected - 1), model).toBeLessThan(0.01);

      const coarse = buildWorld(bar.scene(1 / 60, 10));
      for (let frame = 0; frame < 120; frame++) expect(coarse.step(1 / 60).hasNaN).toBe(false);
    }
  }, 120_000);
});
