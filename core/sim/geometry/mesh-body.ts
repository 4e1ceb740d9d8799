/**
 * Rest geometry of 'mesh' bodies: the vertices the elements use, in double precision.
 * Importers split vertices along seams (normals, UVs); a cloth must be one connected sheet, so
 * its surface is welded first (vertices at exactly the same position become one).
 */

export interface IndexedElements {
  /** Positions, m, xyz interleaved, only the vertices the elements use. */
  positions: Float64Array;
  /** `arity` indices per element into `positions`. */
  elements: Uint32Array;
}

/** Keeps only the vertices `elements` refer to, renumbered in first-use order. */
export function compactVertices(positions: ArrayLike<number>, elements: Uint32Array): IndexedElements {
  const remap = new Map<number, number>();
  const out = new Uint32Array(elements.length);
  for (let k = 0; k < elements.length; k++) {
    let index = remap.get(elements[k]);
    if (index === undefined) {
      index = remap.size;
      remap.set(elements[k], index);
    }
    out[k] = index;
  }
  const compact = new Float64Array(3 * remap.size);
  for (const [from, to] of remap) {
    compact[3 * to] = positions[3 * from];
    compact[3 * to + 1] = positions[3 * from + 1];
    compact[3 * to + 2] = positions[3 * from + 2];
  }
  return { positions: compact, elements: out };
}

/**
 * Merges vertices with identical coordinates and drops triangles that collapse (two equal
 * corners after welding), then compacts.
 */
export function weldTriangles(positions: ArrayLike<number>, indices: Uint32Array): IndexedElements {
  const first = new Map<string, number>();
  const canonical = new Uint32Array(positions.length / 3);
  for (let v = 0; v < canonical.length; v++) {
    const key = `${positions[3 * v]},${positions[3 * v + 1]},${positions[3 * v + 2]}`;
    const seen = first.get(key);
    canonical[v] = seen ?? v;
    if (seen === undefined) first.set(key, v);
  }
  const kept: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const a = canonical[indices[t]];
    const b = canonical[indices[t + 1]];
    const c = canonical[indices[t + 2]];
    if (a !== b && b !== c && c !== a) kept.push(a, b, c);
  }
  return compactVertices(positions, Uint32Array.from(kept));
}

/** True when every edge of the triangles is shared by exactly two of them, in opposite directions. */
export function isClosedSurface(triangles: Uint32Array, vertexCount: number): boolean {
  const directed = new Map<number, number>();
  for (let t = 0; t < triangles.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[t + k];
      const b = triangles[t + ((k + 1) % 3)];
      const key = a * vertexCount + b;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  for (const [key, uses] of directed) {
    const a = Math.floor(key / vertexCount);
    const b = key % vertexCount;
    if (uses !== 1 || directed.get(b * vertexCount + a) !== 1) return false;
  }
  return triangles.length > 0;
}
