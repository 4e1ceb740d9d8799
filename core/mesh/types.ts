/**
 * A triangle mesh as the importers produce it, in metres (after import scale and up-axis
 * conversion). Plain typed arrays so it crosses worker and IPC boundaries unchanged.
 */
export interface TriMesh {
  /** Vertex positions, m, xyz interleaved: length 3 × vertexCount. */
  positions: Float32Array;
  /** Triangle vertex indices, length 3 × triangleCount, counter-clockwise seen from outside. */
  indices: Uint32Array;
  /** Per triangle, an index into `groups` (OBJ o/g/usemtl, glTF mesh/material names). */
  groupIds: Uint16Array;
  /** Names of the candidate constraint groups found in the file. */
  groups: string[];
}
