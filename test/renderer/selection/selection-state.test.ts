import { describe, expect, test } from 'vitest';
import { SelectionController } from '../../../renderer/src/selection/selection-controller.ts';
import type { ToolMode } from '../../../renderer/src/selection/selection-state.ts';
import {
  bodyRestPositions,
  initialSelectionState,
  sameLayout,
  withLoaded,
  withTool,
} from '../../../renderer/src/selection/selection-state.ts';
import type { BodyLayout } from '../../../renderer/src/sim/protocol.ts';

const rope = (name: string, count: number, offset = 0): BodyLayout => ({
  name,
  kind: 'rope',
  particleOffset: offset,
  particleCount: count,
  surfaceTriangles: new Uint32Array(0),
  edges: Uint32Array.from({ length: 2 * (count - 1) }, (_, i) => Math.ceil(i / 2)),
});
const rest = (n: number) => Float32Array.from({ length: 3 * n }, (_, i) => i);

describe('selection state', () => {
  test('a reload with the same layout keeps the selection; another layout clears it', () => {
    const layouts = [rope('a', 4), rope('b', 3, 4)];
    const controller = new SelectionController(null);
    controller.loaded(layouts, rest(7));
    controller.pick([[], [0, 2]], 'replace');
    const kept = controller.state.selection;
    expect(controller.selected).toEqual({ body: 1, vertices: [0, 2] });
    // The same bodies built again (new arrays, same content): e.g. after pinning the selection.
    controller.loaded([rope('a', 4), rope('b', 3, 4)], rest(7));
    expect(controller.state.selection).toBe(kept);
    // One particle more: the indices mean other vertices now.
    controller.loaded([rope('a', 4), rope('b', 4, 4)], rest(8));
    expect(controller.state.selection).toBeNull();
    expect(sameLayout([rope('a', 4)], [rope('c', 4)])).toBe(false);
  });

  test('grow, shrink, invert and clear act on the selected body', () => {
    const controller = new SelectionController(null);
    controller.loaded([rope('a', 5)], rest(5));
    controller.selectVertices(0, [2]);
    controller.grow();
    expect(controller.selected?.vertices).toEqual([1, 2, 3]);
    controller.shrink();
    expect(controller.selected?.vertices).toEqual([2]);
    controller.invert();
    expect(controller.selected?.vertices).toEqual([0, 1, 3, 4]);
    controller.clear();
    expect(controller.selected).toBeNull();
    // Nothing selected: the operations do nothing.
    controller.grow();
    controller.invert();
    expect(controller.selected).toBeNull();
  });

  test('the view is told the tool and the world particles of the selection', () => {
    const calls: string[] = [];
    const view = {
      setTool: (mode: ToolMode) => calls.push(`tool ${mode}`),
      showSelection: (offset: number, vertices: readonly number[]) =>
        calls.push(`show ${offset} [${vertices}]`),
    };
    const controller = new SelectionController(view);
    controller.loaded([rope('a', 4), rope('b', 3, 4)], rest(7));
    controller.setTool('box');
    controller.pick([[], [1, 2]], 'replace');
    controller.clear();
    expect(calls).toEqual(['tool grab', 'show 0 []', 'tool box', 'show 4 [1,2]', 'show 0 []']);
  });

  test('the tool changes only when asked; rest positions are sliced per body', () => {
    const state = withLoaded(initialSelectionState(), [rope('a', 2), rope('b', 2, 2)], rest(4));
    expect(withTool(state, 'grab')).toBe(state);
    expect(withTool(state, 'brush').tool).toBe('brush');
    expect([...(bodyRestPositions(state, 1) ?? [])]).toEqual([6, 7, 8, 9, 10, 11]);
    expect(bodyRestPositions(state, 2)).toBeNull();
  });
});
