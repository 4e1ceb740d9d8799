/**
 * Measures of mesh elements, the one copy that the tetrahedralizer, the solver's rest shapes and
 * the compliance mappings share. Positions in m, xyz interleaved; any array-like works (the
 * preset stores float32, the solver float64).
 */

/** Signed volume of tet (a, b, c, d), m³: det[b−a, c−a, d−a] / 6 (positive orientation > 0). */
export function signedTetVolumeM3(p: ArrayLike<number>, a: number, b: number, c: number, d: number): number {
  const ax = p[3 * a];
  const ay = p[3 * a + 1];
  const az = p[3 * a + 2];
  const e1x = p[3 * b] - ax;
  const e1y = p[3 * b + 1] - ay;
  const e1z = p[3 * b + 2] - az;
  const e2x = p[3 * c] - ax;
  const e2y = p[3 * c + 1] - ay;
  const e2z = p[3 * c + 2] - az;
  const e3x = p[3 * d] - ax;
  const e3y = p[3 * d + 1] - ay;
  const e3z = p[3 * d + 2] - az;
  return (e1x * (e2y * e3z - e2z * e3y) + e1y * (e2z * e3x - e2x * e3z) + e1z * (e2x * e3y - e2y * e3x)) / 6;
}

/** Area of triangle (a, b, c), m². */
export function triangleAreaM2(p: ArrayLike<number>, a: number, b: number, c: number): number {
  const ux = p[3 * b] - p[3 * a];
  const uy = p[3 * b + 1] - p[3 * a + 1];
  const uz = p[3 * b + 2] - p[3 * a + 2];
  const vx = p[3 * c] - p[3 * a];
  const vy = p[3 * c + 1] - p[3 * a + 1];
  const vz = p[3 * c + 2] - p[3 * a + 2];
  return 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
}

/** Distance between vertices a and b, m. */
export function edgeLengthM(p: ArrayLike<number>, a: number, b: number): number {
  return Math.hypot(p[3 * a] - p[3 * b], p[3 * a + 1] - p[3 * b + 1], p[3 * a + 2] - p[3 * b + 2]);
}

/** Key of the undirected edge (a, b) in a mesh of `vertexCount` vertices. */
export function edgeKey(a: number, b: number, vertexCount: number): number {
  return a < b ? a * vertexCount + b : b * vertexCount + a;
}

/** Index of each undirected edge of `edges` (2 per edge) by its key. */
export function indexEdges(edges: ArrayLike<number>, vertexCount: number): Map<number, number> {
  const index = new Map<number, number>();
  for (let e = 0; e < edges.length / 2; e++)
    index.set(edgeKey(edges[2 * e], edges[2 * e + 1], vertexCount), e);
  return index;
}
