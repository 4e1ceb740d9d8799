import { describe, expect, it } from 'vitest';
import { PoissonDiskSampler } from '../../../core/tetra/poisson-disk.ts';
import { newPoissonDiskSampler } from '../../../core/tetra/wasm-poisson-disk.ts';

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
