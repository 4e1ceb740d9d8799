import { INPUT_LIMITS, overLimit } from '../../limits.ts';
import type { JsonCheck, JsonObject } from './json-check.ts';

/** Primitive modes (glTF 2.0 §3.7.2.1); 0–3 are points and lines. */
export const Mode = { triangles: 4, triangleStrip: 5, triangleFan: 6 } as const;

/** One primitive we will read: its accessors and the group its triangles join. */
export interface PrimitivePlan {
  mesh: number;
  primitive: number;
  mode: number;
  position: number;
  indices: number | undefined;
  group: string;
  /** KHR_draco_mesh_compression: the buffer view of the compressed data and POSITION's id in it. */
  draco: DracoPlan | undefined;
}

/** A Draco-compressed primitive: its data's buffer view and the attribute id of POSITION. */
export interface DracoPlan {
  bufferView: number;
  /** Undefined when POSITION is stored plain beside the compressed indices. */
  position: number | undefined;
}

/** What the default scene uses, checked: the part of the file the importer reads. */
export interface ScenePlan {
  /** The scene imported, or undefined when the file has no scenes (all root nodes). */
  sceneIndex: number | undefined;
  /** Nodes of the scene, depth-first, parents before children. */
  nodes: number[];
  /** Triangle primitives per used mesh. */
  meshes: Map<number, PrimitivePlan[]>;
  notes: string[];
}

/**
 * Picks the default scene, checks the node hierarchy is a forest (no node with two
 * parents, no cycle: either would make world transforms ambiguous or endless) and
 * checks every node and primitive the scene reaches.
 */
export function planScene(check: JsonCheck, root: JsonObject): ScenePlan {
  const nodes = check.array(root.nodes, '/nodes');
  const scenes = check.array(root.scenes, '/scenes');
  const notes: string[] = [];
  const parents = checkHierarchy(check, nodes);

  let sceneIndex: number | undefined;
  let roots: number[];
  if (root.scene !== undefined || scenes.length > 0) {
    sceneIndex = root.scene === undefined ? 0 : check.index(root.scene, scenes.length, '/scene', 'scene');
    const scene = check.object(scenes[sceneIndex], `/scenes/${sceneIndex}`, 'a scene');
    // Exporters sometimes list a child node as a scene root (the spec forbids it); like
    // three.js, treat it as a root: its parent is not part of the scene.
    roots = check
      .array(scene.nodes, `/scenes/${sceneIndex}/nodes`)
      .map((value, k) => check.index(value, nodes.length, `/scenes/${sceneIndex}/nodes/${k}`, 'node'));
  } else {
    roots = nodes.map((_, i) => i).filter((i) => parents[i] < 0);
    if (roots.length > 0) notes.push('the file defines no scene; all root nodes were imported');
  }

  const order: number[] = [];
  const seen = new Set<number>();
  // Node index and its depth (roots are 1): each world transform is composed down its chain.
  const stack: [number, number][] = [...new Set(roots)].reverse().map((r) => [r, 1]);
  while (stack.length > 0) {
    const [index, depth] = stack.pop()!;
    if (seen.has(index)) continue;
    seen.add(index);
    order.push(index);
    if (depth > INPUT_LIMITS.gltfNodeDepth) {
      check.fail(`/nodes/${index}`, overLimit('gltfNodeDepth', `node ${index} is ${depth} levels deep`));
    }
    const node = checkNode(check, nodes[index], index);
    const children = check.array(node.children, `/nodes/${index}/children`) as number[];
    for (let k = children.length - 1; k >= 0; k--) stack.push([children[k], depth + 1]);
  }

  const meshes = new Map<number, PrimitivePlan[]>();
  const meshList = check.array(root.meshes, '/meshes');
  const materials = check.array(root.materials, '/materials');
  const accessors = check.array(root.accessors, '/accessors');
  let skipped = 0;
  let morphed = 0;
  let skinned = 0;
  let instanced = 0;
  for (const index of order) {
    const node = nodes[index] as JsonObject;
    if (node.mesh === undefined) continue;
    if (node.skin !== undefined) skinned++;
    const extensions = node.extensions;
    if (typeof extensions === 'object' && extensions !== null && 'EXT_mesh_gpu_instancing' in extensions)
      instanced++;
    const meshIndex = check.index(node.mesh, meshList.length, `/nodes/${index}/mesh`, 'mesh');
    if (meshes.has(meshIndex)) continue;
    const plans = planMesh(check, meshList[meshIndex], meshIndex, materials, accessors);
    skipped += plans.skipped;
    morphed += plans.morphed;
    meshes.set(meshIndex, plans.primitives);
  }
  if (skipped > 0)
    notes.push(`${skipped} point or line primitive(s) were skipped: only triangles are imported`);
  if (morphed > 0) {
    notes.push(`morph targets were not applied: ${morphed} primitive(s) were imported in their base shape`);
  }
  if (skinned > 0) {
    notes.push(
      `${skinned} skinned mesh instance(s) were imported in their bind pose; animations are not applied`,
    );
  }
  if (instanced > 0) {
    notes.push(
      `${instanced} node(s) use GPU instancing (EXT_mesh_gpu_instancing); only the node itself was imported`,
    );
  }
  return { sceneIndex, nodes: order, meshes, notes };
}

/** Parent of each node (−1 for roots); fails on a second parent or a cycle. */
function checkHierarchy(check: JsonCheck, nodes: unknown[]): Int32Array {
  const parents = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((value, i) => {
    const node = check.object(value, `/nodes/${i}`, 'a node');
    check.array(node.children, `/nodes/${i}/children`).forEach((childValue, k) => {
      const pointer = `/nodes/${i}/children/${k}`;
      const child = check.index(childValue, nodes.length, pointer, 'node');
      if (child === i) check.fail(pointer, `node ${i} lists itself as its child`);
      if (parents[child] >= 0 && parents[child] !== i) {
        check.fail(pointer, `node ${child} is a child of both node ${parents[child]} and node ${i}`);
      }
      parents[child] = i;
    });
  });
  // Walk up from every node; a walk longer than the node count has looped.
  const state = new Uint8Array(nodes.length); // 0 unvisited, 1 on the current walk, 2 done
  for (let start = 0; start < nodes.length; start++) {
    const path: number[] = [];
    let n = start;
    while (n >= 0 && state[n] === 0) {
      state[n] = 1;
      path.push(n);
      n = parents[n];
    }
    if (n >= 0 && state[n] === 1) {
      check.fail(`/nodes/${n}/children`, `the node hierarchy has a cycle through node ${n}`);
    }
    for (const p of path) state[p] = 2;
  }
  return parents;
}

function checkNode(check: JsonCheck, value: unknown, index: number): JsonObject {
  const pointer = `/nodes/${index}`;
  const node = check.object(value, pointer, 'a node');
  if (node.matrix !== undefined) check.finiteNumbers(node.matrix, 16, `${pointer}/matrix`, 'a node matrix');
  if (node.translation !== undefined) {
    check.finiteNumbers(node.translation, 3, `${pointer}/translation`, 'a node translation');
  }
  if (node.rotation !== undefined) {
    const q = check.finiteNumbers(node.rotation, 4, `${pointer}/rotation`, 'a node rotation');
    if (Math.hypot(q[0], q[1], q[2], q[3]) < 1e-6) {
      check.fail(`${pointer}/rotation`, 'a node rotation must be a unit quaternion, got a zero quaternion');
    }
  }
  if (node.scale !== undefined) check.finiteNumbers(node.scale, 3, `${pointer}/scale`, 'a node scale');
  return node;
}

function planMesh(
  check: JsonCheck,
  value: unknown,
  meshIndex: number,
  materials: unknown[],
  accessors: unknown[],
): { primitives: PrimitivePlan[]; skipped: number; morphed: number } {
  const pointer = `/meshes/${meshIndex}`;
  const mesh = check.object(value, pointer, 'a mesh');
  const primitives = check.array(mesh.primitives, `${pointer}/primitives`);
  if (primitives.length === 0) check.fail(`${pointer}/primitives`, 'a mesh needs at least one primitive');
  const meshName = nameOf(check, mesh.name, `${pointer}/name`, `mesh ${meshIndex}`);
  const plans: PrimitivePlan[] = [];
  let skipped = 0;
  let morphed = 0;
  primitives.forEach((primitiveValue, p) => {
    const at = `${pointer}/primitives/${p}`;
    const primitive = check.object(primitiveValue, at, 'a primitive');
    const mode = check.optionalInteger(primitive.mode, `${at}/mode`, 'a primitive mode', 0, Mode.triangles);
    if (mode > Mode.triangleFan)
      check.fail(`${at}/mode`, `a primitive mode must be an integer from 0 to 6, got ${mode}`);
    if (mode < Mode.triangles) {
      skipped++;
      return;
    }
    const attributes = check.object(primitive.attributes, `${at}/attributes`, 'primitive attributes');
    if (attributes.POSITION === undefined) {
      check.fail(`${at}/attributes`, 'a primitive needs a POSITION attribute');
    }
    const position = check.index(
      attributes.POSITION,
      accessors.length,
      `${at}/attributes/POSITION`,
      'accessor',
    );
    const indices =
      primitive.indices === undefined
        ? undefined
        : check.index(primitive.indices, accessors.length, `${at}/indices`, 'accessor');
    const draco = planDraco(check, primitive, at);
    let group = meshName;
    if (primitive.material !== undefined) {
      const material = check.index(primitive.material, materials.length, `${at}/material`, 'material');
      const entry = materials[material];
      const name = typeof entry === 'object' && entry !== null ? (entry as JsonObject).name : undefined;
      group = `${meshName}/${nameOf(check, name, `/materials/${material}/name`, `material ${material}`)}`;
    }
    if (Array.isArray(primitive.targets) && primitive.targets.length > 0) morphed++;
    plans.push({ mesh: meshIndex, primitive: p, mode, position, indices, group, draco });
  });
  return { primitives: plans, skipped, morphed };
}

/**
 * The primitive's KHR_draco_mesh_compression entry, checked: its indices and the attributes it
 * lists are decoded from the buffer view (KHRDracoMeshCompression in parse-gltf.ts), the plain
 * accessors stand for their count and type only.
 */
function planDraco(check: JsonCheck, primitive: JsonObject, at: string): DracoPlan | undefined {
  const extensions = primitive.extensions;
  if (typeof extensions !== 'object' || extensions === null) return undefined;
  const value = (extensions as JsonObject).KHR_draco_mesh_compression;
  if (value === undefined) return undefined;
  const pointer = `${at}/extensions/KHR_draco_mesh_compression`;
  const draco = check.object(value, pointer, 'a KHR_draco_mesh_compression entry');
  const bufferView = check.integer(draco.bufferView, `${pointer}/bufferView`, 'a buffer view index', 0);
  const attributes = check.object(draco.attributes, `${pointer}/attributes`, 'the Draco attribute ids');
  const position =
    attributes.POSITION === undefined
      ? undefined
      : check.integer(attributes.POSITION, `${pointer}/attributes/POSITION`, 'a Draco attribute id', 0);
  return { bufferView, position };
}

export const meshoptMessage =
  'the buffers are compressed with KHR_meshopt_compression, which Softbody Studio does not decode yet; ' +
  'export the file again with EXT_meshopt_compression or without compression';

/** A name that becomes part of a group name: copied per primitive, so its length is budgeted. */
function nameOf(check: JsonCheck, value: unknown, pointer: string, fallback: string): string {
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  const name = value.trim();
  if (name.length > INPUT_LIMITS.nameLength) {
    check.fail(pointer, overLimit('nameLength', `the name has ${name.length} characters`));
  }
  return name;
}
