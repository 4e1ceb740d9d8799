/**
 * Where to put the camera so that a box fills the view: pure math, no three.js, so it
 * can be tested in Node.
 */
export interface Bounds {
  /** Minimum corner, m. */
  min: [number, number, number];
  /** Maximum corner, m. */
  max: [number, number, number];
}

export interface CameraPose {
  /** Camera position, m. */
  position: [number, number, number];
  /** Point looked at (the orbit centre), m. */
  target: [number, number, number];
}

/** Viewing direction (from target towards camera): front-right and above, a three-quarter view. */
const VIEW_DIRECTION: [number, number, number] = [0.55, 0.45, 1];
/** Extra room around the box so the objects do not touch the frame (1 = corners on the edge). */
const MARGIN = 1.12;

/** Bounds of xyz-interleaved positions (m); null when there are none or none is finite. */
export function boundsOf(positions: ArrayLike<number>): Bounds | null {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const x = positions[i];
    const y = positions[i + 1];
    const z = positions[i + 2];
    if (!(Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z))) continue;
    if (x < min[0]) min[0] = x;
    if (y < min[1]) min[1] = y;
    if (z < min[2]) min[2] = z;
    if (x > max[0]) max[0] = x;
    if (y > max[1]) max[1] = y;
    if (z > max[2]) max[2] = z;
  }
  return min[0] <= max[0] ? { min, max } : null;
}

/** Where a body's particles sit in the world's positions array. */
export interface ParticleRange {
  particleOffset: number;
  particleCount: number;
}

/**
 * Bounds of the bodies `ranges` (indices into `bodies`; all of them when null) in the world's
 * xyz-interleaved `positions` (m); null when they hold no finite particle.
 */
export function bodiesBounds(
  positions: Float32Array,
  bodies: readonly ParticleRange[],
  indices: readonly number[] | null,
): Bounds | null {
  const chosen = indices === null ? bodies : indices.flatMap((i) => (bodies[i] ? [bodies[i]] : []));
  let all: Bounds | null = null;
  for (const body of chosen) {
    const own = boundsOf(
      positions.subarray(3 * body.particleOffset, 3 * (body.particleOffset + body.particleCount)),
    );
    if (!own) continue;
    all = all
      ? {
          min: [0, 1, 2].map((k) => Math.min(all!.min[k], own.min[k])) as Vec3,
          max: [0, 1, 2].map((k) => Math.max(all!.max[k], own.max[k])) as Vec3,
        }
      : own;
  }
  return all;
}

/**
 * Camera pose that shows the whole of `bounds` with a perspective camera of vertical
 * field of view `fovYDeg` and width/height `aspect`, looking at the box centre along a
 * fixed three-quarter direction. Each corner, in camera coordinates (x right, y up, depth
 * z), must satisfy |x| ≤ z·tan(fovX/2) and |y| ≤ z·tan(fovY/2); the distance is the
 * smallest that satisfies all eight, so the box fills the frame up to the margin.
 */
export function frameBounds(bounds: Bounds, fovYDeg: number, aspect: number): CameraPose {
  const center = [0, 1, 2].map((i) => (bounds.min[i] + bounds.max[i]) / 2) as Vec3;
  const back = normalize(VIEW_DIRECTION);
  const right = normalize(cross([0, 1, 0], back));
  const up = cross(back, right);
  const tanY = Math.tan((fovYDeg * Math.PI) / 360);
  const tanX = tanY * aspect;
  /** Smallest sensible distance, m: a degenerate (flat or point) box is still seen from somewhere. */
  let distance = 0.1;
  for (const x of [bounds.min[0], bounds.max[0]])
    for (const y of [bounds.min[1], bounds.max[1]])
      for (const z of [bounds.min[2], bounds.max[2]]) {
        const offset: Vec3 = [x - center[0], y - center[1], z - center[2]];
        // The corner's depth is distance − offset·back; it must leave room for its sideways reach.
        const towardCamera = dot(offset, back);
        distance = Math.max(
          distance,
          towardCamera + (MARGIN * Math.abs(dot(offset, right))) / tanX,
          towardCamera + (MARGIN * Math.abs(dot(offset, up))) / tanY,
        );
      }
  const position = center.map((c, i) => c + back[i] * distance) as Vec3;
  return { position, target: center };
}

type Vec3 = [number, number, number];

function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

function cross(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function normalize(a: Vec3): Vec3 {
  const length = Math.hypot(...a);
  return [a[0] / length, a[1] / length, a[2] / length];
}
