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
  /**
   * Bytes one meshopt-compressed glTF buffer view decodes to (count × byteStride): a few bytes of
   * compressed data can stand for a large run of repeated elements.
   */
  gltfDecodedBytes: 512 * 1024 ** 2,
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

/**
 * Budgets for what a run may ask of the solver, apart from what a file may ask of the reader
 * (INPUT_LIMITS): every scene within the physical bounds of the scene schema is valid, yet a
 * 1e6-cell box stepped at dt = 1e-5 s for an hour of simulated time is a year of computing.
 * core/sim/sim-budget.ts estimates a run from its setup and refuses it before the world is
 * built (SimulationBudgetError), naming the estimate, the limit and the limit's name.
 */
export const SIMULATION_BUDGET = {
  /**
   * Frames of one run (`softbody simulate --seconds`, a settle, a bias measurement). dt ≥ 1e-5 s
   * allows 1e5 frames per simulated second; a million frames is 4.6 hours of 60 Hz animation,
   * and each frame costs a per-frame measurement on top of its substeps.
   */
  frames: 1_000_000,
  /**
   * Constraint projections of one run: scalar constraints × iterations × substeps × frames.
   * Measured 0.7–1.0e7 per second on one core (hanging bars of 800 and 25,600 scalar
   * constraints, WebAssembly kernels), so this is about a quarter of an hour of computing.
   */
  constraintProjections: 1e10,
  /**
   * Bytes of one world, estimated (sim-budget.ts): 32-bit WebAssembly memory tops out at 4 GiB,
   * and the setup the world is built from is held beside it.
   */
  worldBytes: 2 * 1024 ** 3,
} as const;

export type SimulationLimit = keyof typeof SIMULATION_BUDGET;
/** A budget table of the same shape (a caller with less memory, a test). */
export type SimulationBudget = { readonly [K in SimulationLimit]: number };

/** The sentence for a run past a budget: the estimate, the limit and its name. */
export function overBudget(
  limit: SimulationLimit,
  found: string,
  budget: SimulationBudget = SIMULATION_BUDGET,
): string {
  return `${found}, more than the ${budget[limit].toLocaleString('en-US')} allowed (simulation budget ${limit})`;
}
