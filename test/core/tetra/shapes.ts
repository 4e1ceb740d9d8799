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

/** Sphere of radius r as a subdivided octahedron with vertices pushed onto the sphere (core's). */
export { sphereSurface as sphere } from '../../../core/mesh/sphere-surface.ts';

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
