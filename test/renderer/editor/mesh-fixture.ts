import type { TetArrays } from '../../../renderer/src/editor/mesh-body.ts';

/**
 * A box of `size` (m) with its minimum corner at `origin`, as 5 positively oriented tets (the
 * corner tets around one central tet): the smallest closed tet mesh to place and simulate.
 */
export function boxTetMesh(size: [number, number, number], origin: [number, number, number]): TetArrays {
  const positions = new Float32Array(24);
  for (let i = 0; i < 8; i++) {
    positions[3 * i] = origin[0] + (i & 1 ? size[0] : 0);
    positions[3 * i + 1] = origin[1] + (i & 2 ? size[1] : 0);
    positions[3 * i + 2] = origin[2] + (i & 4 ? size[2] : 0);
  }
  const corners = [
    [1, 2, 4, 7],
    [0, 1, 2, 4],
    [3, 1, 2, 7],
    [5, 1, 4, 7],
    [6, 2, 4, 7],
  ];
  const tets = new Uint32Array(20);
  corners.forEach((tet, t) => {
    const [a, b, c, d] = tet.map((v) => [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]]);
    const u = b.map((x, k) => x - a[k]);
    const v = c.map((x, k) => x - a[k]);
    const w = d.map((x, k) => x - a[k]);
    const det =
      u[0] * (v[1] * w[2] - v[2] * w[1]) -
      u[1] * (v[0] * w[2] - v[2] * w[0]) +
      u[2] * (v[0] * w[1] - v[1] * w[0]);
    tets.set(det > 0 ? tet : [tet[1], tet[0], tet[2], tet[3]], 4 * t);
  });
  return { positions, tets };
}
