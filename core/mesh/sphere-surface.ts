import type { TriMesh } from './types.ts';

/**
 * A closed sphere of radius `radiusM` about the origin: an octahedron whose triangles are split in
 * four `subdivisions` times (8·4^s triangles), its vertices pushed out onto the sphere;
 * counter-clockwise seen from outside, one group. A curved, watertight surface made without a
 * file: the tetra tests' solid, and what the editor's tetrahedralization worker warms up on.
 */
export function sphereSurface(radiusM: number, subdivisions: number): TriMesh {
  const positions = [1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1];
  let indices = [0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5];
  for (let s = 0; s < subdivisions; s++) {
    const mid = new Map<string, number>();
    const midpoint = (a: number, b: number) => {
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      let m = mid.get(key);
      if (m === undefined) {
        m = positions.length / 3;
        for (let k = 0; k < 3; k++) positions.push((positions[3 * a + k] + positions[3 * b + k]) / 2);
        mid.set(key, m);
      }
      return m;
    };
    const next: number[] = [];
    for (let t = 0; t < indices.length; t += 3) {
      const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
      const ab = midpoint(a, b);
      const bc = midpoint(b, c);
      const ca = midpoint(c, a);
      next.push(a, ab, ca, ab, b, bc, ca, bc, c, ab, bc, ca);
    }
    indices = next;
  }
  for (let i = 0; i < positions.length; i += 3) {
    const length = Math.hypot(positions[i], positions[i + 1], positions[i + 2]);
    for (let k = 0; k < 3; k++) positions[i + k] *= radiusM / length;
  }
  return {
    positions: Float32Array.from(positions),
    indices: Uint32Array.from(indices),
    groupIds: new Uint16Array(indices.length / 3),
    groups: ['default'],
  };
}
