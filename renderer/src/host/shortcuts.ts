/**
 * Keyboard shortcuts that stand in for the native menu in the browser host. Pure: takes
 * the fields of a KeyboardEvent, returns the menu command or null.
 */
import type { MenuCommand } from '../../../contract/host-api.ts';

export interface KeyChord {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Ctrl on Linux and Windows, Cmd on macOS: either is accepted, as in the Electron menu's CmdOrCtrl. */
export function menuCommandForChord(chord: KeyChord): MenuCommand | null {
  if (!(chord.ctrlKey || chord.metaKey) || chord.altKey) return null;
  switch (chord.key.toLowerCase()) {
    case 'o':
      return chord.shiftKey ? null : 'open-mesh';
    case 's':
      return chord.shiftKey ? 'save-as' : 'save';
    case 'e':
      return chord.shiftKey ? null : 'export-preset';
    case 'z':
      return chord.shiftKey ? 'redo' : 'undo';
    default:
      return null;
  }
}
