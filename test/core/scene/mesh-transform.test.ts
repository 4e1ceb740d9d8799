import { describe, expect, it } from 'vitest';
import { presetFromScene } from '../../../core/preset/from-scene.ts';
import { presetSceneMeshes } from '../../../core/preset/preset-meshes.ts';
import { presetProblems } from '../../../core/preset/validate.ts';
import {
  applyMeshTransform,
  linearPart,
  type MeshTransform,
  meshTransformOf,
  unapplyMeshTransform,
} from '../../../core/scene/mesh-transform.ts';
import type { SceneDocument } from '../../../core/scene/scene.ts';
import type { SceneMeshes } from '../../../core/scene/scene-meshes.ts';
import { validateScene } from '../../../core/scene/scene-validate.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { compactVertices } from '../../../core/sim/geometry/mesh-body.ts';
import { cubeMeshScene } from '../preset/fixtures.ts';

/** x' = R·(S·x) + p by hand, with R = Rx·Ry·Rz built from the three elementary rotations. */
function transformedByHand(x: readonly number[], t: MeshTransform): number[] {
  const [a, b, c] = t.rotationDeg.map((d) => (d * Math.PI) / 180);
  const rx = [1, 0, 0, 0, Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a)];
  const ry = [Math.cos(b), 0, Math.sin(b), 0, 1, 0, -Math.sin(b), 0, Math.cos(b)];
  const rz = [Math.cos(c), -Math.sin(c), 0, Math.sin(c), Math.cos(c), 0, 0, 0, 1];
  const apply = (m: number[], v: number[]) =>
    [0, 1, 2].map((r) => m[3 * r] * v[0] + m[3 * r + 1] * v[1] + m[3 * r + 2] * v[2]);
  const scaled = x.map((v, k) => v * t.scale[k]);
  return apply(rx, apply(ry, apply(rz, scaled))).map((v, k) => v + t.position[k]);
}

/** The mesh's vertices in the particle order compiling gives (first use by the tets). */
function particlesInMeshFrame(meshes: SceneMeshes): Float64Array {
  const solid = meshes.solids.get('/bodies/0/shape');
  if (!solid) throw new Error('the fixture has no cube');
  return compactVertices(solid.positions, solid.tets).positions;
}

const TILTED: MeshTransform = { position: [0.5, 1, -0.25], rotationDeg: [30, -45, 60], scale: [2, 0.5, 1.5] };

describe('mesh shape transform', () => {
  it("places a rotated, scaled mesh body's particles at its transformed vertices", () => {
    const { scene, meshes } = cubeMeshScene('natural-rubber');
    scene.bodies[0].pins = [];
    scene.bodies[0].shape = { type: 'mesh', path: 'cube.obj', ...TILTED };
    const setup = compileScene(scene, { meshes });
    const local = particlesInMeshFrame(meshes);
    const placed = setup.bodies[0].geometry.positions;
    expect(placed.length).toBe(local.length);
    for (let i = 0; i < local.length; i += 3) {
      const want = transformedByHand([local[i], local[i + 1], local[i + 2]], TILTED);
      for (let k = 0; k < 3; k++) expect(placed[i + k]).toBeCloseTo(want[k], 12);
    }
    // Rest volume scales with det S (rotation keeps it): 0.1³ m³ × 2 × 0.5 × 1.5.
    expect(setup.bodies[0].geometry.restMeasure).toBeCloseTo(0.001 * 1.5, 12);
    // The render mesh is placed with the same transform.
    const render = setup.bodies[0].render?.positions as Float32Array;
    const want = transformedByHand([0.01, 0.01, 0.01], TILTED);
    for (let k = 0; k < 3; k++) expect(render[k]).toBeCloseTo(want[k], 6);
  });

  it('is the identity when a mesh shape gives no position, rotation or scale', () => {
    const { scene, meshes } = cubeMeshScene('natural-rubber');
    const setup = compileScene(scene, { meshes });
    expect(Array.from(setup.bodies[0].geometry.positions)).toEqual(Array.from(particlesInMeshFrame(meshes)));
    expect(meshTransformOf(scene.bodies[0].shape)).toEqual({
      position: [0, 0, 0],
      rotationDeg: [0, 0, 0],
      scale: [1, 1, 1],
    });
  });

  it('keeps a translation-only placement exactly x + position, as scenes before rotation had it', () => {
    const positions = Float64Array.from([0.1, 0.2, 0.3]);
    applyMeshTransform(positions, { position: [1, 2, 3], rotationDeg: [0, 0, 0], scale: [1, 1, 1] });
    expect(Array.from(positions)).toEqual([0.1 + 1, 0.2 + 2, 0.3 + 3]);
  });

  it('matches three.js Euler order XYZ (Rx·Ry·Rz) and inverts back to the mesh frame', () => {
    // Rotating (1, 0, 0) by 90° about z, then nothing about y, then 90° about x: (0, 0, 1).
    const m = linearPart({ position: [0, 0, 0], rotationDeg: [90, 0, 90], scale: [1, 1, 1] });
    expect([m[0], m[3], m[6]].map((v) => Math.round(v * 1e12) / 1e12 + 0)).toEqual([0, 0, 1]);
    const original = [0.3, -0.2, 0.7, 1, 2, 3];
    const positions = Float64Array.from(original);
    applyMeshTransform(positions, TILTED);
    unapplyMeshTransform(positions, TILTED);
    positions.forEach((v, i) => {
      expect(v).toBeCloseTo(original[i], 12);
    });
  });

  it('accepts scenes written before rotation and scale, and refuses a zero or negative scale', () => {
    const old: SceneDocument = cubeMeshScene('natural-rubber').scene;
    old.bodies[0].shape = { type: 'mesh', path: 'cube.obj', position: [0, 1, 0] };
    expect(validateScene(old)).toEqual([]);
    const bad = structuredClone(old) as unknown as { bodies: { shape: Record<string, unknown> }[] };
    bad.bodies[0].shape.scale = [1, 0, 1];
    bad.bodies[0].shape.rotationDeg = [0, 400, 0];
    expect(validateScene(bad)).toEqual([
      { pointer: '/bodies/0/shape/rotationDeg/1', message: 'must be at most 360, got 400' },
      { pointer: '/bodies/0/shape/scale/1', message: 'must be greater than 0, got 0' },
    ]);
  });

  it("makes a preset that validates, and whose scene compiles again to its setup from the preset's own meshes", () => {
    const { scene, meshes } = cubeMeshScene('natural-rubber');
    scene.bodies[0].shape = { type: 'mesh', path: 'cube.obj', ...TILTED };
    scene.bodies[0].pins = [{ vertices: [0, 1, 2] }];
    const preset = presetFromScene(scene, { name: 'tilted', meshes });
    expect(presetProblems(preset)).toEqual([]);
    const again = compileScene(preset.scene, {
      library: preset.materials,
      meshes: presetSceneMeshes(preset),
    });
    const stored = preset.setup.bodies[0].geometry.positions;
    again.bodies[0].geometry.positions.forEach((v, k) => {
      expect(Math.abs(v - stored[k])).toBeLessThan(1e-12);
    });
  });
});
