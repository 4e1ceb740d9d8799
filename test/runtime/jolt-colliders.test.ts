import { describe, expect, it } from 'vitest';
import { exportTarget } from '../../core/export/targets.ts';
import { type JoltFile, presetFromScene } from '../../core/preset/index.ts';
import type { ColliderSpec, Scene } from '../../core/scene/scene.ts';
import {
  applySoftBodyCreationSettings,
  createColliders,
  createSoftBodySharedSettings,
} from '../../runtime/jolt/loader.mjs';
import { createJoltInterface, loadJolt } from './jolt-harness.ts';

/**
 * The scene's colliders in Jolt: runtime/jolt/loader.mjs creates them as static bodies, and a soft
 * cube dropped onto each comes to rest on it. Acceptance: after 3 s no vertex is inside the
 * collider by more than 5 mm, the cube's centre is above it and every vertex moves slower than
 * 2 cm/s; without the colliders the same cube falls more than a metre.
 */
const FRAME_S = 1 / 60;
const G = 9.81;
const HALF = 0.05;

function dropScene(collider: ColliderSpec): Scene {
  return {
    gravity: [0, -G, 0],
    solver: { dt: FRAME_S, substeps: 20 },
    colliders: [collider],
    bodies: [
      {
        name: 'cube',
        shape: { type: 'box', size: [2 * HALF, 2 * HALF, 2 * HALF], cells: [3, 3, 3], center: [0, 0.3, 0] },
        material: { youngModulusPa: 2e5, poissonRatio: 0.3, densityKgM3: 500 },
        model: 'edges-volume',
        dampingRatio: 0.1,
        // Carried as Jolt's mLinearDamping (a free body's modal damping is not): it settles.
        linearDampingPerS: 2,
        pins: [],
      },
    ],
  };
}

async function drop(collider: ColliderSpec, withColliders: boolean) {
  const preset = presetFromScene(dropScene(collider), { name: 'drop' });
  const { bytes } = await exportTarget('jolt').export(preset);
  const data: JoltFile = JSON.parse(new TextDecoder().decode(bytes));
  const Jolt = await loadJolt();
  const jolt = createJoltInterface(Jolt);
  const system = jolt.GetPhysicsSystem();
  system.SetGravity(new Jolt.Vec3(...data.gravity));
  const bodies = system.GetBodyInterface();
  const colliders = withColliders ? createColliders(Jolt, bodies, data, 0) : [];
  const shared = createSoftBodySharedSettings(Jolt, data);
  // At the origin: the vertices are in the scene's frame, as the colliders are.
  const creation = new Jolt.SoftBodyCreationSettings(
    shared,
    new Jolt.RVec3(0, 0, 0),
    new Jolt.Quat(0, 0, 0, 1),
    0,
  );
  applySoftBodyCreationSettings(creation, data);
  creation.mUpdatePosition = false;
  creation.mAllowSleeping = false;
  const body = bodies.CreateSoftBody(creation);
  Jolt.destroy(creation);
  bodies.AddBody(body.GetID(), Jolt.EActivation_Activate);
  const motion = Jolt.castObject(body.GetMotionProperties(), Jolt.SoftBodyMotionProperties);
  for (let f = 0; f < 180; f++) jolt.Step(FRAME_S, 1);
  const vertices = motion.GetVertices();
  const x: number[][] = [];
  let fastest = 0;
  for (let v = 0; v < vertices.size(); v++) {
    const { mPosition: p, mVelocity: u } = vertices.at(v);
    x.push([p.GetX(), p.GetY(), p.GetZ()]);
    fastest = Math.max(fastest, Math.hypot(u.GetX(), u.GetY(), u.GetZ()));
  }
  const centre = [0, 1, 2].map((k) => x.reduce((s, p) => s + p[k], 0) / x.length);
  expect(colliders).toHaveLength(withColliders ? 1 : 0);
  for (const id of colliders) {
    bodies.RemoveBody(id);
    bodies.DestroyBody(id);
  }
  bodies.RemoveBody(body.GetID());
  bodies.DestroyBody(body.GetID());
  Jolt.destroy(jolt);
  return { data, x, centre, fastest };
}

describe('Jolt export: colliders created by the loader as static bodies', () => {
  it('a soft cube dropped on an exported box comes to rest on its top face', async () => {
    const box: ColliderSpec = {
      type: 'box',
      center: [0, -0.1, 0],
      halfExtents: [0.5, 0.1, 0.5],
      friction: 0.6,
    };
    const r = await drop(box, true);
    expect(r.data.colliders).toEqual([{ ...box, friction: 0.6 }]);
    expect(Math.min(...r.x.map((p) => p[1]))).toBeGreaterThan(-0.005);
    expect(r.centre[1]).toBeGreaterThan(0.8 * HALF);
    expect(r.centre[1]).toBeLessThan(1.2 * HALF);
    expect(r.fastest).toBeLessThan(0.02);
    expect((await drop(box, false)).centre[1]).toBeLessThan(-1);
  }, 30_000);

  it('a soft cube dropped on an exported sphere comes to rest on top of it', async () => {
    // Jolt collides the soft body's vertices, not its faces: a sphere much smaller than the cube
    // would push them apart and pass between them, so the cube lands on a broad dome (top y = 0.1 m).
    const sphere: ColliderSpec = { type: 'sphere', center: [0, -0.4, 0], radius: 0.5 };
    const r = await drop(sphere, true);
    expect(r.data.colliders).toEqual([{ ...sphere, friction: 0.5 }]);
    expect(Math.min(...r.x.map((p) => Math.hypot(p[0], p[1] + 0.4, p[2])))).toBeGreaterThan(0.5 - 0.005);
    expect(r.centre[1]).toBeGreaterThan(0.1 + 0.8 * HALF);
    expect(Math.hypot(r.centre[0], r.centre[2])).toBeLessThan(0.01);
    expect(r.fastest).toBeLessThan(0.02);
  }, 30_000);

  it('a ground plane and a capsule become a Jolt plane and capsule the cube lands on', async () => {
    const plane: ColliderSpec = { type: 'plane', normal: [0, 2, 0], offset: 0.1 };
    const onPlane = await drop(plane, true);
    expect(onPlane.data.colliders).toEqual([
      { type: 'plane', normal: [0, 1, 0], offset: 0.1, friction: 0.5 },
    ]);
    expect(Math.min(...onPlane.x.map((p) => p[1]))).toBeGreaterThan(0.1 - 0.005);
    expect(onPlane.fastest).toBeLessThan(0.02);
    // A capsule along z under the cube (top line y = 0.1 m): turned from y onto z in Jolt.
    const capsule: ColliderSpec = { type: 'capsule', a: [0, -0.2, -0.5], b: [0, -0.2, 0.5], radius: 0.3 };
    const onCapsule = await drop(capsule, true);
    expect(Math.min(...onCapsule.x.map((p) => Math.hypot(p[0], p[1] + 0.2)))).toBeGreaterThan(0.3 - 0.005);
    expect(onCapsule.centre[1]).toBeGreaterThan(0.1 + 0.8 * HALF);
    expect(onCapsule.fastest).toBeLessThan(0.02);
  }, 30_000);

  it('a soft cube dropped on an exported triangle mesh (a ground quad) comes to rest on it', async () => {
    // Two triangles at y = 0, counter-clockwise seen from above: their front faces up.
    const vertices = [-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1];
    const quad: ColliderSpec = { type: 'mesh', vertices, indices: [0, 3, 2, 0, 2, 1] };
    const r = await drop(quad, true);
    const [collider] = r.data.colliders;
    expect(collider.type === 'mesh' && collider.vertices).toMatchObject({ dtype: 'float32', count: 12 });
    expect(Math.min(...r.x.map((p) => p[1]))).toBeGreaterThan(-0.005);
    expect(r.centre[1]).toBeGreaterThan(0.8 * HALF);
    expect(r.fastest).toBeLessThan(0.02);
  }, 30_000);
});
