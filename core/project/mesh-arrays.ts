import type { Static } from 'typebox';
import { type BinaryArrayJson, decodeArray, encodeArray } from '../document/binary-array.ts';
import { childPointer, type Problem } from '../document/problem.ts';
import type { SolidMesh } from '../scene/scene-meshes.ts';
import type { StoredMeshSchema } from './schema.ts';

/**
 * The tet meshes a project carries (format 2), so a project opens where the mesh files cannot be
 * read (the browser host has no file paths). Each array is a binary array of core/document
 * (base64 of the little-endian bytes with the element type and count beside it). Positions are
 * float64, not the presets' float32, so that a reopened project builds exactly the world it was
 * saved with.
 *
 *   "meshes": { "spot.obj": { "positions": { "dtype": "float64", "count": 3n, "base64": "…" },
 *                             "tets": { "dtype": "uint32", "count": 4m, "base64": "…" } } }
 */

/** One embedded mesh, as JSON (schema.ts checks it before it is decoded). */
export type StoredMesh = Static<typeof StoredMeshSchema>;

/** The JSON of `meshes`, in the map's order. */
export function encodeMeshes(meshes: ReadonlyMap<string, SolidMesh>): Record<string, StoredMesh> {
  return Object.fromEntries(
    [...meshes].map(([path, mesh]) => [
      path,
      {
        positions: encodeArray(Float64Array.from(mesh.positions)) as BinaryArrayJson<'float64'>,
        tets: encodeArray(Uint32Array.from(mesh.tets)) as BinaryArrayJson<'uint32'>,
      },
    ]),
  );
}

/**
 * The meshes of a schema-valid `meshes` member (absent is none), or every problem with its
 * pointer (/meshes/PATH/tets …): bad base64, lengths that are not whole vertices or tets,
 * non-finite positions, indices past the vertices.
 */
export function decodeMeshes(stored: Readonly<Record<string, StoredMesh>> | undefined): {
  meshes: Map<string, SolidMesh>;
  problems: Problem[];
} {
  const meshes = new Map<string, SolidMesh>();
  const problems: Problem[] = [];
  for (const [path, mesh] of Object.entries(stored ?? {})) {
    const at = childPointer('/meshes', path);
    const positions = decodeArray(mesh.positions, childPointer(at, 'positions'));
    const tets = decodeArray(mesh.tets, childPointer(at, 'tets'));
    if ('pointer' in positions) problems.push(positions);
    if ('pointer' in tets) problems.push(tets);
    if ('pointer' in positions || 'pointer' in tets) continue;
    const solid = checkMesh(positions as Float64Array, tets as Uint32Array, at, problems);
    if (solid) meshes.set(path, solid);
  }
  return { meshes, problems };
}

function checkMesh(
  positions: Float64Array,
  tets: Uint32Array,
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
  const badPosition = positions.findIndex((x) => !Number.isFinite(x));
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
  const badIndex = tets.findIndex((v) => v >= vertexCount);
  if (badIndex >= 0) {
    problems.push({
      pointer: `${at}/tets`,
      message: `index ${badIndex} is ${tets[badIndex]}, past the ${vertexCount} vertices`,
    });
  }
  return problems.length > before ? undefined : { positions, tets };
}
