/**
 * A cloth body simulates its repaired surface (seams welded, degenerate and duplicate triangles
 * dropped); the file's own mesh, with its UV and normal seams, stays the render mesh. Each render
 * vertex then follows the simulation vertex it was welded into: the embedding names a triangle
 * holding that vertex, with weight 1 at its corner.
 */

/** Marks an input vertex that a repair removed (as core/mesh's repair map does). */
const REMOVED = 0xffffffff;

/**
 * The embedding of the render vertices in the simulation triangles, or undefined when a render
 * vertex was removed by the repair (it belongs to no simulation triangle).
 */
export function clothRenderEmbedding(
  vertexOf: Uint32Array,
  triangles: Uint32Array,
  simulationVertexCount: number,
): { elements: Uint32Array; weights: Float32Array } | undefined {
  // For each simulation vertex, the first triangle and corner holding it.
  const triangleOf = new Int32Array(simulationVertexCount).fill(-1);
  const cornerOf = new Uint8Array(simulationVertexCount);
  for (let i = 0; i < triangles.length; i++) {
    const v = triangles[i];
    if (triangleOf[v] < 0) {
      triangleOf[v] = Math.floor(i / 3);
      cornerOf[v] = i % 3;
    }
  }
  const elements = new Uint32Array(vertexOf.length);
  const weights = new Float32Array(3 * vertexOf.length);
  for (let r = 0; r < vertexOf.length; r++) {
    const v = vertexOf[r];
    if (v === REMOVED || v >= simulationVertexCount || triangleOf[v] < 0) return undefined;
    elements[r] = triangleOf[v];
    weights[3 * r + cornerOf[v]] = 1;
  }
  return { elements, weights };
}
