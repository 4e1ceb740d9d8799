import type { SurfaceMesh } from '../../../core/scene/scene-meshes.ts';

/**
 * A sphere as a closed triangle mesh, wound counter-clockwise from outside: an octahedron
 * subdivided `levels` times with its vertices pushed onto the sphere (8·4^levels triangles).
 */
export function sphereMesh(radiusM: number, center: [number, number, number], levels: number): SurfaceMesh {
  const vertices: number[][] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
    [0, 0, 1],
    [0, 0, -1],
  ];
  let faces: number[][] = [
    [0, 2, 4],
    [2, 1, 4],
    [1, 3, 4],
    [3, 0, 4],
    [2, 0, 5],
    [1, 2, 5],
    [3, 1, 5],
    [0, 3, 5],
  ];
  for (let level = 0; level < levels; level++) {
    const middle = new Map<string, number>();
    const mid = (a: number, b: number) => {
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      let index = middle.get(key);
      if (index === undefined) {
        const p = vertices[a].map((c, k) => (c + vertices[b][k]) / 2);
        const length = Math.hypot(p[0], p[1], p[2]);
        vertices.push(p.map((c) => c / length));
        index = vertices.length - 1;
        middle.set(key, index);
      }
      return index;
    };
    faces = faces.flatMap(([a, b, c]) => {
      const [ab, bc, ca] = [mid(a, b), mid(b, c), mid(c, a)];
      return [
        [a, ab, ca],
        [ab, b, bc],
        [ca, bc, c],
        [ab, bc, ca],
      ];
    });
  }
  return {
    positions: Float64Array.from(vertices.flatMap((p) => p.map((c, k) => center[k] + radiusM * c))),
    indices: Uint32Array.from(faces.flat()),
  };
}
