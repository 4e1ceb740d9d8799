import type { Static } from 'typebox';
import type { ConstraintModel, ShapeType } from './models.ts';
import type {
  AerodynamicsSchema,
  AirSchema,
  BodySchema,
  BodySolverOverrideSchema,
  ColliderSchema,
  ContactSchema,
  FrameBudgetSchema,
  GroupSchema,
  MaterialSpecSchema,
  MotionSchema,
  PinSchema,
  PlasticitySchema,
  PressureSchema,
  SceneSchema,
  SelfCollisionSchema,
  ShapeSchema,
  SolverSettingsSchema,
  TetherSchema,
} from './scene-schema.ts';

/**
 * The scene document: what `softbody simulate` reads and the editor's default scene is written
 * in. The types are derived from the schema (scene-schema.ts, published as
 * docs/scene.schema.json), whose descriptions document every field. SI units throughout.
 */

export type Vec3 = [number, number, number];

/** Young's modulus (Pa), Poisson's ratio, density (kg/m³), cloth thickness (m). */
export type MaterialSpec = Static<typeof MaterialSpecSchema>;

/** Rest geometry: a box tet grid, a cloth grid, a rope chain or an imported mesh (by path). */
export type ShapeSpec = Static<typeof ShapeSchema>;

export type { ConstraintModel } from './models.ts';

/**
 * A pin: the body's particles it holds, chosen by a box around their rest positions or listed by
 * index (body-local, in the order buildWorld gives the body's particles). A particle chosen by
 * several pins belongs to the first. `complianceMPerN` (m/N) makes it soft; 0 or absent is rigid.
 */
export type PinSpec = Static<typeof PinSchema>;

/**
 * A material group: part of a body with its own material and damping. An element (tet, cloth
 * triangle, bend hinge, rope link, tet edge) belongs to a group when all its vertices are in the
 * group's vertex set; where several groups hold an element, the last one in the list wins;
 * elements in no group take the body's material and damping. Masses are lumped with each
 * element's own density. A spring or hinge made of several elements (the tets around a tet edge,
 * the two triangles of a hinge) sums each element's contribution with that element's material,
 * so inside a group it has the group's stiffness and across a boundary the mix of both sides.
 */
export type GroupSpec = Static<typeof GroupSchema>;
export type PlasticitySpec = Static<typeof PlasticitySchema>;

export type BodySolverOverride = Static<typeof BodySolverOverrideSchema>;
export type TetherSpec = Static<typeof TetherSchema>;
export type PressureSpec = Static<typeof PressureSchema>;
export type SelfCollisionSpec = Static<typeof SelfCollisionSchema>;
/** Drag and lift coefficients of a body or group (core/sim/aerodynamics.ts). */
export type AerodynamicsSpec = Static<typeof AerodynamicsSchema>;
/** Wind (m/s), air density (kg/m³) and seeded gusts. */
export type AirSpec = Static<typeof AirSchema>;

/**
 * Static colliders, m. A plane is {x : n·x = offset} with n the (normalised) normal pointing out
 * of the solid side; the box is axis-aligned; the capsule is the segment a–b swept by a radius.
 * A triangle mesh is given inline (`vertices` xyz flat, `indices` 3 per triangle) or by `path`
 * (resolved by the CLI); its front is where the triangles wind counter-clockwise. Friction:
 * dynamic `friction` (0.5 when absent) and `staticFriction` (equal to it when absent).
 */
export type ColliderSpec = Static<typeof ColliderSchema>;

/** Contact between soft bodies: on/off, thickness (m), friction. */
export type ContactSpec = Static<typeof ContactSchema>;

/** Keyframed rigid motion of a collider or a pin (core/sim/motion.ts). */
export type MotionSpec = Static<typeof MotionSchema>;

/** Frame budget per body, ms per 60 Hz frame, and the runtime it is for. */
export type FrameBudget = Static<typeof FrameBudgetSchema>;

/** Frame time step `dt` (s) and substeps per frame. */
export type SolverSettings = Static<typeof SolverSettingsSchema>;

/**
 * A body as a document may write it: `material` inline, or the name of a library material
 * (assets/materials.json, or a user material the caller passes in). Validation resolves the
 * name; the resolved Scene always holds the inline numbers.
 */
export type BodySpecDocument = Static<typeof BodySchema>;

/** A body with its material resolved to numbers (what building reads). */
export type BodySpec = Omit<BodySpecDocument, 'material'> & { material: MaterialSpec };

/** A scene document before material names are resolved (what files and the editor hold). */
export type SceneDocument = Static<typeof SceneSchema>;

/** A validated scene with every body's material resolved to numbers. */
export type Scene = Omit<SceneDocument, 'bodies'> & { bodies: BodySpec[] };

// Compile-time checks: the schema's shapes and models are exactly the lists of models.ts.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _shapesMatch: Same<ShapeSpec['type'], ShapeType> = true;
const _modelsMatch: Same<BodySpecDocument['model'], ConstraintModel> = true;
void _shapesMatch;
void _modelsMatch;
