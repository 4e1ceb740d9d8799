import { describe, expect, test } from 'vitest';
import {
  cancel,
  DRAG_THRESHOLD_PX,
  IDLE,
  pointerDown,
  pointerMove,
  pointerUp,
} from '../../../renderer/src/selection/tool-machine.ts';

const at = (x: number, y: number) => ({ x, y });

describe('selection tool state machine', () => {
  test('the grab tool is not handled here: the press goes on to the grab tool and the camera', () => {
    const t = pointerDown(IDLE, 'grab', { pointerId: 1, at: at(5, 5), op: 'replace' });
    expect(t).toEqual({ state: IDLE, effects: [], handled: false });
  });

  test('select: a click picks at the release point with the op of the press', () => {
    const down = pointerDown(IDLE, 'select', { pointerId: 1, at: at(10, 10), op: 'add' });
    expect(down.handled).toBe(true);
    expect(down.effects).toEqual([]);
    // Dragging with the select tool neither draws a rectangle nor hands the drag to the camera.
    const move = pointerMove(down.state, { pointerId: 1, at: at(40, 40) });
    expect(move).toMatchObject({ handled: true, effects: [] });
    const up = pointerUp(move.state, { pointerId: 1, at: at(40, 40) });
    expect(up.state).toEqual(IDLE);
    expect(up.effects).toEqual([{ type: 'pick-point', at: at(40, 40), op: 'add' }]);
  });

  test('box: a drag beyond the threshold shows the rectangle and picks in it on release', () => {
    let t = pointerDown(IDLE, 'box', { pointerId: 7, at: at(100, 50), op: 'replace' });
    t = pointerMove(t.state, { pointerId: 7, at: at(100 + DRAG_THRESHOLD_PX - 1, 50) });
    expect(t.state.kind).toBe('pressed');
    expect(t.effects).toEqual([]);
    t = pointerMove(t.state, { pointerId: 7, at: at(60, 90) });
    expect(t.state.kind).toBe('boxing');
    expect(t.effects).toEqual([{ type: 'show-rect', rect: { a: at(100, 50), b: at(60, 90) } }]);
    // Another pointer (a second touch) is ignored.
    expect(pointerMove(t.state, { pointerId: 8, at: at(0, 0) })).toMatchObject({
      handled: false,
      effects: [],
    });
    t = pointerUp(t.state, { pointerId: 7, at: at(70, 95) });
    expect(t.state).toEqual(IDLE);
    expect(t.effects).toEqual([
      { type: 'show-rect', rect: null },
      { type: 'pick-rect', rect: { a: at(100, 50), b: at(70, 95) }, op: 'replace' },
    ]);
  });

  test('box: a click without a drag picks at the point (a click on nothing clears)', () => {
    const t = pointerDown(IDLE, 'box', { pointerId: 1, at: at(3, 3), op: 'replace' });
    expect(pointerUp(t.state, { pointerId: 1, at: at(4, 3) }).effects).toEqual([
      { type: 'pick-point', at: at(4, 3), op: 'replace' },
    ]);
  });

  test('brush: the press dabs with its op, then each move adds the stroke segment', () => {
    let t = pointerDown(IDLE, 'brush', { pointerId: 2, at: at(10, 10), op: 'replace' });
    expect(t.effects).toEqual([{ type: 'brush', from: at(10, 10), to: at(10, 10), op: 'replace' }]);
    t = pointerMove(t.state, { pointerId: 2, at: at(20, 10) });
    expect(t.effects).toEqual([{ type: 'brush', from: at(10, 10), to: at(20, 10), op: 'add' }]);
    t = pointerMove(t.state, { pointerId: 2, at: at(30, 15) });
    expect(t.effects).toEqual([{ type: 'brush', from: at(20, 10), to: at(30, 15), op: 'add' }]);
    t = pointerUp(t.state, { pointerId: 2, at: at(30, 15) });
    expect(t).toEqual({ state: IDLE, effects: [], handled: true });

    // A subtracting stroke subtracts all along.
    t = pointerDown(IDLE, 'brush', { pointerId: 2, at: at(0, 0), op: 'subtract' });
    t = pointerMove(t.state, { pointerId: 2, at: at(5, 0) });
    expect(t.effects).toEqual([{ type: 'brush', from: at(0, 0), to: at(5, 0), op: 'subtract' }]);
  });

  test('a second press during a gesture is ignored, and cancel hides the rectangle and picks nothing', () => {
    let t = pointerDown(IDLE, 'box', { pointerId: 1, at: at(0, 0), op: 'replace' });
    t = pointerMove(t.state, { pointerId: 1, at: at(50, 50) });
    expect(pointerDown(t.state, 'box', { pointerId: 2, at: at(9, 9), op: 'add' }).handled).toBe(false);
    const cancelled = cancel(t.state);
    expect(cancelled).toEqual({ state: IDLE, effects: [{ type: 'show-rect', rect: null }], handled: true });
    expect(cancel(IDLE).handled).toBe(false);
    // A release after the cancel belongs to nobody.
    expect(pointerUp(cancelled.state, { pointerId: 1, at: at(50, 50) }).handled).toBe(false);
  });
});
