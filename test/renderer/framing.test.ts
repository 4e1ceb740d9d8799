import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, test } from 'vitest';
import { type Bounds, bodiesBounds, boundsOf, frameBounds } from '../../renderer/src/viewport/framing.ts';

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
    // An imported mesh far from the origin (a scan in site coordinates): framed where it is.
    [16 / 9, { min: [5000, 200, -3001], max: [5002, 201.5, -2999] }],
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

  test('bodiesBounds takes the chosen bodies’ particles, or every body’s for none chosen', () => {
    // Body 0: particles 0–1; body 1: particle 2.
    const positions = new Float32Array([0, 0, 0, 1, 1, 1, 10, 20, 30]);
    const bodies = [
      { particleOffset: 0, particleCount: 2 },
      { particleOffset: 2, particleCount: 1 },
    ];
    expect(bodiesBounds(positions, bodies, [0])).toEqual({ min: [0, 0, 0], max: [1, 1, 1] });
    expect(bodiesBounds(positions, bodies, [1])).toEqual({ min: [10, 20, 30], max: [10, 20, 30] });
    expect(bodiesBounds(positions, bodies, null)).toEqual({ min: [0, 0, 0], max: [10, 20, 30] });
    // An index past the bodies (a stale selection) frames nothing.
    expect(bodiesBounds(positions, bodies, [5])).toBeNull();
  });
});
