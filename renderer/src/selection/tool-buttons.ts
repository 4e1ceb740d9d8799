/**
 * The viewport's tool buttons (Grab, Select, Box, Brush): one is pressed at a time, the one whose
 * tool the left button has. They head the selection panel beside the viewport: the top toolbar is
 * full with file and simulation commands, and over the canvas they would hide what they act on.
 */
import { type Store, watch } from '../state/store.ts';
import { el } from '../views/dom.ts';
import type { SelectionState, ToolMode } from './selection-state.ts';
import { TOOL_KEYS } from './tool-keys.ts';

const TOOLS: readonly { tool: ToolMode; label: string; title: string }[] = [
  { tool: 'grab', label: 'Grab', title: 'Drag bodies with the mouse' },
  { tool: 'select', label: 'Select', title: 'Click a vertex to select it; Shift adds, Ctrl or Alt removes' },
  {
    tool: 'box',
    label: 'Box',
    title: 'Drag a rectangle to select the vertices in it; Shift adds, Ctrl or Alt removes',
  },
  {
    tool: 'brush',
    label: 'Brush',
    title: 'Paint over vertices to select them; Shift adds, Ctrl or Alt removes',
  },
];

/** The buttons as one group for the caller to place; they follow `store`'s tool from now on. */
export function createToolButtons(
  store: Store<SelectionState>,
  choose: (tool: ToolMode) => void,
): HTMLElement {
  const buttons = TOOLS.map(({ tool, label, title }) => {
    const button = el('button', {
      text: label,
      testId: `tool-${tool}`,
      title: `${title} — ${TOOL_KEYS[tool]}`,
      className: 'tool-button tool-mode',
    });
    button.type = 'button';
    button.addEventListener('click', () => choose(tool));
    return button;
  });
  const strip = el('div', { className: 'tool-modes', testId: 'viewport-tools' }, buttons);
  strip.setAttribute('role', 'toolbar');
  strip.setAttribute('aria-label', 'Viewport tool');
  watch(
    store,
    (s) => s.tool,
    (active) => {
      TOOLS.forEach(({ tool }, i) => {
        buttons[i].setAttribute('aria-pressed', String(tool === active));
      });
    },
  );
  return strip;
}
