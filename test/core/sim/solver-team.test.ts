import type { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeSolverHelpers, spawnSolverHelpers } from '../../../core/node/solver-helpers.ts';
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { type ColourChunks, colourChunks, MAX_CHUNKS } from '../../../core/sim/wasm/colour-chunks.ts';
import { PartPrediction } from '../../../core/sim/wasm/part-prediction.ts';
import {
  CHUNKS,
  CONTROL_LENGTH,
  claimChunk,
  GENERATION_MASK,
  publishStores,
} from '../../../core/sim/wasm/solver-helper.ts';
import type { XpbdWorld } from '../../../core/sim/xpbd-world.ts';
import { sceneWith } from './fixtures.ts';

/**
 * The solver team (core/sim/wasm/solver-team.ts): a world stepped by its thread and a helper
 * worker over a shared memory gives the same floats as the world stepped by one thread. The
 * constraints of a colour touch disjoint particles and chunks keep the f64x2 kernels' pairs, so
 * the comparison is exact: tolerance 0, bit for bit on every position after FRAMES frames.
 */
const FRAMES = 8;
const DT_S = 1 / 60;

/** A 64×64-cell cloth (membrane triangles and plate bending) hanging from two corners. */
const cloth: BodySpec = {
  name: 'cloth',
  shape: { type: 'cloth', size: [1, 1], cells: [64, 64], center: [0, 1, 0] },
  material: { youngModulusPa: 2e6, poissonRatio: 0.3, densityKgM3: 400, thicknessM: 5e-4 },
  model: 'cloth',
  dampingRatio: 0,
  pins: [
    { box: { min: [-0.51, 0.9, -0.51], max: [-0.49, 1.1, -0.49] } },
    { box: { min: [0.49, 0.9, -0.51], max: [0.51, 1.1, -0.49] } },
  ],
};

/** A 16³-cell box of tets (5 per cell) held at one face: big enough colours to divide. */
function cube(model: 'neo-hookean' | 'edges-volume', poissonRatio = 0.3): BodySpec {
  return {
    name: `cube-${model}`,
    shape: { type: 'box', size: [0.5, 0.5, 0.5], cells: [16, 16, 16], center: [0, 1, 0] },
    material: { youngModulusPa: 1e5, poissonRatio, densityKgM3: 1000 },
    model,
    dampingRatio: 0.1,
    pins: [{ box: { min: [-0.26, 0, -1], max: [-0.24, 2, 1] } }],
  };
}

/** The positions' 64-bit patterns (−0 and NaN payloads count). */
function bits(world: XpbdWorld): BigUint64Array {
  const x = world.state.x;
  return new BigUint64Array(x.buffer, x.byteOffset, x.length).slice();
}

function differing(a: BigUint64Array, b: BigUint64Array): number {
  let count = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) count++;
  return count;
}

describe('solver team', () => {
  let helpers: Worker[] = [];
  beforeAll(() => {
    helpers = spawnSolverHelpers(1);
  });
  afterAll(async () => {
    await closeSolverHelpers(helpers);
  });

  it.each([
    ['a cloth (membrane, plate bending)', sceneWith([cloth])],
    // Damped: its hinges' damping is divided among the threads like its sweeps.
    ['a damped cloth', sceneWith([{ ...cloth, dampingRatio: 0.1 }])],
    ['a neo-Hookean tet body', sceneWith([cube('neo-hookean')])],
    ['an edges + volume tet body', sceneWith([cube('edges-volume')])],
    // Its nodal volumes' sweeps each work in a scratch of their own: divided like the tets.
    ['a neo-Hookean tet body at ν = 0.45 (nodal volumes)', sceneWith([cube('neo-hookean', 0.45)])],
    // The small cloth comes first in the world's numbering and is not dissected: its particles
    // fall in the big one's first part's ranges, which the big body's prediction must leave alone.
    [
      'a small cloth and a cloth (each body predicted apart, the big one by parts)',
      sceneWith([
        {
          ...cloth,
          name: 'small',
          shape: { type: 'cloth', size: [0.3, 0.3], cells: [8, 8], center: [2, 1, 0] },
          pins: [{ box: { min: [1.8, 0.9, -0.2], max: [1.9, 1.1, -0.1] } }],
        },
        cloth,
      ]),
    ],
  ])('steps %s to the same floats with 2 threads as with 1', async (_, scene: Scene) => {
    const alone = buildWorld(scene);
    const team = buildWorld(scene, {}, { threads: 2 });
    expect(await team.startHelpers(helpers)).toBe(true);
    expect(team.solverThreads).toBe(2);
    const partsPredicted = vi.spyOn(PartPrediction.prototype, 'record');
    try {
      for (let frame = 0; frame < FRAMES; frame++) {
        expect(alone.step(DT_S).hasNaN).toBe(false);
        team.step(DT_S);
      }
      // The bodies moved (a frozen world would compare equal for nothing) …
      const rest = new BigUint64Array(Float64Array.from(alone.state.rest).buffer);
      expect(differing(bits(alone), rest)).toBeGreaterThan(alone.particleCount);
      // … the helper solved part of it …
      expect(
        (team as unknown as { wasm: { team: { helperChunks: number } } }).wasm.team.helperChunks,
      ).toBeGreaterThan(0);
      // … the prediction went into the first sweep's parts …
      expect(partsPredicted).toHaveBeenCalled();
      // … and every coordinate is the same float.
      expect(differing(bits(team), bits(alone))).toBe(0);
    } finally {
      partsPredicted.mockRestore();
      team.stopHelpers();
    }
  });

  it('lets helpers join another world after the first lets them go', async () => {
    const scene = sceneWith([cube('edges-volume')]);
    const first = buildWorld(scene, {}, { threads: 2 });
    const firstAlone = buildWorld(scene);
    expect(await first.startHelpers(helpers)).toBe(true);
    first.step(DT_S);
    firstAlone.step(DT_S);
    first.stopHelpers();
    expect(first.solverThreads).toBe(1);
    const second = buildWorld(scene, {}, { threads: 2 });
    const alone = buildWorld(scene);
    expect(await second.startHelpers(helpers)).toBe(true);
    try {
      for (let frame = 0; frame < 3; frame++) {
        second.step(DT_S);
        alone.step(DT_S);
        // The first world keeps stepping on its own thread.
        first.step(DT_S);
        firstAlone.step(DT_S);
      }
      expect(differing(bits(second), bits(alone))).toBe(0);
      expect(differing(bits(first), bits(firstAlone))).toBe(0);
    } finally {
      second.stopHelpers();
    }
  });
  it('helps a world again when its helpers are let go and started once more', async () => {
    const scene = sceneWith([cube('edges-volume')]);
    const world = buildWorld(scene, {}, { threads: 2 });
    const alone = buildWorld(scene);
    const helperChunks = () =>
      (world as unknown as { wasm: { team: { helperChunks: number } } }).wasm.team.helperChunks;
    try {
      for (let round = 0; round < 2; round++) {
        expect(await world.startHelpers(helpers)).toBe(true);
        const before = helperChunks();
        for (let frame = 0; frame < 3; frame++) {
          world.step(DT_S);
          alone.step(DT_S);
        }
        expect(helperChunks(), `round ${round}`).toBeGreaterThan(before);
        world.stopHelpers();
      }
      expect(differing(bits(world), bits(alone))).toBe(0);
    } finally {
      world.stopHelpers();
    }
  });
});

describe('solver team fallback', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['SharedArrayBuffer is absent', 'SharedArrayBuffer', undefined],
    ['the page is not cross-origin isolated', 'crossOriginIsolated', false],
  ])('steps on one thread where %s', async (_, name: string, value: unknown) => {
    vi.stubGlobal(name, value);
    const scene = sceneWith([cube('edges-volume')]);
    const world = buildWorld(scene, {}, { threads: 2 });
    const reference = buildWorld(scene);
    expect(world.kernels).toBe('wasm');
    expect(world.state.x.buffer).toBeInstanceOf(ArrayBuffer);
    // No helper is posted anything: a stand-in that would throw shows it.
    const refuse = {
      postMessage: () => {
        throw new Error('posted');
      },
    };
    expect(await world.startHelpers([refuse])).toBe(false);
    expect(world.solverThreads).toBe(1);
    for (let frame = 0; frame < 3; frame++) {
      world.step(DT_S);
      reference.step(DT_S);
    }
    expect(differing(bits(world), bits(reference))).toBe(0);
  });
});

/** Block positions each sweep of `chunks` covers, run by run. */
function sweptPositions(chunks: ColourChunks): number[][][] {
  return chunks.runs.map((run) =>
    run.sweeps.map(({ at, colours }) => {
      const positions: number[] = [];
      for (let k = chunks.bounds[at]; k < chunks.bounds[at + colours]; k++) positions.push(k);
      return positions;
    }),
  );
}

describe('colour chunks', () => {
  it('cuts big colours into chunks at even offsets that cover them, and leaves small ones whole', () => {
    // Colours of 1000, 100, 3001 and 511 constraints.
    const starts = Uint32Array.of(0, 1000, 1100, 4101, 4612);
    const chunks = colourChunks(starts, 2, 256)!;
    expect(chunks.runs.map((r) => [r.divided, r.sweeps.length])).toEqual([
      [true, 3],
      [false, 1],
      [true, 8],
      [false, 1],
    ]);
    const swept = sweptPositions(chunks);
    // Every constraint once, in colour order.
    expect(swept.flat(2)).toEqual(Array.from({ length: 4612 }, (_, k) => k));
    chunks.runs.forEach((run, r) => {
      if (!run.divided) return;
      const colourStart = swept[r][0][0];
      for (const sweep of run.sweeps) {
        expect(sweep.colours).toBe(1);
        if (chunks.bounds[sweep.at] < chunks.bounds[sweep.at + 1])
          expect((chunks.bounds[sweep.at] - colourStart) % 2).toBe(0);
      }
      expect(run.sweeps.length).toBeLessThanOrEqual(MAX_CHUNKS);
    });
    expect(colourChunks(Uint32Array.of(0, 300, 600), 2, 256)).toBeNull();
    expect(colourChunks(starts, 1, 256)).toBeNull();
  });

  it.each([2, 3, 4])(
    'divides a dissected cloth by its tree for %i threads: sweeps of a run touch disjoint particles',
    (threads) => {
      const world = buildWorld(sceneWith([cloth]));
      for (const block of world.runtimes[0].blocks) {
        expect(block.nodeColourStarts).toBeTruthy();
        const chunks = colourChunks(block.colourStarts, threads, 256, block.nodeColourStarts)!;
        const swept = sweptPositions(chunks);
        // Every constraint exactly once.
        expect(swept.flat(2).sort((a, b) => a - b)).toEqual(Array.from({ length: block.count }, (_, k) => k));
        // The subtrees come first, a chunk each: as many as the threads, or the next power of two.
        expect(chunks.runs[0].divided).toBe(true);
        expect(chunks.runs[0].sweeps.length).toBe(threads === 2 ? 2 : 4);
        expect(chunks.parts).toBe(chunks.runs[0].sweeps.length);
        chunks.runs.forEach((run, r) => {
          if (!run.divided) return;
          const owner = new Map<number, number>();
          swept[r].forEach((positions, sweep) => {
            for (const k of positions)
              for (let i = 0; i < block.arity; i++) {
                const p = block.particles[block.arity * k + i];
                expect(owner.get(p) ?? sweep, `particle ${p} in two sweeps of run ${r}`).toBe(sweep);
                owner.set(p, sweep);
              }
          });
        });
      }
    },
  );
});

describe('colour chunks of a dissected block', () => {
  /**
   * A block in dissection order with one colour per node (dissection.ts, depth 2: leaves 0 and 1,
   * their separator 2, leaves 3 and 4, separator 5, then the root's low side, high side and across)
   * of the given constraint counts.
   */
  function dissected(counts: number[]): ColourChunks | null {
    const colourStarts = Uint32Array.from([
      0,
      ...counts.map((_, k) => counts.slice(0, k + 1).reduce((a, b) => a + b)),
    ]);
    const nodeColourStarts = Uint32Array.from({ length: counts.length + 1 }, (_, k) => k);
    return colourChunks(colourStarts, 2, 256, nodeColourStarts);
  }

  it("divides a separator's sides where the side that leaves the stepping thread has two chunks' worth", () => {
    // Halves, then the root's sides (600 each: divided), then what crosses both cuts alone.
    const wide = dissected([1000, 1000, 100, 1000, 1000, 100, 600, 600, 50])!;
    expect(wide.runs.map((r) => [r.divided, r.sweeps.length])).toEqual([
      [true, 2],
      [true, 2],
      [false, 1],
    ]);
    // A seam of 300 a side (below 2 × 256) is swept by the stepping thread alone.
    const seam = dissected([1000, 1000, 100, 1000, 1000, 100, 300, 300, 50])!;
    expect(seam.runs.map((r) => [r.divided, r.sweeps.length])).toEqual([
      [true, 2],
      [false, 2],
      [false, 1],
    ]);
    expect(seam.parts).toBe(2);
  });

  it('keeps an empty part as its chunk, so that chunk k is part k', () => {
    // Nothing in the second half: its part is an empty sweep, and the parts' run is not divided.
    const oneSided = dissected([1000, 1000, 100, 0, 0, 0, 600, 600, 50]);
    expect(oneSided).not.toBeNull();
    const [first] = oneSided!.runs;
    expect(oneSided!.parts).toBe(2);
    expect(first.divided).toBe(false);
    const [, second] = first.sweeps;
    expect(oneSided!.bounds[second.at + second.colours] - oneSided!.bounds[second.at]).toBe(0);
  });
});

describe('solver team protocol', () => {
  it('a helper holding the previous generation claims nothing at any point of the next one being published', () => {
    // Generation 7 had 2 chunks, both claimed; generation 8 has 16. A helper that read GO = 7 and
    // lost its core reads CHUNKS, then claims with generation 7: between any two of the publishing
    // stores (a store is atomic, the sequence is not) it must find nothing to claim.
    const stores = publishStores(8, 16);
    for (let made = 0; made <= stores.length; made++) {
      const control = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
      for (const [slot, value] of publishStores(7, 2)) control[slot] = value;
      expect([claimChunk(control, 7, 2), claimChunk(control, 7, 2, true)]).toEqual([0, 1]);
      for (const [slot, value] of stores.slice(0, made)) control[slot] = value;
      for (const fromBack of [false, true])
        expect(claimChunk(control, 7, control[CHUNKS], fromBack), `after ${made} of the stores`).toBe(-1);
    }
    // Once published, generation 8's chunks are claimed one each: the stepping thread's from 0 up,
    // the helpers' from 15 down, until they meet.
    const control = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
    for (const [slot, value] of stores) control[slot] = value;
    const claims = Array.from({ length: 17 }, (_, k) => claimChunk(control, 8, control[CHUNKS], k % 3 === 0));
    expect(claims).toEqual([15, 0, 1, 14, 2, 3, 13, 4, 5, 12, 6, 7, 11, 8, 9, 10, -1]);
  });

  it('claims each of the most chunks a run may have once, from either end (the counts fit the word)', () => {
    for (const fromBack of [false, true]) {
      const control = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
      for (const [slot, value] of publishStores(GENERATION_MASK, MAX_CHUNKS)) control[slot] = value;
      const claims = Array.from({ length: MAX_CHUNKS + 1 }, () =>
        claimChunk(control, GENERATION_MASK, MAX_CHUNKS, fromBack),
      );
      const all = Array.from({ length: MAX_CHUNKS }, (_, k) => k);
      expect(claims).toEqual([...(fromBack ? all.reverse() : all), -1]);
    }
  });

  it('claims whole generations however high they count (the word turns negative)', () => {
    const control = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
    for (const generation of [GENERATION_MASK, GENERATION_MASK - 1, 1 << 21, (1 << 21) - 1]) {
      for (const [slot, value] of publishStores(generation, 3)) control[slot] = value;
      expect(claimChunk(control, generation, 3, true)).toBe(2);
      expect(claimChunk(control, generation, 3)).toBe(0);
      expect(claimChunk(control, generation, 3)).toBe(1);
      expect(claimChunk(control, generation, 3, true)).toBe(-1);
      expect(claimChunk(control, generation - 1, 3)).toBe(-1);
    }
  });
});
