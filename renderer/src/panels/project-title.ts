/**
 * The window title names the project and marks unsaved changes ("• name — Softbody Studio"),
 * and leaving the page with unsaved changes asks first.
 */
import type { Editor } from '../editor/editor.ts';
import { isDirty } from '../editor/editor-state.ts';
import { watchMany } from './watch-many.ts';

export const APP_TITLE = 'Softbody Studio';

export function titleOf(fileName: string, dirty: boolean): string {
  return `${dirty ? '• ' : ''}${fileName} — ${APP_TITLE}`;
}

export function mountProjectTitle(editor: Editor): () => void {
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!isDirty(editor.state)) return;
    event.preventDefault();
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  const unwatch = watchMany(editor.store, [(s) => s.fileName, (s) => s.scene, (s) => s.savedScene], () => {
    document.title = titleOf(editor.state.fileName, isDirty(editor.state));
  });
  return () => {
    unwatch();
    window.removeEventListener('beforeunload', onBeforeUnload);
  };
}
