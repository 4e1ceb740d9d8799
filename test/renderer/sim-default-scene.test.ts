import { describe, expect, test } from 'vitest';
import defaultScene from '../../assets/default-scene.json';
import type { Scene } from '../../core/scene/scene.ts';
import { parseScene } from '../../core/scene/scene-validate.ts';
import { addMeshBody } from '../../renderer/src/editor/mesh-body.ts';
import { buildSceneWorld } from '../../renderer/src/sim/build-scene-world.ts';
import type { WorkerEvent } from '../../renderer/src/sim/protocol.ts';
import { SimController } from '../../renderer/src/sim/sim-controller.ts';
import { boxTetMesh } from './editor/mesh-fixture.ts';

/** The worker loop on the real engine and the shipped default scene, stepped by hand (no timers). */
describe('the default scene through the worker loop', () => {
  test('loads drawable bodies, and stepping moves them without NaN', () => {
    const events: WorkerEvent[] = [];
    let nowMs = 0;
    const controller = new SimController({
      buildWorld: buildSceneWorld,
      defaultScene: defaultScene as unknown as Scene,
      post: (event) => events.push(event),
      now: () => nowMs++,
      schedule: () => 0,
      cancel: () => {},
    });
    controller.handle({ type: 'load-scene' });
    const loaded = events[0];
    if (loaded.type !== 'loaded') throw new Error(`expected 'loaded', got ${JSON.stringify(loaded)}`);
    expect(loaded.bodies.map((b) => b.kind).sort()).toEqual(['cloth', 'solid']);
    expect(loaded.groundHeightM).toBe(0);
    // Node compiles the WebAssembly kernels, as the app's worker does.
    expect(loaded.kernels).toBe('wasm');
    for (const body of loaded.bodies) {
      expect(body.surfaceTriangles.length).toBeGreaterThan(0);
      // Every surface index is local to the body.
      expect(Math.max(...body.surfaceTriangles)).toBeLessThan(body.particleCount);
    }
    expect(loaded.positions.length).toBe(3 * loaded.particleCount);

    for (let i = 0; i < 10; i++) controller.handle({ type: 'step' });
    const frames = events.filter((e) => e.type === 'frame');
    expect(frames).toHaveLength(10);
    const last = frames.at(-1)!;
    if (last.type !== 'frame' || last.positions === 'shared') throw new Error('unreachable');
    expect(last.hasNaN).toBe(false);
    expect(last.simTimeS).toBeCloseTo(10 * defaultScene.solver.dt, 9);
    expect(last.positions.every(Number.isFinite)).toBe(true);
    // Gravity has moved the free particles: the positions differ from rest.
    expect(last.positions.some((value, i) => value !== loaded.positions[i])).toBe(true);
    expect(events.some((e) => e.type === 'error')).toBe(false);
  });

  test('a mesh body added by the editor builds from the tet mesh sent with the scene, and falls', () => {
    const scene = parseScene(structuredClone(defaultScene));
    const edit = addMeshBody(scene, new Map(), {
      fileName: 'cube.obj',
      mesh: boxTetMesh([0.3, 0.3, 0.3], [0, 0, 0]),
    });
    const events: WorkerEvent[] = [];
    const controller = new SimController({
      buildWorld: buildSceneWorld,
      defaultScene: scene,
      post: (event) => events.push(event),
      now: () => 0,
      schedule: () => 0,
      cancel: () => {},
    });
    // Without its mesh the body cannot be built, and the worker says which one.
    controller.handle({ type: 'load-scene', scene: edit.scene });
    expect(events[0]).toMatchObject({ type: 'error', message: expect.stringContaining("'cube.obj'") });
    controller.handle({
      type: 'load-scene',
      scene: edit.scene,
      meshes: new Map([[edit.path, edit.mesh]]),
    });
    const loaded = events[1];
    if (loaded.type !== 'loaded') throw new Error(`expected 'loaded', got ${JSON.stringify(loaded)}`);
    expect(loaded.bodies[2]).toMatchObject({ name: 'cube', kind: 'solid', particleCount: 8 });
    // 12 boundary triangles of the box.
    expect(loaded.bodies[2].surfaceTriangles.length).toBe(36);
    for (let i = 0; i < 30; i++) controller.handle({ type: 'step' });
    const last = events.at(-1)!;
    // A single step is always measured.
    if (last.type !== 'frame' || !last.bodies) throw new Error('expected a measured frame');
    const cube = last.bodies[2];
    // It started 0.3 m above the ground and has fallen by 0.5 s (it lands at about 0.25 s).
    expect(cube.bboxMin[1]).toBeLessThan(0.05);
    expect(cube.bboxMin[1]).toBeGreaterThan(-0.01);
    expect(last.hasNaN).toBe(false);
  });
});
