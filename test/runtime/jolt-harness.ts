import initJolt from 'jolt-physics';
import { createJoltInterface as createSharedJoltInterface } from '../../core/budget/jolt-frame-timer.ts';
import type { JoltBody, JoltExport, JoltFile } from '../../core/preset/index.ts';
import { hingeAngle, G as hingeGradient } from '../../core/sim/constraints/dihedral-bend.ts';
import { applySoftBodyCreationSettings, createSoftBodySharedSettings } from '../../runtime/jolt/loader.mjs';

/**
 * A minimal jolt-physics world for the runtime tests: one object layer, no other bodies, a soft
 * body built by runtime/jolt/loader.mjs from an export, and helpers to read its vertices and to
 * measure the force its pins carry.
 */
type JoltModule = Awaited<ReturnType<typeof initJolt>>;

let joltModule: Promise<JoltModule> | undefined;
export function loadJolt(): Promise<JoltModule> {
  joltModule ??= initJolt();
  return joltModule;
}

export interface JoltSoftBodyRun {
  /** Steps the physics system `frames` times by `frameDtS`. */
  step(frames: number, frameDtS: number): void;
  /** Sets the body's linear damping, 1/s. */
  setLinearDamping(perS: number): void;
  /** Current vertex positions, m, xyz per vertex (body space = world space: the body does not move). */
  positions(): Float64Array;
  /** Jolt's own vertex array (SoftBodyMotionProperties.GetVertices()). */
  vertices(): ReturnType<InstanceType<JoltModule['SoftBodyMotionProperties']>['GetVertices']>;
  destroy(): void;
}

/** A Jolt interface with one object layer that collides with itself, for a lone soft body. */
export function createJoltInterface(Jolt: JoltModule): InstanceType<JoltModule['JoltInterface']> {
  return createSharedJoltInterface(Jolt);
}

/** `data`: the list form exportJolt returns (formatVersion 1) or the file as written (formatVersion 2). */
export async function runSoftBody(data: JoltExport | JoltFile, name?: string): Promise<JoltSoftBodyRun> {
  const Jolt = await loadJolt();
  const jolt = createJoltInterface(Jolt);
  const system = jolt.GetPhysicsSystem();
  system.SetGravity(new Jolt.Vec3(...data.gravity));
  const shared = createSoftBodySharedSettings(Jolt, data, name);
  const creation = new Jolt.SoftBodyCreationSettings(
    shared,
    new Jolt.RVec3(0, 0, 0),
    new Jolt.Quat(0, 0, 0, 1),
    0,
  );
  applySoftBodyCreationSettings(creation, data, name);
  // Keep the body frame fixed so vertex positions are world positions, and never let it sleep.
  creation.mUpdatePosition = false;
  creation.mAllowSleeping = false;
  const bodies = system.GetBodyInterface();
  const body = bodies.CreateSoftBody(creation);
  Jolt.destroy(creation);
  bodies.AddBody(body.GetID(), Jolt.EActivation_Activate);
  const motion = Jolt.castObject(body.GetMotionProperties(), Jolt.SoftBodyMotionProperties);
  const count = shared.mVertices.size();
  return {
    step(frames, frameDtS) {
      for (let f = 0; f < frames; f++) jolt.Step(frameDtS, 1);
    },
    setLinearDamping(perS) {
      motion.SetLinearDamping(perS);
    },
    vertices() {
      return motion.GetVertices();
    },
    positions() {
      const vertices = motion.GetVertices();
      const out = new Float64Array(3 * count);
      for (let v = 0; v < count; v++) {
        const p = vertices.at(v).mPosition;
        out[3 * v] = p.GetX();
        out[3 * v + 1] = p.GetY();
        out[3 * v + 2] = p.GetZ();
      }
      return out;
    },
    destroy() {
      bodies.RemoveBody(body.GetID());
      bodies.DestroyBody(body.GetID());
      Jolt.destroy(jolt);
    },
  };
}

/**
 * Force the kinematic vertices exert on the body, N (xyz), measured from Jolt's state: per
 * constraint touching a kinematic vertex, the force XPBD applies in a substep h,
 * −C·∇C/(α + h²·Σw|∇C|²) (λ/h² with λ from one projection, Jolt's own update), in Jolt's
 * conventions (volume C = 6V − 6V0); plus the weight of the kinematic vertices themselves
 * (`massKg` per vertex: Jolt stores them with inverse mass 0).
 */
export function joltPinForceN(
  body: JoltBody,
  x: Float64Array,
  massKg: ArrayLike<number>,
  gravity: readonly number[],
  substepS: number,
): [number, number, number] {
  const s = body.sharedSettings;
  const w = s.vertices.map((v) => v.invMass);
  const force = [0, 0, 0];
  const h2 = substepS * substepS;
  const addAt = (vertices: readonly number[], gradient: ArrayLike<number>, c: number, compliance: number) => {
    let weighted = 0;
    vertices.forEach((v, k) => {
      weighted += w[v] * (gradient[3 * k] ** 2 + gradient[3 * k + 1] ** 2 + gradient[3 * k + 2] ** 2);
    });
    const lambdaOverH2 = -c / (compliance + h2 * weighted);
    vertices.forEach((v, k) => {
      if (w[v] !== 0) return;
      for (let a = 0; a < 3; a++) force[a] -= lambdaOverH2 * gradient[3 * k + a];
    });
  };
  for (const e of s.edgeConstraints) {
    const [a, b] = e.vertex;
    if (w[a] !== 0 && w[b] !== 0) continue;
    const d = [0, 1, 2].map((k) => x[3 * b + k] - x[3 * a + k]);
    const length = Math.hypot(d[0], d[1], d[2]);
    const rest = Math.hypot(...[0, 1, 2].map((k) => s.vertices[b].position[k] - s.vertices[a].position[k]));
    if (!(length > 0)) continue;
    const n = d.map((c) => c / length);
    addAt([a, b], [-n[0], -n[1], -n[2], n[0], n[1], n[2]], length - rest, e.compliance);
  }
  for (const t of s.volumeConstraints) {
    if (t.vertex.every((v) => w[v] !== 0)) continue;
    const p = t.vertex.map((v) => [x[3 * v], x[3 * v + 1], x[3 * v + 2]]);
    const r = t.vertex.map((v) => s.vertices[v].position);
    const six = (q: number[][]) => {
      const e1 = [0, 1, 2].map((k) => q[1][k] - q[0][k]);
      const e2 = [0, 1, 2].map((k) => q[2][k] - q[0][k]);
      const e3 = [0, 1, 2].map((k) => q[3][k] - q[0][k]);
      return (
        e1[0] * (e2[1] * e3[2] - e2[2] * e3[1]) -
        e1[1] * (e2[0] * e3[2] - e2[2] * e3[0]) +
        e1[2] * (e2[0] * e3[1] - e2[1] * e3[0])
      );
    };
    const cross = (u: number[], v: number[]) => [
      u[1] * v[2] - u[2] * v[1],
      u[2] * v[0] - u[0] * v[2],
      u[0] * v[1] - u[1] * v[0],
    ];
    const sub = (u: number[], v: number[]) => [u[0] - v[0], u[1] - v[1], u[2] - v[2]];
    const g1 = cross(sub(p[2], p[0]), sub(p[3], p[0]));
    const g2 = cross(sub(p[3], p[0]), sub(p[1], p[0]));
    const g3 = cross(sub(p[1], p[0]), sub(p[2], p[0]));
    const g0 = [0, 1, 2].map((k) => -(g1[k] + g2[k] + g3[k]));
    addAt(t.vertex, [...g0, ...g1, ...g2, ...g3], six(p) - six(r), t.compliance);
  }
  const rest = Float64Array.from(s.vertices.flatMap((v) => v.position));
  for (const b of s.dihedralBendConstraints) {
    if (b.vertex.every((v) => w[v] !== 0)) continue;
    const particles = Uint32Array.from(b.vertex);
    const theta0 = hingeAngle(rest, particles, 0);
    const theta = hingeAngle(x, particles, 0);
    if (Number.isNaN(theta) || Number.isNaN(theta0)) continue;
    addAt(b.vertex, Float64Array.from(hingeGradient), theta - theta0, b.compliance);
  }
  for (let v = 0; v < body.simulationVertexCount; v++) {
    if (w[v] !== 0) continue;
    for (let a = 0; a < 3; a++) force[a] -= massKg[v] * gravity[a];
  }
  return [force[0], force[1], force[2]];
}
