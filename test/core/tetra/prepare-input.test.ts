import { describe, expect, it } from 'vitest';
import { triangleAreaM2 } from '../../../core/math/mesh-measures.ts';
import type { TriMesh } from '../../../core/mesh/types.ts';
import { prepareSurface } from '../../../core/tetra/prepare-input.ts';
import { type CorpusName, loadCorpusMesh } from './corpus.ts';
import { box, triMesh } from './shapes.ts';

/**
 * The definition prepareSurface's watertightness follows, written plainly: every directed edge
 * appears once and its reverse once (counted in a Map by a string key).
 */
function referenceWatertight(indices: ArrayLike<number>): boolean {
  const count = new Map<string, number>();
  for (let t = 0; t < indices.length; t += 3)
    for (let k = 0; k < 3; k++) {
      const key = `${indices[t + k]},${indices[t + ((k + 1) % 3)]}`;
      count.set(key, (count.get(key) ?? 0) + 1);
    }
  for (const [key, n] of count) {
    const [u, v] = key.split(',');
    if (n !== 1 || count.get(`${v},${u}`) !== 1) return false;
  }
  return true;
}

/** A closed tetrahedron's surface, outward faces, with `edit` applied to its triangle list. */
function tetSurface(edit: (triangles: number[][]) => number[][] = (t) => t): TriMesh {
  const triangles = edit([
    [0, 2, 1],
    [0, 1, 3],
    [1, 2, 3],
    [0, 3, 2],
  ]);
  return triMesh([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], triangles.flat());
}

describe('prepareSurface: watertightness', () => {
  it('holds for a closed tetrahedron and a closed box, welded from split corners', () => {
    expect(prepareSurface(tetSurface()).watertight).toBe(true);
    expect(prepareSurface(box([0, 0, 0], [1, 2, 3])).watertight).toBe(true);
  });

  it('fails with a face missing, a face twice, a face turned over, or an edge shared by four faces', () => {
    expect(prepareSurface(tetSurface((t) => t.slice(1))).watertight).toBe(false);
    expect(prepareSurface(tetSurface((t) => [...t, t[0]])).watertight).toBe(false);
    expect(prepareSurface(tetSurface((t) => [[t[0][0], t[0][2], t[0][1]], ...t.slice(1)])).watertight).toBe(
      false,
    );
    // A second closed tet on the first one's edge 0–1 (vertex 4 below the plane z = 0).
    const twin = tetSurface();
    const mesh = triMesh(
      [...twin.positions, 0, -1, 0, 0.5, -0.5, -1],
      [...twin.indices, 0, 1, 4, 0, 5, 1, 1, 5, 4, 0, 4, 5],
    );
    expect(referenceWatertight(mesh.indices)).toBe(false);
    expect(prepareSurface(mesh).watertight).toBe(false);
  });

  const corpus: CorpusName[] = ['Fox', 'spot', 'horse_quad', 'stanford-bunny', 'suzanne', 'spider'];
  it.each(corpus)(
    '%s: as the plain definition says, with the area the sum of the triangles kept',
    async (name) => {
      const surface = prepareSurface(await loadCorpusMesh(name));
      expect(surface.watertight).toBe(referenceWatertight(surface.indices));
      let area = 0;
      for (let t = 0; t < surface.indices.length; t += 3)
        area += triangleAreaM2(
          surface.positions,
          surface.indices[t],
          surface.indices[t + 1],
          surface.indices[t + 2],
        );
      expect(surface.area).toBe(area);
    },
  );
});
