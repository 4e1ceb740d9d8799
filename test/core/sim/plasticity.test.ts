import { describe, expect, it } from 'vitest';
import {
  buildWorldFromPreset,
  presetFromScene,
  readPreset,
  writePreset,
} from '../../../core/preset/index.ts';
import type { BodySpec, PlasticitySpec, Scene } from '../../../core/scene/scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import type { DistanceBlock } from '../../../core/sim/constraints/distance.ts';
import type { NeoHookeanBlock } from '../../../core/sim/constraints/neo-hookean.ts';

/**
 * Plasticity (core/sim/plasticity.ts): a bar pinned at both ends, one end pulled to axial strain ε,
 * held while the creep runs, then let go, keeps the permanent set the model predicts.
 */

const LENGTH = 0.4;
const SIDE = 0.04;
const CELLS = 10;
const FRAME = 1 / 60;

function scene(body: BodySpec, substeps: number): Scene {
  return { gravity: [0, 0, 0], solver: { dt: FRAME, substeps }, colliders: [], bodies: [body] };
}

/** Body-local indices of a box bar's vertices (x from 0 to LENGTH). */
function allVertices(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i);
}

function bar(plasticity: PlasticitySpec | undefined, model: 'neo-hookean' | 'rope' | 'cloth'): BodySpec {
  const pins: BodySpec['pins'] = [
    { box: { min: [-1e-6, -1, -1], max: [1e-6, 1, 1] } },
    { box: { min: [LENGTH - 1e-6, -1, -1], max: [LENGTH + 1e-6, 1, 1] } },
  ];
  const material = { youngModulusPa: 2e4, poissonRatio: 0.3, densityKgM3: 1000 };
  const count = model === 'rope' ? CELLS + 1 : model === 'cloth' ? (CELLS + 1) * 2 : (CELLS + 1) * 4;
  const groups = plasticity ? [{ name: 'all', vertices: allVertices(count), plasticity }] : [];
  if (model === 'cloth') {
    return {
      name: 'strip',
      shape: { type: 'cloth', size: [LENGTH, SIDE], cells: [CELLS, 1], center: [LENGTH / 2, 0, 0] },
      material: { ...material, thicknessM: 0.001 },
      model: 'cloth',
      dampingRatio: 0.2,
      pins,
      groups,
    };
  }
  if (model === 'rope') {
    return {
      name: 'rope',
      shape: { type: 'rope', start: [0, 0, 0], end: [LENGTH, 0, 0], segments: CELLS, radiusM: SIDE / 2 },
      material,
      model: 'rope',
      dampingRatio: 0.2,
      pins,
      groups,
    };
  }
  return {
    name: 'bar',
    shape: { type: 'box', size: [LENGTH, SIDE, SIDE], cells: [CELLS, 1, 1], center: [LENGTH / 2, 0, 0] },
    material,
    model: 'neo-hookean',
    dampingRatio: 0.2,
    pins,
    groups,
  };
}

interface Run {
  /**
   * Axial strain between the cross sections at 0.3·L and 0.7·L while held (`held`) and after release
   * and settling (`set`). The middle is measured: next to the pinned faces the material cannot
   * contract sideways, creeps less, and the middle takes up the difference.
   */
  held: number;
  set: number;
  /** Kinetic + elastic energy the frame before release, the most after it and the last, J. */
  energyAtReleaseJ: number;
  maxEnergyAfterJ: number;
  finalEnergyJ: number;
  world: ReturnType<typeof buildWorld>;
}

/** Axial strain between the cross sections at 0.3·L and 0.7·L (their mean x). */
function middleStrain(world: ReturnType<typeof buildWorld>): number {
  const { x, rest } = world.state;
  const section = (at: number) => {
    let sum = 0;
    let n = 0;
    for (let p = 0; p < world.particleCount; p++) {
      if (Math.abs(rest[3 * p] - at) < 1e-6) {
        sum += x[3 * p];
        n++;
      }
    }
    return sum / n;
  };
  const a = 0.3 * LENGTH;
  const b = 0.7 * LENGTH;
  return (section(b) - section(a)) / (b - a) - 1;
}

/** Moves the pinned x = L end by `dxM` at once and steps `frames` frames. */
function pullEndAndStep(world: ReturnType<typeof buildWorld>, dxM: number, frames: number): void {
  for (let p = 0; p < world.particleCount; p++)
    if (world.state.rest[3 * p] > LENGTH - 1e-6) world.state.x[3 * p] += dxM;
  for (let f = 0; f < frames; f++) world.step(FRAME);
}

/** Pull the x = L end to strain `strain` over 0.5 s, hold `holdS`, let go, settle `settleS`. */
function pullHoldRelease(body: BodySpec, substeps: number, strain: number, holdS = 1.5, settleS = 2): Run {
  const world = buildWorld(scene(body, substeps));
  const { x, rest, invMass, mass } = world.state;
  const moving: number[] = [];
  for (let p = 0; p < world.particleCount; p++) if (rest[3 * p] > LENGTH - 1e-6) moving.push(p);
  const energy = () => {
    const m = world.measureBodies()[0];
    return m.kineticEnergyJ + m.elasticEnergyJ;
  };
  const ramp = 30;
  for (let f = 1; f <= ramp + Math.round(holdS / FRAME); f++) {
    const s = strain * Math.min(1, f / ramp);
    for (const p of moving) x[3 * p] = rest[3 * p] * (1 + s);
    world.step(FRAME);
  }
  const energyAtReleaseJ = energy();
  const held = middleStrain(world);
  for (const p of moving) invMass[p] = 1 / mass[p];
  let maxEnergyAfterJ = 0;
  let finalEnergyJ = 0;
  for (let f = 0; f < Math.round(settleS / FRAME); f++) {
    const metrics = world.step(FRAME);
    expect(metrics.hasNaN).toBe(false);
    finalEnergyJ = energy();
    maxEnergyAfterJ = Math.max(maxEnergyAfterJ, finalEnergyJ);
  }
  return { held, set: middleStrain(world), energyAtReleaseJ, maxEnergyAfterJ, finalEnergyJ, world };
}

const PLASTIC: PlasticitySpec = { yieldStrain: 0.02, creepRatePerS: 5, maxPlasticStrain: 0.3 };
const STRAIN = 0.06;

/** The tet model's settled set for a bar held at axial strain ε (plasticity.ts, "Prediction"). */
function tetPrediction(strain: number, yieldStrain: number): number {
  return (1 + strain) / Math.sqrt(1 + 2 * yieldStrain) - 1;
}

describe('plasticity', () => {
  const runs = new Map<number, Run>();
  const tetRun = (substeps: number) => {
    if (!runs.has(substeps))
      runs.set(substeps, pullHoldRelease(bar(PLASTIC, 'neo-hookean'), substeps, STRAIN));
    return runs.get(substeps)!;
  };

  it('a neo-Hookean bar held at 6% past a 2% yield keeps ε − ε_y within 10% and the model set within 5%', () => {
    const { held, set } = tetRun(20);
    expect(Math.abs(set - (held - PLASTIC.yieldStrain)) / (held - PLASTIC.yieldStrain)).toBeLessThan(0.1);
    const predicted = tetPrediction(held, PLASTIC.yieldStrain);
    expect(Math.abs(set - predicted) / predicted).toBeLessThan(0.05);
  });

  it('the set does not depend on the substep count (10, 20, 40 within 5%)', () => {
    const sets = [10, 20, 40].map((n) => tetRun(n).set);
    const reference = sets[2];
    for (const set of sets) expect(Math.abs(set - reference) / reference).toBeLessThan(0.05);
  });

  it('letting go injects no energy: kinetic + elastic after release stays within 1% of its value before', () => {
    for (const n of [10, 20, 40]) {
      const run = tetRun(n);
      expect(run.maxEnergyAfterJ).toBeLessThanOrEqual(run.energyAtReleaseJ * 1.01);
    }
  });

  it('a rope held past yield keeps (1 + ε)/(1 + ε_y) − 1 within 5%', () => {
    const { held, set } = pullHoldRelease(bar(PLASTIC, 'rope'), 20, STRAIN);
    const predicted = (1 + held) / (1 + PLASTIC.yieldStrain) - 1;
    expect(Math.abs(set - predicted) / predicted).toBeLessThan(0.05);
  });

  /**
   * The cloth strip is measured once it has settled: let go, it rings in a slow mode (period about
   * 3 s) and 2 s after release still holds 8% of its energy at release, its middle then
   * 10% short of the set it settles to (the shortfall once reported as a creep-rate effect). After
   * 10 s less than 1% is left. Membrane model set: (1 + ε)/√(1 + 2ε_y) − 1 (plasticity.ts).
   */
  const CLOTH_SETTLE_S = 10;
  const membranePrediction = (held: number) => (1 + held) / Math.sqrt(1 + 2 * PLASTIC.yieldStrain) - 1;

  it('a cloth strip creeping at a finite rate (5/s) keeps the membrane model set within 3% at 10, 20 and 40 substeps', () => {
    const lines: string[] = [];
    for (const substeps of [10, 20, 40]) {
      const { held, set, energyAtReleaseJ, maxEnergyAfterJ, finalEnergyJ } = pullHoldRelease(
        bar(PLASTIC, 'cloth'),
        substeps,
        STRAIN,
        1.5,
        CLOTH_SETTLE_S,
      );
      const predicted = membranePrediction(held);
      expect(Math.abs(set - predicted) / predicted, `${substeps} substeps`).toBeLessThan(0.03);
      expect(finalEnergyJ).toBeLessThan(0.01 * energyAtReleaseJ);
      expect(maxEnergyAfterJ).toBeLessThanOrEqual(energyAtReleaseJ * 1.01);
      lines.push(
        `${substeps}: set ${set.toFixed(5)} / model ${predicted.toFixed(5)} = ${(set / predicted).toFixed(4)}`,
      );
    }
    console.info(`[plasticity] cloth strip, creep 5/s, by substeps: ${lines.join('; ')}`);
  });

  // Creep ≥ 1/frame (perfect plasticity) keeps more than the model: 5.5% at 20 substeps (10: 5.1%,
  // 40: 5.7%). Each frame's whole excess goes into the rest shape at the frame's end state, and the
  // strip ends the hold below yield (elastic strain 1.74% for a 2% yield): it crept past the
  // surface during the pull, most likely on the transient strains of the ramp that a finite rate
  // averages out.
  it('a cloth strip at instant creep keeps the membrane model set within 7%', () => {
    const perfect = { ...PLASTIC, creepRatePerS: 1000 };
    const { held, set, energyAtReleaseJ, maxEnergyAfterJ } = pullHoldRelease(
      bar(perfect, 'cloth'),
      20,
      STRAIN,
      1.5,
      CLOTH_SETTLE_S,
    );
    const predicted = membranePrediction(held);
    expect(Math.abs(set - predicted) / predicted).toBeLessThan(0.07);
    expect(maxEnergyAfterJ).toBeLessThanOrEqual(energyAtReleaseJ * 1.01);
  });

  it('reset restores the original rest shapes bit for bit, and the world then steps as a fresh one', () => {
    const { world } = tetRun(20);
    const fresh = buildWorld(scene(bar(PLASTIC, 'neo-hookean'), 20));
    const block = (w: typeof world) =>
      w.runtimes[0].blocks.find((b) => b.kind === 'neo-hookean') as NeoHookeanBlock;
    expect(Array.from(block(world).inverseRestShape)).not.toEqual(Array.from(block(fresh).inverseRestShape));
    world.reset();
    // The run let go of the pulled end: pin it again as the fresh world has it.
    world.state.invMass.set(fresh.state.invMass);
    expect(Array.from(block(world).inverseRestShape)).toEqual(Array.from(block(fresh).inverseRestShape));
    expect(Array.from(block(world).restShapeProduct)).toEqual(Array.from(block(fresh).restShapeProduct));
    for (const w of [world, fresh]) pullEndAndStep(w, 0.01, 10);
    expect(Array.from(world.state.x)).toEqual(Array.from(fresh.state.x));
  });

  it('below yield nothing changes: the rest shapes are bit-identical after loading and unloading', () => {
    for (const model of ['neo-hookean', 'rope', 'cloth'] as const) {
      const { world } = pullHoldRelease(bar(PLASTIC, model), 20, 0.005, 0.5);
      const fresh = buildWorld(scene(bar(PLASTIC, model), 20));
      const rests = (w: typeof world) =>
        w.runtimes[0].blocks.flatMap((b) =>
          b.kind === 'neo-hookean'
            ? [Array.from(b.inverseRestShape), Array.from(b.restShapeProduct)]
            : b.kind === 'membrane'
              ? [Array.from(b.inverseRestShape)]
              : b.kind === 'distance'
                ? [Array.from((b as DistanceBlock).restLengthM)]
                : [],
        );
      expect(rests(world)).toEqual(rests(fresh));
      expect(world.runtimes[0].plasticity?.maxPlasticStrain()).toBe(0);
    }
  });

  it('the WebAssembly kernels follow the changed rest shapes: bit-identical to the JS kernels', () => {
    const worlds = ['wasm', 'js'].map((kernels) => {
      const w = buildWorld(scene(bar(PLASTIC, 'neo-hookean'), 20));
      if (kernels === 'js') w.kernels = 'js';
      return w;
    });
    expect(worlds[0].kernels).toBe('wasm');
    for (const w of worlds) pullEndAndStep(w, 0.02, 40);
    expect(worlds[0].runtimes[0].plasticity?.maxPlasticStrain()).toBeGreaterThan(0.01);
    expect(Array.from(worlds[0].state.x)).toEqual(Array.from(worlds[1].state.x));
  });

  it('a group that never yields steps bit-identically to one without plasticity', () => {
    const never = buildWorld(
      scene(bar({ yieldStrain: 1, creepRatePerS: 5, maxPlasticStrain: 0.3 }, 'neo-hookean'), 20),
    );
    const none = buildWorld(scene(bar(undefined, 'neo-hookean'), 20));
    expect(none.runtimes[0].plasticity).toBeUndefined();
    for (const w of [never, none]) pullEndAndStep(w, 0.02, 30);
    expect(Array.from(never.state.x)).toEqual(Array.from(none.state.x));
  });

  it("a native preset carries each group's plasticity into the world it builds", () => {
    const preset = readPreset(
      writePreset(presetFromScene(scene(bar(PLASTIC, 'neo-hookean'), 20), { name: 'bar' })),
    );
    expect(preset.setup.bodies[0].slots.plasticity).toEqual([null, PLASTIC]);
    expect(buildWorldFromPreset(preset).runtimes[0].plasticity).toBeDefined();
  });

  it('the plastic strain stops at its cap', () => {
    const capped = { ...PLASTIC, creepRatePerS: 1000, maxPlasticStrain: 0.01 };
    const { world, set } = pullHoldRelease(bar(capped, 'rope'), 20, STRAIN, 0.5);
    expect(world.runtimes[0].plasticity?.maxPlasticStrain()).toBeLessThanOrEqual(0.01 + 1e-12);
    expect(set).toBeLessThan(0.0105);
  });
});
