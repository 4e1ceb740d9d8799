import type { OrthotropicBending } from '../material/compliance/plate-bend.ts';
import { directionalBendingRigidityNM, orthotropicBendingRigidityNM } from '../material/orthotropic.ts';
import type { MaterialSpec, Vec3 } from '../scene/scene.ts';

/**
 * The warp of an orthotropic cloth body (BodySpec.warpDirection, in the body's rest frame) as the
 * compiler hands it to the membrane and plate-bend constraints. A body without a warp direction,
 * or a triangle whose material has no warp/weft constants, stays isotropic.
 */

/** The orthotropic plate of a triangle of material `material`, or undefined where it is isotropic. */
export function orthotropicBendingOf(material: MaterialSpec, warp?: Vec3): OrthotropicBending | undefined {
  if (warp === undefined || material.orthotropic === undefined) return undefined;
  const rigidity = orthotropicBendingRigidityNM(material.orthotropic, material.thicknessM ?? 0);
  if (!(rigidity.warp > 0 && rigidity.weft > 0)) return undefined;
  return { warpAxis: warp, warpNM: rigidity.warp, weftNM: rigidity.weft, twistNM: rigidity.twist };
}

/**
 * The warp at rest per triangle, 3 per triangle: `warp` projected onto each triangle of
 * `positions` (m) and normalised; a triangle the warp is normal to keeps the raw direction (the
 * membrane then falls back to its first-edge frame, membrane.ts).
 */
export function triangleWarpDirections(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  warp: Vec3,
): Float64Array {
  const count = triangles.length / 3;
  const out = new Float64Array(3 * count);
  for (let t = 0; t < count; t++) {
    const [a, b, c] = [triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2]];
    const e1 = [0, 1, 2].map((k) => positions[3 * b + k] - positions[3 * a + k]);
    const e2 = [0, 1, 2].map((k) => positions[3 * c + k] - positions[3 * a + k]);
    const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    const nSq = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
    const along = nSq > 0 ? (warp[0] * n[0] + warp[1] * n[1] + warp[2] * n[2]) / nSq : 0;
    const d = [0, 1, 2].map((k) => warp[k] - along * n[k]);
    const length = Math.hypot(d[0], d[1], d[2]);
    const direction = length > 1e-6 * Math.hypot(...warp) ? d.map((x) => x / length) : [...warp];
    out.set(direction, 3 * t);
  }
  return out;
}

/**
 * The plate rigidity a dihedral hinge on edge (a, b) takes from its wing (a, b, c), N·m: `isotropicNM`,
 * or for an orthotropic wing the rigidity for bending across the edge, D(ν) =
 * (√D₁·cos²φ + √D₂·sin²φ)² with ν the in-plane normal of the edge and φ its angle to the warp
 * (directionalBendingRigidityNM). A hinge is one number per edge: it holds the plate's rigidity
 * for cylindrical bending across its own edge, not the twist coupling a plate triangle carries.
 */
export function hingePlate(
  positions: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  isotropicNM: number,
  orthotropic: OrthotropicBending | undefined,
): number {
  if (orthotropic === undefined) return isotropicNM;
  const e = [0, 1, 2].map((k) => positions[3 * b + k] - positions[3 * a + k]);
  const f = [0, 1, 2].map((k) => positions[3 * c + k] - positions[3 * a + k]);
  const n = [e[1] * f[2] - e[2] * f[1], e[2] * f[0] - e[0] * f[2], e[0] * f[1] - e[1] * f[0]];
  // ν ∝ n × e lies in the wing's plane, normal to the edge.
  const nu = [n[1] * e[2] - n[2] * e[1], n[2] * e[0] - n[0] * e[2], n[0] * e[1] - n[1] * e[0]];
  const w = orthotropic.warpAxis;
  const nuLength = Math.hypot(nu[0], nu[1], nu[2]);
  const nSq = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
  if (!(nuLength > 0) || !(nSq > 0)) return isotropicNM;
  const along = (w[0] * n[0] + w[1] * n[1] + w[2] * n[2]) / nSq;
  const inPlane = [0, 1, 2].map((k) => w[k] - along * n[k]);
  const inPlaneLength = Math.hypot(inPlane[0], inPlane[1], inPlane[2]);
  if (!(inPlaneLength > 0)) return isotropicNM;
  const cosine = (nu[0] * inPlane[0] + nu[1] * inPlane[1] + nu[2] * inPlane[2]) / (nuLength * inPlaneLength);
  return directionalBendingRigidityNM(orthotropic.warpNM, orthotropic.weftNM, cosine);
}
