/**
 * The scene document: what `softbody simulate` reads and the editor's default scene is
 * written in. SI units throughout. The published JSON Schema lives in docs/scene.schema.json.
 */

export type Vec3 = [number, number, number];

export interface MaterialSpec {
  /** Young's modulus, Pa. */
  youngModulusPa: number;
  /** Poisson's ratio, dimensionless, in [0, 0.5). */
  poissonRatio: number;
  /** Density, kg/m³. */
  densityKgM3: number;
  /** Cloth and shell thickness, m (cloth only). */
  thicknessM?: number;
}

export type ShapeSpec =
  | { type: 'box'; size: Vec3; cells: Vec3; center: Vec3 }
  | { type: 'cloth'; size: [number, number]; cells: [number, number]; center: Vec3 }
  | { type: 'rope'; start: Vec3; end: Vec3; segments: number; radiusM: number }
  | { type: 'mesh'; path: string };

export type ConstraintModel = 'neo-hookean' | 'edges-volume' | 'cloth' | 'rope';

export interface PinSpec {
  /** Selects the vertices inside this axis-aligned box at rest, m. */
  box: { min: Vec3; max: Vec3 };
  /** Soft attachment compliance, m/N; 0 or absent pins rigidly. */
  complianceMPerN?: number;
}

export interface BodySolverOverride {
  /** 'xpbd' (default) or the classic PBD mode. */
  method: 'xpbd' | 'pbd';
  /** PBD only: solver iterations per substep. */
  iterations?: number;
  /** PBD only: stiffness k in [0, 1] scaling each projection. */
  stiffness?: number;
}

export interface BodySpec {
  name: string;
  shape: ShapeSpec;
  material: MaterialSpec;
  model: ConstraintModel;
  /** Damping ratio ζ: 0 none, 1 critical (converted per constraint). */
  dampingRatio?: number;
  /** Mass-proportional linear damping, 1/s (what Jolt offers). */
  linearDampingPerS?: number;
  pins?: PinSpec[];
  solver?: BodySolverOverride;
}

/** Friction of a collider surface, dimensionless Coulomb coefficients. */
export interface ColliderFriction {
  /** Dynamic (kinetic) friction coefficient; 0.5 when absent. */
  friction?: number;
  /** Static friction coefficient; equals `friction` when absent. */
  staticFriction?: number;
}

/**
 * Static colliders, m. A plane is {x : n·x = offset} with n the (normalised) normal pointing out
 * of the solid side; the box is axis-aligned; the capsule is the segment a–b swept by a radius.
 */
export type ColliderSpec =
  | ({ type: 'plane'; normal: Vec3; offset: number } & ColliderFriction)
  | ({ type: 'sphere'; center: Vec3; radius: number } & ColliderFriction)
  | ({ type: 'box'; center: Vec3; halfExtents: Vec3 } & ColliderFriction)
  | ({ type: 'capsule'; a: Vec3; b: Vec3; radius: number } & ColliderFriction);

export interface SolverSettings {
  /** Frame time step, s. */
  dt: number;
  /** Substeps per frame (one Gauss-Seidel pass each). */
  substeps: number;
}

export interface Scene {
  /** Document format version; 1 (the only one so far) when absent. */
  formatVersion?: 1;
  /** Gravity, m/s². */
  gravity: Vec3;
  solver: SolverSettings;
  colliders: ColliderSpec[];
  bodies: BodySpec[];
}
