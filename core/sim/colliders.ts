import { DocumentError } from '../document/problem.ts';
import type { ColliderSpec, Vec3 } from '../scene/scene.ts';
import type { SceneMeshes } from '../scene/scene-meshes.ts';
import {
  createTriangleMeshCollider,
  meshContact,
  meshContactNormal,
  type TriangleMeshCollider,
} from './collide/mesh-collider.ts';
import { applyPose, compileMotion, createPose, invertPose, type KeyframedMotion, poseAt } from './motion.ts';
import type { ParticleState } from './state.ts';

/**
 * Static colliders: ground plane, sphere, axis-aligned box, capsule. Contacts are resolved once
 * per substep after the constraint sweep, with zero compliance: a particle inside a collider is
 * moved to its surface along the outward normal n by the penetration depth d.
 *
 * Friction is position based (Macklin et al. 2014, "Unified Particle Physics for Real-Time
 * Applications", §6.1, eq. 24): Δx_t, the tangential part of the particle's motion over the
 * substep, is removed entirely while |Δx_t| < μ_s·d (static), else shortened by μ_k·d
 * (dynamic; Coulomb: the normal impulse is proportional to d). A collider with a motion (motion.ts)
 * moves every substep; see collideMoving.
 * Triangle meshes: see collide/mesh-collider.ts.
 *
 * Penetration the particle already had at the start of the substep (a body placed or imported
 * into a collider) is pushed out of x_prev as well (Macklin et al. 2014, §4.4, pre-stabilization):
 * only the penetration gained within the substep becomes velocity when v = (x − x_prev)/h. Without
 * this a particle 1 cm deep left at 12 m/s (h = 1/1200 s) and a body set into the ground was
 * thrown up, turning over, with momentum no force gave it. Mesh colliders already cap the depth
 * at the distance moved in the substep.
 */
export interface Collider {
  readonly type: 'plane' | 'sphere' | 'box' | 'capsule' | 'mesh';
  /** Plane: unit normal (3) and offset; sphere: center (3), radius; box: center (3), half extents (3);
   *  capsule: a (3), b (3), radius. Metres. */
  readonly params: Float64Array;
  /** Static and dynamic (kinetic) friction coefficients, dimensionless. */
  readonly staticFriction: number;
  readonly dynamicFriction: number;
  /** Triangle mesh colliders only. */
  readonly mesh?: TriangleMeshCollider;
  /** Keyframed motion of the authored shape (motion.ts); absent: the collider stays put. */
  readonly motion?: KeyframedMotion;
}

/** Friction coefficient when a collider gives none. */
export const DEFAULT_FRICTION = 0.5;

/** Compiles the scene's colliders; `meshes` holds the file meshes the caller resolved (by JSON pointer). */
export function compileColliders(specs: readonly ColliderSpec[], meshes?: SceneMeshes): Collider[] {
  return specs.map((spec, i) => {
    const collider = compileCollider(spec, `/colliders/${i}`, meshes);
    return spec.motion
      ? { ...collider, motion: compileMotion(spec.motion, colliderPivotM(collider)) }
      : collider;
  });
}

/**
 * The point a collider's motion turns it about, m: the centre of a sphere or box, the middle of a
 * capsule's segment, the point of a plane nearest the origin, the centre of a mesh's bounds.
 */
export function colliderPivotM(collider: Collider): Vec3 {
  const p = collider.params;
  switch (collider.type) {
    case 'plane':
      return [p[0] * p[3], p[1] * p[3], p[2] * p[3]];
    case 'sphere':
    case 'box':
      return [p[0], p[1], p[2]];
    case 'capsule':
      return [(p[0] + p[3]) / 2, (p[1] + p[4]) / 2, (p[2] + p[5]) / 2];
    case 'mesh': {
      const positions = collider.mesh?.bvh.positions ?? new Float64Array(0);
      const lo = [Infinity, Infinity, Infinity];
      const hi = [-Infinity, -Infinity, -Infinity];
      for (let i = 0; i < positions.length; i++) {
        lo[i % 3] = Math.min(lo[i % 3], positions[i]);
        hi[i % 3] = Math.max(hi[i % 3], positions[i]);
      }
      return positions.length > 0 ? ([0, 1, 2].map((a) => (lo[a] + hi[a]) / 2) as Vec3) : [0, 0, 0];
    }
  }
}

function compileCollider(spec: ColliderSpec, pointer: string, meshes: SceneMeshes | undefined): Collider {
  const dynamicFriction = spec.friction ?? DEFAULT_FRICTION;
  const staticFriction = spec.staticFriction ?? dynamicFriction;
  switch (spec.type) {
    case 'plane': {
      const length = Math.hypot(...spec.normal);
      const n = spec.normal.map((c) => c / length);
      return { type: 'plane', params: Float64Array.of(...n, spec.offset), staticFriction, dynamicFriction };
    }
    case 'sphere':
      return {
        type: 'sphere',
        params: Float64Array.of(...spec.center, spec.radius),
        staticFriction,
        dynamicFriction,
      };
    case 'box':
      return {
        type: 'box',
        params: Float64Array.of(...spec.center, ...spec.halfExtents),
        staticFriction,
        dynamicFriction,
      };
    case 'capsule':
      return {
        type: 'capsule',
        params: Float64Array.of(...spec.a, ...spec.b, spec.radius),
        staticFriction,
        dynamicFriction,
      };
    case 'mesh': {
      let positions: Float64Array;
      let indices: Uint32Array;
      if (spec.path !== undefined) {
        const resolved = meshes?.surfaces.get(pointer);
        if (!resolved) {
          throw new DocumentError('scene', [
            {
              pointer: `${pointer}/path`,
              message: `mesh file '${spec.path}' was not loaded: only \`softbody simulate\` reads mesh files; give vertices and indices inline here`,
            },
          ]);
        }
        positions = Float64Array.from(resolved.positions);
        indices = resolved.indices;
      } else {
        positions = Float64Array.from(spec.vertices ?? []);
        indices = Uint32Array.from(spec.indices ?? []);
      }
      return {
        type: 'mesh',
        params: new Float64Array(0),
        staticFriction,
        dynamicFriction,
        mesh: createTriangleMeshCollider(positions, indices, spec.thicknessM ?? 0),
      };
    }
  }
}

// Outward unit normal of the last `signedDistance` contact (a typed array: module-level
// number variables would box every write).
const normal = new Float64Array(3);

/** Signed distance of (x, y, z) to the collider surface, m (negative inside); sets the scratch normal. */
function signedDistance(c: Collider, x: number, y: number, z: number): number {
  const p = c.params;
  switch (c.type) {
    case 'plane':
      normal[0] = p[0];
      normal[1] = p[1];
      normal[2] = p[2];
      return x * p[0] + y * p[1] + z * p[2] - p[3];
    case 'sphere':
      return toPoint(x, y, z, p[0], p[1], p[2], p[3]);
    case 'box': {
      const dx = x - p[0];
      const dy = y - p[1];
      const dz = z - p[2];
      const qx = Math.abs(dx) - p[3];
      const qy = Math.abs(dy) - p[4];
      const qz = Math.abs(dz) - p[5];
      if (qx > 0 || qy > 0 || qz > 0) return 1; // outside: no contact, exact distance not needed
      // Inside: leave through the nearest face.
      if (qx >= qy && qx >= qz) {
        normal[0] = dx < 0 ? -1 : 1;
        normal[1] = 0;
        normal[2] = 0;
        return qx;
      }
      if (qy >= qz) {
        normal[0] = 0;
        normal[1] = dy < 0 ? -1 : 1;
        normal[2] = 0;
        return qy;
      }
      normal[0] = 0;
      normal[1] = 0;
      normal[2] = dz < 0 ? -1 : 1;
      return qz;
    }
    case 'mesh':
      return 1; // handled in collideParticles
    case 'capsule': {
      const abx = p[3] - p[0];
      const aby = p[4] - p[1];
      const abz = p[5] - p[2];
      const lengthSq = abx * abx + aby * aby + abz * abz;
      let s = lengthSq > 0 ? ((x - p[0]) * abx + (y - p[1]) * aby + (z - p[2]) * abz) / lengthSq : 0;
      s = Math.min(1, Math.max(0, s));
      return toPoint(x, y, z, p[0] + s * abx, p[1] + s * aby, p[2] + s * abz, p[6]);
    }
  }
}

/** Distance from (x, y, z) to a sphere (cx, cy, cz, r); normal from the centre (up when at it). */
function toPoint(x: number, y: number, z: number, cx: number, cy: number, cz: number, r: number): number {
  const dx = x - cx;
  const dy = y - cy;
  const dz = z - cz;
  const d = Math.sqrt(dx * dx + dy * dy + dz * dz);
  if (d > 1e-12) {
    normal[0] = dx / d;
    normal[1] = dy / d;
    normal[2] = dz / d;
  } else {
    normal[0] = 0;
    normal[1] = 1;
    normal[2] = 0;
  }
  return d - r;
}

/**
 * Projects particles [from, to) out of every collider, with friction. A moving collider (one with
 * a motion) is where its motion puts it at the end of the substep, `endS`; it was at its pose of
 * `startS` when the substep began.
 */
export function collideParticles(
  state: ParticleState,
  colliders: readonly Collider[],
  from: number,
  to: number,
  startS = 0,
  endS = 0,
): void {
  const x = state.x;
  const xp = state.xPrev;
  const w = state.invMass;
  for (const collider of colliders) {
    if (collider.motion) {
      collideMoving(state, collider, collider.motion, from, to, startS, endS);
      continue;
    }
    const p = collider.params;
    if (collider.type === 'plane') {
      // The common case (the ground), without the per-particle dispatch.
      const [nx, ny, nz, offset] = [p[0], p[1], p[2], p[3]];
      for (let i = from; i < to; i++) {
        const i3 = 3 * i;
        const distance = x[i3] * nx + x[i3 + 1] * ny + x[i3 + 2] * nz - offset;
        if (distance < 0 && w[i] !== 0) {
          const before = xp[i3] * nx + xp[i3 + 1] * ny + xp[i3 + 2] * nz - offset;
          resolveContact(state, collider, i3, -distance, nx, ny, nz, before < 0 ? -before : 0);
        }
      }
      continue;
    }
    if (collider.mesh) {
      for (let i = from; i < to; i++) {
        if (w[i] === 0) continue;
        const i3 = 3 * i;
        // A particle that started the substep outside can be no deeper than it moved.
        const moved = Math.sqrt(
          (x[i3] - xp[i3]) ** 2 + (x[i3 + 1] - xp[i3 + 1]) ** 2 + (x[i3 + 2] - xp[i3 + 2]) ** 2,
        );
        const depth = meshContact(collider.mesh, x[i3], x[i3 + 1], x[i3 + 2], moved + 1e-9);
        if (depth > 0) {
          resolveContact(
            state,
            collider,
            i3,
            depth,
            meshContactNormal[0],
            meshContactNormal[1],
            meshContactNormal[2],
          );
        }
      }
      continue;
    }
    for (let i = from; i < to; i++) {
      if (w[i] === 0) continue;
      const i3 = 3 * i;
      const distance = signedDistance(collider, x[i3], x[i3 + 1], x[i3 + 2]);
      if (distance < 0) {
        const [nx, ny, nz] = [normal[0], normal[1], normal[2]];
        const before = signedDistance(collider, xp[i3], xp[i3 + 1], xp[i3 + 2]);
        resolveContact(state, collider, i3, -distance, nx, ny, nz, before < 0 ? -before : 0);
      }
    }
  }
}

const poseStart = createPose([0, 0, 0]);
const poseEnd = createPose([0, 0, 0]);
/** One particle in the moving collider's own frame: its position now and at the substep start. */
const local = { x: new Float64Array(3), xPrev: new Float64Array(3) };

/**
 * A moving collider: each particle is taken into the collider's authored frame, its position with
 * the collider's pose at the end of the substep and its start-of-substep position with the pose at
 * the start, resolved against the collider standing still there, and taken back. In that frame the
 * particle's motion over the substep is relative to the collider's surface, so friction acts on the
 * relative velocity: a collider sliding or turning under a particle drags it along, and one moving
 * into a particle pushes it out of the place the collider now occupies.
 */
function collideMoving(
  state: ParticleState,
  collider: Collider,
  motion: KeyframedMotion,
  from: number,
  to: number,
  startS: number,
  endS: number,
): void {
  const start = poseAt(motion, startS, { ...poseStart, pivotM: motion.pivotM });
  const end = poseAt(motion, endS, { ...poseEnd, pivotM: motion.pivotM });
  const { x, xPrev, invMass: w } = state;
  for (let i = from; i < to; i++) {
    if (w[i] === 0) continue;
    const i3 = 3 * i;
    invertPose(end, x[i3], x[i3 + 1], x[i3 + 2], local.x, 0);
    invertPose(start, xPrev[i3], xPrev[i3 + 1], xPrev[i3 + 2], local.xPrev, 0);
    if (!contactOne(local, collider)) continue;
    applyPose(end, local.x[0], local.x[1], local.x[2], x, i3);
    applyPose(start, local.xPrev[0], local.xPrev[1], local.xPrev[2], xPrev, i3);
  }
}

/** The contact of the particle held at index 0 of `particle` with a standing collider; true when it moved. */
function contactOne(particle: { x: Float64Array; xPrev: Float64Array }, collider: Collider): boolean {
  const x = particle.x;
  const xp = particle.xPrev;
  if (collider.mesh) {
    const moved = Math.sqrt((x[0] - xp[0]) ** 2 + (x[1] - xp[1]) ** 2 + (x[2] - xp[2]) ** 2);
    const depth = meshContact(collider.mesh, x[0], x[1], x[2], moved + 1e-9);
    if (!(depth > 0)) return false;
    resolveContact(
      particle,
      collider,
      0,
      depth,
      meshContactNormal[0],
      meshContactNormal[1],
      meshContactNormal[2],
    );
    return true;
  }
  const distance = signedDistance(collider, x[0], x[1], x[2]);
  if (!(distance < 0)) return false;
  const [nx, ny, nz] = [normal[0], normal[1], normal[2]];
  const before = signedDistance(collider, xp[0], xp[1], xp[2]);
  resolveContact(particle, collider, 0, -distance, nx, ny, nz, before < 0 ? -before : 0);
  return true;
}

/**
 * Moves the particle at float index i3 out by `depth` along n, and its start-of-substep position
 * by the part of `depthBefore` (how deep that was, m) that `depth` covers; then applies friction.
 */
function resolveContact(
  state: { x: Float64Array; xPrev: Float64Array },
  collider: Collider,
  i3: number,
  depth: number,
  nx: number,
  ny: number,
  nz: number,
  depthBefore = 0,
): void {
  const x = state.x;
  const xp = state.xPrev;
  x[i3] += depth * nx;
  x[i3 + 1] += depth * ny;
  x[i3 + 2] += depth * nz;
  if (depthBefore > 0) {
    const carried = Math.min(depth, depthBefore);
    xp[i3] += carried * nx;
    xp[i3 + 1] += carried * ny;
    xp[i3 + 2] += carried * nz;
  }
  // Tangential motion over the substep.
  const mx = x[i3] - xp[i3];
  const my = x[i3 + 1] - xp[i3 + 1];
  const mz = x[i3 + 2] - xp[i3 + 2];
  const along = mx * nx + my * ny + mz * nz;
  const tx = mx - along * nx;
  const ty = my - along * ny;
  const tz = mz - along * nz;
  const tangential = Math.sqrt(tx * tx + ty * ty + tz * tz);
  if (tangential === 0) return;
  const removed =
    tangential < collider.staticFriction * depth
      ? 1
      : Math.min(1, (collider.dynamicFriction * depth) / tangential);
  x[i3] -= removed * tx;
  x[i3 + 1] -= removed * ty;
  x[i3 + 2] -= removed * tz;
}
