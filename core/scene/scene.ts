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
  | {
      type: 'mesh';
      /** Mesh file (OBJ, glTF, GLB), relative to the scene file; the CLI resolves it. */
      path: string;
      /** Solids: approximate number of tets wanted from the tetrahedralizer. */
      targetTetCount?: number;
    };

export type ConstraintModel = 'neo-hookean' | 'edges-volume' | 'cloth' | 'rope';

/**
 * A pin: the body's particles it holds, chosen by a box around their rest positions or listed by
 * index. A particle chosen by several pins belongs to the first.
 */
export type PinSpec = (
  | {
      /** Selects the vertices inside this axis-aligned box at rest, m. */
      box: { min: Vec3; max: Vec3 };
    }
  | {
      /**
       * Body-local particle indices, 0-based, in the order buildWorld gives the body's particles
       * (what the viewport's selection tools pick).
       */
      vertices: number[];
    }
) & {
  /** Soft attachment compliance, m/N; 0 or absent pins rigidly. */
  complianceMPerN?: number;
  /** A label for the pin (the editor shows it; pin forces are reported in pin order). */
  name?: string;
};

/**
 * A material group: part of a body with its own material and damping. An element (tet, cloth
 * triangle, bend hinge, rope link, tet edge) belongs to a group when all its vertices are in the
 * group's vertex set; where several groups hold an element, the last one in the list wins;
 * elements in no group take the body's material and damping. Masses are lumped with each
 * element's own density. A spring or hinge made of several elements (the tets around a tet edge,
 * the two triangles of a hinge) sums each element's contribution with that element's material,
 * so inside a group it has the group's stiffness and across a boundary the mix of both sides.
 */
export interface GroupSpec {
  /** Unique within the body. */
  name: string;
  /** Body-local particle indices, 0-based (as in a vertex pin). */
  vertices: number[];
  /** Inline numbers or a library material name (resolved like a body's); the body's when absent. */
  material?: MaterialSpec | string;
  /**
   * Damping ratio ζ of the group's constraints; when absent, the named material's default, else
   * the body's.
   */
  dampingRatio?: number;
}

export interface BodySolverOverride {
  /** 'xpbd' (default) or the classic PBD mode. */
  method: 'xpbd' | 'pbd';
  /** PBD only: solver iterations per substep. */
  iterations?: number;
  /** PBD only: stiffness k in [0, 1] scaling each projection. */
  stiffness?: number;
}

/** Cloth only: long-range attachments of every free particle to its nearest rigid pin. */
export interface TetherSpec {
  /** Stretch allowed beyond the rest distance to the pin, dimensionless (0.02 = 2%); default 0. */
  maxStretch?: number;
}

/** Cloth on a closed mesh only: the enclosed gas (a balloon). */
export interface PressureSpec {
  /** Gas bulk modulus K, Pa; default 101325 (air at one atmosphere, isothermal). */
  bulkModulusPa?: number;
  /** Inflation: volume the gas wants over the rest volume of the surface; default 1. */
  volumeScale?: number;
}

/** Cloth only: collisions of the cloth with itself. */
export interface SelfCollisionSpec {
  /** Particles are kept at least this far apart, m (at least about the rest edge length). */
  thicknessM: number;
  /** Coulomb friction coefficient between cloth layers; default 0.3. */
  friction?: number;
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
  /** Material groups over parts of the body; see GroupSpec. */
  groups?: GroupSpec[];
  solver?: BodySolverOverride;
  /** Rope only: bending stiffness E·πr⁴/4 between consecutive links; default false. */
  bending?: boolean;
  tethers?: TetherSpec;
  pressure?: PressureSpec;
  selfCollision?: SelfCollisionSpec;
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
 * A triangle mesh is given inline (`vertices` xyz flat, `indices` 3 per triangle) or by `path`
 * (resolved by the CLI); its front is where the triangles wind counter-clockwise.
 */
export type ColliderSpec =
  | ({ type: 'plane'; normal: Vec3; offset: number } & ColliderFriction)
  | ({ type: 'sphere'; center: Vec3; radius: number } & ColliderFriction)
  | ({ type: 'box'; center: Vec3; halfExtents: Vec3 } & ColliderFriction)
  | ({ type: 'capsule'; a: Vec3; b: Vec3; radius: number } & ColliderFriction)
  | ({
      type: 'mesh';
      vertices?: number[];
      indices?: number[];
      path?: string;
      /** Particles are kept this far in front of the surface, m; default 0. */
      thicknessM?: number;
    } & ColliderFriction);

export interface SolverSettings {
  /** Frame time step, s. */
  dt: number;
  /** Substeps per frame (one Gauss-Seidel pass each). */
  substeps: number;
}

/**
 * A body as a document may write it: `material` inline, or the name of a library material
 * (assets/materials.json, or a user material the caller passes in). Validation resolves the
 * name; the resolved Scene always holds the inline numbers.
 */
export type BodySpecDocument = Omit<BodySpec, 'material'> & { material: MaterialSpec | string };

/** A scene document before material names are resolved (what files and the editor hold). */
export type SceneDocument = Omit<Scene, 'bodies'> & { bodies: BodySpecDocument[] };

export interface Scene {
  /** Document format version; 1 (the only one so far) when absent. */
  formatVersion?: 1;
  /** Gravity, m/s². */
  gravity: Vec3;
  solver: SolverSettings;
  colliders: ColliderSpec[];
  bodies: BodySpec[];
}
