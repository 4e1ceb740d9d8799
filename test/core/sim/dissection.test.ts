import { describe, expect, it } from 'vitest';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { colourConstraints } from '../../../core/sim/colour.ts';
import {
  constraintNode,
  DISSECTION_NODES,
  dissectBody,
  LEAVES,
  MIN_DISSECTED_PARTICLES,
  ROOT_ACROSS,
  ROOT_HIGH,
  ROOT_LOW,
  SUBTREES,
} from '../../../core/sim/dissection.ts';
import { sceneWith } from './fixtures.ts';

/**
 * The nested dissection that orders a big body's sweeps (core/sim/dissection.ts): where it cuts,
 * which node a constraint falls in, and the colouring that follows it.
 */

/** An n×n×n grid of particles 1 cm apart, numbered x fastest, then y, then z. */
function grid(n: number): Float64Array {
  const rest = new Float64Array(3 * n * n * n);
  for (let z = 0, p = 0; z < n; z++)
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++, p++) rest.set([0.01 * x, 0.01 * y, 0.01 * z], 3 * p);
  return rest;
}

/** How often `side(p)` changes along the particle numbering. */
function changes(count: number, side: (p: number) => number): number {
  let n = 0;
  for (let p = 1; p < count; p++) if (side(p) !== side(p - 1)) n++;
  return n;
}

describe('nested dissection', () => {
  it('cuts a row-numbered grid between its slowest rows first, then across them, into equal parts', () => {
    const n = 17;
    const rest = grid(n);
    const leafOf = new Uint8Array(n ** 3);
    dissectBody(rest, 0, n ** 3, leafOf);
    // The first cut: one change along the numbering (z, the slowest axis) …
    expect(changes(n ** 3, (p) => leafOf[p] >> 1)).toBe(1);
    // The median falls inside the middle layer, which ties break by index: the first half in numbering.
    for (let p = 0; p < n ** 3; p++) expect(leafOf[p] >> 1).toBe(p < Math.floor(n ** 3 / 2) ? 0 : 1);
    // … the second across it (not z again, which would change sides about twice): once or twice in
    // every z layer.
    expect(changes(n ** 3, (p) => leafOf[p] & 1)).toBeGreaterThanOrEqual(n);
    // Medians: the parts are equal to a particle.
    const sizes = new Array(LEAVES).fill(0);
    for (const leaf of leafOf) sizes[leaf]++;
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('cuts a long bar across its length only', () => {
    // 40 × 3 × 3 particles: the short sides are under half the long one.
    const rest = new Float64Array(3 * 360);
    for (let p = 0; p < 360; p++)
      rest.set([0.01 * (p % 40), 0.01 * (((p / 40) % 3) | 0), 0.01 * ((p / 120) | 0)], 3 * p);
    const leafOf = new Uint8Array(360);
    dissectBody(rest, 0, 360, leafOf);
    for (let p = 0; p < 360; p++) expect(leafOf[p]).toBe(Math.floor((p % 40) / 10));
  });

  it('puts a constraint in the deepest node that holds all its particles', () => {
    const leafOf = Uint8Array.of(0, 1, 2, 3);
    const node = (...leaves: number[]) => constraintNode(Uint32Array.from(leaves), leaves.length, 0, leafOf);
    for (let leaf = 0; leaf < LEAVES; leaf++) expect(node(leaf, leaf)).toBe(SUBTREES[2][leaf].end - 1);
    expect(node(0, 1)).toBe(SUBTREES[1][0].end - 1);
    expect(node(2, 3, 3)).toBe(SUBTREES[1][1].end - 1);
    // Across the first cut: by the side of the second cut in both halves.
    expect(node(0, 2)).toBe(ROOT_LOW);
    expect(node(1, 3)).toBe(ROOT_HIGH);
    expect(node(0, 3)).toBe(ROOT_ACROSS);
    expect(node(1, 2, 2)).toBe(ROOT_ACROSS);
    // Post-order: each subtree's nodes come before its separator.
    expect(SUBTREES[1].map((tree) => [tree.first, tree.end])).toEqual([
      [0, 3],
      [3, 6],
    ]);
    expect(ROOT_LOW).toBe(6);
    expect(ROOT_ACROSS).toBe(DISSECTION_NODES - 1);
  });

  it('colours each node on its own, in node order, and nothing without a dissection', () => {
    const n = 17;
    const rest = grid(n);
    const leafOf = new Uint8Array(n ** 3);
    dissectBody(rest, 0, n ** 3, leafOf);
    // Every x, y and z neighbour pair.
    const pairs: number[] = [];
    for (let p = 0; p < n ** 3; p++)
      for (const step of [1, n, n * n]) {
        const q = p + step;
        const apart = Math.abs(rest[3 * q] - rest[3 * p]) + Math.abs(rest[3 * q + 1] - rest[3 * p + 1]);
        if (q < n ** 3 && apart + Math.abs(rest[3 * q + 2] - rest[3 * p + 2]) < 0.011) pairs.push(p, q);
      }
    const particles = Uint32Array.from(pairs);
    const plain = colourConstraints(particles, 2, n ** 3);
    expect(plain.nodeColourStarts).toBeNull();
    const colouring = colourConstraints(particles, 2, n ** 3, leafOf);
    const starts = colouring.nodeColourStarts!;
    expect(starts.length).toBe(DISSECTION_NODES + 1);
    for (let node = 0; node < DISSECTION_NODES; node++) {
      for (let c = starts[node]; c < starts[node + 1]; c++) {
        for (let k = colouring.colourStarts[c]; k < colouring.colourStarts[c + 1]; k++)
          expect(constraintNode(particles, 2, colouring.order[k], leafOf)).toBe(node);
      }
    }
    // Every node of a cut cube has constraints, the corner where both cuts cross the fewest.
    const sizes = Array.from(
      { length: DISSECTION_NODES },
      (_, node) => colouring.colourStarts[starts[node + 1]] - colouring.colourStarts[starts[node]],
    );
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    expect(Math.min(...sizes)).toBe(sizes[ROOT_ACROSS]);
  });

  it('leaves a small body in plain colour order and cuts a big one', () => {
    const clothWorld = (cells: number) =>
      buildWorld(
        sceneWith([
          {
            name: `cloth-${cells}`,
            shape: { type: 'cloth', size: [1, 1], cells: [cells, cells], center: [0, 1, 0] },
            material: { youngModulusPa: 2e6, poissonRatio: 0.3, densityKgM3: 400, thicknessM: 5e-4 },
            model: 'cloth',
          },
        ]),
      );
    const small = clothWorld(16);
    expect(small.particleCount).toBeLessThan(MIN_DISSECTED_PARTICLES);
    expect(small.state.leafOf).toBeUndefined();
    for (const block of small.runtimes[0].blocks) expect(block.nodeColourStarts ?? null).toBeNull();
    const big = clothWorld(64);
    expect(big.state.leafOf).toBeInstanceOf(Uint8Array);
    for (const block of big.runtimes[0].blocks)
      expect(block.nodeColourStarts?.length).toBe(DISSECTION_NODES + 1);
  });
});
