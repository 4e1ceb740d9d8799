import { eulerXyzMatrix } from '../math/euler-rotation.ts';
import type { ShapeSpec, Vec3 } from './scene.ts';

/**
 * Where a mesh shape puts its mesh (the file's frame, m) in the scene: each vertex x goes to
 * x' = R·(S·x) + p, with S = diag(scale), R the rotation of `rotationDeg` and p the `position`.
 * R = Rx(α)·Ry(β)·Rz(γ) for rotationDeg [α, β, γ] in degrees (core/math/euler-rotation.ts: about z
 * first, then y, then x, each about the fixed scene axes, three.js's Euler order 'XYZ').
 * Compiling applies it once (core/setup/body-geometry.ts placeAt), so the preview, presets and
 * every exporter see the same placed body.
 */
export interface MeshTransform {
  /** Translation, m. */
  position: Vec3;
  /** Euler angles about x, y, z, degrees (order 'XYZ': R = Rx·Ry·Rz). */
  rotationDeg: Vec3;
  /** Scale factor along the mesh's own x, y, z, dimensionless (> 0). */
  scale: Vec3;
}

export const IDENTITY_MESH_TRANSFORM: Readonly<MeshTransform> = Object.freeze({
  position: [0, 0, 0] as Vec3,
  rotationDeg: [0, 0, 0] as Vec3,
  scale: [1, 1, 1] as Vec3,
});

/** The transform of a mesh shape, absent fields at identity; identity for other shapes. */
export function meshTransformOf(shape: ShapeSpec): MeshTransform {
  if (shape.type !== 'mesh') return copyTransform(IDENTITY_MESH_TRANSFORM);
  return {
    position: [...(shape.position ?? IDENTITY_MESH_TRANSFORM.position)],
    rotationDeg: [...(shape.rotationDeg ?? IDENTITY_MESH_TRANSFORM.rotationDeg)],
    scale: [...(shape.scale ?? IDENTITY_MESH_TRANSFORM.scale)],
  };
}

/** The 3×3 matrix M = R·S, row-major: x' = M·x + p. */
export function linearPart(transform: MeshTransform): number[] {
  const r = eulerXyzMatrix(transform.rotationDeg);
  const [sx, sy, sz] = transform.scale;
  return r.map((v, i) => v * [sx, sy, sz][i % 3]);
}

/** Whether the transform is a pure translation (no rotation, unit scale). */
export function isTranslationOnly(transform: MeshTransform): boolean {
  return transform.rotationDeg.every((v) => v === 0) && transform.scale.every((v) => v === 1);
}

/** Moves `positions` (xyz interleaved, the mesh's frame, m) into the scene, in place. */
export function applyMeshTransform(positions: Float64Array | Float32Array, transform: MeshTransform): void {
  const [px, py, pz] = transform.position;
  if (isTranslationOnly(transform)) {
    // x + p exactly, as before rotation and scale existed (stored presets compare to the bit).
    for (let i = 0; i < positions.length; i += 3) {
      positions[i] += px;
      positions[i + 1] += py;
      positions[i + 2] += pz;
    }
    return;
  }
  const m = linearPart(transform);
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i];
    const y = positions[i + 1];
    const z = positions[i + 2];
    positions[i] = m[0] * x + m[1] * y + m[2] * z + px;
    positions[i + 1] = m[3] * x + m[4] * y + m[5] * z + py;
    positions[i + 2] = m[6] * x + m[7] * y + m[8] * z + pz;
  }
}

/** The inverse of applyMeshTransform: scene positions back to the mesh's frame, in place. */
export function unapplyMeshTransform(positions: Float64Array | Float32Array, transform: MeshTransform): void {
  const [px, py, pz] = transform.position;
  if (isTranslationOnly(transform)) {
    for (let i = 0; i < positions.length; i += 3) {
      positions[i] -= px;
      positions[i + 1] -= py;
      positions[i + 2] -= pz;
    }
    return;
  }
  // x = S⁻¹·Rᵀ·(x' − p): M = R·S, so M⁻¹ = S⁻¹·Rᵀ; row k of it is column k of R over s_k.
  const r = linearPart({ ...transform, scale: [1, 1, 1] });
  const [sx, sy, sz] = transform.scale;
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i] - px;
    const y = positions[i + 1] - py;
    const z = positions[i + 2] - pz;
    positions[i] = (r[0] * x + r[3] * y + r[6] * z) / sx;
    positions[i + 1] = (r[1] * x + r[4] * y + r[7] * z) / sy;
    positions[i + 2] = (r[2] * x + r[5] * y + r[8] * z) / sz;
  }
}

function copyTransform(t: Readonly<MeshTransform>): MeshTransform {
  return { position: [...t.position], rotationDeg: [...t.rotationDeg], scale: [...t.scale] };
}
