import { describe, expect, it } from 'vitest';
import { colourConstraints } from '../../../core/sim/colour.ts';
import { constraintNode, DISSECTION_NODES, dissectBody, ROOT_ACROSS } from '../../../core/sim/dissection.ts';
import { boxTetGrid } from '../../../core/sim/geometry/box-tets.ts';

describe('constraint colouring', () => {
  const { positions, tets } = boxTetGrid([1, 1, 1], [4, 3, 5], [0, 0, 0]);
  const particleCount = positions.length / 3;
  const colouring = colourConstraints(tets, 4, particleCount);

  it('puts no two constraints that share a particle in the same colour', () => {
    const { order, colourStarts } = colouring;
    for (let colour = 0; colour + 1 < colourStarts.length; colour++) {
      const seen = new Set<number>();
      for (let k = colourStarts[colour]; k < colourStarts[colour + 1]; k++) {
        for (let i = 0; i < 4; i++) {
          const p = tets[4 * order[k] + i];
          expect(seen.has(p)).toBe(false);
          seen.add(p);
        }
      }
    }
  });

  it('orders every constraint exactly once, deterministically', () => {
    const sorted = Array.from(colouring.order).sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: tets.length / 4 }, (_, i) => i));
    expect(colourConstraints(tets, 4, particleCount)).toEqual(colouring);
    expect(colouring.colourStarts[colouring.colourStarts.length - 1]).toBe(tets.length / 4);
  });

  it('makes colour sizes multiples of a batch of 4 where a later colour takes the remainder', () => {
    // An 8³ box: first fit alone leaves 56 of its 2,560 tets past a multiple of 4 (colours ending
    // on the scalar path); moving each colour's remainder on leaves 16.
    const box = boxTetGrid([1, 1, 1], [8, 8, 8], [0, 0, 0]);
    const { order, colourStarts } = colourConstraints(box.tets, 4, box.positions.length / 3, undefined, 4);
    let remainders = 0;
    for (let colour = 0; colour + 1 < colourStarts.length; colour++) {
      remainders += (colourStarts[colour + 1] - colourStarts[colour]) % 4;
      const seen = new Set<number>();
      for (let k = colourStarts[colour]; k < colourStarts[colour + 1]; k++) {
        for (let i = 0; i < 4; i++) {
          const p = box.tets[4 * order[k] + i];
          expect(seen.has(p)).toBe(false);
          seen.add(p);
        }
      }
    }
    expect(remainders).toBeLessThanOrEqual(0.01 * order.length);
  });

  it('with a dissection, moves what is left over to the node swept last and keeps each node apart', () => {
    // A 16³ box, cut as the world cuts it: first fit leaves 348 of its 20,480 tets past a multiple
    // of 4; evening within each node leaves 72, and moving those to the root's crossing node 4.
    const box = boxTetGrid([1, 1, 1], [16, 16, 16], [0, 0, 0]);
    const particleCount = box.positions.length / 3;
    const leafOf = new Uint8Array(particleCount);
    dissectBody(box.positions, 0, particleCount, leafOf);
    const { order, colourStarts, nodeColourStarts } = colourConstraints(
      box.tets,
      4,
      particleCount,
      leafOf,
      4,
    );
    if (!nodeColourStarts) throw new Error('the box was not cut');
    let remainders = 0;
    for (let colour = 0; colour + 1 < colourStarts.length; colour++) {
      const size = colourStarts[colour + 1] - colourStarts[colour];
      expect(size).toBeGreaterThan(0);
      remainders += size % 4;
    }
    expect(remainders).toBeLessThanOrEqual(8);
    // Every constraint sits in its own dissection node or in the crossing node.
    for (let node = 0; node < DISSECTION_NODES; node++) {
      for (let k = colourStarts[nodeColourStarts[node]]; k < colourStarts[nodeColourStarts[node + 1]]; k++) {
        const own = constraintNode(box.tets, 4, order[k], leafOf);
        expect(own === node || node === ROOT_ACROSS).toBe(true);
      }
    }
  });

  it('needs more than 32 colours without failing when particles are shared widely', () => {
    // A star: 40 constraints all sharing particle 0 need 40 colours (more than one mask word).
    const star = new Uint32Array(80);
    for (let c = 0; c < 40; c++) star.set([0, c + 1], 2 * c);
    expect(colourConstraints(star, 2, 41).colourStarts.length - 1).toBe(40);
  });
});
