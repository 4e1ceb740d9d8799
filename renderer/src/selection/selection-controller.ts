/**
 * Owns the selection state and applies the pure operations of vertex-selection.ts to it: picks
 * from the viewport tools, grow, shrink, invert, clear. Tells the view what to draw and which
 * tool the left button has. Never edits the document (pin and group go through the editor).
 */
import type { BodyLayout } from '../sim/protocol.ts';
import { createStore, type Store, watch } from '../state/store.ts';
import {
  initialSelectionState,
  type SelectionState,
  type ToolMode,
  withLoaded,
  withSelection,
  withTool,
} from './selection-state.ts';
import {
  applyPick,
  grow,
  invert,
  type SelectOp,
  selectedVertices,
  selectionOf,
  shrink,
  type VertexSelection,
} from './vertex-selection.ts';

/** What the controller needs of the viewport (Viewport implements it). */
export interface SelectionView {
  setTool(mode: ToolMode): void;
  showSelection(particleOffset: number, vertices: readonly number[]): void;
}

export class SelectionController {
  readonly store: Store<SelectionState> = createStore(initialSelectionState());

  constructor(view: SelectionView | null) {
    if (!view) return;
    watch(
      this.store,
      (s) => s.tool,
      (tool) => view.setTool(tool),
    );
    watch(
      this.store,
      (s) => s.selection,
      (selection) => {
        const layout = selection ? this.store.get().layouts[selection.body] : undefined;
        view.showSelection(layout?.particleOffset ?? 0, layout ? selectedVertices(selection) : []);
      },
    );
  }

  get state(): SelectionState {
    return this.store.get();
  }

  /** The body index and body-local vertices selected, or null. */
  get selected(): { body: number; vertices: number[] } | null {
    const selection = this.state.selection;
    return selection ? { body: selection.body, vertices: selectedVertices(selection) } : null;
  }

  /** A world was loaded: its layout and rest positions (m); the selection survives an unchanged layout. */
  loaded(layouts: readonly BodyLayout[], restPositionsM: Float32Array): void {
    // A kept selection stays drawn: its points index the same particles of the new world.
    this.store.update((state) => withLoaded(state, layouts, restPositionsM));
  }

  setTool(tool: ToolMode): void {
    this.store.update((state) => withTool(state, tool));
  }

  /** A pick from the viewport tools (selection-tool.ts). */
  pick(hits: number[][], op: SelectOp): void {
    this.set(applyPick(this.state.selection, this.state.layouts, hits, op));
  }

  /** Selects exactly `vertices` (body-local) of body `body` (e.g. a pin's or a group's). */
  selectVertices(body: number, vertices: readonly number[]): void {
    const layout = this.state.layouts[body];
    if (!layout) return;
    this.set(selectionOf(body, layout.particleCount, vertices));
  }

  grow(): void {
    this.withLayout((selection, layout) => grow(selection, layout));
  }

  shrink(): void {
    this.withLayout((selection, layout) => shrink(selection, layout));
  }

  invert(): void {
    this.set(invert(this.state.selection));
  }

  clear(): void {
    this.set(null);
  }

  private withLayout(
    change: (selection: VertexSelection, layout: BodyLayout) => VertexSelection | null,
  ): void {
    const selection = this.state.selection;
    const layout = selection ? this.state.layouts[selection.body] : undefined;
    if (selection && layout) this.set(change(selection, layout));
  }

  private set(selection: VertexSelection | null): void {
    this.store.update((state) => withSelection(state, selection));
  }
}
