/**
 * Bending hinges of a consistently wound triangle mesh: for each interior edge shared by
 * triangle A (where it runs x0→x1) and triangle B (where it runs x1→x0), the quadruple
 * (x0, x1, wing of A, wing of B), as dihedral-bend.ts expects. Non-manifold edges (three or
 * more triangles) and boundary edges get no hinge.
 */
export function triangleHinges(triangles: Uint32Array, vertexCount: number): Uint32Array {
  const directed = new Map<number, number>(); // directed edge a→b → wing vertex
  const uses = new Map<number, number>(); // undirected edge → triangle count
  for (let t = 0; t < triangles.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[t + k];
      const b = triangles[t + ((k + 1) % 3)];
      directed.set(a * vertexCount + b, triangles[t + ((k + 2) % 3)]);
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  }
  const out: number[] = [];
  for (let t = 0; t < triangles.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[t + k];
      const b = triangles[t + ((k + 1) % 3)];
      if (a > b) continue; // each undirected edge once, from the side where it runs lo→hi
      const other = directed.get(b * vertexCount + a);
      if (other === undefined || uses.get(a * vertexCount + b) !== 2) continue;
      out.push(a, b, triangles[t + ((k + 2) % 3)], other);
    }
  }
  return Uint32Array.from(out);
}

/**
 * Neighbours of each triangle of a consistently wound mesh across its edges: for triangle t =
 * (c0, c1, c2) and edge k = (c_k, c_{k+1}), `triangle[3t + k]` is the triangle across it (where
 * the edge runs c_{k+1}→c_k) and `wing[3t + k]` that triangle's third vertex; −1 for boundary and
 * non-manifold edges (no hinge), as triangleHinges.
 */
export function triangleNeighbours(
  triangles: Uint32Array,
  vertexCount: number,
): { triangle: Int32Array; wing: Int32Array } {
  const directed = new Map<number, number>(); // directed edge a→b → triangle
  const uses = new Map<number, number>(); // undirected edge → triangle count
  const count = triangles.length / 3;
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[3 * t + k];
      const b = triangles[3 * t + ((k + 1) % 3)];
      directed.set(a * vertexCount + b, t);
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  }
  const triangle = new Int32Array(3 * count).fill(-1);
  const wing = new Int32Array(3 * count).fill(-1);
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[3 * t + k];
      const b = triangles[3 * t + ((k + 1) % 3)];
      const other = directed.get(b * vertexCount + a);
      if (other === undefined || uses.get(Math.min(a, b) * vertexCount + Math.max(a, b)) !== 2) continue;
      triangle[3 * t + k] = other;
      // The third vertex of `other`: the one that is neither a nor b.
      for (let q = 0; q < 3; q++) {
        const v = triangles[3 * other + q];
        if (v !== a && v !== b) wing[3 * t + k] = v;
      }
    }
  }
  return { triangle, wing };
}
