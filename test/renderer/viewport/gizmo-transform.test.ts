import { Euler, Group, Matrix4, Quaternion, Vector3 } from 'three';
import { describe, expect, test } from 'vitest';
import { linearPart, type MeshTransform } from '../../../core/scene/mesh-transform.ts';
import { transformOfHandle } from '../../../renderer/src/viewport/scene-decorations.ts';

const toRad = (deg: number) => (deg * Math.PI) / 180;

describe('the gizmo and the scene agree on a mesh body transform', () => {
  test("core's R·S is three.js's rotation (Euler order XYZ) times scale", () => {
    const t: MeshTransform = { position: [1, 2, 3], rotationDeg: [30, -45, 60], scale: [2, 0.5, 1.5] };
    const [x, y, z] = t.rotationDeg.map(toRad);
    const q = new Quaternion().setFromEuler(new Euler(x, y, z, 'XYZ'));
    const m = new Matrix4().compose(new Vector3(...t.position), q, new Vector3(...t.scale));
    const e = m.elements; // column-major
    const ours = linearPart(t); // row-major
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++) expect(ours[3 * r + c]).toBeCloseTo(e[4 * c + r], 12);
  });

  test('a handle turned and scaled by the gizmo reads back as the shape’s position, degrees and scale', () => {
    const handle = new Group();
    handle.position.set(0.5, 1, -2);
    handle.rotation.set(toRad(10), toRad(-80), toRad(135), 'XYZ');
    handle.scale.set(1, 2, 3);
    expect(transformOfHandle(handle)).toEqual({
      position: [0.5, 1, -2],
      rotationDeg: [10, -80, 135],
      scale: [1, 2, 3],
    });
  });
});
