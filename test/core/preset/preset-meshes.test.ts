import { describe, expect, it } from 'vitest';
import { presetFromScene } from '../../../core/preset/from-scene.ts';
import { presetSceneMeshes } from '../../../core/preset/preset-meshes.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { cubeMeshScene } from './fixtures.ts';

describe('presetSceneMeshes', () => {
  it("gives the meshes that compile a preset's scene again to the setup it stores", () => {
    const { scene, meshes } = cubeMeshScene('natural-rubber', 'edges-volume');
    scene.bodies[0].shape = { type: 'mesh', path: 'cube.obj', position: [0.5, 1, -0.25] };
    scene.bodies[0].pins = [{ box: { min: [-1, 1.1, -1], max: [2, 2, 1] } }];
    const preset = presetFromScene(scene, { name: 'cube', meshes });
    const again = compileScene(preset.scene, {
      library: preset.materials,
      meshes: presetSceneMeshes(preset),
    });
    const [stored, compiled] = [preset.setup.bodies[0], again.bodies[0]];
    // Moved back to the mesh's frame and placed again: equal to round-off (m).
    expect(compiled.geometry.positions.length).toBe(stored.geometry.positions.length);
    compiled.geometry.positions.forEach((v, k) => {
      expect(Math.abs(v - stored.geometry.positions[k])).toBeLessThan(1e-12);
    });
    expect(compiled.geometry.tets).toEqual(stored.geometry.tets);
    expect(compiled.pins[0].particles).toEqual(stored.pins[0].particles);
    expect(compiled.render?.indices).toEqual(stored.render?.indices);
    expect(compiled.render?.embedding.elements).toEqual(stored.render?.embedding.elements);
    expect(compiled.constraints.map((c) => c.kind)).toEqual(stored.constraints.map((c) => c.kind));
    const distance = (setup: typeof compiled) => {
      const set = setup.constraints.find((c) => c.kind === 'distance');
      return set?.kind === 'distance' ? set.complianceMPerN : new Float64Array(0);
    };
    expect(distance(compiled).length).toBeGreaterThan(0);
    distance(compiled).forEach((c, k) => {
      expect(Math.abs(c / distance(stored)[k] - 1)).toBeLessThan(1e-9);
    });
  });

  it('gives nothing for a preset without mesh bodies or mesh colliders', () => {
    const { scene, meshes } = cubeMeshScene('natural-rubber');
    scene.bodies[0].shape = { type: 'box', size: [0.1, 0.1, 0.1], cells: [1, 1, 1], center: [0, 0.05, 0] };
    const preset = presetFromScene(scene, { name: 'box', meshes });
    const found = presetSceneMeshes(preset);
    expect(found.solids.size + found.surfaces.size).toBe(0);
  });
});
