/**
 * The edits the panels make to a scene, as pure functions returning a new scene (the input is
 * never mutated, so history snapshots stay intact). Each returns the label shown for undo.
 * Values arrive in SI units; unit conversion for display happens in the panels.
 */
import type { Material } from '../../../core/material/schema.ts';
import { CONSTRAINT_MODEL_INFO, modelsForShapeType } from '../../../core/scene/models.ts';
import type {
  BodySpec,
  ConstraintModel,
  FrameBudget,
  MaterialSpec,
  Scene,
} from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';

export interface SceneEdit {
  label: string;
  scene: Scene;
}

/** The numbers of a material an artist edits (the library name is not a field). */
export type MaterialField = Exclude<keyof MaterialSpec, 'name'>;

const MATERIAL_FIELD_LABELS: Record<MaterialField, string> = {
  youngModulusPa: "Young's modulus",
  poissonRatio: "Poisson's ratio",
  densityKgM3: 'density',
  thicknessM: 'thickness',
};

function withBody(scene: Scene, index: number, change: (body: BodySpec) => BodySpec): Scene {
  const body = scene.bodies[index];
  if (!body) throw new RangeError(`scene has no body ${index}`);
  const bodies = scene.bodies.slice();
  bodies[index] = change(body);
  return { ...scene, bodies };
}

/**
 * The edited scene, checked with the scene validator: an edit never produces a document the
 * simulation cannot load (DocumentError names the field otherwise).
 */
function checked(label: string, scene: Scene): SceneEdit {
  return { label, scene: parseScene(scene) };
}

export function setMaterialField(
  scene: Scene,
  index: number,
  field: MaterialField,
  value: number,
): SceneEdit {
  // Edited numbers are no longer the library material's: the name goes with the change.
  const next = withBody(scene, index, (body) => {
    const { name: _library, ...numbers } = body.material;
    return { ...body, material: { ...numbers, [field]: value } };
  });
  return checked(`${MATERIAL_FIELD_LABELS[field]} of ${scene.bodies[index].name}`, next);
}

/** Takes E, ν, ρ (and t for cloth) and the damping ratio from a library material. */
export function applyLibraryMaterial(scene: Scene, index: number, material: Material): SceneEdit {
  const next = withBody(scene, index, (body) => {
    const spec: MaterialSpec = {
      youngModulusPa: material.youngModulusPa,
      poissonRatio: material.poissonRatio,
      densityKgM3: material.densityKgM3,
    };
    // Cloth needs a thickness: the material's, else the body's own.
    const thicknessM = material.thicknessM ?? body.material.thicknessM;
    if (body.model === 'cloth' && thicknessM !== undefined) spec.thicknessM = thicknessM;
    // The numbers are the library entry's (a preset made of the scene records its name).
    if (body.model !== 'cloth' || thicknessM === material.thicknessM) spec.name = material.name;
    return { ...body, material: spec, dampingRatio: material.dampingRatio };
  });
  return checked(`material ${material.name} on ${scene.bodies[index].name}`, next);
}

export function setDampingRatio(scene: Scene, index: number, dampingRatio: number): SceneEdit {
  const next = withBody(scene, index, (body) => ({ ...body, dampingRatio }));
  return checked(`damping ratio of ${scene.bodies[index].name}`, next);
}

export function setConstraintModel(scene: Scene, index: number, model: ConstraintModel): SceneEdit {
  const next = withBody(scene, index, (body) => ({ ...body, model }));
  return checked(`constraint model of ${scene.bodies[index].name}`, next);
}

export function setSolverField(scene: Scene, field: 'dt' | 'substeps', value: number): SceneEdit {
  const label = field === 'dt' ? 'frame time step' : 'substeps';
  return checked(label, { ...scene, solver: { ...scene.solver, [field]: value } });
}

/** Budget compensation on ('auto', the default, left out of the document) or 'off'. */
export function setCompensation(scene: Scene, mode: 'auto' | 'off'): SceneEdit {
  const { compensation: _previous, ...solver } = scene.solver;
  return checked('budget compensation', {
    ...scene,
    solver: mode === 'off' ? { ...solver, compensation: 'off' } : solver,
  });
}

/** The frame budget per body (kept in the document even at the default, once the artist sets it). */
export function setFrameBudget(scene: Scene, budget: FrameBudget): SceneEdit {
  return checked('frame budget', { ...scene, budget: { ...budget } });
}

/** A whole new document (the JSON editor); the caller has validated it. */
export function replaceScene(scene: Scene): SceneEdit {
  return checked('scene JSON edit', scene);
}

/**
 * Which constraint models the editor offers for a body's shape: those models.ts lets the shape
 * use, less those that build a mesh body from the mesh file's surface, since the editor holds
 * only the tet meshes of its mesh bodies.
 */
export function modelsForShape(shape: BodySpec['shape']): ConstraintModel[] {
  return modelsForShapeType(shape.type).filter(
    (model) => shape.type !== 'mesh' || !CONSTRAINT_MODEL_INFO[model].meshSurface,
  );
}
