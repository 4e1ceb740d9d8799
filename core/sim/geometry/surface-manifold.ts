/**
 * Whether a welded triangle surface can be a cloth: every edge must lie on one triangle (the
 * rim of an open sheet) or two (inside the sheet). An edge on three or more triangles (a fin, two
 * sheets glued along a line) has no single pair of faces to bend between, and its triangles
 * would pull against each other with no rest shape that satisfies all of them.
 */

export interface NonManifoldEdge {
  /** The edge's two vertices, indices into the welded positions. */
  vertices: [number, number];
  /** The triangles that share it (indices of triangles, 3 indices each), ascending. */
  triangles: number[];
}

/** The first edge (in triangle order) that more than two triangles share, or null when none does. */
export function firstNonManifoldEdge(triangles: Uint32Array, vertexCount: number): NonManifoldEdge | null {
  const users = new Map<number, number[]>();
  for (let t = 0; t < triangles.length / 3; t++) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[3 * t + k];
      const b = triangles[3 * t + ((k + 1) % 3)];
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      const list = users.get(key);
      if (list) list.push(t);
      else users.set(key, [t]);
    }
  }
  for (const [key, list] of users) {
    if (list.length > 2) {
      return { vertices: [Math.floor(key / vertexCount), key % vertexCount], triangles: list };
    }
  }
  return null;
}
