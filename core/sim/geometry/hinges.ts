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
