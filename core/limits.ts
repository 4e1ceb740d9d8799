/**
 * Budgets for what a file may ask of the reader, in one table. A file small on disk can describe
 * billions of triangles (glTF instancing, zero-filled accessors), names that are copied into every
 * group, or nesting that overflows a recursive walk; each reader checks these before it allocates
 * or recurses, and refuses with its own typed error (MeshImportError, DocumentError,
 * TetrahedralizeError) saying which limit the file passed, where, and by how much.
 *
 * The values leave room for every real asset we know of: the largest mesh in the test corpus
 * (stanford-bunny) has 69k triangles, and the tetrahedralizer refuses more than 4 M tets anyway.
 */
export const INPUT_LIMITS = {
  /** Vertices of one imported mesh, over every primitive and every node that instances it. */
  meshVertices: 2_000_000,
  /** Triangles of one imported mesh, over every primitive and every node that instances it. */
  meshTriangles: 2_000_000,
  /** Groups of one imported mesh: group ids are stored as Uint16 per triangle. */
  meshGroups: 0xffff,
  /** Entries of one glTF array (nodes, meshes, primitives, accessors, children, ...). */
  gltfArrayLength: 100_000,
  /**
   * Primitives drawn by one glTF scene, counted once per node that instances their mesh: each
   * costs tens of microseconds to read whatever its size, so a file of tiny primitives is slow.
   */
  gltfPrimitives: 50_000,
  /** Levels of a glTF node hierarchy (a world transform is composed down the whole chain). */
  gltfNodeDepth: 256,
  /** Characters of one name that becomes a group name (OBJ o/g/usemtl, glTF mesh and material). */
  nameLength: 1024,
  /** Nesting of arrays and objects in any JSON we read (presets, projects, scenes, glTF). */
  jsonDepth: 128,
} as const;

export type InputLimit = keyof typeof INPUT_LIMITS;

/**
 * The sentence for a file past a limit: what was found, the limit and its name, so a user can
 * tell a damaged file from a large one and a developer can find the number to change.
 */
export function overLimit(limit: InputLimit, found: string): string {
  return `${found}, more than the ${INPUT_LIMITS[limit].toLocaleString('en-US')} allowed (input limit ${limit})`;
}
