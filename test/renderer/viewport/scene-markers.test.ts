import { type LineSegments, PerspectiveCamera, Raycaster, Vector2 } from 'three';
import { describe, expect, test } from 'vitest';
import type { Scene } from '../../../core/scene/scene.ts';
import type { BodyLayout } from '../../../renderer/src/sim/protocol.ts';
import { SceneMarkers } from '../../../renderer/src/viewport/scene-markers.ts';

const scene: Scene = {
  gravity: [0, -9.81, 0],
  solver: { dt: 1 / 60, substeps: 10 },
  colliders: [
    { type: 'plane', normal: [0, 1, 0], offset: 0 },
    { type: 'sphere', center: [0, 1, 0], radius: 0.25 },
    { type: 'capsule', a: [2, 1, -0.5], b: [2, 1, 0.5], radius: 0.1 },
  ],
  bodies: [
    {
      name: 'sheet',
      shape: { type: 'cloth', size: [1, 1], cells: [1, 1], center: [0, 3, 0] },
      material: { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 500, thicknessM: 0.001 },
      model: 'cloth',
      pins: [{ box: { min: [-2.1, 0.9, -0.1], max: [-1.9, 1.1, 0.1] } }, { vertices: [1, 3, 99] }],
    },
  ],
};
const layout: BodyLayout = {
  name: 'sheet',
  kind: 'cloth',
  particleOffset: 2,
  particleCount: 4,
  surfaceTriangles: Uint32Array.of(0, 1, 2, 0, 2, 3),
  edges: new Uint32Array(0),
};

function rayAt(x: number, y: number, z: number): Raycaster {
  const camera = new PerspectiveCamera(40, 1, 0.01, 100);
  camera.position.set(x, y, z + 5);
  camera.lookAt(x, y, z);
  camera.updateMatrixWorld();
  const raycaster = new Raycaster();
  raycaster.setFromCamera(new Vector2(0, 0), camera);
  return raycaster;
}

describe('pin and collider markers', () => {
  test('draw every collider but the ground, box pins as handles, vertex pins as dots on their particles', () => {
    const markers = new SceneMarkers();
    const positions = new Float32Array(3 * 6).map((_, i) => i);
    markers.build(scene, [layout], positions);
    markers.root.updateMatrixWorld(true);
    expect(markers.counts).toEqual({ movables: 3, dots: 2 });
    // The sphere's handle sits at its centre; the capsule's at its middle.
    expect(markers.handleFor({ kind: 'collider', index: 1 })?.position.toArray()).toEqual([0, 1, 0]);
    expect(markers.handleFor({ kind: 'collider', index: 2 })?.position.toArray()).toEqual([2, 1, 0]);
    expect(markers.handleFor({ kind: 'collider', index: 0 })).toBeNull();
    expect(markers.handleFor({ kind: 'pin', body: 0, pin: 0 })?.position.toArray()).toEqual([-2, 1, 0]);
    // Vertex pin dots: body vertices 1 and 3 are world particles 3 and 5 (99 is out of range).
    const dots = markers.root.children.find((c) => c.type === 'Points') as unknown as {
      geometry: { getAttribute(name: string): { array: Float32Array } };
    };
    expect(Array.from(dots.geometry.getAttribute('position').array)).toEqual([9, 10, 11, 15, 16, 17]);
  });

  test('a ray picks the marker it hits, nearest first, and nothing when hidden', () => {
    const markers = new SceneMarkers();
    markers.build(scene, [layout], null);
    markers.root.updateMatrixWorld(true);
    expect(markers.pick(rayAt(0, 1, 0))?.target).toEqual({ kind: 'collider', index: 1 });
    expect(markers.pick(rayAt(0, 1, 0))?.distance).toBeCloseTo(4.75, 3);
    expect(markers.pick(rayAt(2, 1, 0))?.target).toEqual({ kind: 'collider', index: 2 });
    expect(markers.pick(rayAt(-2, 1, 0))?.target).toEqual({ kind: 'pin', body: 0, pin: 0 });
    expect(markers.pick(rayAt(5, 5, 0))).toBeNull();
    markers.root.visible = false;
    expect(markers.pick(rayAt(0, 1, 0))).toBeNull();
  });

  test('a layout that does not match the scene yet draws no vertex pin dots', () => {
    const markers = new SceneMarkers();
    markers.build(scene, [{ ...layout, name: 'other' }], null);
    expect(markers.counts.dots).toBe(0);
  });

  test('a mesh body gets a handle at its origin, turned and scaled as its shape, outlining its box in its own frame', () => {
    const meshScene: Scene = {
      ...scene,
      colliders: [],
      bodies: [
        {
          ...scene.bodies[0],
          name: 'spot',
          model: 'neo-hookean',
          pins: [],
          shape: {
            type: 'mesh',
            path: 'spot.obj',
            position: [1, 2, 3],
            rotationDeg: [0, 90, 0],
            scale: [2, 2, 2],
          },
        },
      ],
    };
    // Two particles: the mesh's (0, 0, 0) and (0.5, 0.25, 0), placed (scale 2, then 90° about y).
    const spot: BodyLayout = { ...layout, name: 'spot', kind: 'solid', particleOffset: 0, particleCount: 2 };
    const positions = Float32Array.of(1, 2, 3, 1, 2.5, 2);
    const markers = new SceneMarkers();
    markers.build(meshScene, [spot], positions);
    const handle = markers.handleFor({ kind: 'body', index: 0 });
    expect(handle?.position.toArray()).toEqual([1, 2, 3]);
    expect(handle?.rotation.y).toBeCloseTo(Math.PI / 2, 12);
    expect(handle?.scale.toArray()).toEqual([2, 2, 2]);
    const outline = handle?.children[0] as LineSegments;
    outline.geometry.computeBoundingBox();
    const box = outline.geometry.boundingBox;
    expect(box?.min.toArray().map((v) => +v.toFixed(6) + 0)).toEqual([0, 0, 0]);
    expect(box?.max.toArray().map((v) => +v.toFixed(6) + 0)).toEqual([0.5, 0.25, 0]);
    // Shown only while the gizmo is on the body.
    expect(outline.visible).toBe(false);
    markers.highlight({ kind: 'body', index: 0 });
    expect(outline.visible).toBe(true);
  });
});
