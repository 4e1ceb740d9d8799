import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, test } from 'vitest';
import { type Bounds, boundsOf, frameBounds } from '../../renderer/src/viewport/framing.ts';

/** The 8 corners of a box, m. */
function corners(bounds: Bounds): Vector3[] {
  const out: Vector3[] = [];
  for (const x of [bounds.min[0], bounds.max[0]])
    for (const y of [bounds.min[1], bounds.max[1]])
      for (const z of [bounds.min[2], bounds.max[2]]) out.push(new Vector3(x, y, z));
  return out;
}

describe('framing', () => {
  test('boundsOf skips non-finite positions and returns null for none', () => {
    expect(boundsOf(new Float32Array([1, 2, 3, Number.NaN, 0, 0, -1, 5, 0]))).toEqual({
      min: [-1, 2, 0],
      max: [1, 5, 3],
    });
    expect(boundsOf(new Float32Array([]))).toBeNull();
    expect(boundsOf(new Float32Array([Number.NaN, 0, 0]))).toBeNull();
  });

  test.each([
    [16 / 9, { min: [-1, 0, -0.5], max: [1, 2, 0.5] }],
    [0.5, { min: [-1, 0, -0.5], max: [1, 2, 0.5] }],
    [1, { min: [10, -3, 4], max: [10.2, -2.9, 4.1] }],
  ] as [number, Bounds][])('every corner is inside the view at aspect %f', (aspect, bounds) => {
    const camera = new PerspectiveCamera(40, aspect, 0.01, 1000);
    const pose = frameBounds(bounds, camera.fov, aspect);
    camera.position.set(...pose.position);
    camera.lookAt(new Vector3(...pose.target));
    camera.updateMatrixWorld();
    let widest = 0;
    for (const corner of corners(bounds)) {
      const ndc = corner.clone().project(camera);
      expect(Math.abs(ndc.x)).toBeLessThan(1);
      expect(Math.abs(ndc.y)).toBeLessThan(1);
      expect(ndc.z).toBeLessThan(1);
      widest = Math.max(widest, Math.abs(ndc.x), Math.abs(ndc.y));
    }
    // Framed tightly: some corner reaches the margin (within rounding), not lost in the distance.
    expect(widest).toBeGreaterThan(0.85);
  });

  test('the camera looks at the box from above and in front', () => {
    const pose = frameBounds({ min: [-1, 0, -1], max: [1, 1, 1] }, 40, 1.5);
    expect(pose.target).toEqual([0, 0.5, 0]);
    expect(pose.position[1]).toBeGreaterThan(pose.target[1]);
    expect(pose.position[2]).toBeGreaterThan(pose.target[2]);
  });
});
