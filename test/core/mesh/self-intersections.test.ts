import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isZeroArea, trianglesIntersect, trianglesOverlapAtCorner } from '../../../core/mesh/exact.ts';
import { computeMeshReport, importMesh, weldExact } from '../../../core/mesh/index.ts';
import { countSelfIntersections } from '../../../core/mesh/self-intersections.ts';
import { corpusDir } from './corpus.ts';
import { meshOf } from './mesh-fixtures.ts';

const count = (positions: number[], indices: number[]) =>
  computeMeshReport(meshOf(positions, indices)).selfIntersections;

describe('self-intersections', () => {
  const base = [0, 0, 0, 4, 0, 0, 0, 4, 0];

  it('counts two triangles that pierce each other', () => {
    expect(count([...base, 1, 1, -1, 1, 1, 1, 3, 3, 0.5], [0, 1, 2, 3, 4, 5])).toBe(1);
  });

  it('counts a vertex touching the other triangle (closed sets)', () => {
    expect(count([...base, 1, 1, 0, 1, 1, 2, 2, 1, 2], [0, 1, 2, 3, 4, 5])).toBe(1);
  });

  it('does not count parallel or separated triangles', () => {
    expect(count([...base, 0, 0, 1, 4, 0, 1, 0, 4, 1], [0, 1, 2, 3, 4, 5])).toBe(0);
    expect(count([...base, 5, 5, -1, 5, 5, 1, 6, 6, 0], [0, 1, 2, 3, 4, 5])).toBe(0);
  });

  it('counts coplanar overlapping triangles and not coplanar separate ones', () => {
    expect(count([...base, 1, 1, 0, 5, 1, 0, 1, 5, 0], [0, 1, 2, 3, 4, 5])).toBe(1);
    expect(count([...base, 3, 3, 0, 6, 3, 0, 3, 6, 0], [0, 1, 2, 3, 4, 5])).toBe(0);
  });

  it('does not count triangles sharing an edge, even folded flat onto each other', () => {
    expect(count([...base, 1, 1, 0], [0, 1, 2, 0, 1, 3])).toBe(0);
  });

  it('counts triangles sharing a vertex only when they meet elsewhere', () => {
    // A fan around vertex 0: neighbours touching only at the shared corner.
    expect(count([...base, -4, 0, 0, 0, -4, 1], [0, 1, 2, 0, 3, 4])).toBe(0);
    // Folded into the same plane and overlapping.
    expect(count([...base, 4, 1, 0, 1, 4, 0], [0, 1, 2, 0, 3, 4])).toBe(1);
    // The opposite edge of the second pierces the first.
    expect(count([...base, 1, 1, 2, 1, 1, -2], [0, 1, 2, 0, 3, 4])).toBe(1);
    // An edge from the shared corner lies in the other's plane, outside it.
    expect(count([...base, -1, -1, 0, 1, 0, 3], [0, 1, 2, 0, 3, 4])).toBe(0);
    // ...and inside it.
    expect(count([...base, 1, 1, 0, 0, 1, 3], [0, 1, 2, 0, 3, 4])).toBe(1);
  });

  it.each(['suzanne.obj', 'spider/spider.obj'])(
    'the grid finds the same pairs as testing every pair (%s)',
    async (file) => {
      const bytes = new Uint8Array(readFileSync(join(corpusDir, file)));
      const { mesh } = await importMesh(file, bytes);
      const { positions, indices } = weldExact(mesh);
      const n = indices.length / 3;
      const skip = new Uint8Array(n);
      for (let t = 0; t < n; t++) {
        const [a, b, c] = indices.subarray(3 * t, 3 * t + 3);
        skip[t] = a === b || b === c || a === c || isZeroArea(positions, a, b, c) ? 1 : 0;
      }
      let brute = 0;
      for (let i = 0; i < n; i++) {
        if (skip[i]) continue;
        const t1 = indices.subarray(3 * i, 3 * i + 3);
        for (let j = i + 1; j < n; j++) {
          if (skip[j]) continue;
          const t2 = indices.subarray(3 * j, 3 * j + 3);
          const shared: [number, number][] = [];
          for (let k = 0; k < 3; k++) for (let m = 0; m < 3; m++) if (t1[k] === t2[m]) shared.push([k, m]);
          if (shared.length === 0) brute += trianglesIntersect(positions, t1, t2) ? 1 : 0;
          else if (shared.length === 1)
            brute += trianglesOverlapAtCorner(positions, t1, shared[0][0], t2, shared[0][1]) ? 1 : 0;
        }
      }
      expect(countSelfIntersections(positions, indices, skip)).toBe(brute);
      expect(brute).toBeGreaterThan(0);
    },
  );

  it('agrees with an exact separating-axis test on random small-integer triangles', () => {
    const point = fc.tuple(
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 3 }),
      fc.integer({ min: 0, max: 3 }),
    );
    const tri = fc.tuple(point, point, point).filter(([a, b, c]) => !isZeroArea([...a, ...b, ...c], 0, 1, 2));
    fc.assert(
      fc.property(tri, tri, (t1, t2) => {
        const positions = [...t1.flat(), ...t2.flat()];
        expect(trianglesIntersect(positions, [0, 1, 2], [3, 4, 5])).toBe(separatingAxisIntersect(positions));
      }),
      { numRuns: 3000, seed: 7 },
    );
  });
});

type V = [number, number, number];
const sub = (a: V, b: V): V => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V, b: V): V => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const dot = (a: V, b: V) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/**
 * Reference test (exact for small integers): closed triangles are disjoint iff some axis
 * among both normals, the 9 edge×edge cross products and the 6 in-plane edge normals
 * separates their projections with a gap.
 */
function separatingAxisIntersect(p: number[]): boolean {
  const pts: V[] = [0, 1, 2, 3, 4, 5].map((i) => [p[3 * i], p[3 * i + 1], p[3 * i + 2]]);
  const a = pts.slice(0, 3);
  const b = pts.slice(3);
  const edges = (t: V[]) => [sub(t[1], t[0]), sub(t[2], t[1]), sub(t[0], t[2])];
  const n1 = cross(edges(a)[0], edges(a)[1]);
  const n2 = cross(edges(b)[0], edges(b)[1]);
  const axes: V[] = [n1, n2];
  for (const e of edges(a)) for (const f of edges(b)) axes.push(cross(e, f));
  for (const e of edges(a)) axes.push(cross(n1, e));
  for (const f of edges(b)) axes.push(cross(n2, f));
  for (const axis of axes) {
    if (dot(axis, axis) === 0) continue;
    const pa = a.map((q) => dot(axis, q));
    const pb = b.map((q) => dot(axis, q));
    if (Math.max(...pa) < Math.min(...pb) || Math.max(...pb) < Math.min(...pa)) return false;
  }
  return true;
}
