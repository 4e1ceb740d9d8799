import { describe, expect, it } from 'vitest';
import type { BodySpec } from '../../../core/scene/scene.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { buildWorld, buildWorldFromSetup, constraintInputOrder } from '../../../core/sim/build-world.ts';
import {
  distanceTensionN,
  largestEigenvalue,
  neoHookeanStressPa,
} from '../../../core/sim/constraints/constraint-force.ts';
import type { DistanceBlock } from '../../../core/sim/constraints/distance.ts';
import type { NeoHookeanBlock } from '../../../core/sim/constraints/neo-hookean.ts';
import { hangingBar, hangingChain, hangingStrip, sceneWith } from './fixtures.ts';

const g = 9.81;

function settle(world: ReturnType<typeof buildWorld>, seconds: number, dampingPerS: number): void {
  world.extraLinearDampingPerS = dampingPerS;
  for (let f = 0; f < Math.round(seconds * 60); f++) world.step(1 / 60);
}

const all = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('constraint forces (λ/h²) against analytic hanging bodies', () => {
  const segments = 12;
  const linkM = 0.1;
  const radiusM = 0.005;
  const densityKgM3 = 1000;
  const linkMassKg = densityKgM3 * Math.PI * radiusM ** 2 * linkM;

  it('a hanging rope: the top link carries the weight below it (1%), each link the weight below it', () => {
    const chain: BodySpec = {
      ...hangingChain({ segments, linkM, radiusM, youngModulusPa: 1e5, densityKgM3 }),
      groups: [{ name: 'rope', vertices: all(segments + 1) }],
    };
    const setup = compileScene(sceneWith([chain], { dt: 1 / 60, substeps: 40 }));
    const world = buildWorldFromSetup(setup);
    settle(world, 4, 5);
    const block = world.runtimes[0].blocks[0] as DistanceBlock;
    const order = constraintInputOrder(world, setup, 0, 0);
    const tension = new Float64Array(block.count);
    distanceTensionN(block, world.state, 1 / 60 / 40, tension);
    for (let k = 0; k < block.count; k++) {
      const link = order[k];
      // Below link `link`: particles link+1 … N, the last carrying half a link.
      const weightBelowN = (segments - link - 0.5) * linkMassKg * g;
      expect(Math.abs(tension[k] / weightBelowN - 1)).toBeLessThan(0.01);
    }
    const metrics = world.measureBodies()[0];
    const group = metrics.groups.find((gr) => gr.name === 'rope');
    const topN = (segments - 0.5) * linkMassKg * g; // m·g of the free rope
    expect(Math.abs((group?.maxConstraintForceN ?? 0) / topN - 1)).toBeLessThan(0.01);
    expect(group?.maxConstraintStressPa).toBeUndefined();
    // Per particle for the viewport: the pinned top particle carries the top link.
    const perParticle = new Float32Array(world.particleCount);
    expect(world.measureParticleForces(perParticle)).toEqual(['N']);
    expect(Math.abs(perParticle[0] / topN - 1)).toBeLessThan(0.01);
  });

  it('a neo-Hookean bar under its own weight: the mean stress of a layer grows linearly, ρ·g·(depth from the bottom), 10%', () => {
    const length = 1;
    const layers = 20;
    const bar = hangingBar({
      model: 'neo-hookean',
      youngModulusPa: 1e6,
      poissonRatio: 0.3,
      densityKgM3,
      side: 0.1,
      length,
      cells: [2, layers, 2],
    });
    const world = buildWorld(sceneWith([bar], { dt: 1 / 60, substeps: 60 }));
    settle(world, 1.5, 20);
    const block = world.runtimes[0].blocks.find((b) => b.kind === 'neo-hookean') as NeoHookeanBlock;
    const stress = new Float64Array(block.count);
    neoHookeanStressPa(block, world.state, 1 / 60 / 60, stress);
    const sum = new Float64Array(layers);
    const count = new Float64Array(layers);
    const rest = world.state.rest;
    for (let t = 0; t < block.count; t++) {
      let y = 0;
      for (let k = 0; k < 4; k++) y += rest[3 * block.particles[4 * t + k] + 1] / 4;
      const layer = Math.min(layers - 1, Math.floor((2 - y) / (length / layers)));
      sum[layer] += stress[t];
      count[layer]++;
    }
    // Layers away from the clamped top and the free bottom (where the section is not uniaxial).
    for (let layer = 2; layer < layers - 2; layer++) {
      const depthM = length - (layer + 0.5) * (length / layers);
      const expected = densityKgM3 * g * depthM;
      expect(Math.abs(sum[layer] / count[layer] / expected - 1)).toBeLessThan(0.1);
    }
    const metrics = world.measureBodies()[0];
    expect(metrics.groups[0].maxConstraintStressPa).toBeGreaterThan(0.9 * densityKgM3 * g * length);
  });

  it('a hanging cloth strip (ν = 0): membrane stress at the top ≈ ρ·g·L, 5%', () => {
    const lengthM = 0.5;
    const scene = sceneWith([hangingStrip(0.2, lengthM, [4, 10])], { dt: 1 / 60, substeps: 40 });
    scene.gravity = [0, 0, 9.81]; // hangs along +z from its pinned edge at z = −L/2
    const world = buildWorld(scene);
    settle(world, 3, 10);
    const stressPa = world.measureBodies()[0].groups[0].maxConstraintStressPa ?? 0;
    expect(Math.abs(stressPa / (500 * 9.81 * lengthM) - 1)).toBeLessThan(0.05);
  });

  it('the metrics and the particles’ colouring share a frame’s forces, measured anew after each step and reset', () => {
    const scene = sceneWith([hangingChain({ segments, linkM, radiusM, youngModulusPa: 1e5, densityKgM3 })], {
      dt: 1 / 60,
      substeps: 10,
    });
    const measured = buildWorld(scene); // measures every frame
    const plain = buildWorld(scene); // measures once, at the end
    const perParticle = new Float32Array(measured.particleCount);
    const expected = new Float32Array(measured.particleCount);
    const first = new Float32Array(measured.particleCount);
    for (let f = 0; f < 5; f++) {
      measured.step(1 / 60);
      plain.step(1 / 60);
      measured.measureBodies();
      measured.measureParticleForces(perParticle);
      if (f === 0) first.set(perParticle);
    }
    plain.measureParticleForces(expected);
    expect(perParticle).toEqual(expected);
    expect(perParticle).not.toEqual(first); // the falling chain's tensions change frame to frame
    const groups = (world: typeof plain) => world.measureBodies()[0].groups;
    expect(groups(measured)).toEqual(groups(plain));
    measured.reset();
    expect(groups(measured)[0].maxConstraintForceN).toBe(0); // λ = 0 after a reset
  });

  it('largest eigenvalue of a symmetric 3×3', () => {
    expect(largestEigenvalue(Float64Array.from([1, 0, 0, 2, 0, 3]))).toBeCloseTo(3, 12);
    // [[2,1,0],[1,2,0],[0,0,1]]: eigenvalues 3, 1, 1.
    expect(largestEigenvalue(Float64Array.from([2, 1, 0, 2, 0, 1]))).toBeCloseTo(3, 12);
  });
});
