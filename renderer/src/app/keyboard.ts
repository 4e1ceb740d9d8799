/**
 * Single-key shortcuts of the editor (both hosts): Space toggles play, R resets, F frames the
 * selected body (all bodies when none is selected). They are ignored while the user types in a
 * text field and when a modifier is held.
 */
import type { MenuCommand } from '../../../contract/host-api.ts';
import type { KeyChord } from '../host/shortcuts.ts';

/** The fields of an element that tell whether it takes typed text. */
export interface FocusTarget {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
}

/** Input types that do not take text, so Space and R still reach the editor. */
const NON_TEXT_INPUT_TYPES = new Set([
  'button',
  'checkbox',
  'radio',
  'range',
  'color',
  'file',
  'reset',
  'submit',
]);

export function isTextEntry(target: FocusTarget | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TEXT_INPUT_TYPES.has((target.type ?? 'text').toLowerCase());
  return false;
}

export function editorCommandForKey(
  chord: KeyChord,
  target: FocusTarget | null | undefined,
): MenuCommand | null {
  if (chord.ctrlKey || chord.metaKey || chord.altKey || isTextEntry(target)) return null;
  if (chord.key === ' ') return 'toggle-play';
  if (chord.key.toLowerCase() === 'r' && !chord.shiftKey) return 'reset-simulation';
  if (chord.key.toLowerCase() === 'f' && !chord.shiftKey) return 'frame-selection';
  return null;
}
