import { describe, expect, test } from 'vitest';
import {
  adjacencyOf,
  applyPick,
  grow,
  invert,
  opForModifiers,
  selectedVertices,
  selectionOf,
  shrink,
} from '../../../renderer/src/selection/vertex-selection.ts';
import type { BodyLayout } from '../../../renderer/src/sim/protocol.ts';

/** A chain 0 – 1 – 2 – 3 – 4 (a rope of five particles), particles 0 … 4 of the world. */
const chain: BodyLayout = {
  name: 'rope',
  kind: 'rope',
  particleOffset: 0,
  particleCount: 5,
  surfaceTriangles: new Uint32Array(0),
  edges: Uint32Array.of(0, 1, 1, 2, 2, 3, 3, 4),
};
/** A 3 × 3 vertex sheet given only by triangles (no edges), particles 5 … 13. */
const sheet: BodyLayout = {
  name: 'sheet',
  kind: 'cloth',
  particleOffset: 5,
  particleCount: 9,
  surfaceTriangles: Uint32Array.of(0, 1, 4, 0, 4, 3, 1, 2, 5, 1, 5, 4, 3, 4, 7, 3, 7, 6, 4, 5, 8, 4, 8, 7),
  edges: new Uint32Array(0),
};
const layouts = [chain, sheet];

describe('vertex selection', () => {
  test('Shift adds, Ctrl, Alt or Cmd subtracts, no modifier replaces', () => {
    const keys = { shiftKey: false, ctrlKey: false, altKey: false, metaKey: false };
    expect(opForModifiers(keys)).toBe('replace');
    expect(opForModifiers({ ...keys, shiftKey: true })).toBe('add');
    expect(opForModifiers({ ...keys, ctrlKey: true })).toBe('subtract');
    expect(opForModifiers({ ...keys, altKey: true })).toBe('subtract');
    expect(opForModifiers({ ...keys, metaKey: true, shiftKey: true })).toBe('subtract');
  });

  test('replace takes the body with the most hits; add and subtract change only that body', () => {
    let selection = applyPick(null, layouts, [[1], [0, 4]], 'replace');
    expect(selection?.body).toBe(1);
    expect(selectedVertices(selection)).toEqual([0, 4]);
    // Hits on the rope are ignored while the sheet is selected.
    selection = applyPick(selection, layouts, [[2, 3, 4], [8]], 'add');
    expect(selectedVertices(selection)).toEqual([0, 4, 8]);
    selection = applyPick(selection, layouts, [[], [4, 7]], 'subtract');
    expect(selectedVertices(selection)).toEqual([0, 8]);
    expect(selection?.count).toBe(2);
    // Subtracting everything leaves nothing selected; adding to nothing acts as replace.
    expect(applyPick(selection, layouts, [[], [0, 8]], 'subtract')).toBeNull();
    expect(applyPick(null, layouts, [[3], []], 'add')?.body).toBe(0);
  });

  test('a replace that hits nothing clears; add and subtract that hit nothing keep the selection', () => {
    const selection = selectionOf(0, 5, [2]);
    expect(applyPick(selection, layouts, [[], []], 'replace')).toBeNull();
    expect(applyPick(selection, layouts, [[], []], 'add')).toBe(selection);
    expect(applyPick(selection, layouts, [[], [1]], 'subtract')).toBe(selection);
    expect(applyPick(null, layouts, [[1], []], 'subtract')).toBeNull();
  });

  test('operations never change the selection they are given', () => {
    const selection = selectionOf(0, 5, [2])!;
    const before = selection.mask.slice();
    grow(selection, chain);
    invert(selection);
    applyPick(selection, layouts, [[0, 1], []], 'add');
    expect(selection.mask).toEqual(before);
  });

  test('grow adds one ring of edge neighbours, shrink removes the border ring', () => {
    const middle = selectionOf(0, 5, [2]);
    const grown = grow(middle, chain);
    expect(selectedVertices(grown)).toEqual([1, 2, 3]);
    expect(selectedVertices(grow(grown, chain))).toEqual([0, 1, 2, 3, 4]);
    expect(selectedVertices(shrink(grown, chain))).toEqual([2]);
    // The whole body has no unselected neighbour, so shrinking the whole chain keeps it.
    expect(selectedVertices(shrink(selectionOf(0, 5, [0, 1, 2, 3, 4]), chain))).toEqual([0, 1, 2, 3, 4]);
    expect(shrink(middle, chain)).toBeNull();
  });

  test('a body without edges grows over its surface triangles', () => {
    // The centre vertex 4 of the 3 × 3 sheet touches all others but 2 and 6 (its diagonals run 0–4–8).
    expect(selectedVertices(grow(selectionOf(1, 9, [4]), sheet))).toEqual([0, 1, 3, 4, 5, 7, 8]);
    const { start } = adjacencyOf(sheet);
    expect(start).toHaveLength(10);
  });

  test('invert selects the rest of the same body', () => {
    const selection = selectionOf(1, 9, [0, 4, 8]);
    expect(selectedVertices(invert(selection))).toEqual([1, 2, 3, 5, 6, 7]);
    expect(invert(invert(selection))?.count).toBe(3);
    expect(invert(selectionOf(1, 9, [0, 1, 2, 3, 4, 5, 6, 7, 8]))).toBeNull();
  });

  test('indices outside the body are ignored', () => {
    expect(selectedVertices(selectionOf(0, 5, [-1, 2, 5, 2.5, 4]))).toEqual([2, 4]);
    expect(selectionOf(0, 5, [7])).toBeNull();
  });
});
