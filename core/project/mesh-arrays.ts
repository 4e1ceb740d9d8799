import { decodeBase64, encodeBase64 } from '../document/base64.ts';
import { type Problem, pointerToken } from '../document/problem.ts';
import type { SolidMesh } from '../scene/scene-meshes.ts';

/**
 * The tet meshes a project carries (format 2), so a project opens where the mesh files cannot be
 * read (the browser host has no file paths). Each array is stored as in presets
 * (core/preset/binary-array.ts): base64 of the little-endian bytes with the element type and
 * count beside it. Positions are float64, not the presets' float32, so that a reopened project
 * builds exactly the world it was saved with.
 *
 *   "meshes": { "spot.obj": { "positions": { "dtype": "float64", "count": 3n, "base64": "…" },
 *                             "tets": { "dtype": "uint32", "count": 4m, "base64": "…" } } }
 */

/** One stored array, as JSON. */
export interface StoredArray {
  dtype: 'float64' | 'uint32';
  count: number;
  base64: string;
}

/** One embedded mesh, as JSON. */
export interface StoredMesh {
  positions: StoredArray;
  tets: StoredArray;
}

const BYTES = { float64: 8, uint32: 4 } as const;

/** The JSON of `meshes`, in the map's order. */
export function encodeMeshes(meshes: ReadonlyMap<string, SolidMesh>): Record<string, StoredMesh> {
  const out: Record<string, StoredMesh> = {};
  for (const [path, mesh] of meshes) {
    out[path] = { positions: encode(mesh.positions, 'float64'), tets: encode(mesh.tets, 'uint32') };
  }
  return out;
}

function encode(values: ArrayLike<number>, dtype: StoredArray['dtype']): StoredArray {
  const bytes = new Uint8Array(values.length * BYTES[dtype]);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < values.length; i++) {
    if (dtype === 'float64') view.setFloat64(8 * i, values[i], true);
    else view.setUint32(4 * i, values[i], true);
  }
  return { dtype, count: values.length, base64: encodeBase64(bytes) };
}

/**
 * The meshes in `value` (the project's `meshes` member; absent is none), or every problem with
 * its pointer (/meshes/PATH/tets …): wrong shapes, bad base64, lengths that are not whole
 * vertices or tets, non-finite positions, indices past the vertices.
 */
export function decodeMeshes(value: unknown): { meshes: Map<string, SolidMesh>; problems: Problem[] } {
  const meshes = new Map<string, SolidMesh>();
  const problems: Problem[] = [];
  if (value === undefined) return { meshes, problems };
  if (!isRecord(value)) {
    problems.push({ pointer: '/meshes', message: 'must be an object of meshes by path' });
    return { meshes, problems };
  }
  for (const [path, stored] of Object.entries(value)) {
    const at = `/meshes/${pointerToken(path)}`;
    if (!isRecord(stored)) {
      problems.push({ pointer: at, message: 'must be an object with positions and tets' });
      continue;
    }
    const before = problems.length;
    const positions = decode(stored.positions, 'float64', `${at}/positions`, problems);
    const tets = decode(stored.tets, 'uint32', `${at}/tets`, problems);
    if (problems.length > before || !positions || !tets) continue;
    const mesh = checkMesh(positions, tets, at, problems);
    if (mesh) meshes.set(path, mesh);
  }
  return { meshes, problems };
}

function checkMesh(
  positions: ArrayLike<number>,
  tets: ArrayLike<number>,
  at: string,
  problems: Problem[],
): SolidMesh | undefined {
  const before = problems.length;
  if (positions.length % 3 !== 0) {
    problems.push({
      pointer: `${at}/positions`,
      message: `must hold x y z per vertex (a multiple of 3 numbers), not ${positions.length}`,
    });
  }
  const badPosition = Array.prototype.findIndex.call(positions, (x: number) => !Number.isFinite(x));
  if (badPosition >= 0) {
    problems.push({
      pointer: `${at}/positions`,
      message: `value ${badPosition} is ${positions[badPosition]}; positions must be finite (m)`,
    });
  }
  if (tets.length % 4 !== 0) {
    problems.push({
      pointer: `${at}/tets`,
      message: `must hold 4 vertex indices per tet (a multiple of 4), not ${tets.length}`,
    });
  }
  const vertexCount = Math.floor(positions.length / 3);
  const badIndex = Array.prototype.findIndex.call(tets, (v: number) => v >= vertexCount);
  if (badIndex >= 0) {
    problems.push({
      pointer: `${at}/tets`,
      message: `index ${badIndex} is ${tets[badIndex]}, past the ${vertexCount} vertices`,
    });
  }
  if (problems.length > before) return undefined;
  return { positions: positions as Float64Array, tets: tets as Uint32Array };
}

function decode(
  value: unknown,
  dtype: StoredArray['dtype'],
  at: string,
  problems: Problem[],
): Float64Array | Uint32Array | undefined {
  if (!isRecord(value)) {
    problems.push({
      pointer: at,
      message: `must be a binary array { "dtype": "${dtype}", "count", "base64" }`,
    });
    return undefined;
  }
  if (value.dtype !== dtype) {
    problems.push({
      pointer: `${at}/dtype`,
      message: `must be "${dtype}", not ${JSON.stringify(value.dtype)}`,
    });
    return undefined;
  }
  const count = value.count;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    problems.push({ pointer: `${at}/count`, message: 'must be a whole number ≥ 0' });
    return undefined;
  }
  if (typeof value.base64 !== 'string') {
    problems.push({ pointer: `${at}/base64`, message: 'must be a string' });
    return undefined;
  }
  const bytes = decodeBase64(value.base64);
  if (typeof bytes === 'string') {
    problems.push({ pointer: `${at}/base64`, message: bytes });
    return undefined;
  }
  const size = BYTES[dtype];
  if (bytes.length !== count * size) {
    problems.push({
      pointer: `${at}/base64`,
      message: `holds ${bytes.length} bytes but count ${count} of ${dtype} needs ${count * size}${bytes.length < count * size ? ' (truncated?)' : ''}`,
    });
    return undefined;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dtype === 'float64')
    return Float64Array.from({ length: count }, (_, i) => view.getFloat64(8 * i, true));
  return Uint32Array.from({ length: count }, (_, i) => view.getUint32(4 * i, true));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
