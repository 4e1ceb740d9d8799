import { describe, expect, it } from 'vitest';
import { Lcg } from '../../../core/math/lcg.ts';
import { TetrahedralizeError } from '../../../core/tetra/errors.ts';
import { TETRA_LIMITS } from '../../../core/tetra/limits.ts';
import { type PoissonDisk, PoissonDiskSampler } from '../../../core/tetra/poisson-disk.ts';
import { prepareSurface } from '../../../core/tetra/prepare-input.ts';
import { offerTriangleGrids } from '../../../core/tetra/surface-sampling.ts';
import { newPoissonDiskSampler } from '../../../core/tetra/wasm-poisson-disk.ts';
import { WorkGuard } from '../../../core/tetra/work-guard.ts';
import { type CorpusName, loadCorpusMesh } from './corpus.ts';

/** A seeded generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/**
 * Offers the same candidates to both samplers: clustered points (so most are turned down), normals
 * facing either way (two sides of a thin part), around `centre`; the answers and the results.
 */
function bothWays(radius: number, candidates: number, centre: number, seed: number) {
  const rand = generator(seed);
  const js = new PoissonDiskSampler(radius);
  const wasm = newPoissonDiskSampler(radius);
  expect(wasm).not.toBeInstanceOf(PoissonDiskSampler);
  const answers = { js: [] as boolean[], wasm: [] as boolean[] };
  for (let k = 0; k < candidates; k++) {
    const spread = k % 3 === 0 ? 40 * radius : 400 * radius;
    const x = centre + spread * (rand() - 0.5);
    const y = centre + spread * (rand() - 0.5);
    const z = centre + 0.01 * spread * (rand() - 0.5);
    const flip = rand() < 0.3 ? -1 : 1;
    const nz = flip * (0.8 + 0.2 * rand());
    const nx = Math.sqrt(1 - nz * nz);
    const triangle = Math.floor(1000 * rand());
    const feature = rand() < 0.1;
    answers.js.push(js.offer(x, y, z, nx, 0, nz, triangle, feature));
    answers.wasm.push(wasm.offer(x, y, z, nx, 0, nz, triangle, feature));
  }
  return { answers, js: js.result(), wasm: wasm.result() };
}

describe('WebAssembly Poisson-disk sampler', () => {
  for (const [name, centre] of [
    ['near the origin', 0],
    ['across negative cells', -3.5],
    ['far out (cell indices past 2³¹ wrap)', 1e12],
  ] as const) {
    it(`accepts the same samples as poisson-disk.ts, in the same order: ${name}`, () => {
      const { answers, js, wasm } = bothWays(centre === 1e12 ? 1e-2 : 0.01, 30_000, centre, 9);
      expect(answers.wasm).toEqual(answers.js);
      // Enough samples that both the sample arrays and the hash table grew several times.
      expect(js.count).toBeGreaterThan(3000);
      expect(wasm).toEqual(js);
    });
  }
});

/**
 * Step 4 of sampleSurface on `name`'s faces at `fine` (m): offerTriangleGrids into the JS sampler
 * (offerTriangleGridsJs) and into the module's, each from the same generator state; the samples
 * each kept, or the error each threw.
 */
async function gridsBothWays(name: CorpusName, finePerDiagonal: number, guard?: () => WorkGuard) {
  const surface = prepareSurface(await loadCorpusMesh(name));
  const fine = surface.diagonal * finePerDiagonal;
  const grids = {
    positions: surface.positions,
    indices: surface.indices,
    faceNormals: surface.faceNormals,
    fineM: fine,
  };
  const run = (sampler: PoissonDisk) => {
    const rng = new Lcg(7);
    rng.nextUint32();
    try {
      offerTriangleGrids(sampler, grids, rng, guard?.());
      return sampler.result();
    } catch (error) {
      return error as Error;
    }
  };
  return { js: run(new PoissonDiskSampler(1.5 * fine)), wasm: run(newPoissonDiskSampler(1.5 * fine)) };
}

describe("WebAssembly surface sampling's candidates inside large triangles", () => {
  for (const [name, fine] of [
    ['BoxTextured', 0.01],
    ['Cubes', 0.008],
    ['Fox', 0.004],
  ] as const) {
    it(`offers what surface-sampling.ts offers, in the same order: ${name}`, async () => {
      const { js, wasm } = await gridsBothWays(name, fine);
      if (js instanceof Error || wasm instanceof Error) throw js instanceof Error ? js : wasm;
      expect(js.count).toBeGreaterThan(500);
      expect(wasm).toEqual(js);
    });
  }

  it('stops at the candidate limit with the same words', async () => {
    const guard = () =>
      new WorkGuard({ ...TETRA_LIMITS, surfaceCandidates: 5000 }, undefined, Number.POSITIVE_INFINITY);
    const { js, wasm } = await gridsBothWays('BoxTextured', 0.01, guard);
    expect(js).toBeInstanceOf(TetrahedralizeError);
    expect((wasm as Error).message).toBe((js as Error).message);
  });
});
