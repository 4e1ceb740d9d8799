/**
 * Single-key shortcuts that choose the viewport tool: G grab, V select, B box, N brush. Like the
 * editor's keys (app/keyboard.ts) they are ignored while the user types and when a modifier other
 * than nothing is held (Ctrl+B and friends belong to the browser or the menu).
 */
import { type FocusTarget, isTextEntry } from '../app/keyboard.ts';
import type { KeyChord } from '../host/shortcuts.ts';
import type { ToolMode } from './selection-state.ts';

/** The key of each tool, as shown in its button's title. */
export const TOOL_KEYS: Readonly<Record<ToolMode, string>> = { grab: 'G', select: 'V', box: 'B', brush: 'N' };

export function toolForKey(chord: KeyChord, target: FocusTarget | null | undefined): ToolMode | null {
  if (chord.ctrlKey || chord.metaKey || chord.altKey || chord.shiftKey || isTextEntry(target)) return null;
  const key = chord.key.toUpperCase();
  for (const [tool, toolKey] of Object.entries(TOOL_KEYS) as [ToolMode, string][]) {
    if (toolKey === key) return tool;
  }
  return null;
}
