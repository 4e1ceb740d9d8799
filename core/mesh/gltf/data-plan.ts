import { showValue } from '../../document/problem.ts';
import { INPUT_LIMITS, overLimit } from '../../limits.ts';
import type { ResourceReader } from '../options.ts';
import { readOptionalResource } from '../resources.ts';
import { decodeDataUri, isDataUri } from './data-uri.ts';
import type { JsonCheck, JsonObject } from './json-check.ts';
import { meshoptMessage } from './scene-plan.ts';

/** How an accessor is used decides which component types and shapes are valid. */
export type AccessorRole = 'position' | 'indices';

const componentBytes: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };
const typeComponents: Record<string, number> = {
  SCALAR: 1,
  VEC2: 2,
  VEC3: 3,
  VEC4: 4,
  MAT2: 4,
  MAT3: 9,
  MAT4: 16,
};
/** Float, or the integer types KHR_mesh_quantization allows for positions. */
const positionTypes = [5126, 5120, 5121, 5122, 5123];
const indexTypes = [5121, 5123, 5125];

/** The accessor, buffer view and buffer entries the reader gets, with their bytes. */
export interface DataPlan {
  accessors: JsonObject[];
  bufferViews: JsonObject[];
  buffers: JsonObject[];
  resources: Record<string, Uint8Array>;
}

interface Source {
  file: string;
  /** Buffer views holding Draco-compressed primitives, each with the pointer that names it. */
  dracoViews: Map<number, string>;
  glbBin: Uint8Array | undefined;
  isGlb: boolean;
  readResource: ResourceReader | undefined;
}

/**
 * Checks the accessors the scene uses, their buffer views and buffers (every byte range
 * against the bytes present) and loads those buffers. Entries the scene does not use are
 * replaced by empty stand-ins so that a broken animation or image never blocks geometry.
 */
export async function planData(
  check: JsonCheck,
  root: JsonObject,
  used: Map<number, AccessorRole>,
  source: Source,
): Promise<DataPlan> {
  const accessorList = check.array(root.accessors, '/accessors');
  const viewList = check.array(root.bufferViews, '/bufferViews');
  const bufferList = check.array(root.buffers, '/buffers');
  const accessors: JsonObject[] = accessorList.map(() => ({ componentType: 5126, type: 'SCALAR', count: 0 }));
  const usedViews = new Set<number>();
  const viewNeeds: { view: number; end: number; pointer: string; what: string }[] = [];

  for (const [index, role] of used) {
    const at = `/accessors/${index}`;
    const accessor = check.object(accessorList[index], at, 'an accessor');
    const componentType = accessor.componentType as number;
    const allowed = role === 'position' ? positionTypes : indexTypes;
    if (!allowed.includes(componentType)) {
      check.fail(
        `${at}/componentType`,
        `a${role === 'position' ? ' POSITION' : 'n index'} accessor cannot have componentType ${showValue(componentType)}`,
      );
    }
    const type = role === 'position' ? 'VEC3' : 'SCALAR';
    if (accessor.type !== type) {
      check.fail(
        `${at}/type`,
        `a${role === 'position' ? ' POSITION' : 'n index'} accessor must have type ${type}`,
      );
    }
    const count = check.integer(accessor.count, `${at}/count`, 'an accessor count', 1);
    const byteOffset = check.optionalInteger(accessor.byteOffset, `${at}/byteOffset`, 'a byte offset', 0, 0);
    const size = componentBytes[componentType];
    const elementBytes = size * typeComponents[type];
    const clean: JsonObject = { componentType, type, count, normalized: accessor.normalized === true };
    if (accessor.bufferView !== undefined) {
      const view = check.index(accessor.bufferView, viewList.length, `${at}/bufferView`, 'buffer view');
      const viewObject = check.object(viewList[view], `/bufferViews/${view}`, 'a buffer view');
      const stride = viewObject.byteStride === undefined ? elementBytes : (viewObject.byteStride as number);
      viewNeeds.push({
        view,
        end: byteOffset + stride * (count - 1) + elementBytes,
        pointer: `${at}/count`,
        what: `accessor ${index} (${count} elements from byte ${byteOffset})`,
      });
      usedViews.add(view);
      Object.assign(clean, { bufferView: view, byteOffset });
    } else if (count > INPUT_LIMITS.meshVertices) {
      // Zero-filled (or sparse over zeros): count elements are allocated with no bytes behind
      // them, so the file's size says nothing about the cost; the count alone is budgeted.
      check.fail(
        `${at}/count`,
        overLimit('meshVertices', `an accessor without a buffer view (zero-filled) has ${count} elements`),
      );
    }
    if (accessor.sparse !== undefined) {
      clean.sparse = checkSparse(
        check,
        accessor.sparse,
        `${at}/sparse`,
        count,
        elementBytes,
        viewList,
        viewNeeds,
        usedViews,
      );
    }
    accessors[index] = clean;
  }

  for (const [view, pointer] of source.dracoViews) {
    usedViews.add(check.index(view, viewList.length, pointer, 'buffer view'));
  }

  const bufferNeeds = new Map<number, { end: number; pointer: string }>();
  const needBytes = (buffer: number, end: number, pointer: string) => {
    const previous = bufferNeeds.get(buffer);
    if (!previous || end > previous.end) bufferNeeds.set(buffer, { end, pointer });
  };
  const bufferViews: JsonObject[] = viewList.map(() => ({ buffer: bufferList.length, byteLength: 0 }));
  for (const view of usedViews) {
    const at = `/bufferViews/${view}`;
    const object = check.object(viewList[view], at, 'a buffer view');
    const buffer = check.index(object.buffer, bufferList.length, `${at}/buffer`, 'buffer');
    const byteOffset = check.optionalInteger(object.byteOffset, `${at}/byteOffset`, 'a byte offset', 0, 0);
    const byteLength = check.integer(object.byteLength, `${at}/byteLength`, 'a buffer view byteLength', 1);
    const clean: JsonObject = { buffer, byteOffset, byteLength };
    bufferViews[view] = clean;
    if (object.byteStride !== undefined) {
      const stride = check.integer(object.byteStride, `${at}/byteStride`, 'a byte stride', 4, 252);
      if (stride % 4 !== 0)
        check.fail(`${at}/byteStride`, `a byte stride must be a multiple of 4, got ${stride}`);
      clean.byteStride = stride;
    }
    const extensions = object.extensions as JsonObject | undefined;
    if (extensions?.KHR_meshopt_compression !== undefined) {
      check.fail(`${at}/extensions/KHR_meshopt_compression`, meshoptMessage);
    }
    if (extensions?.EXT_meshopt_compression !== undefined) {
      // The view's own buffer is a fallback (often without data): the compressed bytes are read.
      const meshopt = planMeshopt(
        check,
        extensions.EXT_meshopt_compression,
        at,
        byteLength,
        bufferList.length,
      );
      clean.extensions = { EXT_meshopt_compression: meshopt };
      const end = (meshopt.byteOffset as number) + (meshopt.byteLength as number);
      needBytes(meshopt.buffer as number, end, `${at}/extensions/EXT_meshopt_compression/byteLength`);
      continue;
    }
    needBytes(buffer, byteOffset + byteLength, `${at}/byteLength`);
  }
  for (const need of viewNeeds) {
    const length = bufferViews[need.view].byteLength as number;
    if (need.end > length) {
      check.fail(
        need.pointer,
        `${need.what} needs ${need.end} bytes of buffer view ${need.view}, which has ${length}`,
      );
    }
  }

  const buffers: JsonObject[] = bufferList.map(() => ({ byteLength: 0, uri: '__empty' }));
  buffers.push({ byteLength: 0, uri: '__empty' });
  const resources: Record<string, Uint8Array> = { __empty: new Uint8Array(0) };
  for (const [buffer, need] of bufferNeeds) {
    const at = `/buffers/${buffer}`;
    const object = check.object(bufferList[buffer], at, 'a buffer');
    const byteLength = check.integer(object.byteLength, `${at}/byteLength`, 'a buffer byteLength', 1);
    if (need.end > byteLength) {
      check.fail(
        need.pointer,
        `the buffer view ends at byte ${need.end}, past the end of buffer ${buffer} (${byteLength} bytes)`,
      );
    }
    const data = await loadBuffer(check, object, buffer, source);
    if (data.bytes.byteLength < byteLength) {
      check.fail(
        `${at}/byteLength`,
        `buffer ${buffer} declares ${byteLength} bytes but ${data.name} has only ${data.bytes.byteLength}`,
      );
    }
    buffers[buffer] = { byteLength, uri: `__buffer${buffer}` };
    resources[`__buffer${buffer}`] = data.bytes;
  }
  return { accessors, bufferViews, buffers, resources };
}

const meshoptModes = ['ATTRIBUTES', 'TRIANGLES', 'INDICES'];
const meshoptFilters = ['NONE', 'OCTAHEDRAL', 'QUATERNION', 'EXPONENTIAL', 'COLOR'];

/**
 * A buffer view's EXT_meshopt_compression entry, checked: the compressed byte range, and a
 * decoded size (count × byteStride) that is the view's byteLength and within the input limit.
 */
function planMeshopt(
  check: JsonCheck,
  value: unknown,
  viewAt: string,
  viewByteLength: number,
  bufferCount: number,
): JsonObject {
  const at = `${viewAt}/extensions/EXT_meshopt_compression`;
  const meshopt = check.object(value, at, 'an EXT_meshopt_compression entry');
  const buffer = check.index(meshopt.buffer, bufferCount, `${at}/buffer`, 'buffer');
  const byteOffset = check.optionalInteger(meshopt.byteOffset, `${at}/byteOffset`, 'a byte offset', 0, 0);
  const byteLength = check.integer(meshopt.byteLength, `${at}/byteLength`, 'a byteLength', 1);
  const byteStride = check.integer(meshopt.byteStride, `${at}/byteStride`, 'a byte stride', 1, 256);
  const count = check.integer(meshopt.count, `${at}/count`, 'an element count', 1);
  const mode = meshopt.mode;
  if (typeof mode !== 'string' || !meshoptModes.includes(mode)) {
    check.fail(`${at}/mode`, `the mode must be one of ${meshoptModes.join(', ')}, got ${showValue(mode)}`);
  }
  const filter = meshopt.filter ?? 'NONE';
  if (typeof filter !== 'string' || !meshoptFilters.includes(filter)) {
    check.fail(
      `${at}/filter`,
      `the filter must be one of ${meshoptFilters.join(', ')}, got ${showValue(filter)}`,
    );
  }
  const decoded = count * byteStride;
  if (decoded > INPUT_LIMITS.gltfDecodedBytes) {
    check.fail(`${at}/count`, overLimit('gltfDecodedBytes', `the view decodes to ${decoded} bytes`));
  }
  if (decoded !== viewByteLength) {
    check.fail(
      `${at}/count`,
      `${count} elements of ${byteStride} bytes decode to ${decoded} bytes, but the buffer view has ${viewByteLength}`,
    );
  }
  return { buffer, byteOffset, byteLength, byteStride, count, mode, filter };
}

function checkSparse(
  check: JsonCheck,
  value: unknown,
  at: string,
  count: number,
  elementBytes: number,
  viewList: unknown[],
  viewNeeds: { view: number; end: number; pointer: string; what: string }[],
  usedViews: Set<number>,
): JsonObject {
  const sparse = check.object(value, at, 'sparse storage');
  const sparseCount = check.integer(sparse.count, `${at}/count`, 'a sparse count', 1, count);
  const indices = check.object(sparse.indices, `${at}/indices`, 'sparse indices');
  const values = check.object(sparse.values, `${at}/values`, 'sparse values');
  const indexType = indices.componentType as number;
  if (!indexTypes.includes(indexType)) {
    check.fail(
      `${at}/indices/componentType`,
      `sparse indices cannot have componentType ${showValue(indexType)}`,
    );
  }
  const parts: [JsonObject, string, number][] = [
    [indices, `${at}/indices`, componentBytes[indexType]],
    [values, `${at}/values`, elementBytes],
  ];
  const clean: JsonObject = { count: sparseCount };
  for (const [part, pointer, bytes] of parts) {
    const view = check.index(part.bufferView, viewList.length, `${pointer}/bufferView`, 'buffer view');
    const byteOffset = check.optionalInteger(part.byteOffset, `${pointer}/byteOffset`, 'a byte offset', 0, 0);
    viewNeeds.push({
      view,
      end: byteOffset + bytes * sparseCount,
      pointer,
      what: `sparse ${pointer.endsWith('indices') ? 'indices' : 'values'}`,
    });
    usedViews.add(view);
    clean[pointer.endsWith('indices') ? 'indices' : 'values'] = {
      bufferView: view,
      byteOffset,
      ...(part === indices ? { componentType: indexType } : {}),
    };
  }
  return clean;
}

async function loadBuffer(
  check: JsonCheck,
  buffer: JsonObject,
  index: number,
  source: Source,
): Promise<{ bytes: Uint8Array; name: string }> {
  const at = `/buffers/${index}`;
  const uri = buffer.uri;
  if (uri === undefined) {
    if (source.isGlb && index === 0 && source.glbBin)
      return { bytes: source.glbBin, name: 'the GLB BIN chunk' };
    check.fail(
      at,
      source.isGlb && index === 0
        ? 'buffer 0 has no uri and the GLB has no BIN chunk, so its data is missing'
        : 'the buffer has no uri, so its data is missing',
    );
  }
  if (typeof uri !== 'string') check.fail(`${at}/uri`, 'a buffer uri must be a string');
  if (isDataUri(uri)) {
    const bytes = decodeDataUri(uri);
    if (typeof bytes === 'string') check.fail(`${at}/uri`, bytes);
    return { bytes, name: 'its data URI' };
  }
  let path: string;
  try {
    path = decodeURIComponent(uri);
  } catch {
    check.fail(`${at}/uri`, `'${uri}' is not a valid URI`);
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('/') || path.startsWith('\\')) {
    check.fail(
      `${at}/uri`,
      `buffer '${uri}' is not a relative file name; only files next to the glTF can be read`,
    );
  }
  const bytes = source.readResource
    ? await readOptionalResource(source.file, path, source.readResource, { pointer: `${at}/uri` })
    : undefined;
  if (!bytes)
    check.fail(
      `${at}/uri`,
      `missing buffer file '${path}': it must be next to the .gltf file (in a browser: open or drop it together with the .gltf)`,
    );
  return { bytes, name: `'${path}'` };
}
