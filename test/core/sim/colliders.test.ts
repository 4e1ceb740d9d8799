import { describe, expect, it } from 'vitest';
import type { ColliderSpec } from '../../../core/scene/scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { collideParticles, compileColliders } from '../../../core/sim/colliders.ts';
import { createParticleState } from '../../../core/sim/state.ts';
import { sceneWith } from './fixtures.ts';

/** Pushes one particle at `at` (coming from `from`) out of a frictionless collider; returns where it ends. */
function pushOut(spec: ColliderSpec, at: number[], from = at): number[] {
  const state = createParticleState(Float64Array.from(at), Float64Array.of(1), Uint8Array.of(0));
  state.xPrev.set(from);
  collideParticles(state, compileColliders([{ ...spec, friction: 0 }]), 0, 1);
  return Array.from(state.x);
}

describe('colliders', () => {
  it('move a penetrating particle to the surface of a plane, sphere, box and capsule (1e-12 m)', () => {
    const close = (a: number[], b: number[]) => {
      for (let k = 0; k < 3; k++) expect(a[k]).toBeCloseTo(b[k], 12);
    };
    close(pushOut({ type: 'plane', normal: [0, 2, 0], offset: 0.5 }, [0.3, 0.2, -1]), [0.3, 0.5, -1]);
    close(pushOut({ type: 'sphere', center: [1, 1, 1], radius: 0.5 }, [1.1, 1, 1]), [1.5, 1, 1]);
    close(
      pushOut({ type: 'box', center: [0, 0, 0], halfExtents: [1, 2, 3] }, [0.9, 0.5, 0.2]),
      [1, 0.5, 0.2],
    );
    close(pushOut({ type: 'capsule', a: [0, 0, 0], b: [0, 2, 0], radius: 0.25 }, [0, 1, 0.1]), [0, 1, 0.25]);
    // Outside: untouched.
    close(pushOut({ type: 'sphere', center: [0, 0, 0], radius: 1 }, [2, 0, 0]), [2, 0, 0]);
  });

  it('hold a sliding particle by static friction while |Δx_t| < μ_s·d, else shorten the slide by μ_k·d', () => {
    const ground = compileColliders([
      { type: 'plane', normal: [0, 1, 0], offset: 0, friction: 0.5, staticFriction: 1 },
    ]);
    const state = createParticleState(Float64Array.of(0, -0.01, 0), Float64Array.of(1), Uint8Array.of(0));
    state.xPrev.set([-0.005, 0, 0]); // moved 5 mm sideways, 10 mm into the ground: static holds
    collideParticles(state, ground, 0, 1);
    expect(Array.from(state.x)).toEqual([-0.005, 0, 0]);
    state.x.set([0.05, -0.01, 0]);
    state.xPrev.set([0, 0, 0]); // 50 mm sideways: slides, 0.5 × 10 mm shorter
    collideParticles(state, ground, 0, 1);
    expect(state.x[0]).toBeCloseTo(0.045, 12);
  });

  it('turn only the penetration gained within the substep into velocity, not what the particle had at its start', () => {
    // Pre-stabilization (colliders.ts): a particle already 10 mm deep at the start of the substep
    // is pushed out of both x and x_prev, so that depth does not become velocity.
    for (const spec of [
      { type: 'plane', normal: [0, 1, 0], offset: 0 },
      { type: 'box', center: [0, -1, 0], halfExtents: [1, 1, 1] },
      { type: 'sphere', center: [0, -1, 0], radius: 1 },
    ] as ColliderSpec[]) {
      const state = createParticleState(Float64Array.of(0, -0.012, 0), Float64Array.of(1), Uint8Array.of(0));
      state.xPrev.set([0, -0.01, 0]); // 10 mm deep at the start, moved 2 mm further in
      collideParticles(state, compileColliders([spec]), 0, 1);
      expect(state.x[1]).toBeCloseTo(0, 12);
      // Inelastic: the 2 mm it moved in is stopped, and the 10 mm it started with does not throw
      // it out (before: x − x_prev = +10 mm, 12 m/s at h = 1/1200 s).
      expect(state.x[1] - state.xPrev[1]).toBeCloseTo(0, 12);
    }
  });

  for (const [degrees, slides] of [
    [20, false],
    [35, true],
  ] as const) {
    it(`on a ${degrees}° slope with μ = 0.5 a rope ${slides ? 'slides with a = g(sin θ − μ cos θ) within 5%' : 'stays put'}`, () => {
      const theta = (degrees * Math.PI) / 180;
      const down = [Math.cos(theta), -Math.sin(theta), 0]; // along the slope, downhill
      const slope: ColliderSpec = {
        type: 'plane',
        normal: [Math.sin(theta), Math.cos(theta), 0],
        offset: 0,
        friction: 0.5,
      };
      const start = down.map((c) => c * 0.1) as [number, number, number];
      const end = down.map((c) => c * 0.3) as [number, number, number];
      const world = buildWorld(
        sceneWith(
          [
            {
              name: 'rope',
              shape: { type: 'rope', start, end, segments: 2, radiusM: 0.01 },
              material: { youngModulusPa: 1e7, poissonRatio: 0.3, densityKgM3: 1000 },
              model: 'rope',
            },
          ],
          { dt: 1 / 60, substeps: 10 },
          [slope],
        ),
      );
      for (let f = 0; f < 60; f++) world.step(1 / 60);
      const travelled = (world.measureBodies()[0].centroid[0] - (start[0] + end[0]) / 2) / Math.cos(theta);
      const expected = slides ? 0.5 * 9.81 * (Math.sin(theta) - 0.5 * Math.cos(theta)) : 0;
      if (slides) expect(Math.abs(travelled / expected - 1)).toBeLessThan(0.05);
      else expect(Math.abs(travelled)).toBeLessThan(1e-6);
    });
  }
});
