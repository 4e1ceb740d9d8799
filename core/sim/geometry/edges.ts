/**
 * Unique undirected edges of a mesh whose elements have `arity` vertices (3 triangles, 4 tets):
 * every pair of vertices of an element is an edge. Returned as (lo, hi) pairs in first-seen order.
 */
export function uniqueEdges(elements: Uint32Array, arity: number, vertexCount: number): Uint32Array {
  const seen = new Map<number, number>();
  const out: number[] = [];
  for (let e = 0; e < elements.length; e += arity) {
    for (let i = 0; i < arity; i++) {
      for (let j = i + 1; j < arity; j++) {
        const a = Math.min(elements[e + i], elements[e + j]);
        const b = Math.max(elements[e + i], elements[e + j]);
        const key = a * vertexCount + b;
        if (seen.has(key)) continue;
        seen.set(key, out.length / 2);
        out.push(a, b);
      }
    }
  }
  return Uint32Array.from(out);
}
