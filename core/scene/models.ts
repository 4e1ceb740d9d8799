/**
 * The constraint models and the body shapes they apply to: the one list the scene schema, the
 * validator, the editor's pickers, user presets, calibration and presets read. DESIGN.md gives
 * each model's compliance formula.
 */

export const SHAPE_TYPES = ['box', 'cloth', 'rope', 'mesh', 'ragdoll'] as const;
export type ShapeType = (typeof SHAPE_TYPES)[number];

export const CONSTRAINT_MODELS = ['neo-hookean', 'edges-volume', 'cloth', 'rope', 'ragdoll'] as const;
export type ConstraintModel = (typeof CONSTRAINT_MODELS)[number];

export interface ConstraintModelInfo {
  /** What a picker shows, with what the model is built from. */
  label: string;
  /** The model in a sentence ("soft block (neo-Hookean)"). */
  noun: string;
  /** The body kind the model makes: tets (solid), a surface (cloth) or a chain (rope). */
  kind: 'solid' | 'cloth' | 'rope';
  /** Shapes a body with this model may have. */
  shapes: readonly ShapeType[];
  /**
   * A mesh body with this model is built from the mesh file's surface rather than from a tet
   * mesh; the editor offers it for the mesh bodies it made from a surface (Simulate as cloth).
   */
  meshSurface: boolean;
}

export const CONSTRAINT_MODEL_INFO: Readonly<Record<ConstraintModel, ConstraintModelInfo>> = {
  'neo-hookean': {
    label: 'Neo-Hookean (tets)',
    noun: 'neo-Hookean',
    kind: 'solid',
    shapes: ['box', 'mesh'],
    meshSurface: false,
  },
  'edges-volume': {
    label: 'Edges + volume (tets)',
    noun: 'edges + volume',
    kind: 'solid',
    shapes: ['box', 'mesh'],
    meshSurface: false,
  },
  cloth: {
    label: 'Cloth (stretch + bending)',
    noun: 'cloth',
    kind: 'cloth',
    shapes: ['cloth', 'mesh'],
    meshSurface: true,
  },
  rope: { label: 'Rope (links)', noun: 'rope', kind: 'rope', shapes: ['rope'], meshSurface: false },
  // A skeleton of rigid bones is a network of links: it is built, stored and drawn as a rope is.
  ragdoll: {
    label: 'Ragdoll (bones + joint limits)',
    noun: 'ragdoll',
    kind: 'rope',
    shapes: ['ragdoll'],
    meshSurface: false,
  },
};

/** The tet models, in list order. */
export const SOLID_MODELS = CONSTRAINT_MODELS.filter((m) => CONSTRAINT_MODEL_INFO[m].kind === 'solid');

/** The models a body of shape `shape` may use, in list order. */
export function modelsForShapeType(shape: ShapeType): ConstraintModel[] {
  return CONSTRAINT_MODELS.filter((m) => CONSTRAINT_MODEL_INFO[m].shapes.includes(shape));
}

/** Whether `value` names a constraint model. */
export function isConstraintModel(value: unknown): value is ConstraintModel {
  return (CONSTRAINT_MODELS as readonly unknown[]).includes(value);
}
