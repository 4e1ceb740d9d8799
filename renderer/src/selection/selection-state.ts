/**
 * What the selection tools work on: the active viewport tool, the loaded bodies' layout and rest
 * positions, and the vertex selection. Pure transitions; the selection is cleared whenever the
 * loaded body layout changes (another body count, particle count or topology), and kept when a
 * reload leaves it as it was (an edit of a material or a pin rebuilds the same bodies).
 */
import type { BodyLayout } from '../sim/protocol.ts';
import type { VertexSelection } from './vertex-selection.ts';

/** The viewport's left-button tool: grab bodies (default), click-select, box-select or brush-select. */
export type ToolMode = 'grab' | 'select' | 'box' | 'brush';

export const TOOL_MODES: readonly ToolMode[] = ['grab', 'select', 'box', 'brush'];

export interface SelectionState {
  tool: ToolMode;
  layouts: readonly BodyLayout[];
  /** Rest positions of the whole world, m, xyz interleaved (from the 'loaded' event); null before. */
  restPositionsM: Float32Array | null;
  selection: VertexSelection | null;
}

export function initialSelectionState(): SelectionState {
  return { tool: 'grab', layouts: [], restPositionsM: null, selection: null };
}

export function withTool(state: SelectionState, tool: ToolMode): SelectionState {
  return state.tool === tool ? state : { ...state, tool };
}

export function withSelection(state: SelectionState, selection: VertexSelection | null): SelectionState {
  return state.selection === selection ? state : { ...state, selection };
}

/** A newly loaded world: keeps the selection only when the bodies are laid out as before. */
export function withLoaded(
  state: SelectionState,
  layouts: readonly BodyLayout[],
  restPositionsM: Float32Array,
): SelectionState {
  const same = sameLayout(state.layouts, layouts);
  return { ...state, layouts, restPositionsM, selection: same ? state.selection : null };
}

/** Same bodies in the same order with the same names, particle ranges and topology. */
export function sameLayout(a: readonly BodyLayout[], b: readonly BodyLayout[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((body, i) => {
    const other = b[i];
    return (
      body.name === other.name &&
      body.kind === other.kind &&
      body.particleOffset === other.particleOffset &&
      body.particleCount === other.particleCount &&
      sameArray(body.edges, other.edges) &&
      sameArray(body.surfaceTriangles, other.surfaceTriangles)
    );
  });
}

function sameArray(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Rest positions of one body, m, xyz interleaved, body-local order; null when not loaded. */
export function bodyRestPositions(state: SelectionState, body: number): Float32Array | null {
  const layout = state.layouts[body];
  if (!layout || !state.restPositionsM) return null;
  const start = layout.particleOffset * 3;
  const end = start + layout.particleCount * 3;
  return end <= state.restPositionsM.length ? state.restPositionsM.subarray(start, end) : null;
}
