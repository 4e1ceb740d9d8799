import { PerspectiveCamera } from 'three';
import { describe, expect, test } from 'vitest';
import type { BodyLayout } from '../../renderer/src/sim/protocol.ts';
import { BodyMeshes } from '../../renderer/src/viewport/body-meshes.ts';
import { DragPlane, pickParticle } from '../../renderer/src/viewport/grab-picker.ts';

/** A unit square in the plane z = 0 (two triangles), particles 10 … 13 of the world, and a rope. */
const square: BodyLayout = {
  name: 'sheet',
  kind: 'cloth',
  particleOffset: 10,
  particleCount: 4,
  surfaceTriangles: Uint32Array.of(0, 1, 2, 0, 2, 3),
  edges: new Uint32Array(0),
};
const rope: BodyLayout = {
  name: 'rope',
  kind: 'rope',
  particleOffset: 14,
  particleCount: 2,
  surfaceTriangles: new Uint32Array(0),
  edges: Uint32Array.of(0, 1),
};
// World positions: 10 dummy particles first, then the square's corners, then the rope.
const positions = new Float32Array(3 * 16);
positions.set([-0.5, -0.5, 0, 0.5, -0.5, 0, 0.5, 0.5, 0, -0.5, 0.5, 0], 30);
positions.set([-2, 0, 0, 2, 0, 0], 42);

function setup() {
  const bodies = new BodyMeshes();
  bodies.setBodies([square, rope], positions);
  const camera = new PerspectiveCamera(40, 1, 0.01, 100);
  camera.position.set(0, 0, 5);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  return { bodies, camera };
}

describe('mouse grab picking', () => {
  test('a ray through a surface picks the hit triangle, nearest particle first, in world indices', () => {
    const { bodies, camera } = setup();
    // The point (0.3, 0.35, 0) projects to ndc (0.3, 0.35)·cot(20°)/5.
    const scale = 1 / Math.tan((20 * Math.PI) / 180) / 5;
    const pick = pickParticle(camera, { x: 0.3 * scale, y: 0.35 * scale }, bodies.pickTargets());
    expect(pick?.bodyName).toBe('sheet');
    expect(pick?.point.x).toBeCloseTo(0.3, 6);
    expect(pick?.point.y).toBeCloseTo(0.35, 6);
    // Nearest corner (0.5, 0.5) is local 2, i.e. particle 12; the triangle (0, 1, 2) or (0, 2, 3) holds it.
    expect(pick?.candidates[0]).toBe(12);
    expect(pick?.candidates).toHaveLength(3);
  });

  test('a ray that misses every surface picks nothing (ropes are lines and are not grabbed)', () => {
    const { bodies, camera } = setup();
    expect(pickParticle(camera, { x: 0.9, y: 0.9 }, bodies.pickTargets())).toBeNull();
    expect(pickParticle(camera, { x: 0.3, y: 0 }, [])).toBeNull();
    bodies.root.visible = false; // a static mesh is shown instead of the bodies
    expect(bodies.pickTargets()).toEqual([]);
  });

  test('the drag plane faces the camera through the grab point: the target follows the cursor at that depth', () => {
    const { bodies, camera } = setup();
    const pick = pickParticle(camera, { x: 0, y: 0 }, bodies.pickTargets());
    expect(pick).not.toBeNull();
    const plane = new DragPlane(camera, pick!.point);
    const scale = 1 / Math.tan((20 * Math.PI) / 180) / 5;
    const target = plane.target(camera, { x: 0.2 * scale, y: -0.1 * scale });
    expect(target?.x).toBeCloseTo(0.2, 6);
    expect(target?.y).toBeCloseTo(-0.1, 6);
    expect(target?.z).toBeCloseTo(0, 6);
  });
});
