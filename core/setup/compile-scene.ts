import { DocumentError } from '../document/problem.ts';
import { waveSpeedMPerS } from '../material/elastic.ts';
import type {
  BodySpec,
  ColliderSpec,
  ContactSpec,
  Scene,
  SceneDocument,
  SolverSettings,
  Vec3,
} from '../scene/scene.ts';
import type { SceneMaterialOptions } from '../scene/scene-materials.ts';
import type { SceneMeshes } from '../scene/scene-meshes.ts';
import { CONTACT_DEFAULTS } from '../scene/scene-schema.ts';
import { parseScene } from '../scene/scene-validate.ts';
import { embedPoints } from '../tetra/embed.ts';
import { type BodyGeometry, buildBodyGeometry, placeAt } from './body-geometry.ts';
import { bodySlots } from './body-groups.ts';
import { compileAerodynamics, compileAir } from './compile-air.ts';
import { type ClothStretch, compileConstraints, type SolidOptions } from './compile-body.ts';
import { estimateFundamentalRadPerS } from './fundamental-mode.ts';
import { tetImportGroups } from './import-groups.ts';
import { RAGDOLL_SWEEPS_PER_SUBSTEP } from './ragdoll-template.ts';
import type {
  BodySetup,
  ConstraintSet,
  ContactSetup,
  RenderSetup,
  SetupPin,
  SoftBodySetup,
} from './setup.ts';

export interface CompileOptions extends SceneMaterialOptions {
  /** Mesh files the scene refers to, loaded by the caller (scene-meshes.ts `loadSceneMeshes`). */
  meshes?: SceneMeshes;
  /**
   * Cloth stretch and shear as per-triangle membrane constraints (default, what the engine
   * solves) or as the fitted edge network (for runtimes with edges only: the Jolt export).
   */
  clothStretch?: ClothStretch;
  /** How solids are compiled for a target (compile-body.ts); default: for this engine. */
  solid?: SolidOptions;
  /**
   * Runtime networks (edges for cloth, per-tet volumes, solids as edges + volume) scaled to deflect
   * under each body's weight as the engine's own constraints do (runtime-calibration.ts).
   */
  calibrateRuntime?: boolean;
}

/** Friction between cloth layers when a self-collision spec gives none. */
export const DEFAULT_SELF_FRICTION = 0.3;

/**
 * Compiles a scene document into the setup the engine, the presets and the exporters share. The
 * document is validated first (throws DocumentError with the JSON pointer of each problem);
 * so are the things only compiling can find (a pin box that selects no vertex, a particle index
 * beyond a mesh body's particles, a mesh file nobody loaded, pressure on an open surface).
 * Material names resolve against the built-in library and `options.userMaterials`.
 */
export function compileScene(
  sceneDocument: Scene | SceneDocument,
  options: CompileOptions = {},
): SoftBodySetup {
  const scene = parseScene(sceneDocument, options);
  const bodies = scene.bodies.map((body, i) => {
    const compiled = compileBody(
      body,
      `/bodies/${i}`,
      scene.solver,
      options.meshes,
      options.clothStretch,
      options.solid,
      { calibrateUnder: options.calibrateRuntime ? [...scene.gravity] : undefined },
    );
    const aerodynamics = compileAerodynamics(scene.air, body, compiled);
    return aerodynamics ? { ...compiled, aerodynamics } : compiled;
  });
  const air = compileAir(scene.air, bodies);
  return {
    gravity: [...scene.gravity],
    solver: { dt: scene.solver.dt, substeps: scene.solver.substeps },
    colliders: scene.colliders.map((c, i) => inlineCollider(c, `/colliders/${i}`, options.meshes)),
    bodies,
    ...(air ? { air } : {}),
    ...(scene.contact?.betweenBodies ? { contact: compileContact(scene.contact) } : {}),
  };
}

/** The scene's contact between bodies with its defaults filled in (scene-schema.ts CONTACT_DEFAULTS). */
function compileContact(contact: ContactSpec): ContactSetup {
  const friction = contact.friction ?? CONTACT_DEFAULTS.friction;
  return {
    thicknessM: contact.thicknessM ?? CONTACT_DEFAULTS.thicknessM,
    staticFriction: contact.staticFriction ?? friction,
    friction,
  };
}

/**
 * One resolved body (parseScene's) compiled: geometry, masses, pins and constraint sets, the
 * elastic ones compensated for the substeps of `solver` (compensate.ts) unless it says 'off'.
 */
export function compileBody(
  body: BodySpec,
  pointer: string,
  solver: SolverSettings,
  meshes?: SceneMeshes,
  clothStretch: ClothStretch = 'membrane',
  solid?: SolidOptions,
  target: { calibrateUnder?: Vec3 } = {},
): BodySetup {
  const geometry = buildBodyGeometry(body, pointer, meshes);
  const slots = bodySlots(body, geometry.mass.length);
  const pins = selectPins(body, geometry, pointer);
  const { model, constraints, compensation, calibration } = compileConstraints(
    body,
    geometry,
    slots,
    pins,
    pointer,
    solver,
    clothStretch,
    solid,
    target.calibrateUnder,
  );
  return {
    name: body.name,
    model,
    geometry,
    slots,
    groupNames: (body.groups ?? []).map((group) => group.name),
    pins,
    constraints,
    compensation,
    ...(calibration.length > 0 ? { runtimeCalibration: calibration } : {}),
    iterations:
      body.solver?.method === 'pbd'
        ? (body.solver.iterations ?? 1)
        : body.model === 'ragdoll'
          ? RAGDOLL_SWEEPS_PER_SUBSTEP
          : 1,
    linearDampingPerS: body.linearDampingPerS ?? 0,
    fundamentalRadPerS: fundamentalOf(body, geometry, constraints, pins),
    waveSpeedMPerS: Math.max(...slots.materials.map((m) => waveSpeedMPerS(m.youngModulusPa, m.densityKgM3))),
    ...meshExtras(body, `${pointer}/shape`, geometry, meshes),
    ...(body.previewOnly === true ? { previewOnly: true as const } : {}),
    ...(body.selfCollision
      ? {
          selfCollision: {
            thicknessM: body.selfCollision.thicknessM,
            staticFriction: body.selfCollision.friction ?? DEFAULT_SELF_FRICTION,
            friction: body.selfCollision.friction ?? DEFAULT_SELF_FRICTION,
          },
        }
      : {}),
  };
}

/**
 * ω₁ of a body with damping (fundamental-mode.ts), the one place its damping is calibrated;
 * undamped bodies and classic PBD bodies (no damping) skip the estimate: 0.
 */
function fundamentalOf(
  body: BodySpec,
  geometry: BodyGeometry,
  constraints: ConstraintSet[],
  pins: SetupPin[],
): number {
  if (body.solver?.method === 'pbd') return 0;
  const damped = constraints.some((set) => 'dampingRatio' in set && set.dampingRatio > 0);
  return damped ? estimateFundamentalRadPerS(geometry, constraints, pins) : 0;
}

/**
 * What a solid mesh body keeps of the surface it was made from: the render mesh embedded in the
 * tets (barycentric weights of the tet holding each render vertex, core/tetra/embed.ts) and the
 * import group of each tet. The tets' vertex numbering is the compiled one; tets keep their order.
 */
function meshExtras(
  body: BodySpec,
  shapePointer: string,
  geometry: BodyGeometry,
  meshes: SceneMeshes | undefined,
): { render?: RenderSetup; importGroups?: BodySetup['importGroups'] } {
  if (body.shape.type !== 'mesh' || geometry.kind !== 'solid') return {};
  const surface = meshes?.solids.get(shapePointer)?.surface;
  if (!surface) return {};
  // Embedded as stored (float32), so that compiling a preset's own render mesh again is exact.
  const positions = Float32Array.from(surface.positions);
  placeAt(positions, body.shape);
  const embedding = embedPoints(geometry.positions, geometry.tets, positions);
  const render: RenderSetup = {
    positions,
    indices: Uint32Array.from(surface.indices),
    embedding: { elements: embedding.tet, weights: embedding.weights },
  };
  const groups = surface.groups;
  if (!groups || groups.names.length === 0) return { render };
  const elementGroups =
    groups.tetGroups ??
    tetImportGroups(geometry.positions, geometry.tets, {
      positions,
      indices: render.indices,
      groupIds: groups.triangleGroups ?? new Uint16Array(render.indices.length / 3),
      groups: groups.names,
    });
  return {
    render,
    importGroups: { names: [...groups.names], elementGroups: Uint16Array.from(elementGroups) },
  };
}

/** A mesh collider given by file gets the triangles the caller loaded, so the setup stands alone. */
function inlineCollider(spec: ColliderSpec, pointer: string, meshes: SceneMeshes | undefined): ColliderSpec {
  if (spec.type !== 'mesh' || spec.path === undefined) return copyJson(spec);
  const loaded = meshes?.surfaces.get(pointer);
  if (!loaded) {
    throw new DocumentError('scene', [
      {
        pointer: `${pointer}/path`,
        message: `mesh file '${spec.path}' was not loaded: only \`softbody simulate\` reads mesh files; give vertices and indices inline here`,
      },
    ]);
  }
  const { path: _path, ...rest } = spec;
  return { ...copyJson(rest), vertices: Array.from(loaded.positions), indices: Array.from(loaded.indices) };
}

/** Tolerance when testing a rest vertex against a pin box, m (so boxes may end exactly on a vertex). */
const PIN_BOX_SLACK_M = 1e-9;

/** Vertices each pin holds, by box or by list (a vertex several pins choose belongs to the first). */
function selectPins(body: BodySpec, geometry: BodyGeometry, bodyPointer: string): SetupPin[] {
  const taken = new Uint8Array(geometry.mass.length);
  return (body.pins ?? []).map((pin, j) => {
    const selected = 'box' in pin ? insideBox(pin.box, geometry, taken) : listed(pin.vertices, taken);
    if (selected.length === 0) {
      throw new DocumentError('scene', [
        'box' in pin
          ? {
              pointer: `${bodyPointer}/pins/${j}/box`,
              message: `pin box selects no vertex of body '${body.name}' at rest`,
            }
          : {
              pointer: `${bodyPointer}/pins/${j}/vertices`,
              message: `every listed particle of body '${body.name}' is already held by an earlier pin`,
            },
      ]);
    }
    for (const v of selected) taken[v] = 1;
    return {
      ...(pin.name === undefined ? {} : { name: pin.name }),
      particles: Uint32Array.from(selected),
      complianceMPerN: pin.complianceMPerN ?? 0,
      ...(pin.motion ? { motion: copyJson(pin.motion) } : {}),
    };
  });
}

/** Particles not yet taken whose rest position lies in the box (with PIN_BOX_SLACK_M). */
function insideBox(box: { min: Vec3; max: Vec3 }, geometry: BodyGeometry, taken: Uint8Array): number[] {
  const selected: number[] = [];
  for (let v = 0; v < geometry.mass.length; v++) {
    if (taken[v]) continue;
    let inside = true;
    for (let a = 0; a < 3; a++) {
      const c = geometry.positions[3 * v + a];
      if (c < box.min[a] - PIN_BOX_SLACK_M || c > box.max[a] + PIN_BOX_SLACK_M) inside = false;
    }
    if (inside) selected.push(v);
  }
  return selected;
}

/** The listed particles not yet taken, each once, ascending (indices were range-checked). */
function listed(vertices: readonly number[], taken: Uint8Array): number[] {
  const chosen = new Uint8Array(taken.length);
  for (const v of vertices) if (!taken[v]) chosen[v] = 1;
  const selected: number[] = [];
  for (let v = 0; v < chosen.length; v++) if (chosen[v]) selected.push(v);
  return selected;
}

/** A deep copy of a JSON value (collider specs hold only numbers, strings and arrays). */
function copyJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
