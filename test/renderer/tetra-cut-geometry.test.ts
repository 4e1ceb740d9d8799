import { describe, expect, test } from 'vitest';
import { faceAdjacency } from '../../core/tetra/tet-adjacency.ts';
import { minDihedralDeg } from '../../core/tetra/tet-geometry.ts';
import { buildCutGeometry, type CutInput, centroidRange } from '../../renderer/src/tetra/cut-geometry.ts';
import { qualityColour } from '../../renderer/src/tetra/quality-ramp.ts';

/**
 * An n × n × n grid of unit cubes, each split into the 6 Kuhn tets along its main diagonal
 * (neighbouring cubes share their face diagonals, so the tets conform), positively oriented.
 */
function kuhnGrid(n: number): CutInput {
  const id = (i: number, j: number, k: number) => (k * (n + 1) + j) * (n + 1) + i;
  const positions: number[] = [];
  for (let k = 0; k <= n; k++)
    for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) positions.push(i, j, k);
  const p = Float32Array.from(positions);
  const tets: number[] = [];
  const steps: [number, number, number][] = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  const orders = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  for (let k = 0; k < n; k++) {
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        for (const order of orders) {
          const corner = [i, j, k];
          const tet = [id(i, j, k)];
          for (const axis of order) {
            corner[0] += steps[axis][0];
            corner[1] += steps[axis][1];
            corner[2] += steps[axis][2];
            tet.push(id(corner[0], corner[1], corner[2]));
          }
          if (signedVolume(p, tet) < 0) [tet[2], tet[3]] = [tet[3], tet[2]];
          tets.push(...tet);
        }
      }
    }
  }
  const t = Uint32Array.from(tets);
  const tetMinDihedralDeg = new Float32Array(t.length / 4);
  for (let c = 0; c < tetMinDihedralDeg.length; c++) {
    tetMinDihedralDeg[c] = minDihedralDeg(p, t[4 * c], t[4 * c + 1], t[4 * c + 2], t[4 * c + 3]);
  }
  return { positions: p, tets: t, neighbours: faceAdjacency(t, p.length / 3), tetMinDihedralDeg };
}

function signedVolume(p: ArrayLike<number>, [a, b, c, d]: number[]): number {
  const u = [p[3 * b] - p[3 * a], p[3 * b + 1] - p[3 * a + 1], p[3 * b + 2] - p[3 * a + 2]];
  const v = [p[3 * c] - p[3 * a], p[3 * c + 1] - p[3 * a + 1], p[3 * c + 2] - p[3 * a + 2]];
  const w = [p[3 * d] - p[3 * a], p[3 * d + 1] - p[3 * a + 1], p[3 * d + 2] - p[3 * a + 2]];
  return (
    (u[0] * (v[1] * w[2] - v[2] * w[1]) -
      u[1] * (v[0] * w[2] - v[2] * w[0]) +
      u[2] * (v[0] * w[1] - v[1] * w[0])) /
    6
  );
}

/** Volume enclosed by a triangle soup (divergence theorem): positive when it is closed and outward. */
function enclosedVolume(soup: Float32Array): number {
  let volume = 0;
  for (let f = 0; f < soup.length; f += 9) {
    const [ax, ay, az, bx, by, bz, cx, cy, cz] = soup.subarray(f, f + 9);
    volume += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
  }
  return volume;
}

/** Directed edges of the soup that lack their reverse (0 for a closed, consistently wound surface). */
function openEdges(soup: Float32Array): number {
  const key = (f: number, k: number) => Array.from(soup.subarray(f + 3 * k, f + 3 * k + 3)).join(',');
  const directed = new Map<string, number>();
  for (let f = 0; f < soup.length; f += 9) {
    for (let k = 0; k < 3; k++) {
      const edge = `${key(f, k)}>${key(f, (k + 1) % 3)}`;
      directed.set(edge, (directed.get(edge) ?? 0) + 1);
    }
  }
  let open = 0;
  for (const [edge, n] of directed) {
    const [from, to] = edge.split('>');
    open += Math.max(0, n - (directed.get(`${to}>${from}`) ?? 0));
  }
  return open;
}

describe('buildCutGeometry', () => {
  const grid = kuhnGrid(3);
  const tetCount = grid.tets.length / 4;

  test('with the plane beyond every tet it draws the mesh boundary: 2 triangles per outer cube face', () => {
    const cut = buildCutGeometry(grid, 0, Number.POSITIVE_INFINITY);
    expect(cut.keptTets).toBe(tetCount);
    expect(cut.faces).toBe(6 * 9 * 2);
    expect(cut.positions.length).toBe(9 * cut.faces);
    expect(openEdges(cut.positions)).toBe(0);
    expect(enclosedVolume(cut.positions)).toBeCloseTo(27, 4);
  });

  test.each([0, 1, 2] as const)(
    'a cut along axis %i leaves a closed, outward surface around the kept tets',
    (axis) => {
      const cut = buildCutGeometry(grid, axis, 1.5);
      expect(cut.keptTets).toBeGreaterThan(0);
      expect(cut.keptTets).toBeLessThan(tetCount);
      expect(openEdges(cut.positions)).toBe(0);
      // Each Kuhn tet has volume 1/6: the surface encloses exactly the kept tets.
      expect(enclosedVolume(cut.positions)).toBeCloseTo(cut.keptTets / 6, 4);
      // Every drawn corner lies within the kept tets' reach: no vertex past the plane by more than a cube.
      for (let i = axis; i < cut.positions.length; i += 3) expect(cut.positions[i]).toBeLessThanOrEqual(2);
    },
  );

  test('every surface edge is drawn once in the wireframe', () => {
    const cut = buildCutGeometry(grid, 1, 2.2);
    // A closed triangulated surface has 3F/2 edges; each segment takes 6 floats.
    expect(cut.edges.length / 6).toBe((3 * cut.faces) / 2);
  });

  test('each face carries the quality colour of its tet', () => {
    const input = { ...grid, tetMinDihedralDeg: grid.tetMinDihedralDeg.map((_, t) => (t % 2 ? 2 : 60)) };
    const cut = buildCutGeometry(input, 0, Number.POSITIVE_INFINITY);
    const bad = new Float32Array(3);
    const good = new Float32Array(3);
    qualityColour(2, bad);
    qualityColour(60, good);
    let badFaces = 0;
    for (let f = 0; f < cut.faces; f++) {
      const colour = Array.from(cut.colours.subarray(9 * f, 9 * f + 3));
      const isBad = colour.every((c, k) => c === bad[k]);
      const isGood = colour.every((c, k) => c === good[k]);
      expect(isBad || isGood).toBe(true);
      if (isBad) badFaces++;
    }
    expect(badFaces).toBeGreaterThan(0);
    expect(badFaces).toBeLessThan(cut.faces);
  });

  test('a plane before every tet draws nothing', () => {
    const cut = buildCutGeometry(grid, 2, -1);
    expect(cut).toMatchObject({ keptTets: 0, faces: 0 });
    expect(cut.positions.length).toBe(0);
    expect(cut.edges.length).toBe(0);
  });
});

describe('centroidRange', () => {
  test('spans the tet centroids along the axis (Kuhn tets of unit cubes: ¼ to n − ¼)', () => {
    expect(centroidRange(kuhnGrid(2), 1)).toEqual({ min: 0.25, max: 1.75 });
  });
});

describe('qualityColour', () => {
  test('slivers are red, good tets green, and the ramp clamps outside 0°–45°', () => {
    const at = (deg: number) => {
      const c = [0, 0, 0];
      qualityColour(deg, c);
      return c;
    };
    const [r0, g0] = at(0);
    expect(r0).toBeGreaterThan(0.9);
    expect(g0).toBeLessThan(0.2);
    const [r45, g45] = at(45);
    expect(g45).toBeGreaterThan(r45 + 0.4);
    expect(at(70)).toEqual(at(45));
    expect(at(-5)).toEqual(at(0));
    // Green rises then red falls as the angle grows.
    expect(at(20)[1]).toBeGreaterThan(g0);
    expect(at(40)[0]).toBeLessThan(at(20)[0]);
  });
});
