import type { Static } from 'typebox';
import { type BinaryArrayJson, decodeArray, encodeArray } from '../document/binary-array.ts';
import { childPointer, type Problem } from '../document/problem.ts';
import type { SolidMesh } from '../scene/scene-meshes.ts';
import { badTetsMessage, findBadTets } from '../tetra/check-tets.ts';
import type { StoredMeshSchema } from './schema.ts';

/**
 * The tet meshes a project carries (format 2), so a project opens where the mesh files cannot be
 * read (the browser host has no file paths). Each array is a binary array of core/document
 * (base64 of the little-endian bytes with the element type and count beside it). Positions are
 * float64, not the presets' float32, so that a reopened project builds exactly the world it was
 * saved with.
 *
 *   "meshes": { "spot.obj": { "positions": { "dtype": "float64", "count": 3n, "base64": "…" },
 *                             "tets": { "dtype": "uint32", "count": 4m, "base64": "…" },
 *                             "surface": { "positions": { "dtype": "float32", … },
 *                                          "indices": { "dtype": "uint32", … },
 *                                          "groups": { "names": ["…"], "triangleGroups": { "dtype": "uint16", … } } } } }
 *
 * The surface (optional) is the imported mesh the tets were made from, kept so that a reopened
 * project exports the same render mesh, embedding and import groups as before it was saved.
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
        ...(mesh.surface ? { surface: encodeSurface(mesh.surface) } : {}),
      },
    ]),
  );
}

type Surface = NonNullable<SolidMesh['surface']>;
type StoredSurface = NonNullable<StoredMesh['surface']>;

function encodeSurface(surface: Surface): StoredSurface {
  const groups = surface.groups;
  const perElement = (g: ArrayLike<number>) => encodeArray(Uint16Array.from(g)) as BinaryArrayJson<'uint16'>;
  return {
    positions: encodeArray(Float32Array.from(surface.positions)) as BinaryArrayJson<'float32'>,
    indices: encodeArray(Uint32Array.from(surface.indices)) as BinaryArrayJson<'uint32'>,
    ...(groups
      ? {
          groups: {
            names: [...groups.names],
            ...(groups.triangleGroups ? { triangleGroups: perElement(groups.triangleGroups) } : {}),
            ...(groups.tetGroups ? { tetGroups: perElement(groups.tetGroups) } : {}),
          },
        }
      : {}),
  };
}

/**
 * The meshes of a schema-valid `meshes` member (absent is none), or every problem with its
 * pointer (/meshes/PATH/tets, /meshes/PATH/surface/indices …): bad base64, lengths that are not
 * whole vertices, tets or triangles, non-finite positions, indices past the vertices, inverted
 * or flat tets (core/tetra/check-tets.ts), import groups past their names or not one per
 * element. `usedBy` names the bodies that use a mesh, for the messages.
 */
export function decodeMeshes(
  stored: Readonly<Record<string, StoredMesh>> | undefined,
  usedBy: (path: string) => string = () => '',
): {
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
    const solid = checkMesh(positions as Float64Array, tets as Uint32Array, at, problems, usedBy(path));
    const surface =
      mesh.surface && decodeSurface(mesh.surface, tets.length / 4, childPointer(at, 'surface'), problems);
    if (!solid || (mesh.surface && !surface)) continue;
    meshes.set(path, surface ? { ...solid, surface } : solid);
  }
  return { meshes, problems };
}

function checkMesh(
  positions: Float64Array,
  tets: Uint32Array,
  at: string,
  problems: Problem[],
  users: string,
): SolidMesh | undefined {
  const before = problems.length;
  checkPositions(positions, `${at}/positions`, problems);
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
  if (problems.length > before) return undefined;
  // Inverted tets build a world that turns inside out on the first step: refuse them here.
  const bad = findBadTets(positions, tets);
  if (bad) {
    problems.push({
      pointer: `${at}/tets`,
      message: `${badTetsMessage(bad)}${users ? `; used by ${users}` : ''}`,
    });
    return undefined;
  }
  return { positions, tets };
}

/** The surface of a stored mesh of `tetCount` tets, or undefined with its problems added. */
function decodeSurface(
  stored: StoredSurface,
  tetCount: number,
  at: string,
  problems: Problem[],
): Surface | undefined {
  const before = problems.length;
  const decode = <T>(json: Parameters<typeof decodeArray>[0], pointer: string): T | undefined => {
    const array = decodeArray(json, pointer);
    if ('pointer' in array) {
      problems.push(array);
      return undefined;
    }
    return array as T;
  };
  const positions = decode<Float32Array>(stored.positions, childPointer(at, 'positions'));
  const indices = decode<Uint32Array>(stored.indices, childPointer(at, 'indices'));
  const groupsAt = childPointer(at, 'groups');
  const triangleGroups =
    stored.groups?.triangleGroups &&
    decode<Uint16Array>(stored.groups.triangleGroups, childPointer(groupsAt, 'triangleGroups'));
  const tetGroups =
    stored.groups?.tetGroups &&
    decode<Uint16Array>(stored.groups.tetGroups, childPointer(groupsAt, 'tetGroups'));
  if (problems.length > before || !positions || !indices) return undefined;
  checkPositions(positions, childPointer(at, 'positions'), problems);
  if (indices.length % 3 !== 0) {
    problems.push({
      pointer: childPointer(at, 'indices'),
      message: `must hold 3 vertex indices per triangle (a multiple of 3), not ${indices.length}`,
    });
  }
  const vertexCount = Math.floor(positions.length / 3);
  const badIndex = indices.findIndex((v) => v >= vertexCount);
  if (badIndex >= 0) {
    problems.push({
      pointer: childPointer(at, 'indices'),
      message: `index ${badIndex} is ${indices[badIndex]}, past the ${vertexCount} vertices`,
    });
  }
  const names = stored.groups?.names ?? [];
  const checkGroups = (groups: Uint16Array | undefined, count: number, what: string, key: string) => {
    if (!groups) return;
    const pointer = childPointer(groupsAt, key);
    if (groups.length !== count) {
      problems.push({ pointer, message: `must hold one group per ${what} (${count}), not ${groups.length}` });
    }
    const bad = groups.findIndex((g) => g >= names.length);
    if (bad >= 0) {
      problems.push({
        pointer,
        message: `value ${bad} is ${groups[bad]}, past the ${names.length} group names`,
      });
    }
  };
  checkGroups(triangleGroups, Math.floor(indices.length / 3), 'triangle', 'triangleGroups');
  checkGroups(tetGroups, tetCount, 'tet', 'tetGroups');
  if (problems.length > before) return undefined;
  return {
    positions,
    indices,
    ...(stored.groups
      ? {
          groups: {
            names: [...names],
            ...(triangleGroups ? { triangleGroups } : {}),
            ...(tetGroups ? { tetGroups } : {}),
          },
        }
      : {}),
  };
}

/** Whole vertices of finite coordinates, or a problem at `pointer`. */
function checkPositions(positions: Float64Array | Float32Array, pointer: string, problems: Problem[]): void {
  if (positions.length % 3 !== 0) {
    problems.push({
      pointer,
      message: `must hold x y z per vertex (a multiple of 3 numbers), not ${positions.length}`,
    });
  }
  const bad = positions.findIndex((x) => !Number.isFinite(x));
  if (bad >= 0) {
    problems.push({ pointer, message: `value ${bad} is ${positions[bad]}; positions must be finite (m)` });
  }
}
