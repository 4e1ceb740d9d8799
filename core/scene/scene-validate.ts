import { DocumentError, type Problem, pointerToken } from '../document/problem.ts';
import type { BodySpec, ColliderSpec, Scene, SceneDocument } from './scene.ts';
import { resolveSceneMaterials, type SceneMaterialOptions } from './scene-materials.ts';
import { sceneJsonSchema } from './scene-schema.ts';
import { groupNameProblems, shapeParticleCount, vertexRangeProblems } from './scene-selection.ts';

/**
 * Validates a parsed scene document against the JSON Schema in scene-schema.ts (interpreted
 * here: the subset it uses), resolves material names against the library (scene-materials.ts),
 * and then checks the rules a schema cannot say (unique body and group names, model fits shape,
 * pin boxes not inverted, particle indices in range where the shape gives the count). Every
 * problem carries the JSON pointer of the offending value.
 */

// The schema keywords this interpreter understands; the schema uses no others.
interface SchemaNode {
  $ref?: string;
  type?: string;
  const?: unknown;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: SchemaNode;
  required?: readonly string[];
  properties?: Readonly<Record<string, SchemaNode>>;
  additionalProperties?: boolean;
  oneOf?: readonly SchemaNode[];
}

const root = sceneJsonSchema as unknown as SchemaNode & { $defs: Record<string, SchemaNode> };

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
  const problems: Problem[] = [];
  check(value, root, '', problems);
  if (problems.length > 0) return { problems };
  const resolved = resolveSceneMaterials(value as SceneDocument, options);
  if (resolved.problems.length > 0) return { problems: resolved.problems };
  checkRules(resolved.scene, problems);
  return { scene: resolved.scene, problems };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value === 'object' ? 'an object' : JSON.stringify(value);
}

function resolve(node: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  const name = node.$ref.replace('#/$defs/', '');
  return resolve(root.$defs[name]);
}

function check(value: unknown, schemaNode: SchemaNode, pointer: string, problems: Problem[]): void {
  const node = resolve(schemaNode);
  if (node.oneOf) {
    checkOneOf(value, node.oneOf, pointer, problems);
    return;
  }
  const message = valueProblem(value, node);
  if (message !== undefined) {
    problems.push({ pointer, message });
    return;
  }
  if (node.type === 'array' && node.items) {
    const items = node.items;
    (value as unknown[]).forEach((item, i) => {
      check(item, items, `${pointer}/${i}`, problems);
    });
  }
  if (node.type === 'object') checkProperties(value as Record<string, unknown>, node, pointer, problems);
}

/** What is wrong with the value itself (not its items or properties), or undefined. */
function valueProblem(value: unknown, node: SchemaNode): string | undefined {
  if ('const' in node && value !== node.const) return `must be ${JSON.stringify(node.const)}`;
  if (node.enum && !node.enum.includes(value)) {
    return `must be one of ${node.enum.map((e) => JSON.stringify(e)).join(', ')}, not ${describe(value)}`;
  }
  switch (node.type) {
    case 'number':
    case 'integer':
      return numberProblem(value, node);
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `must be true or false, not ${describe(value)}`;
    case 'string':
      if (typeof value !== 'string') return `must be a string, not ${describe(value)}`;
      if (node.minLength !== undefined && value.length < node.minLength) return 'must not be empty';
      return undefined;
    case 'array': {
      if (!Array.isArray(value)) return `must be an array, not ${describe(value)}`;
      const { minItems, maxItems } = node;
      if (minItems !== undefined && minItems === maxItems && value.length !== minItems) {
        return `must have exactly ${minItems} items, not ${value.length}`;
      }
      if (minItems !== undefined && value.length < minItems) {
        return minItems === 1 ? 'must not be empty' : `must have at least ${minItems} items`;
      }
      if (maxItems !== undefined && value.length > maxItems) return `must have at most ${maxItems} items`;
      return undefined;
    }
    case 'object':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return `must be an object, not ${describe(value)}`;
      }
      return undefined;
    default:
      return undefined;
  }
}

function numberProblem(value: unknown, node: SchemaNode): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value))
    return `must be a finite number, not ${describe(value)}`;
  if (node.type === 'integer' && !Number.isInteger(value)) return `must be an integer, not ${value}`;
  if (node.minimum !== undefined && value < node.minimum) return `must be ≥ ${node.minimum}, not ${value}`;
  if (node.maximum !== undefined && value > node.maximum) return `must be ≤ ${node.maximum}, not ${value}`;
  if (node.exclusiveMinimum !== undefined && value <= node.exclusiveMinimum) {
    return `must be > ${node.exclusiveMinimum}, not ${value}`;
  }
  if (node.exclusiveMaximum !== undefined && value >= node.exclusiveMaximum) {
    return `must be < ${node.exclusiveMaximum}, not ${value}`;
  }
  return undefined;
}

function checkProperties(
  record: Record<string, unknown>,
  node: SchemaNode,
  pointer: string,
  problems: Problem[],
): void {
  const properties = node.properties ?? {};
  for (const key of node.required ?? []) {
    if (!(key in record))
      problems.push({ pointer: `${pointer}/${pointerToken(key)}`, message: 'is required' });
  }
  for (const [key, item] of Object.entries(record)) {
    const at = `${pointer}/${pointerToken(key)}`;
    const child = properties[key];
    if (child) check(item, child, at, problems);
    else if (node.additionalProperties === false) {
      problems.push({
        pointer: at,
        message: `is not a known property here (known: ${Object.keys(properties).join(', ')})`,
      });
    }
  }
}

/**
 * oneOf whose branches are a string and/or objects; several object branches are told apart by a
 * constant `type` property.
 */
function checkOneOf(
  value: unknown,
  branches: readonly SchemaNode[],
  pointer: string,
  problems: Problem[],
): void {
  const stringBranch = branches.find((b) => resolve(b).type === 'string');
  if (stringBranch && typeof value === 'string') {
    check(value, stringBranch, pointer, problems);
    return;
  }
  const objectBranches = branches.filter((b) => b !== stringBranch);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const wanted = stringBranch ? 'a string or an object' : 'an object';
    problems.push({ pointer, message: `must be ${wanted}, not ${describe(value)}` });
    return;
  }
  if (objectBranches.length === 1) {
    check(value, objectBranches[0], pointer, problems);
    return;
  }
  const record = value as Record<string, unknown>;
  const types = objectBranches.map((b) => resolve(b).properties?.type?.const as string | undefined);
  if (types.every((t) => t === undefined)) {
    checkByRequiredKey(record, objectBranches, pointer, problems);
    return;
  }
  const type = record.type;
  const index = types.indexOf(type as string);
  if (index < 0) {
    problems.push({
      pointer: `${pointer}/type`,
      message: `must be one of ${types.map((t) => `'${t}'`).join(', ')}, not ${type === undefined ? 'missing' : describe(type)}`,
    });
    return;
  }
  check(value, objectBranches[index], pointer, problems);
}

/**
 * Object branches without a `type` are told apart by the first property each requires (a pin's
 * `box` or `vertices`): exactly one of those keys must be present.
 */
function checkByRequiredKey(
  record: Record<string, unknown>,
  branches: readonly SchemaNode[],
  pointer: string,
  problems: Problem[],
): void {
  const keys = branches.map((b) => resolve(b).required?.[0] ?? '');
  const present = keys.filter((key) => key in record);
  const names = keys.map((k) => `'${k}'`).join(' or ');
  if (present.length !== 1) {
    problems.push({
      pointer,
      message:
        present.length === 0
          ? `needs ${names}`
          : `takes one of ${names}, not both (${present.map((k) => `'${k}'`).join(', ')})`,
    });
    return;
  }
  check(record, branches[keys.indexOf(present[0])], pointer, problems);
}

const MODELS_FOR_SHAPE: Record<string, readonly string[]> = {
  box: ['neo-hookean', 'edges-volume'],
  mesh: ['neo-hookean', 'edges-volume', 'cloth'],
  cloth: ['cloth'],
  rope: ['rope'],
};

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
    const allowed = MODELS_FOR_SHAPE[body.shape.type];
    if (!allowed.includes(body.model)) {
      problems.push({
        pointer: `${at}/model`,
        message: `model '${body.model}' does not fit shape '${body.shape.type}'; use ${allowed.map((m) => `'${m}'`).join(' or ')}`,
      });
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
  });
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
  const only = (key: 'bending' | 'tethers' | 'pressure' | 'selfCollision', model: string) => {
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
