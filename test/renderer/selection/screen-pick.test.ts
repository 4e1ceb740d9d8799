import { PerspectiveCamera } from 'three';
import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import {
  projectParticles,
  verticesInRect,
  verticesNearPoint,
  verticesNearSegment,
} from '../../../renderer/src/selection/screen-pick.ts';
import type { BodyLayout } from '../../../renderer/src/sim/protocol.ts';
import { BodyMeshes } from '../../../renderer/src/viewport/body-meshes.ts';
import { isVertexVisible } from '../../../renderer/src/viewport/vertex-visibility.ts';

/** The default scene's world at rest: the soft block (body 0) and the cloth (body 1). */
function defaultWorld() {
  const world = buildWorld(parseScene(structuredClone(defaultSceneJson)));
  const layouts: BodyLayout[] = world.bodies.map((b) => ({
    name: b.name,
    kind: b.kind,
    particleOffset: b.particleOffset,
    particleCount: b.particleCount,
    surfaceTriangles: b.surfaceTriangles,
    edges: b.edges,
  }));
  return { positions: world.positions.slice(), layouts };
}

const WIDTH = 800;
const HEIGHT = 600;

function cameraAt(position: [number, number, number], target: [number, number, number]) {
  const camera = new PerspectiveCamera(40, WIDTH / HEIGHT, 0.01, 100);
  camera.position.set(...position);
  camera.lookAt(...target);
  camera.updateMatrixWorld();
  return camera;
}

/** Body-local vertices of body `layout` whose rest y is within 1 µm of the body's highest. */
function topLayer(layout: BodyLayout, positions: Float32Array): number[] {
  let top = -Infinity;
  for (let v = 0; v < layout.particleCount; v++)
    top = Math.max(top, positions[3 * (layout.particleOffset + v) + 1]);
  const out: number[] = [];
  for (let v = 0; v < layout.particleCount; v++) {
    if (Math.abs(positions[3 * (layout.particleOffset + v) + 1] - top) < 1e-6) out.push(v);
  }
  return out;
}

describe('screen picking', () => {
  test('a point projects where three.js puts it, in CSS px from the top left', () => {
    const camera = cameraAt([0, 0, 5], [0, 0, 0]);
    const { xy } = projectParticles(camera, [0, 0, 0, 1, 1, 0, 0, 0, 10], WIDTH, HEIGHT);
    expect(xy[0]).toBeCloseTo(WIDTH / 2, 3);
    expect(xy[1]).toBeCloseTo(HEIGHT / 2, 3);
    // (1, 1, 0) at 5 m: 1/(5·tan 20°) of the half height up and right (square pixels).
    const f = HEIGHT / 2 / Math.tan((20 * Math.PI) / 180);
    expect(xy[3]).toBeCloseTo(WIDTH / 2 + f / 5, 2);
    expect(xy[4]).toBeCloseTo(HEIGHT / 2 - f / 5, 2);
    // Behind the camera: never picked.
    expect(Number.isNaN(xy[6])).toBe(true);
    const everything = verticesInRect(
      { xy, width: WIDTH, height: HEIGHT },
      [
        {
          name: 'points',
          kind: 'rope',
          particleOffset: 0,
          particleCount: 3,
          surfaceTriangles: new Uint32Array(0),
          edges: new Uint32Array(0),
        },
      ],
      { a: { x: -1e6, y: -1e6 }, b: { x: 1e6, y: 1e6 } },
    );
    expect(everything).toEqual([[0, 1]]);
  });

  test("a box over the block's top edge, seen level with it, selects exactly its top layer", () => {
    const { positions, layouts } = defaultWorld();
    const block = layouts[0];
    const top = topLayer(block, positions);
    // cells 5 × 5 × 5: the top layer has (5 + 1)(5 + 1) vertices.
    expect(top).toHaveLength(36);
    // The camera at the height of the top face (1.15 m), in front of the block, looking along −z.
    const camera = cameraAt([-0.5, 1.15, 2], [-0.5, 1.15, 0]);
    const projection = projectParticles(camera, positions, WIDTH, HEIGHT);
    // The top layer lies on the horizon (y = 300 px); the next layer 6 cm lower is ≥ 14 px below it,
    // and the cloth 0.45 m higher is far above the box.
    const hits = verticesInRect(projection, layouts, { a: { x: 0, y: 200 }, b: { x: WIDTH, y: 305 } });
    expect(hits[0]).toEqual(top);
    expect(hits[1]).toEqual([]);
  });

  test('a brush stroke takes the vertices within its radius of the path', () => {
    const camera = cameraAt([0, 0, 5], [0, 0, 0]);
    const positions = [-1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0];
    const layout: BodyLayout = {
      name: 'points',
      kind: 'rope',
      particleOffset: 0,
      particleCount: 4,
      surfaceTriangles: new Uint32Array(0),
      edges: new Uint32Array(0),
    };
    const projection = projectParticles(camera, positions, WIDTH, HEIGHT);
    const px = (i: number) => ({ x: projection.xy[3 * i], y: projection.xy[3 * i + 1] });
    // A horizontal stroke through the three points on the x axis misses the one 1 m above.
    expect(verticesNearSegment(projection, [layout], px(0), px(2), 10)).toEqual([[0, 1, 2]]);
    // A dab at the centre reaches only the centre point.
    expect(verticesNearSegment(projection, [layout], px(1), px(1), 10)).toEqual([[1]]);
    const near = verticesNearPoint(projection, [layout], { x: px(1).x + 3, y: px(1).y + 4 }, 10);
    expect(near).toEqual([{ body: 0, vertex: 1, distancePx: expect.closeTo(5, 4) }]);
  });

  test('a click sees the front vertex and not the one behind the block', () => {
    const { positions, layouts } = defaultWorld();
    const meshes = new BodyMeshes();
    meshes.setBodies(layouts, positions);
    const occluders = meshes.pickTargets().map((t) => t.object);
    const camera = cameraAt([-0.5, 1.0, 2], [-0.5, 1.0, 0]);
    const block = layouts[0];
    const local = (v: number): [number, number, number] => {
      const i = 3 * (block.particleOffset + v);
      return [positions[i], positions[i + 1], positions[i + 2]];
    };
    // A vertex near the middle of the front face (z = +0.15, facing the camera) and the one right
    // behind it on the back face (z = −0.15), hidden by the block.
    let front = -1;
    let back = -1;
    for (let v = 0; v < block.particleCount; v++) {
      const [x, y, z] = local(v);
      if (Math.abs(x + 0.53) < 1e-3 && Math.abs(y - 0.97) < 1e-3) {
        if (Math.abs(z - 0.15) < 1e-6) front = v;
        if (Math.abs(z + 0.15) < 1e-6) back = v;
      }
    }
    expect(front).toBeGreaterThanOrEqual(0);
    expect(back).toBeGreaterThanOrEqual(0);
    expect(isVertexVisible(camera, local(front), occluders)).toBe(true);
    expect(isVertexVisible(camera, local(back), occluders)).toBe(false);
    // With no surfaces in the way everything is visible.
    expect(isVertexVisible(camera, local(back), [])).toBe(true);
  });
});
