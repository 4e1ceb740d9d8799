import { describe, expect, it } from 'vitest';
import { Delaunay, FACE } from '../../../core/tetra/delaunay.ts';
import { brioOrder } from '../../../core/tetra/spatial-sort.ts';

function randomPoints(n: number, seed: number): Float64Array {
  let s = seed;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const p = new Float64Array(3 * n);
  for (let i = 0; i < 3 * n; i++) p[i] = rand();
  return p;
}

function build(points: Float64Array): Delaunay {
  const n = points.length / 3;
  const dt = new Delaunay([0, 0, 0], [1, 1, 1], n);
  for (const i of brioOrder(points, n)) dt.insert(points[3 * i], points[3 * i + 1], points[3 * i + 2]);
  return dt;
}

/** Checks orientation, neighbour symmetry and the local Delaunay property of every face. */
function validate(dt: Delaunay): { tets: number; violations: number } {
  let tets = 0;
  let violations = 0;
  for (let t = 0; t < dt.slotCount; t++) {
    if (!dt.tetAlive[t]) continue;
    tets++;
    const v = dt.tetVerts.subarray(4 * t, 4 * t + 4);
    if (dt.orientSign(v[0], v[1], v[2], v[3]) <= 0) violations++;
    for (let i = 0; i < 4; i++) {
      const nb = dt.tetNbrs[4 * t + i];
      if (nb < 0) continue;
      const u = nb >> 2;
      if (!dt.tetAlive[u] || dt.tetNbrs[nb] !== 4 * t + i) violations++;
      const opposite = dt.tetVerts[nb];
      const c = dt.coords;
      if (dt.inSphere(t, c[3 * opposite], c[3 * opposite + 1], c[3 * opposite + 2]) > 0) violations++;
      const face = FACE[i].map((k) => v[k]).sort();
      const other = FACE[nb & 3].map((k) => dt.tetVerts[4 * u + k]).sort();
      if (face.join() !== other.join()) violations++;
    }
  }
  return { tets, violations };
}

describe('Delaunay', () => {
  it('builds a valid Delaunay tetrahedralization of random points', () => {
    const dt = build(randomPoints(3000, 7));
    const { tets, violations } = validate(dt);
    expect(violations).toBe(0);
    expect(tets).toBeGreaterThan(6 * 3000);
  });

  it('handles co-spherical grid points without flat tets', () => {
    const n = 6;
    const p = new Float64Array(3 * n * n * n);
    let k = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++)
        for (let l = 0; l < n; l++) {
          p[k++] = i / (n - 1);
          p[k++] = j / (n - 1);
          p[k++] = l / (n - 1);
        }
    const dt = build(p);
    const { violations } = validate(dt);
    expect(violations).toBe(0);
  });

  it('handles many points on one sphere, and points on its axes, without flat tets', () => {
    // Every integer point at distance 9 or 7 from the centre, and the centre with the points
    // between: exactly co-spherical sets (the coordinates /32 are exact), where a cavity meets
    // many neighbours on its circumsphere and points on the planes of its faces.
    const coords: number[] = [];
    for (let x = -9; x <= 9; x++)
      for (let y = -9; y <= 9; y++)
        for (let z = -9; z <= 9; z++) {
          const r2 = x * x + y * y + z * z;
          const onAxis = (x === 0 ? 1 : 0) + (y === 0 ? 1 : 0) + (z === 0 ? 1 : 0) >= 2;
          if (r2 === 81 || r2 === 49 || (onAxis && r2 < 49))
            coords.push((x + 16) / 32, (y + 16) / 32, (z + 16) / 32);
        }
    const dt = build(Float64Array.from(coords));
    const { tets, violations } = validate(dt);
    expect(coords.length / 3).toBeGreaterThan(150);
    expect(violations).toBe(0);
    expect(tets).toBeGreaterThan(coords.length / 3);
  });
});
