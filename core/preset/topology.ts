/**
 * Mesh topology the derivation and exporters need: unique edges, bending hinges and the tet
 * boundary. Same conventions as core/sim/geometry (edges (lo, hi) in first-seen order; hinges
 * (x0, x1, wing of the triangle where the edge runs x0→x1, other wing); boundary faces
 * counter-clockwise seen from outside), kept here so core/preset does not depend on the engine.
 */

/** Unique undirected edges of elements with `arity` vertices each, (lo, hi) in first-seen order. */
export function uniqueEdges(
  elements: ArrayLike<number>,
  arity: number,
  vertexCount: number,
  keep?: (element: number) => boolean,
): Uint32Array {
  const seen = new Set<number>();
  const out: number[] = [];
  for (let e = 0; e < elements.length / arity; e++) {
    if (keep && !keep(e)) continue;
    for (let i = 0; i < arity; i++) {
      for (let j = i + 1; j < arity; j++) {
        const a = Math.min(elements[arity * e + i], elements[arity * e + j]);
        const b = Math.max(elements[arity * e + i], elements[arity * e + j]);
        const key = a * vertexCount + b;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push(a, b);
      }
    }
  }
  return Uint32Array.from(out);
}

/** A bending hinge and the two triangles it joins. */
export interface Hinge {
  /** x0, x1 (the shared edge), wing of triangle A (where the edge runs x0→x1), wing of triangle B. */
  vertices: [number, number, number, number];
  triangleA: number;
  triangleB: number;
}

/**
 * Hinges of a consistently wound triangle mesh: one per interior edge shared by exactly two
 * triangles that traverse it in opposite directions. Boundary and non-manifold edges get none.
 */
export function triangleHinges(triangles: ArrayLike<number>, vertexCount: number): Hinge[] {
  const directed = new Map<number, number>(); // a→b → triangle holding it
  const uses = new Map<number, number>();
  const triangleCount = triangles.length / 3;
  for (let t = 0; t < triangleCount; t++) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[3 * t + k];
      const b = triangles[3 * t + ((k + 1) % 3)];
      directed.set(a * vertexCount + b, t);
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      uses.set(key, (uses.get(key) ?? 0) + 1);
    }
  }
  const hinges: Hinge[] = [];
  for (let t = 0; t < triangleCount; t++) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[3 * t + k];
      const b = triangles[3 * t + ((k + 1) % 3)];
      if (a > b) continue;
      const other = directed.get(b * vertexCount + a);
      if (other === undefined || uses.get(a * vertexCount + b) !== 2) continue;
      const wingA = triangles[3 * t + ((k + 2) % 3)];
      let wingB = triangles[3 * other];
      for (let m = 0; m < 3; m++) {
        const v = triangles[3 * other + m];
        if (v !== a && v !== b) wingB = v;
      }
      hinges.push({ vertices: [a, b, wingA, wingB], triangleA: t, triangleB: other });
    }
  }
  return hinges;
}

/** Outward faces of a positively oriented tet (v0, v1, v2, v3), as local vertex positions. */
const TET_FACES = [
  [0, 2, 1],
  [0, 1, 3],
  [0, 3, 2],
  [1, 2, 3],
] as const;

/** Faces of a tet mesh that belong to exactly one tet, counter-clockwise seen from outside. */
export function tetBoundaryFaces(tets: ArrayLike<number>, vertexCount: number): Uint32Array {
  const count = new Map<string, number>();
  const key = (a: number, b: number, c: number) => {
    const sorted = [a, b, c].sort((x, y) => x - y);
    return `${sorted[0]},${sorted[1]},${sorted[2]}`;
  };
  const tetCount = tets.length / 4;
  for (let t = 0; t < tetCount; t++) {
    for (const face of TET_FACES) {
      const k = key(tets[4 * t + face[0]], tets[4 * t + face[1]], tets[4 * t + face[2]]);
      count.set(k, (count.get(k) ?? 0) + 1);
    }
  }
  const out: number[] = [];
  for (let t = 0; t < tetCount; t++) {
    for (const face of TET_FACES) {
      const a = tets[4 * t + face[0]];
      const b = tets[4 * t + face[1]];
      const c = tets[4 * t + face[2]];
      if (a < vertexCount && count.get(key(a, b, c)) === 1) out.push(a, b, c);
    }
  }
  return Uint32Array.from(out);
}
