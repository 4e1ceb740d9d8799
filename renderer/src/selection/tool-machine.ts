/**
 * The selection tools as one small state machine over pointer events, pure so it can be tested
 * without a DOM. States: idle → pressed (button down, not yet dragged) → boxing (box tool, dragged
 * beyond DRAG_THRESHOLD_PX) or brushing (brush tool, from the press on). Transitions return the
 * effects the viewport carries out: pick at a point, pick in a rectangle, brush a stroke segment,
 * show or hide the rectangle. The op (replace, add, subtract) is fixed at the press.
 */
import type { ScreenPoint, ScreenRect } from './screen-pick.ts';
import type { ToolMode } from './selection-state.ts';
import type { SelectOp } from './vertex-selection.ts';

/** A press that moves less than this before release is a click, CSS px. */
export const DRAG_THRESHOLD_PX = 4;

export type ToolMachineState =
  | { kind: 'idle' }
  | { kind: 'pressed'; pointerId: number; tool: 'select' | 'box'; start: ScreenPoint; op: SelectOp }
  | { kind: 'boxing'; pointerId: number; start: ScreenPoint; current: ScreenPoint; op: SelectOp }
  | { kind: 'brushing'; pointerId: number; last: ScreenPoint; op: SelectOp };

export type ToolEffect =
  | { type: 'pick-point'; at: ScreenPoint; op: SelectOp }
  | { type: 'pick-rect'; rect: ScreenRect; op: SelectOp }
  | { type: 'brush'; from: ScreenPoint; to: ScreenPoint; op: SelectOp }
  /** Draw the rubber-band rectangle, or hide it (null). */
  | { type: 'show-rect'; rect: ScreenRect | null };

export interface PointerInput {
  pointerId: number;
  at: ScreenPoint;
}

export interface Transition {
  state: ToolMachineState;
  effects: ToolEffect[];
  /** Whether the event belongs to the tool (the viewport then keeps it from the camera controls). */
  handled: boolean;
}

export const IDLE: ToolMachineState = { kind: 'idle' };

const ignored = (state: ToolMachineState): Transition => ({ state, effects: [], handled: false });

/** A primary-button press with `tool` active; the grab tool is not handled here. */
export function pointerDown(
  state: ToolMachineState,
  tool: ToolMode,
  input: PointerInput & { op: SelectOp },
): Transition {
  if (state.kind !== 'idle' || tool === 'grab') return ignored(state);
  const { pointerId, at, op } = input;
  if (tool === 'brush') {
    // The first dab replaces (or adds/subtracts); the rest of the stroke extends what it made.
    return {
      state: { kind: 'brushing', pointerId, last: at, op: op === 'replace' ? 'add' : op },
      effects: [{ type: 'brush', from: at, to: at, op }],
      handled: true,
    };
  }
  return { state: { kind: 'pressed', pointerId, tool, start: at, op }, effects: [], handled: true };
}

export function pointerMove(state: ToolMachineState, input: PointerInput): Transition {
  if (state.kind === 'idle' || input.pointerId !== state.pointerId) return ignored(state);
  const { at } = input;
  switch (state.kind) {
    case 'pressed': {
      const moved = Math.hypot(at.x - state.start.x, at.y - state.start.y) >= DRAG_THRESHOLD_PX;
      if (!moved || state.tool !== 'box') return { state, effects: [], handled: true };
      const rect = { a: state.start, b: at };
      return {
        state: { kind: 'boxing', pointerId: state.pointerId, start: state.start, current: at, op: state.op },
        effects: [{ type: 'show-rect', rect }],
        handled: true,
      };
    }
    case 'boxing':
      return {
        state: { ...state, current: at },
        effects: [{ type: 'show-rect', rect: { a: state.start, b: at } }],
        handled: true,
      };
    case 'brushing':
      return {
        state: { ...state, last: at },
        effects: [{ type: 'brush', from: state.last, to: at, op: state.op }],
        handled: true,
      };
  }
}

export function pointerUp(state: ToolMachineState, input: PointerInput): Transition {
  if (state.kind === 'idle' || input.pointerId !== state.pointerId) return ignored(state);
  switch (state.kind) {
    case 'pressed':
      // A click: the select tool picks the vertex under it; so does the box tool (as a tiny box
      // would select nothing, a click on empty space with no modifier clears the selection).
      return { state: IDLE, effects: [{ type: 'pick-point', at: input.at, op: state.op }], handled: true };
    case 'boxing':
      return {
        state: IDLE,
        effects: [
          { type: 'show-rect', rect: null },
          { type: 'pick-rect', rect: { a: state.start, b: input.at }, op: state.op },
        ],
        handled: true,
      };
    case 'brushing':
      return { state: IDLE, effects: [], handled: true };
  }
}

/** Abandons a gesture (pointer cancelled, tool switched, bodies replaced): nothing is picked. */
export function cancel(state: ToolMachineState): Transition {
  if (state.kind === 'idle') return ignored(state);
  const effects: ToolEffect[] = state.kind === 'boxing' ? [{ type: 'show-rect', rect: null }] : [];
  return { state: IDLE, effects, handled: true };
}
