/**
 * The edits the panels make to a scene, as pure functions returning a new scene (the input is
 * never mutated, so history snapshots stay intact). Each returns the label shown for undo.
 * Values arrive in SI units; unit conversion for display happens in the panels.
 */
import type { OrthotropicCloth } from '../../../core/material/orthotropic.ts';
import type { Material } from '../../../core/material/schema.ts';
import { CONSTRAINT_MODEL_INFO, modelsForShapeType } from '../../../core/scene/models.ts';
import type {
  AerodynamicsSpec,
  BodySpec,
  ConstraintModel,
  FrameBudget,
  MaterialSpec,
  PlasticitySpec,
  Scene,
  Vec3,
} from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { DEFAULT_AIR_DENSITY_KG_M3 } from '../../../core/setup/compile-air.ts';

export interface SceneEdit {
  label: string;
  scene: Scene;
}

/** The numbers of a material an artist edits (the library name is not a field). */
export type MaterialField = Exclude<keyof MaterialSpec, 'name' | 'orthotropic'>;

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
    // Woven cloth brings its warp/weft constants (used where the body has a warp direction).
    if (body.model === 'cloth' && material.orthotropic) spec.orthotropic = material.orthotropic;
    return { ...body, material: spec, dampingRatio: material.dampingRatio };
  });
  return checked(`material ${material.name} on ${scene.bodies[index].name}`, next);
}

export function setDampingRatio(scene: Scene, index: number, dampingRatio: number): SceneEdit {
  const next = withBody(scene, index, (body) => ({ ...body, dampingRatio }));
  return checked(`damping ratio of ${scene.bodies[index].name}`, next);
}

/** Shape matching of the whole body with time constant τ (s), or none (null). */
export function setShapeMatching(scene: Scene, index: number, timeConstantS: number | null): SceneEdit {
  const next = withBody(scene, index, (body) => {
    const { shapeMatching: _, ...rest } = body;
    return timeConstantS === null ? rest : { ...rest, shapeMatching: { timeConstantS } };
  });
  return checked(`shape matching of ${scene.bodies[index].name}`, next);
}

/** What a group without plasticity starts from when one of its fields is set. */
export const DEFAULT_PLASTICITY: PlasticitySpec = {
  yieldStrain: 0.02,
  creepRatePerS: 10,
  maxPlasticStrain: 0.2,
};

/**
 * Sets one plasticity field of group `groupIndex` of body `index` (SI: strain, 1/s). A group
 * without plasticity gets DEFAULT_PLASTICITY with the field set; a creep rate of 0 removes the
 * group's plasticity (it is elastic again).
 */
export function setGroupPlasticity(
  scene: Scene,
  index: number,
  groupIndex: number,
  field: 'yieldStrain' | 'creepRatePerS',
  value: number,
): SceneEdit {
  const groups = scene.bodies[index]?.groups ?? [];
  const group = groups[groupIndex];
  if (!group)
    throw new RangeError(`${scene.bodies[index]?.name ?? 'the body'} has no group ${groupIndex + 1}`);
  const plasticity = { ...(group.plasticity ?? DEFAULT_PLASTICITY), [field]: value };
  const { plasticity: _previous, ...elastic } = group;
  const nextGroup = plasticity.creepRatePerS === 0 ? elastic : { ...group, plasticity };
  const next = withBody(scene, index, (body) => ({
    ...body,
    groups: groups.map((g, j) => (j === groupIndex ? nextGroup : g)),
  }));
  const label = field === 'yieldStrain' ? 'yield strain' : 'creep rate';
  return checked(`${label} of group '${group.name}' of ${scene.bodies[index].name}`, next);
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

/**
 * One component of the scene's wind (m/s, axis 0–2) or the air density (kg/m³). Giving the scene
 * air puts every body with surface triangles in it (core/setup/compile-air.ts); a still, default
 * air with no gusts is taken out of the document again.
 */
export function setAirField(scene: Scene, field: 'wind' | 'density', value: number, axis = 0): SceneEdit {
  const air = { ...scene.air };
  if (field === 'density') air.densityKgM3 = value;
  else {
    const wind: Vec3 = [...(air.windMPerS ?? [0, 0, 0])];
    wind[axis] = value;
    air.windMPerS = wind;
  }
  const still =
    (air.windMPerS ?? [0, 0, 0]).every((c) => c === 0) &&
    (air.densityKgM3 ?? DEFAULT_AIR_DENSITY_KG_M3) === DEFAULT_AIR_DENSITY_KG_M3 &&
    !air.gust;
  const { air: _previous, ...rest } = scene;
  return checked(field === 'density' ? 'air density' : 'wind', still ? rest : { ...rest, air });
}

/** A body's drag or lift coefficient (dimensionless). */
export function setAerodynamics(
  scene: Scene,
  index: number,
  field: keyof AerodynamicsSpec,
  value: number,
): SceneEdit {
  const next = withBody(scene, index, (body) => ({
    ...body,
    aerodynamics: { ...body.aerodynamics, [field]: value },
  }));
  const what = field === 'dragCoefficient' ? 'drag coefficient' : 'lift coefficient';
  return checked(`${what} of ${scene.bodies[index].name}`, next);
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
 * use; for a mesh body, those of the kind its asset holds: the tet models for a tet mesh (the
 * default), cloth for a surface made a cloth (`model` 'cloth', Simulate as cloth), since a tet
 * mesh has no cloth surface of its own and a surface has no tets.
 */
export function modelsForShape(shape: BodySpec['shape'], model?: ConstraintModel): ConstraintModel[] {
  const surface = shape.type === 'mesh' && model !== undefined && CONSTRAINT_MODEL_INFO[model].meshSurface;
  return modelsForShapeType(shape.type).filter(
    (m) => shape.type !== 'mesh' || CONSTRAINT_MODEL_INFO[m].meshSurface === surface,
  );
}

/**
 * Gas pressure inside a closed cloth: `volumeScale` is the volume the gas wants over the rest
 * volume (1 holds the rest shape, 1.2 inflates by 20%); null takes the gas out.
 */
export function setPressure(scene: Scene, index: number, volumeScale: number | null): SceneEdit {
  const next = withBody(scene, index, (body) => {
    const { pressure, ...rest } = body;
    if (volumeScale === null) return rest;
    const { volumeScale: _previous, ...gas } = pressure ?? {};
    return { ...rest, pressure: { ...gas, ...(volumeScale === 1 ? {} : { volumeScale }) } };
  });
  return checked(`pressure of ${scene.bodies[index].name}`, next);
}

/** Tethers of a pinned cloth to its pins, on (no stretch past rest distance) or off. */
export function setTethers(scene: Scene, index: number, on: boolean): SceneEdit {
  const next = withBody(scene, index, (body) => {
    const { tethers, ...rest } = body;
    return on ? { ...rest, tethers: tethers ?? {} } : rest;
  });
  return checked(`tethers of ${scene.bodies[index].name}`, next);
}

const ORTHOTROPIC_FIELD_LABELS: Record<keyof OrthotropicCloth, string> = {
  warpYoungModulusPa: 'warp modulus',
  weftYoungModulusPa: 'weft modulus',
  shearModulusPa: 'shear modulus G₁₂',
  poissonRatioWarpWeft: 'Poisson ratio ν₁₂',
  warpBendingRigidityNM: 'warp bending rigidity',
  weftBendingRigidityNM: 'weft bending rigidity',
};

/**
 * Sets one warp/weft constant of a cloth body's material (SI units). A material without them
 * starts from its isotropic E, ν (E_warp = E_weft = E, G₁₂ = E/(2(1+ν)), ν₁₂ = ν), so setting one
 * field changes only that one.
 */
export function setOrthotropicField(
  scene: Scene,
  index: number,
  field: keyof OrthotropicCloth,
  value: number,
): SceneEdit {
  const next = withBody(scene, index, (body) => {
    const { name: _library, ...numbers } = body.material;
    const base: OrthotropicCloth = numbers.orthotropic ?? {
      warpYoungModulusPa: numbers.youngModulusPa,
      weftYoungModulusPa: numbers.youngModulusPa,
      shearModulusPa: numbers.youngModulusPa / (2 * (1 + numbers.poissonRatio)),
      poissonRatioWarpWeft: numbers.poissonRatio,
    };
    return { ...body, material: { ...numbers, orthotropic: { ...base, [field]: value } } };
  });
  return checked(`${ORTHOTROPIC_FIELD_LABELS[field]} of ${scene.bodies[index].name}`, next);
}

/** A cloth body's warp direction in its rest frame, or none (null: isotropic). */
export function setWarpDirection(scene: Scene, index: number, direction: Vec3 | null): SceneEdit {
  const next = withBody(scene, index, (body) => {
    const { warpDirection: _, ...rest } = body;
    return direction === null ? rest : { ...rest, warpDirection: direction };
  });
  return checked(`warp direction of ${scene.bodies[index].name}`, next);
}
