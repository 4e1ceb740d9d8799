import { BufferUtils, Logger, PlatformIO } from '@gltf-transform/core';
import { showValue } from '../../document/problem.ts';
import { TriMeshBuilder } from '../builder.ts';
import { MeshImportError } from '../errors.ts';
import type { ImportedMesh, MeshImporter } from '../import-types.ts';
import type { ResolvedImportOptions, ResourceReader } from '../options.ts';
import { checkSceneBudget } from './budget.ts';
import {
  checkDecodedCounts,
  compressionExtensionNames,
  dracoParts,
  failAtUndecodable,
  installDecoders,
  meshoptViews,
} from './compression.ts';
import { type AccessorRole, planData } from './data-plan.ts';
import { extractScene } from './extract.ts';
import { isGlb, readGlb } from './glb.ts';
import { JsonCheck, type JsonObject } from './json-check.ts';
import { parseJsonText } from './json-text.ts';
import { meshoptMessage, planScene, type ScenePlan } from './scene-plan.ts';

/**
 * Required extensions the importer handles (quantized positions, compressed geometry) or that
 * change nothing in the triangle geometry we read.
 */
const harmless =
  /^(KHR_materials_|KHR_texture_|EXT_texture_|KHR_lights_punctual$|KHR_mesh_quantization$|KHR_draco_mesh_compression$|EXT_meshopt_compression$)/;

/**
 * An I/O service that never touches a file system: every byte arrives through the JSON
 * document's resources, so parsing stays pure and runs in workers and tests alike.
 */
class BytesIO extends PlatformIO {
  protected readURI(uri: string): Promise<never> {
    return Promise.reject(new Error(`unexpected external resource '${uri}'`));
  }
  protected resolve(base: string, path: string): string {
    return `${base}/${path}`;
  }
  protected dirname(uri: string): string {
    return uri.slice(0, uri.lastIndexOf('/'));
  }
}

/** Parses glTF 2.0 (.gltf JSON with external or data: buffers, or .glb) to a TriMesh. */
export async function parseGltf(
  file: string,
  bytes: Uint8Array,
  options: ResolvedImportOptions,
  readResource: ResourceReader | undefined,
): Promise<ImportedMesh> {
  const binary = isGlb(bytes) || file.toLowerCase().endsWith('.glb');
  const { json, bin } = binary
    ? readGlb(file, bytes)
    : { json: parseJsonText(file, BufferUtils.decodeText(bytes)), bin: undefined };
  const check = new JsonCheck(file);
  const root = check.object(json, '', 'the glTF document');
  const notes = checkAssetAndExtensions(check, root);
  const scene = planScene(check, root);

  const used = collectAccessors(check, scene);
  const draco = dracoParts(scene);
  const dracoViews = new Map(draco.map((part) => [part.bufferView, `${part.pointer}/bufferView`]));
  const source = { file, dracoViews, glbBin: bin, isGlb: binary, readResource };
  const data = await planData(check, root, used, source);
  const compressed = { draco, meshopt: meshoptViews(data.bufferViews) };
  // Before the reader allocates a single accessor.
  const budget = checkSceneBudget(check, root, scene, data.accessors);

  // Only what the scene uses reaches the reader; indices into every array are kept.
  const nodes = check.array(root.nodes, '/nodes') as JsonObject[];
  const reached = new Set(scene.nodes);
  const pruned = {
    asset: { version: '2.0' },
    extensionsUsed: compressionExtensionNames(compressed),
    nodes: nodes.map((node, i) =>
      reached.has(i)
        ? {
            children: node.children,
            mesh: node.mesh,
            matrix: node.matrix,
            translation: node.translation,
            rotation: node.rotation,
            scale: node.scale,
          }
        : {},
    ),
    meshes: check.array(root.meshes, '/meshes').map((_, m) => ({
      primitives: (scene.meshes.get(m) ?? []).map((p) => ({
        attributes: { POSITION: p.position },
        indices: p.indices,
        mode: p.mode,
        ...(p.draco && {
          extensions: {
            KHR_draco_mesh_compression: {
              bufferView: p.draco.bufferView,
              attributes: p.draco.position === undefined ? {} : { POSITION: p.draco.position },
            },
          },
        }),
      })),
    })),
    accessors: data.accessors,
    bufferViews: data.bufferViews,
    buffers: data.buffers,
  };
  const io = new BytesIO().setLogger(new Logger(Logger.Verbosity.SILENT));
  await installDecoders(check, io, compressed);
  let document: Awaited<ReturnType<BytesIO['readJSON']>>;
  try {
    document = await io.readJSON({
      json: pruned as never,
      resources: data.resources as Record<string, Uint8Array<ArrayBuffer>>,
    });
  } catch (error) {
    await failAtUndecodable(check, compressed, data);
    const reason = error instanceof Error ? error.message : String(error);
    throw new MeshImportError(file, `the glTF data could not be read: ${reason}`);
  }

  checkDecodedCounts(check, document, scene, data.accessors);
  const builder = new TriMeshBuilder(file);
  builder.reserve(budget.vertices, budget.triangles);
  extractScene(check, document, scene, builder);
  if (builder.triangleCount === 0) {
    check.fail(
      scene.sceneIndex === undefined ? '' : `/scenes/${scene.sceneIndex}`,
      'the default scene contains no triangles to import',
    );
  }
  return {
    mesh: builder.finish(options),
    notes: [...notes, ...scene.notes],
    format: binary ? 'GLB' : 'glTF',
  };
}

/** Each accessor the scene reads, with its one role (an index list cannot be positions). */
function collectAccessors(check: JsonCheck, scene: ScenePlan): Map<number, AccessorRole> {
  const used = new Map<number, AccessorRole>();
  const use = (index: number, role: AccessorRole) => {
    const previous = used.get(index);
    if (previous !== undefined && previous !== role) {
      check.fail(`/accessors/${index}`, 'an accessor cannot be both a POSITION attribute and indices');
    }
    used.set(index, role);
  };
  for (const primitives of scene.meshes.values()) {
    for (const primitive of primitives) {
      use(primitive.position, 'position');
      if (primitive.indices !== undefined) use(primitive.indices, 'indices');
    }
  }
  return used;
}

function checkAssetAndExtensions(check: JsonCheck, root: JsonObject): string[] {
  const asset = check.object(root.asset, '/asset', "the glTF 'asset' object");
  const version = asset.version;
  if (typeof version !== 'string' || !/^2\.\d+$/.test(version)) {
    check.fail(
      '/asset/version',
      `glTF version ${showValue(version)} is not supported; only glTF 2.0 files can be imported`,
    );
  }
  const notes: string[] = [];
  check.array(root.extensionsRequired, '/extensionsRequired').forEach((name, i) => {
    const at = `/extensionsRequired/${i}`;
    if (name === 'KHR_meshopt_compression') check.fail(at, meshoptMessage);
    if (typeof name === 'string' && !harmless.test(name)) {
      notes.push(
        `required extension ${name} is not supported and was ignored; the geometry may differ from a viewer's`,
      );
    }
  });
  return notes;
}

/** glTF 2.0 JSON with external or embedded buffers. */
export const gltfImporter: MeshImporter = { format: 'glTF', extensions: ['gltf'], parse: parseGltf };

/** glTF 2.0 binary container. */
export const glbImporter: MeshImporter = { format: 'GLB', extensions: ['glb'], parse: parseGltf };
