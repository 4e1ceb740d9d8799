/**
 * The one Euler-angle convention of scenes: rotationDeg [α, β, γ] in degrees means
 * R = Rx(α)·Ry(β)·Rz(γ), about z first, then y, then x, each about the fixed scene axes
 * (three.js's Euler order 'XYZ', what the editor's gizmo writes). Mesh shapes
 * (core/scene/mesh-transform.ts) and keyframed motions (core/sim/motion.ts) both read it here.
 */

/** Degrees about x, y, z (order 'XYZ'). */
export type EulerXyzDeg = readonly [number, number, number];

/**
 * Unit quaternion (x, y, z, w) of R = Rx(α)·Ry(β)·Rz(γ): q = qx·qy·qz (Hamilton product) with
 * qx = (sin(α/2), 0, 0, cos(α/2)) and likewise for y and z (three.js Quaternion.setFromEuler,
 * order 'XYZ').
 */
export function eulerXyzQuaternion(rotationDeg: EulerXyzDeg): [number, number, number, number] {
  const [a, b, c] = rotationDeg.map((deg) => (deg * Math.PI) / 360);
  const [ca, sa, cb, sb, cc, sc] = [
    Math.cos(a),
    Math.sin(a),
    Math.cos(b),
    Math.sin(b),
    Math.cos(c),
    Math.sin(c),
  ];
  return [
    sa * cb * cc + ca * sb * sc,
    ca * sb * cc - sa * cb * sc,
    ca * cb * sc + sa * sb * cc,
    ca * cb * cc - sa * sb * sc,
  ];
}

/**
 * Row-major 3×3 rotation matrix of the unit quaternion q = (x, y, z, w), into `out` (9 entries).
 * Allocates nothing: the shape-matching solve calls it per region per substep.
 */
export function quaternionMatrix(q: ArrayLike<number>, out: { [i: number]: number }): void {
  const x = q[0];
  const y = q[1];
  const z = q[2];
  const w = q[3];
  out[0] = 1 - 2 * (y * y + z * z);
  out[1] = 2 * (x * y - z * w);
  out[2] = 2 * (x * z + y * w);
  out[3] = 2 * (x * y + z * w);
  out[4] = 1 - 2 * (x * x + z * z);
  out[5] = 2 * (y * z - x * w);
  out[6] = 2 * (x * z - y * w);
  out[7] = 2 * (y * z + x * w);
  out[8] = 1 - 2 * (x * x + y * y);
}

/** Row-major 3×3 matrix of R = Rx(α)·Ry(β)·Rz(γ) for `rotationDeg` [α, β, γ], degrees. */
export function eulerXyzMatrix(rotationDeg: EulerXyzDeg): number[] {
  const r = new Array<number>(9);
  quaternionMatrix(eulerXyzQuaternion(rotationDeg), r);
  return r;
}
