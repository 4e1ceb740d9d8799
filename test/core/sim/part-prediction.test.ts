import { describe, expect, it } from 'vitest';
import type { KernelExports } from '../../../core/sim/wasm/kernel-bindings.ts';
import { PartPrediction, partRanges } from '../../../core/sim/wasm/part-prediction.ts';

/**
 * A body's prediction made part by part in its first sweep (core/sim/wasm/part-prediction.ts):
 * the parts' calls together must predict every particle of the body once and no other particle.
 * Exact: counts of particles, no tolerance.
 */

/** A deterministic pseudo-random sequence in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Kernels that count, per particle, the predictions the calls would make (the ranges clamped as the kernel does). */
function countingKernels(ranges: Uint32Array, predicted: Uint8Array): KernelExports {
  const predictRange = (from: number, to: number) => {
    for (let p = from; p < to; p++) predicted[p]++;
  };
  return {
    predict: (_x: number, _xPrev: number, _v: number, _w: number, start: number, end: number) =>
      predictRange(start, end),
    predictRanges: (
      _x: number,
      _xPrev: number,
      _v: number,
      _w: number,
      at: number,
      count: number,
      start: number,
      end: number,
    ) => {
      // `at` is a byte offset into the memory; here the ranges array stands at offset 0.
      for (let r = at / 8; r < at / 8 + count; r++)
        predictRange(Math.max(start, ranges[2 * r]), Math.min(end, ranges[2 * r + 1]));
    },
  } as unknown as KernelExports;
}

describe('part prediction', () => {
  it('gathers the parts of a tree level into ranges of consecutive particles', () => {
    // Leaves of a depth-2 tree; level 1's parts are leaves {0, 1} and {2, 3}.
    const leafOf = Uint8Array.of(0, 1, 1, 2, 3, 3, 0, 0, 2);
    const { ranges, starts } = partRanges(leafOf, 1);
    expect(Array.from(starts)).toEqual([0, 2, 4]);
    expect(Array.from(ranges)).toEqual([0, 3, 6, 8, 3, 6, 8, 9]);
    const leaves = partRanges(leafOf, 2);
    expect(Array.from(leaves.starts)).toEqual([0, 2, 3, 5, 6]);
  });

  it.each([1, 2])(
    "predicts every particle of a body once over its parts' chunks (tree level %i), and no other",
    (level) => {
      const next = random(17 + level);
      const count = 3000;
      // A world of bodies: runs of particles in random parts, as an unstructured mesh numbers them.
      const leafOf = Uint8Array.from({ length: count }, () => Math.floor(next() * 4));
      for (let p = 1000; p < 1400; p++) leafOf[p] = leafOf[999];
      const parts = partRanges(leafOf, level);
      for (let trial = 0; trial < 20; trial++) {
        const start = Math.floor(next() * count);
        const end = start + Math.floor(next() * (count - start + 1));
        const predicted = new Uint8Array(count);
        const kernels = countingKernels(parts.ranges, predicted);
        const prediction = new PartPrediction(
          kernels,
          () => kernels,
          { x: 0, xPrev: 0, v: 0, w: 0 },
          parts,
          0,
        );
        prediction.set({ start, end, invH: 0, keep: 1, dvx: 0, dvy: -9.81, dvz: 0, h: 1e-3 });
        // Half the parts here, half recorded for a helper: both make the same calls.
        for (let k = 0; k < 1 << level; k++) {
          if (k % 2 === 0) prediction.run(k);
          else prediction.record(k);
        }
        const expected = Uint8Array.from({ length: count }, (_, p) => (p >= start && p < end ? 1 : 0));
        expect(predicted, `[${start}, ${end})`).toEqual(expected);
        predicted.fill(0);
        prediction.all();
        expect(predicted, `[${start}, ${end}) alone`).toEqual(expected);
      }
    },
  );
});
