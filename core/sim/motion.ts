import { eulerXyzQuaternion, quaternionMatrix } from '../math/euler-rotation.ts';
import type { MotionSpec, Vec3 } from '../scene/scene.ts';

/**
 * Keyframed rigid motion of a collider or a pin (scene-schema.ts MotionSchema). Each key gives a
 * translation `position` (m) and a rotation `rotationDeg` (Euler 'XYZ', R = Rx·Ry·Rz, as mesh
 * shapes: core/scene/mesh-transform.ts) at `timeS`; a point authored at x goes to
 *
 *   x(t) = R(t)·(x − c) + c + p(t)        (c the pivot: the collider's centre, the pin's centroid)
 *
 * Between keys p is interpolated linearly and R by spherical linear interpolation of the keys'
 * unit quaternions (Shoemake 1985, "Animating Rotation with Quaternion Curves"): constant angular
 * velocity between keys, the shorter way round. Before the first key and after the last the
 * motion holds the end key; a looped motion repeats from the first key's time with period
 * (last − first key time).
 */
export interface KeyframedMotion {
  /** Key times, s, increasing. */
  readonly timesS: Float64Array;
  /** Translations, m, 3 per key. */
  readonly positionsM: Float64Array;
  /** Unit quaternions (x, y, z, w), 4 per key. */
  readonly quaternions: Float64Array;
  readonly loop: boolean;
  /** The point rotations turn about, m. */
  readonly pivotM: Vec3;
}

/** A pose: x' = R·(x − pivot) + pivot + translation; R row-major. */
export interface Pose {
  readonly rotation: Float64Array;
  readonly translationM: Float64Array;
  readonly pivotM: Vec3;
}

export function compileMotion(spec: MotionSpec, pivotM: Vec3): KeyframedMotion {
  const n = spec.keys.length;
  const timesS = new Float64Array(n);
  const positionsM = new Float64Array(3 * n);
  const quaternions = new Float64Array(4 * n);
  spec.keys.forEach((key, k) => {
    timesS[k] = key.timeS;
    positionsM.set(key.position ?? [0, 0, 0], 3 * k);
    quaternions.set(eulerXyzQuaternion(key.rotationDeg ?? [0, 0, 0]), 4 * k);
    // Slerp takes the shorter arc when consecutive keys lie in the same hemisphere.
    if (k > 0) {
      let dot = 0;
      for (let a = 0; a < 4; a++) dot += quaternions[4 * k + a] * quaternions[4 * (k - 1) + a];
      if (dot < 0) for (let a = 0; a < 4; a++) quaternions[4 * k + a] *= -1;
    }
  });
  return { timesS, positionsM, quaternions, loop: spec.loop ?? false, pivotM: [...pivotM] };
}

export function createPose(pivotM: Vec3): Pose {
  const rotation = new Float64Array(9);
  rotation[0] = rotation[4] = rotation[8] = 1;
  return { rotation, translationM: new Float64Array(3), pivotM };
}

/** The pose of `motion` at time `timeS`, into `out`. */
export function poseAt(motion: KeyframedMotion, timeS: number, out: Pose): Pose {
  const times = motion.timesS;
  const last = times.length - 1;
  let t = timeS;
  const period = times[last] - times[0];
  if (motion.loop && period > 0 && t > times[last]) t = times[0] + ((t - times[0]) % period);
  let k = 0;
  let s = 0;
  if (t >= times[last]) {
    k = last;
  } else if (t > times[0]) {
    while (times[k + 1] <= t) k++;
    s = (t - times[k]) / (times[k + 1] - times[k]);
  }
  const next = Math.min(k + 1, last);
  for (let a = 0; a < 3; a++)
    out.translationM[a] = (1 - s) * motion.positionsM[3 * k + a] + s * motion.positionsM[3 * next + a];
  slerpInto(motion.quaternions, 4 * k, 4 * next, s, quaternion);
  quaternionMatrix(quaternion, out.rotation);
  return out;
}

/** x' = R·(x − c) + c + p of point (x, y, z), into `out` at `o`. */
export function applyPose(pose: Pose, x: number, y: number, z: number, out: Float64Array, o: number): void {
  const r = pose.rotation;
  const [cx, cy, cz] = pose.pivotM;
  const dx = x - cx;
  const dy = y - cy;
  const dz = z - cz;
  out[o] = r[0] * dx + r[1] * dy + r[2] * dz + cx + pose.translationM[0];
  out[o + 1] = r[3] * dx + r[4] * dy + r[5] * dz + cy + pose.translationM[1];
  out[o + 2] = r[6] * dx + r[7] * dy + r[8] * dz + cz + pose.translationM[2];
}

/** x = Rᵀ·(x' − c − p) + c: the authored point a posed point came from, into `out` at `o`. */
export function invertPose(pose: Pose, x: number, y: number, z: number, out: Float64Array, o: number): void {
  const r = pose.rotation;
  const [cx, cy, cz] = pose.pivotM;
  const dx = x - cx - pose.translationM[0];
  const dy = y - cy - pose.translationM[1];
  const dz = z - cz - pose.translationM[2];
  out[o] = r[0] * dx + r[3] * dy + r[6] * dz + cx;
  out[o + 1] = r[1] * dx + r[4] * dy + r[7] * dz + cy;
  out[o + 2] = r[2] * dx + r[5] * dy + r[8] * dz + cz;
}

const quaternion = new Float64Array(4);

function slerpInto(q: Float64Array, i: number, j: number, s: number, out: Float64Array): void {
  let dot = 0;
  for (let a = 0; a < 4; a++) dot += q[i + a] * q[j + a];
  dot = Math.min(1, dot);
  let wi = 1 - s;
  let wj = s;
  const angle = Math.acos(dot);
  // Nearly equal keys: linear weights are exact to rounding (and sin(angle) → 0 is not divided by).
  if (angle > 1e-6) {
    const sine = Math.sin(angle);
    wi = Math.sin((1 - s) * angle) / sine;
    wj = Math.sin(s * angle) / sine;
  }
  let length = 0;
  for (let a = 0; a < 4; a++) {
    out[a] = wi * q[i + a] + wj * q[j + a];
    length += out[a] * out[a];
  }
  length = Math.sqrt(length);
  for (let a = 0; a < 4; a++) out[a] /= length;
}
