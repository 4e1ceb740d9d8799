/** Toolbar buttons for the project: Open… (a .sbproj), Save (Ctrl/Cmd+S) and Save As… (Ctrl/Cmd+Shift+S). */
import type { MenuCommand } from '../../../contract/host-api.ts';
import { toolButton } from '../views/toggle-panel.ts';

export function mountProjectButtons(toolbar: HTMLElement, run: (command: MenuCommand) => void): void {
  const button = (label: string, testId: string, title: string, command: MenuCommand) => {
    const b = toolButton({ text: label, testId, title });
    b.addEventListener('click', () => run(command));
    return b;
  };
  // After "Open Mesh…", before the play controls.
  const anchor = toolbar.querySelector('.toolbar-separator');
  const buttons = [
    button('Open…', 'open-project', 'Open a project (.sbproj)', 'open-project'),
    button('Save', 'save-project', 'Save the project — Ctrl+S', 'save'),
    button('Save As…', 'save-project-as', 'Save the project under a new name — Ctrl+Shift+S', 'save-as'),
  ];
  if (anchor) anchor.before(...buttons);
  else toolbar.append(...buttons);
}
