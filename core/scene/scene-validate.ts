import { DocumentError, type Problem } from '../document/problem.ts';
import { checkSchema } from '../document/schema-check.ts';
import { isStableOrthotropic } from '../material/orthotropic.ts';
import { modelsForShapeType } from './models.ts';
import type { BodySpec, ColliderSpec, MotionSpec, Scene, SceneDocument } from './scene.ts';
import { resolveSceneMaterials, type SceneMaterialOptions } from './scene-materials.ts';
import { PHYSICAL_BOUNDS, SceneSchema } from './scene-schema.ts';
import { groupNameProblems, shapeParticleCount, vertexRangeProblems } from './scene-selection.ts';

/**
 * Validates a parsed scene document against its schema (scene-schema.ts, through the shared
 * checker of core/document), resolves material names against the library (scene-materials.ts),
 * and then checks the rules a schema cannot say (unique body and group names, model fits shape,
 * pin boxes not inverted, particle indices in range where the shape gives the count). Every
 * problem carries the JSON pointer of the offending value.
 */

/** Every problem of `value` as a scene document; empty when it is valid. */
export function validateScene(value: unknown, options: SceneMaterialOptions = {}): Problem[] {
  return checkScene(value, options).problems;
}

/**
 * `value` as a Scene with every material name resolved to its numbers (a new object when a name
 * was resolved; the document itself is not changed), or throws DocumentError listing every
 * problem.
 */
export function parseScene(value: unknown, options: SceneMaterialOptions = {}): Scene {
  const { scene, problems } = checkScene(value, options);
  if (problems.length > 0 || scene === undefined) throw new DocumentError('scene', problems);
  return scene;
}

function checkScene(value: unknown, options: SceneMaterialOptions): { scene?: Scene; problems: Problem[] } {
  const problems = checkSchema(value, SceneSchema);
  if (problems.length > 0) return { problems };
  const resolved = resolveSceneMaterials(value as SceneDocument, options);
  if (resolved.problems.length > 0) return { problems: resolved.problems };
  checkRules(resolved.scene, problems);
  return { scene: resolved.scene, problems };
}

/** Rules across fields that the schema cannot express. */
function checkRules(scene: Scene, problems: Problem[]): void {
  const seen = new Map<string, number>();
  scene.bodies.forEach((body, i) => {
    const at = `/bodies/${i}`;
    const first = seen.get(body.name);
    if (first !== undefined) {
      problems.push({
        pointer: `${at}/name`,
        message: `duplicate body name '${body.name}' (also /bodies/${first}/name)`,
      });
    } else seen.set(body.name, i);
    const allowed = modelsForShapeType(body.shape.type);
    if (!allowed.includes(body.model)) {
      problems.push({
        pointer: `${at}/model`,
        message: `model '${body.model}' does not fit shape '${body.shape.type}'; use ${allowed.map((m) => `'${m}'`).join(' or ')}`,
      });
    }
    if (body.shape.type === 'box') {
      const [nx, ny, nz] = body.shape.cells;
      if (nx * ny * nz > PHYSICAL_BOUNDS.boxCells.max) {
        problems.push({
          pointer: `${at}/shape/cells`,
          message: `${nx}×${ny}×${nz} = ${nx * ny * nz} cells (${5 * nx * ny * nz} tets) is more than the ${PHYSICAL_BOUNDS.boxCells.max.toLocaleString('en-US')} a box may have`,
        });
      }
    }
    if (body.shape.type === 'cloth' && body.material.thicknessM === undefined) {
      problems.push({ pointer: `${at}/material/thicknessM`, message: 'is required for cloth (m)' });
    }
    if (body.solver?.method === 'pbd' && body.model === 'neo-hookean') {
      problems.push({
        pointer: `${at}/solver/method`,
        message: "classic PBD has no neo-Hookean constraints; use model 'edges-volume' or method 'xpbd'",
      });
    }
    checkOptions(body, at, problems);
    checkGroups(body, at, problems);
    body.pins?.forEach((pin, j) => {
      if (pin.motion) problems.push(...motionProblems(pin.motion, `${at}/pins/${j}/motion`));
      if (!('box' in pin)) return;
      for (let a = 0; a < 3; a++) {
        if (pin.box.min[a] > pin.box.max[a]) {
          problems.push({
            pointer: `${at}/pins/${j}/box/min/${a}`,
            message: `must be ≤ box.max[${a}] (${pin.box.max[a]}), not ${pin.box.min[a]}`,
          });
        }
      }
    });
  });
  scene.colliders.forEach((collider, i) => {
    if (collider.type === 'plane' && Math.hypot(...collider.normal) === 0) {
      problems.push({ pointer: `/colliders/${i}/normal`, message: 'must not be the zero vector' });
    }
    if (collider.type === 'mesh') checkMeshCollider(collider, `/colliders/${i}`, problems);
    if (collider.motion) problems.push(...motionProblems(collider.motion, `/colliders/${i}/motion`));
  });
}

/** A motion's keys must come in strictly increasing time (core/sim/motion.ts interpolates between them). */
function motionProblems(motion: MotionSpec, at: string): Problem[] {
  const problems: Problem[] = [];
  for (let k = 1; k < motion.keys.length; k++) {
    if (!(motion.keys[k].timeS > motion.keys[k - 1].timeS)) {
      problems.push({
        pointer: `${at}/keys/${k}/timeS`,
        message: `must be later than the key before it (${motion.keys[k - 1].timeS} s), not ${motion.keys[k].timeS} s`,
      });
    }
  }
  return problems;
}

/** Material groups: unique names, cloth materials with a thickness, particle indices in range. */
function checkGroups(body: BodySpec, at: string, problems: Problem[]): void {
  problems.push(...groupNameProblems(body, at));
  if (body.model === 'cloth') {
    body.groups?.forEach((group, j) => {
      if (typeof group.material === 'object' && group.material.thicknessM === undefined) {
        problems.push({
          pointer: `${at}/groups/${j}/material/thicknessM`,
          message: 'is required for cloth (m)',
        });
      }
    });
  }
  const count = shapeParticleCount(body.shape);
  if (count !== undefined) problems.push(...vertexRangeProblems(body, count, at));
}

/** Body options that only some models take. */
function checkOptions(body: BodySpec, at: string, problems: Problem[]): void {
  const only = (
    key: 'bending' | 'tethers' | 'pressure' | 'selfCollision' | 'warpDirection',
    model: string,
  ) => {
    if (body[key] !== undefined && body.model !== model) {
      problems.push({
        pointer: `${at}/${key}`,
        message: `applies to model '${model}' only, not '${body.model}'`,
      });
    }
  };
  only('bending', 'rope');
  only('tethers', 'cloth');
  only('pressure', 'cloth');
  only('selfCollision', 'cloth');
  only('warpDirection', 'cloth');
  if (body.warpDirection !== undefined && Math.hypot(...body.warpDirection) === 0) {
    problems.push({ pointer: `${at}/warpDirection`, message: 'must not be the zero vector' });
  }
  const materials = [
    { material: body.material, pointer: `${at}/material` },
    ...(body.groups ?? []).map((g, j) => ({ material: g.material, pointer: `${at}/groups/${j}/material` })),
  ];
  for (const { material, pointer } of materials) {
    if (typeof material === 'object' && material.orthotropic && !isStableOrthotropic(material.orthotropic)) {
      problems.push({
        pointer: `${pointer}/orthotropic/poissonRatioWarpWeft`,
        message: `ν₁₂ = ${material.orthotropic.poissonRatioWarpWeft} must satisfy ν₁₂² < E_warp/E_weft (${(material.orthotropic.warpYoungModulusPa / material.orthotropic.weftYoungModulusPa).toPrecision(3)}) for a stable material`,
      });
    }
  }
  if (body.model === 'rope' && (body.aerodynamics || body.groups?.some((g) => g.aerodynamics))) {
    problems.push({
      pointer: `${at}/aerodynamics`,
      message: 'applies to bodies with surface triangles (cloth, solids), not ropes',
    });
  }
  if (body.model === 'ragdoll' && (body.aerodynamics || body.groups?.some((g) => g.aerodynamics))) {
    problems.push({
      pointer: `${at}/aerodynamics`,
      message: 'applies to bodies with surface triangles (cloth, solids), not ragdolls',
    });
  }
  if (body.tethers && !(body.pins ?? []).some((pin) => !(pin.complianceMPerN ?? 0))) {
    problems.push({ pointer: `${at}/tethers`, message: 'needs at least one rigid pin to tie the cloth to' });
  }
  if (body.pressure && body.shape.type !== 'mesh') {
    problems.push({
      pointer: `${at}/pressure`,
      message: `needs a closed surface: use a 'mesh' shape, not '${body.shape.type}'`,
    });
  }
}

function checkMeshCollider(
  collider: Extract<ColliderSpec, { type: 'mesh' }>,
  at: string,
  problems: Problem[],
): void {
  const inline = collider.vertices !== undefined || collider.indices !== undefined;
  if (inline === (collider.path !== undefined)) {
    problems.push({ pointer: at, message: 'needs either vertices and indices, or a path (not both)' });
    return;
  }
  if (!inline) return;
  const { vertices, indices } = collider;
  if (vertices === undefined || indices === undefined) {
    problems.push({
      pointer: `${at}/${vertices === undefined ? 'vertices' : 'indices'}`,
      message: 'is required with inline geometry',
    });
    return;
  }
  if (vertices.length % 3 !== 0) {
    problems.push({
      pointer: `${at}/vertices`,
      message: `must hold x y z triples, not ${vertices.length} numbers`,
    });
  }
  if (indices.length % 3 !== 0) {
    problems.push({
      pointer: `${at}/indices`,
      message: `must hold 3 per triangle, not ${indices.length} indices`,
    });
  }
  const vertexCount = Math.floor(vertices.length / 3);
  const bad = indices.findIndex((index) => index >= vertexCount);
  if (bad >= 0) {
    problems.push({
      pointer: `${at}/indices/${bad}`,
      message: `must be < ${vertexCount} (the number of vertices), not ${indices[bad]}`,
    });
  }
}
