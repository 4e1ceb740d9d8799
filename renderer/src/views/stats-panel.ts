/**
 * The stats panel: the overlay in the viewport's corner (stats-overlay.ts) and its toggle among
 * the corner's controls; F3 toggles it too, except while typing in a field.
 */
import { isTextEntry } from '../app/keyboard.ts';
import type { EditorState } from '../editor/editor-state.ts';
import type { AppState } from '../state/app-state.ts';
import type { Store } from '../state/store.ts';
import { mountStatsOverlay } from './stats-overlay.ts';
import { showPressed, type ToggleButtonProps, toggleButton } from './toggle-panel.ts';

export interface StatsPanelOptions {
  /** The viewport's corner (the overlay goes at its end) and its row of controls (the toggle too). */
  hud: HTMLElement;
  controls: HTMLElement;
  /** The toggle's text, test id and tooltip, from the panel table. */
  toggle: ToggleButtonProps;
  app: Store<AppState>;
  editor: Store<EditorState>;
}

export function mountStatsPanel(options: StatsPanelOptions): () => void {
  // Not togglePanel: the overlay shows itself (setVisible), and F3 toggles it too.
  const button = toggleButton(options.toggle);
  options.controls.append(button);
  const stats = mountStatsOverlay(options.hud, options.app, options.editor);
  let shown = false;
  const toggle = () => {
    shown = !shown;
    stats.setVisible(shown);
    showPressed(button, shown, options.toggle.text);
  };
  button.addEventListener('click', toggle);
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'F3' || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTextEntry(document.activeElement as HTMLElement | null)) return;
    event.preventDefault();
    toggle();
  };
  window.addEventListener('keydown', onKey);
  return () => {
    window.removeEventListener('keydown', onKey);
    stats.dispose();
    button.remove();
  };
}
