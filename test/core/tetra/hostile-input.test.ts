/**
 * Input that used to run for a minute or more, or came out as junk or as an internal failure:
 * each now ends quickly with a valid mesh or a TetrahedralizeError whose reason and message say
 * what to change. Work limits are lowered per test (TetrahedralizeOptions.limits) so that each
 * refusal is reached in a fraction of a second.
 */
import { describe, expect, it } from 'vitest';
import type { TriMesh } from '../../../core/mesh/types.ts';
import { TETRA_LIMITS, TetrahedralizeError, tetrahedralize } from '../../../core/tetra/index.ts';
import { box, sphere, triMesh } from './shapes.ts';
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

/** `n` random triangles in the unit cube: no inside, no outside, crossing each other. */
function soup(n: number, seed: number): TriMesh {
  let s = seed;
  const random = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const positions = Array.from({ length: 9 * n }, random);
  return triMesh(
    positions,
    Array.from({ length: 3 * n }, (_, i) => i),
  );
}

const cube = box([0, 0, 0], [1, 1, 1]);

describe('tetrahedralize: work and time limits', () => {
  it('stops at the time limit with the elapsed time, the stage and the limit', async () => {
    const error = await failure(tetrahedralize(sphere(1, 3), { targetTetCount: 3000, timeLimitS: 0.001 }));
    expect(error.reason).toBe('limit');
    expect(error.message).toMatch(
      /^Tetrahedralization stopped after [\d.]+ s while [a-z ]+: the time limit is 0\.001 s\. Choose fewer tets/,
    );
  });

  it('counts the tets refinement makes against the tet limit (the estimate alone let 4.17 M through a 4 M limit)', async () => {
    // The estimate (950 tets) passes the limit of 1000 (no margin for overshoot here); the mesh
    // made (the curved boundary adds tets) does not.
    const error = await failure(
      tetrahedralize(sphere(1, 3), { targetTetCount: 950, limits: { tets: 1000, tetsOverEstimate: 1 } }),
    );
    expect(error.reason).toBe('limit');
    expect(error.message).toMatch(
      /^Refinement made [\d,]+ tets, more than the 1,000 allowed \(tetra limit tets\)\. Choose fewer tets or a longer edge/,
    );
  });

  it('counts the tets refinement makes against a multiple of the target', async () => {
    const error = await failure(
      tetrahedralize(sphere(1, 3), {
        targetTetCount: 1000,
        limits: { tetsPerTarget: 1, targetTetsFloor: 1 },
      }),
    );
    expect(error.reason).toBe('limit');
    expect(error.message).toMatch(
      /^Refinement made [\d,]+ tets, more than the 1,000 allowed \(tetra limit tetsPerTarget: 1 × the target of 1,000\)\./,
    );
  });

  it('counts the points refinement inserts as it inserts them', async () => {
    const error = await failure(
      tetrahedralize(sphere(1, 3), {
        targetTetCount: 2000,
        limits: { refinePoints: 1, refinePointsPerStartPoint: 0.001 },
      }),
    );
    expect(error.reason).toBe('limit');
    expect(error.message).toMatch(
      /^Refinement inserted [\d,]+ points, more than the \d+ allowed \(tetra limits refinePoints 1 \+ refinePointsPerStartPoint 0\.001 × [\d,]+ start points\)\./,
    );
  });

  it('counts the candidate points the surface sampler looks at', async () => {
    const error = await failure(
      tetrahedralize(cube, { targetTetCount: 2000, limits: { surfaceCandidates: 1000 } }),
    );
    expect(error.reason).toBe('limit');
    expect(error.message).toMatch(
      /^Sampling the surface looked at [\d,]+ candidate points, more than the 1,000 allowed \(tetra limit surfaceCandidates\)\./,
    );
  });

  it('keeps the limits within the table and names a wrong one', async () => {
    const above = await failure(tetrahedralize(cube, { limits: { tets: TETRA_LIMITS.tets + 1 } }));
    expect(above.reason).toBe('invalid-option');
    expect(above.message).toBe('limits.tets must be a number above 0 and at most 4,000,000, got 4000001.');
    const unknown = await failure(tetrahedralize(cube, { limits: { flips: 3 } as never }));
    expect(unknown.message).toMatch(/^limits\.flips is not a tetra limit \(they are tets, /);
    const time = await failure(tetrahedralize(cube, { timeLimitS: 0 }));
    expect(time.message).toBe('The time limit timeLimitS must be a positive number of seconds, got 0.');
  });
});

describe('tetrahedralize: options', () => {
  it('refuses a quality bound below 1.2, naming the option and the range', async () => {
    for (const qualityBound of [1, 1.19, Number.NaN]) {
      const error = await failure(tetrahedralize(cube, { qualityBound }));
      expect(error.reason).toBe('invalid-option');
      expect(error.message).toBe(
        `The quality bound qualityBound (largest radius-edge ratio) must be a number ≥ 1.2 (refinement to a smaller bound need not end), got ${qualityBound}.`,
      );
    }
  });
});

describe('tetrahedralize: thin, long, far and junk input', () => {
  it('refuses a plate far thinner than the edge at once, saying how thin and what would fit', async () => {
    const started = Date.now();
    const error = await failure(tetrahedralize(box([0, 0, 0], [1, 1, 1e-4])));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.reason).toBe('too-thin');
    expect(error.message).toBe(
      'The mesh is on average 0.00010 m thick (2 × volume / area), thinner than the 0.0035 m target edge allows ' +
        '(at least 0.25 × the edge): tets that fit it (an edge of 0.00040 m) would number about 13,000,000, ' +
        'over the limit of 4,000,000: thicken it, or simulate it as cloth (a shell).',
    );
    const thicker = await failure(tetrahedralize(box([0, 0, 0], [1, 1, 1e-3])));
    expect(thicker.message).toMatch(
      /an edge of 0\.0040 m or less \(about 130,000 tets or more\) would fit it; or thicken it\.$/,
    );
  });

  it('meshes a plate at an edge that fits its thickness when that costs few tets', async () => {
    // A target of 20 tets asks for a 0.2 m edge; 0.025 m thick needs 0.1 m or less.
    const mesh = await tetrahedralize(box([0, 0, 0], [1, 1, 0.025]), { targetTetCount: 20 });
    expect(validity(mesh).inverted).toBe(0);
    expect(mesh.quality.volumeRatio).toBeGreaterThan(0.99);
  });

  it('meshes a needle in seconds (its long thin sides no longer get millions of sample candidates)', async () => {
    const mesh = await tetrahedralize(box([0, 0, 0], [1e-3, 1e-3, 1]), { targetTetCount: 3000 });
    expect(validity(mesh)).toEqual({ inverted: 0, finite: true, indicesInRange: true });
    expect(mesh.quality.volumeRatio).toBeGreaterThan(0.95);
    expect(mesh.quality.minDihedralDeg).toBeGreaterThan(5);
  });

  it('ends a triangle soup with a valid mesh or a limit', async () => {
    for (const seed of [7, 8]) {
      try {
        const mesh = await tetrahedralize(soup(20, seed), { targetTetCount: 2000 });
        expect(validity(mesh)).toEqual({ inverted: 0, finite: true, indicesInRange: true });
      } catch (error) {
        expect(error).toBeInstanceOf(TetrahedralizeError);
        expect((error as TetrahedralizeError).reason).toBe('limit');
      }
    }
  });

  it('refuses a mesh so far from the origin that float32 cannot hold its tets, saying where it would fit', async () => {
    const far = 1e7;
    const error = await failure(tetrahedralize(box([far, far, far], [far + 1, far + 1, far + 1])));
    expect(error.reason).toBe('too-far');
    expect(error.message).toBe(
      'The mesh lies up to 1.00e+7 m from the origin, where float32 positions (what a tet mesh stores) are 1.0 m apart: ' +
        'too coarse for the 0.075 m edge. Move it to within 1.3e+5 m of the origin (place it in the scene instead), or choose a longer edge.',
    );
  });

  it('meshes far from the origin where float32 resolves the edge: a unit cube at the scene bound 1e5 m, 100 m at 1e7 m', async () => {
    for (const [lo, size] of [
      [1e5, 1],
      [1e7, 100],
    ]) {
      const mesh = await tetrahedralize(box([lo, lo, lo], [lo + size, lo + size, lo + size]), {
        targetTetCount: 2000,
      });
      expect(validity(mesh)).toEqual({ inverted: 0, finite: true, indicesInRange: true });
      expect(mesh.quality.volumeRatio).toBeCloseTo(1, 4);
    }
  });
});
