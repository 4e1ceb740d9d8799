/** Small synthetic triangle meshes for the tetra tests (counter-clockwise seen from outside). */
import type { TriMesh } from '../../../core/mesh/types.ts';

export function triMesh(positions: number[], indices: number[]): TriMesh {
  return {
    positions: Float32Array.from(positions),
    indices: Uint32Array.from(indices),
    groupIds: new Uint16Array(indices.length / 3),
    groups: ['default'],
  };
}

const CUBE_FACES = [
  [0, 2, 1, 0, 3, 2], // z = lo
  [4, 5, 6, 4, 6, 7], // z = hi
  [0, 1, 5, 0, 5, 4], // y = lo
  [3, 7, 6, 3, 6, 2], // y = hi
  [0, 4, 7, 0, 7, 3], // x = lo
  [1, 2, 6, 1, 6, 5], // x = hi
];

/** Axis-aligned box from lo to hi; `skipFaces` leaves faces out (an open box). */
export function box(
  lo: [number, number, number],
  hi: [number, number, number],
  skipFaces: number[] = [],
): TriMesh {
  const [x0, y0, z0] = lo;
  const [x1, y1, z1] = hi;
  const positions = [
    x0,
    y0,
    z0,
    x1,
    y0,
    z0,
    x1,
    y1,
    z0,
    x0,
    y1,
    z0,
    x0,
    y0,
    z1,
    x1,
    y0,
    z1,
    x1,
    y1,
    z1,
    x0,
    y1,
    z1,
  ];
  const indices = CUBE_FACES.filter((_, i) => !skipFaces.includes(i)).flat();
  return triMesh(positions, indices);
}

/** Concatenates meshes (no welding): several parts, possibly overlapping. */
export function concat(...meshes: TriMesh[]): TriMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  for (const m of meshes) {
    const base = positions.length / 3;
    positions.push(...m.positions);
    for (const i of m.indices) indices.push(base + i);
  }
  return triMesh(positions, indices);
}

/** Unit sphere (radius r) as a subdivided octahedron with vertices pushed onto the sphere. */
export function sphere(r: number, subdivisions: number): TriMesh {
  let positions = [1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1];
  let indices = [0, 2, 4, 2, 1, 4, 1, 3, 4, 3, 0, 4, 2, 0, 5, 1, 2, 5, 3, 1, 5, 0, 3, 5];
  for (let s = 0; s < subdivisions; s++) {
    const mid = new Map<string, number>();
    const midpoint = (a: number, b: number) => {
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      let m = mid.get(key);
      if (m === undefined) {
        m = positions.length / 3;
        positions = positions.concat([0, 1, 2].map((k) => (positions[3 * a + k] + positions[3 * b + k]) / 2));
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
    const len = Math.hypot(positions[i], positions[i + 1], positions[i + 2]);
    for (let k = 0; k < 3; k++) positions[i + k] *= r / len;
  }
  return triMesh(positions, indices);
}

/** Flat n × n grid in the plane y = 0 (a cloth sheet). */
export function sheet(n: number): TriMesh {
  const positions: number[] = [];
  const indices: number[] = [];
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) positions.push(i / n, 0, j / n);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const a = j * (n + 1) + i;
      indices.push(a, a + n + 1, a + 1, a + 1, a + n + 1, a + n + 2);
    }
  }
  return triMesh(positions, indices);
}
