import { describe, expect, it } from 'vitest';
import { TetrahedralizeError, tetrahedralize } from '../../../core/tetra/index.ts';
import { box, concat, sheet, sphere, triMesh } from './shapes.ts';
import { validity } from './tet-checks.ts';

async function failure(promise: Promise<unknown>): Promise<TetrahedralizeError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TetrahedralizeError) return error;
    throw error;
  }
  throw new Error('expected a TetrahedralizeError');
}

describe('tetrahedralize (conforming)', () => {
  it('fills a unit cube exactly, with positive tets and min dihedral ≥ 5°', async () => {
    const mesh = await tetrahedralize(box([0, 0, 0], [1, 1, 1]), { targetTetCount: 3000 });
    const q = mesh.quality;
    expect(validity(mesh)).toEqual({ inverted: 0, finite: true, indicesInRange: true });
    // Flat faces are sampled on the faces themselves: the volume is exact to rounding.
    expect(q.volumeRatio).toBeCloseTo(1, 6);
    expect(q.surfaceDistance).toBeLessThan(1e-6);
    expect(q.minDihedralDeg).toBeGreaterThanOrEqual(5);
    expect(q.tetCount).toBeGreaterThan(1500);
    expect(q.tetCount).toBeLessThan(6000);
  });

  it('follows a curved surface within 1% of the diagonal and 2% of the volume', async () => {
    const mesh = await tetrahedralize(sphere(0.5, 4), { targetTetCount: 4000 });
    const q = mesh.quality;
    expect(validity(mesh).inverted).toBe(0);
    expect(Math.abs(q.volumeRatio! - 1)).toBeLessThan(0.02);
    expect(q.surfaceDistance).toBeLessThanOrEqual(0.01);
    expect(q.minDihedralDeg).toBeGreaterThanOrEqual(5);
  });

  it('honours an explicit edge length (m) within a factor of 1.5 on the mean edge', async () => {
    const mesh = await tetrahedralize(box([0, 0, 0], [2, 1, 1]), { edgeLengthM: 0.2 });
    const p = mesh.positions;
    let sum = 0;
    let count = 0;
    for (let k = 0; k < mesh.tets.length; k += 4) {
      for (let i = 0; i < 4; i++) {
        for (let j = i + 1; j < 4; j++) {
          const a = 3 * mesh.tets[k + i];
          const b = 3 * mesh.tets[k + j];
          sum += Math.hypot(p[a] - p[b], p[a + 1] - p[b + 1], p[a + 2] - p[b + 2]);
          count++;
        }
      }
    }
    const mean = sum / count;
    expect(mean).toBeGreaterThan(0.2 / 1.5);
    expect(mean).toBeLessThan(0.2 * 1.5);
  });

  it('returns the boundary as triangles facing outwards (their signed volume sum is the tet volume)', async () => {
    const mesh = await tetrahedralize(sphere(1, 3), { targetTetCount: 2000 });
    const p = mesh.positions;
    const s = mesh.surface;
    let volume = 0;
    for (let t = 0; t < s.length; t += 3) {
      const [a, b, c] = [3 * s[t], 3 * s[t + 1], 3 * s[t + 2]];
      volume +=
        (p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) -
          p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) +
          p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c])) /
        6;
    }
    expect(volume).toBeCloseTo(mesh.quality.volume, 9);
  });

  it('keeps both parts of a multi-part input and merges overlapping parts into one solid', async () => {
    const twoApart = await tetrahedralize(concat(box([0, 0, 0], [1, 1, 1]), box([3, 0, 0], [4, 1, 1])), {
      targetTetCount: 3000,
    });
    expect(twoApart.quality.volume).toBeCloseTo(2, 4);
    // Two unit cubes overlapping by half: the union has volume 1.5 (winding number 2 inside both).
    const overlapping = await tetrahedralize(
      concat(box([0, 0, 0], [1, 1, 1]), box([0.5, 0, 0], [1.5, 1, 1])),
      {
        targetTetCount: 3000,
      },
    );
    expect(validity(overlapping).inverted).toBe(0);
    expect(Math.abs(overlapping.quality.volume - 1.5)).toBeLessThan(0.03);
  });

  it('carries winding numbers through nested shells: a cavity stays empty, a nested solid is filled', async () => {
    const outer = sphere(1, 3);
    const inner = sphere(0.5, 3);
    // The enclosed volume of a closed triangle mesh: Σ a·(b×c)/6.
    const enclosed = (m: typeof outer) => {
      const p = m.positions;
      let v = 0;
      for (let t = 0; t < m.indices.length; t += 3) {
        const [a, b, c] = [3 * m.indices[t], 3 * m.indices[t + 1], 3 * m.indices[t + 2]];
        v +=
          p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) -
          p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) +
          p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
      }
      return v / 6;
    };
    // The inner shell facing inwards: winding number 0 in the cavity, 1 in the shell between.
    const cavity = triMesh(Array.from(inner.positions), Array.from(inner.indices).reverse());
    const hollow = await tetrahedralize(concat(outer, cavity), { targetTetCount: 4000 });
    expect(validity(hollow).inverted).toBe(0);
    const shell = enclosed(outer) - enclosed(inner);
    expect(Math.abs(hollow.quality.volume / shell - 1)).toBeLessThan(0.03);
    // Facing outwards: winding number 2 inside it, and the whole ball is solid.
    const nested = await tetrahedralize(concat(outer, inner), { targetTetCount: 4000 });
    expect(Math.abs(nested.quality.volume / enclosed(outer) - 1)).toBeLessThan(0.03);
  });

  it('fills an open box (one face missing) as the solid it bounds', async () => {
    const mesh = await tetrahedralize(box([0, 0, 0], [1, 1, 1], [1]), { targetTetCount: 2000 });
    expect(validity(mesh).inverted).toBe(0);
    // The winding number is ½ on the missing face, so the solid ends close to it (within 10%).
    expect(mesh.quality.volume).toBeGreaterThan(0.9);
    expect(mesh.quality.volume).toBeLessThan(1.0001);
    expect(mesh.quality.volumeRatio).toBeNull();
  });

  it('fills an inside-out surface the same as the right way round', async () => {
    const cube = box([0, 0, 0], [1, 1, 1]);
    const flipped = triMesh(Array.from(cube.positions), Array.from(cube.indices).reverse());
    const mesh = await tetrahedralize(flipped, { targetTetCount: 1000 });
    expect(mesh.quality.volume).toBeCloseTo(1, 6);
  });

  it('refuses a flat sheet as a cloth candidate', async () => {
    const error = await failure(tetrahedralize(sheet(8)));
    expect(error.reason).toBe('no-volume');
    expect(error.message).toBe(
      'The mesh is a flat sheet that encloses no volume: it is a cloth candidate; simulate it as cloth as it is.',
    );
  });

  it('refuses an empty mesh and a mesh of degenerate triangles', async () => {
    expect((await failure(tetrahedralize(triMesh([], [])))).reason).toBe('empty-mesh');
    const degenerate = triMesh([0, 0, 0, 1, 0, 0, 2, 0, 0], [0, 1, 2, 0, 0, 1]);
    const error = await failure(tetrahedralize(degenerate));
    expect(error.reason).toBe('empty-mesh');
    expect(error.message).toBe('The mesh has no triangles with area, so there is nothing to fill.');
  });

  it('refuses bad options with a message naming them', async () => {
    const cube = box([0, 0, 0], [1, 1, 1]);
    const bad = [
      [{ edgeLengthM: -1 }, 'The edge length must be a positive number of metres, got -1.'],
      [{ targetTetCount: 0 }, 'The target tet count must be a positive number, got 0.'],
      [
        { qualityBound: 0.5 },
        'The quality bound qualityBound (largest radius-edge ratio) must be a number ≥ 1.2 (refinement to a smaller bound need not end), got 0.5.',
      ],
    ] as const;
    for (const [options, message] of bad) {
      const error = await failure(tetrahedralize(cube, options));
      expect(error.reason).toBe('invalid-option');
      expect(error.message).toBe(message);
    }
    const tooFine = await failure(tetrahedralize(cube, { edgeLengthM: 1e-4 }));
    expect(tooFine.reason).toBe('invalid-option');
    expect(tooFine.message).toMatch(
      /^An edge length of 0\.000100 m would make about [\d,]+ tets, and a result can land 10% above that; the limit is 4,000,000\. Choose a longer edge or at most 3,630,000 tets\./,
    );
    // A target just under the limit could come out over it: refused before any meshing.
    const nearLimit = await failure(tetrahedralize(cube, { targetTetCount: 3_900_000 }));
    expect(nearLimit.reason).toBe('invalid-option');
    expect(nearLimit.message).toMatch(
      /would make about 3,900,000 tets, and a result can land 10% above that/,
    );
  });

  it('reports progress from 0 to 1 without going backwards', async () => {
    const seen: [number, string][] = [];
    await tetrahedralize(sphere(1, 3), { targetTetCount: 1000 }, (f, stage) => seen.push([f, stage]));
    expect(seen[0][0]).toBe(0);
    expect(seen[seen.length - 1]).toEqual([1, 'done']);
    for (let k = 1; k < seen.length; k++) expect(seen[k][0]).toBeGreaterThanOrEqual(seen[k - 1][0]);
    // A sphere of 1,000 tets is 1.2× over at the usual boundary tolerance: remeshed for the target,
    // with the remeshing's stages named by their round.
    const stages = new Set(seen.map(([, stage]) => stage.replace(/ \(for the tet target, round \d\)$/, '')));
    expect(stages).toEqual(
      new Set([
        'preparing surface',
        'sampling surface',
        'filling interior',
        'Delaunay',
        'refining',
        'carving',
        'removing slivers',
        'measuring',
        'done',
      ]),
    );
    expect(seen.some(([, stage]) => stage === 'refining (for the tet target, round 1)')).toBe(true);
  });

  it('stops with reason "cancelled" when the signal fires during the run', async () => {
    const controller = new AbortController();
    const run = tetrahedralize(
      sphere(1, 3),
      { targetTetCount: 20000 },
      (_, stage) => {
        if (stage === 'Delaunay') controller.abort();
      },
      controller.signal,
    );
    const error = await failure(run);
    expect(error.reason).toBe('cancelled');
    expect(error.message).toBe('Tetrahedralization was cancelled.');
  });

  it('stops before any work when the signal has already fired, or fires from outside while it runs', async () => {
    const controller = new AbortController();
    controller.abort();
    expect((await failure(tetrahedralize(sphere(1, 2), {}, undefined, controller.signal))).reason).toBe(
      'cancelled',
    );
    // An abort from a timer (as from a UI button) lands while it yields between stages.
    const later = new AbortController();
    const run = tetrahedralize(sphere(1, 4), { targetTetCount: 50000 }, undefined, later.signal);
    setTimeout(() => later.abort(), 0);
    expect((await failure(run)).reason).toBe('cancelled');
  });

  it('is deterministic for a given seed', async () => {
    const a = await tetrahedralize(sphere(1, 3), { targetTetCount: 1500, seed: 3 });
    const b = await tetrahedralize(sphere(1, 3), { targetTetCount: 1500, seed: 3 });
    expect(Array.from(a.tets)).toEqual(Array.from(b.tets));
    expect(Array.from(a.positions)).toEqual(Array.from(b.positions));
  });
});
