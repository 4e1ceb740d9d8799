import type { Document, Extension, PlatformIO } from '@gltf-transform/core';
import type { DataPlan } from './data-plan.ts';
import { dracoDecoderModule, meshoptDecoderModule } from './decoders.ts';
import type { JsonCheck, JsonObject } from './json-check.ts';
import type { ScenePlan } from './scene-plan.ts';

/**
 * Compressed geometry (KHR_draco_mesh_compression on primitives, EXT_meshopt_compression on
 * buffer views) is decoded by @gltf-transform/extensions while the Document is read; this file
 * says which of the two a planned file needs, installs them with their decoders (loaded only
 * then), and turns a failed decode into an error at the primitive or buffer view at fault.
 */

/** Where a planned file's data is compressed: Draco primitives and meshopt buffer views. */
export interface CompressedParts {
  /** Pointer to each Draco primitive's extension, with its buffer view. */
  draco: { pointer: string; bufferView: number; position: number | undefined }[];
  /** Buffer views decoded by meshopt. */
  meshopt: number[];
}

/** The Draco-compressed primitives of the planned scene, in file order. */
export function dracoParts(scene: ScenePlan): CompressedParts['draco'] {
  const draco: CompressedParts['draco'] = [];
  for (const [mesh, primitives] of scene.meshes) {
    for (const primitive of primitives) {
      if (!primitive.draco) continue;
      const pointer = `/meshes/${mesh}/primitives/${primitive.primitive}/extensions/KHR_draco_mesh_compression`;
      draco.push({ pointer, ...primitive.draco });
    }
  }
  return draco;
}

/** The planned buffer views that meshopt decodes. */
export function meshoptViews(bufferViews: readonly JsonObject[]): number[] {
  const views: number[] = [];
  bufferViews.forEach((view, index) => {
    if ((view.extensions as JsonObject | undefined)?.EXT_meshopt_compression) views.push(index);
  });
  return views;
}

/** Names for the pruned document's extensionsUsed. */
export function compressionExtensionNames(parts: CompressedParts): string[] {
  return [
    ...(parts.draco.length > 0 ? ['KHR_draco_mesh_compression'] : []),
    ...(parts.meshopt.length > 0 ? ['EXT_meshopt_compression'] : []),
  ];
}

/** Registers the extensions and decoders the parts need on the reader; nothing is loaded for none. */
export async function installDecoders(
  check: JsonCheck,
  io: PlatformIO,
  parts: CompressedParts,
): Promise<void> {
  if (parts.draco.length === 0 && parts.meshopt.length === 0) return;
  const { KHRDracoMeshCompression, EXTMeshoptCompression } = await import('@gltf-transform/extensions');
  const extensions: (typeof Extension)[] = [];
  const load = async <T>(what: string, pointer: string, module: () => Promise<T>): Promise<T> => {
    try {
      return await module();
    } catch (error) {
      return check.fail(pointer, `the ${what} decoder could not be loaded (${messageOf(error)})`);
    }
  };
  if (parts.draco.length > 0) {
    extensions.push(KHRDracoMeshCompression);
    const decoder = await load('Draco', parts.draco[0].pointer, dracoDecoderModule);
    io.registerDependencies({ 'draco3d.decoder': decoder });
  }
  if (parts.meshopt.length > 0) {
    extensions.push(EXTMeshoptCompression);
    const pointer = `/bufferViews/${parts.meshopt[0]}/extensions/EXT_meshopt_compression`;
    io.registerDependencies({ 'meshopt.decoder': await load('meshopt', pointer, meshoptDecoderModule) });
  }
  io.registerExtensions(extensions);
}

/**
 * Draco data carries its own vertex and index counts; the accessors' counts were budgeted and
 * are what the file promises, so a decode that yields other counts is refused.
 */
export function checkDecodedCounts(
  check: JsonCheck,
  document: Document,
  scene: ScenePlan,
  accessors: readonly JsonObject[],
): void {
  const read = document.getRoot().listAccessors();
  for (const primitives of scene.meshes.values()) {
    for (const primitive of primitives) {
      if (!primitive.draco) continue;
      const decoded = [
        primitive.draco.position === undefined ? undefined : primitive.position,
        primitive.indices,
      ];
      for (const index of decoded) {
        if (index === undefined) continue;
        const declared = accessors[index].count as number;
        const count = read[index].getCount();
        if (count !== declared) {
          check.fail(
            `/accessors/${index}/count`,
            `the Draco data decodes to ${count} elements, but the accessor declares ${declared}`,
          );
        }
      }
    }
  }
}

/** The draco3d decoder API used to find a bad primitive (draco3d ships no types). */
interface DracoApi {
  DecoderBuffer: new () => { Init(data: Uint8Array, length: number): void };
  Decoder: new () => {
    DecodeBufferToMesh(buffer: object, mesh: object): { ok(): boolean; error_msg(): string };
    GetAttributeByUniqueId(mesh: object, id: number): { ptr: number };
  };
  Mesh: new () => { ptr: number };
  destroy(object: object): void;
}

/**
 * After the reader failed on a compressed file: decodes each compressed part on its own, in
 * file order, and fails at the first that does not decode. Returns when every part decodes
 * alone (the failure lies elsewhere).
 */
export async function failAtUndecodable(
  check: JsonCheck,
  parts: CompressedParts,
  data: DataPlan,
): Promise<void> {
  const viewBytes = (view: JsonObject, offset: number, length: number) => {
    const uri = (data.buffers[view.buffer as number] as JsonObject).uri as string;
    const bytes = data.resources[uri];
    return bytes.subarray(offset, offset + length);
  };
  if (parts.meshopt.length > 0) {
    const decoder = await meshoptDecoderModule();
    for (const index of parts.meshopt) {
      const meshopt = (data.bufferViews[index].extensions as JsonObject)
        .EXT_meshopt_compression as JsonObject;
      const { count, byteStride, mode, filter } = meshopt as Record<string, never>;
      const source = viewBytes(meshopt, meshopt.byteOffset as number, meshopt.byteLength as number);
      try {
        decoder.decodeGltfBuffer(new Uint8Array(count * byteStride), count, byteStride, source, mode, filter);
      } catch (error) {
        check.fail(
          `/bufferViews/${index}/extensions/EXT_meshopt_compression`,
          `the meshopt-compressed buffer view could not be decoded (${messageOf(error)}); the file is damaged`,
        );
      }
    }
  }
  if (parts.draco.length > 0) {
    const draco = (await dracoDecoderModule()) as DracoApi;
    for (const part of parts.draco) {
      const view = data.bufferViews[part.bufferView];
      const bytes = viewBytes(view, view.byteOffset as number, view.byteLength as number);
      const problem = dracoProblem(draco, bytes, part.bufferView, part.position);
      if (problem) check.fail(part.pointer, problem);
    }
  }
}

function dracoProblem(
  draco: DracoApi,
  bytes: Uint8Array,
  bufferView: number,
  position: number | undefined,
): string | undefined {
  const what = `the Draco-compressed geometry in buffer view ${bufferView}`;
  const buffer = new draco.DecoderBuffer();
  const decoder = new draco.Decoder();
  const mesh = new draco.Mesh();
  try {
    buffer.Init(bytes, bytes.length);
    const status = decoder.DecodeBufferToMesh(buffer, mesh);
    if (!status.ok() || mesh.ptr === 0) {
      return `${what} could not be decoded (${messageOf(status.error_msg() || 'not a Draco mesh')}); the file is damaged`;
    }
    if (position !== undefined && decoder.GetAttributeByUniqueId(mesh, position).ptr === 0) {
      return `${what} has no attribute with id ${position} for POSITION`;
    }
    return undefined;
  } catch (error) {
    return `${what} could not be decoded (${messageOf(error)}); the file is damaged`;
  } finally {
    draco.destroy(mesh);
    draco.destroy(decoder);
    draco.destroy(buffer);
  }
}

/** A library's message, without its closing full stop (it goes inside parentheses). */
function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
}
