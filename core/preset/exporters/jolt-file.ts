import { type BinaryArrayJson, encodeArray } from '../../document/binary-array.ts';
import type { JoltBody, JoltCollider, JoltExport, JoltRenderMesh } from './jolt.ts';

/**
 * The Jolt file as written (formatVersion 2): the export's header stays JSON, and every bulk list
 * becomes columns of binary arrays (core/document/binary-array.ts: little-endian bytes in base64,
 * dtype and count beside them), with the same field names as the list form (formatVersion 1, which
 * exportJolt returns and the loader still reads):
 *
 *   edgeConstraints: [{ vertex: [a, b], compliance }, …]  →  edgeConstraints: { vertex: uint16[2n], compliance: float32[n] }
 *
 * Jolt stores positions, inverse masses, compliances and distances as float, so float32 carries
 * exactly what Jolt gets (the body steps bit for bit as from the list form); indices are uint16
 * where every index fits, else uint32. About a seventh of the indented list form's size.
 */
export const JOLT_FILE_VERSION = 2;

type Column = BinaryArrayJson;

export interface JoltFileBody extends Omit<JoltBody, 'sharedSettings' | 'renderMesh'> {
  sharedSettings: {
    vertices: { position: Column; invMass: Column };
    faces: Column;
    edgeConstraints: { vertex: Column; compliance: Column };
    dihedralBendConstraints: { vertex: Column; compliance: Column };
    volumeConstraints: { vertex: Column; compliance: Column };
    lraConstraints: { vertex: Column; maxDistance: Column };
  };
  renderMesh?: { positions: Column; indices: Column; embedding: { vertex: Column; weight: Column } };
}

/** Mesh colliders hold their triangles as columns too. */
export type JoltFileCollider =
  | Exclude<JoltCollider, { type: 'mesh' }>
  | { type: 'mesh'; friction: number; vertices: Column; indices: Column };

export interface JoltFile extends Omit<JoltExport, 'formatVersion' | 'colliders' | 'bodies'> {
  formatVersion: typeof JOLT_FILE_VERSION;
  colliders: JoltFileCollider[];
  bodies: JoltFileBody[];
}

/** The export packed for writing (JSON.stringify it). */
export function packJoltExport(data: JoltExport): JoltFile {
  return {
    ...data,
    formatVersion: JOLT_FILE_VERSION,
    colliders: data.colliders.map(packCollider),
    bodies: data.bodies.map(packBody),
  };
}

function packCollider(collider: JoltCollider): JoltFileCollider {
  if (collider.type !== 'mesh') return collider;
  return {
    ...collider,
    vertices: encodeArray(Float32Array.from(collider.vertices)),
    indices: encodeArray(indexArray(collider.vertices.length / 3)(collider.indices)),
  };
}

function packBody(body: JoltBody): JoltFileBody {
  const s = body.sharedSettings;
  const index = indexArray(s.vertices.length);
  const { renderMesh, ...rest } = body;
  return {
    ...rest,
    sharedSettings: {
      vertices: {
        position: encodeArray(Float32Array.from(s.vertices.flatMap((v) => v.position))),
        invMass: encodeArray(Float32Array.from(s.vertices, (v) => v.invMass)),
      },
      faces: encodeArray(index(s.faces.flat())),
      edgeConstraints: columns(s.edgeConstraints, index, 'compliance'),
      dihedralBendConstraints: columns(s.dihedralBendConstraints, index, 'compliance'),
      volumeConstraints: columns(s.volumeConstraints, index, 'compliance'),
      lraConstraints: columns(s.lraConstraints, index, 'maxDistance'),
    },
    ...(renderMesh ? { renderMesh: packRenderMesh(renderMesh, index) } : {}),
  };
}

function packRenderMesh(mesh: JoltRenderMesh, simulationIndex: IndexArray): JoltFileBody['renderMesh'] {
  return {
    positions: encodeArray(Float32Array.from(mesh.positions)),
    indices: encodeArray(indexArray(mesh.positions.length / 3)(mesh.indices)),
    embedding: {
      vertex: encodeArray(simulationIndex(mesh.embedding.vertex)),
      weight: encodeArray(Float32Array.from(mesh.embedding.weight)),
    },
  };
}

type IndexArray = (values: readonly number[]) => Uint16Array | Uint32Array;

/** Indices into `count` items: uint16 when every one fits. */
function indexArray(count: number): IndexArray {
  return count <= 0x10000 ? (values) => Uint16Array.from(values) : (values) => Uint32Array.from(values);
}

function columns<K extends string>(
  list: readonly ({ vertex: readonly number[] } & Record<K, number>)[],
  index: IndexArray,
  value: K,
): { vertex: Column } & Record<K, Column> {
  return {
    vertex: encodeArray(index(list.flatMap((c) => c.vertex))),
    [value]: encodeArray(Float32Array.from(list, (c) => c[value])),
  } as { vertex: Column } & Record<K, Column>;
}
