/**
 * Open Recent in the toolbar: a button that lists the host's recent files when pressed; choosing
 * one reopens it through the host. The list is asked for on every opening, so it is never stale.
 */
import type { RecentFile } from '../../../contract/host-api.ts';
import { el } from '../views/dom.ts';
import { toolButton } from '../views/toggle-panel.ts';

export interface RecentMenuDeps {
  recentFiles(): Promise<RecentFile[]>;
  open(path: string): void;
  onError(error: unknown): void;
}

export function mountRecentMenu(toolbar: HTMLElement, deps: RecentMenuDeps): () => void {
  // A menu button (aria-expanded), not a panel toggle: it opens on the fetched list, closes outside.
  const button = toolButton({ text: 'Recent ▾', testId: 'open-recent', title: 'Reopen a recent file' });
  button.setAttribute('aria-haspopup', 'menu');
  button.setAttribute('aria-expanded', 'false');
  const menu = el('div', { className: 'recent-menu', testId: 'recent-menu' });
  menu.setAttribute('role', 'menu');
  menu.hidden = true;
  const wrapper = el('span', { className: 'recent-menu-anchor' }, [button, menu]);

  const close = () => {
    menu.hidden = true;
    button.setAttribute('aria-expanded', 'false');
  };
  const show = (files: RecentFile[]) => {
    const items =
      files.length === 0
        ? [el('div', { className: 'recent-menu-empty', text: 'No recent files' })]
        : files.map((file, i) => {
            const item = el('button', {
              className: 'ui-button recent-menu-item',
              text: file.name,
              testId: `recent-entry-${i}`,
              title: file.path,
            });
            item.type = 'button';
            item.setAttribute('role', 'menuitem');
            item.addEventListener('click', () => {
              close();
              deps.open(file.path);
            });
            return item;
          });
    menu.replaceChildren(...items);
    // Fixed under the button: the toolbar scrolls sideways and would clip a menu inside it.
    const { left, bottom } = button.getBoundingClientRect();
    menu.style.left = `${left}px`;
    menu.style.top = `${bottom + 4}px`;
    menu.hidden = false;
    button.setAttribute('aria-expanded', 'true');
  };
  button.addEventListener('click', () => {
    if (!menu.hidden) {
      close();
      return;
    }
    deps.recentFiles().then(show, deps.onError);
  });
  const onOutside = (event: Event) => {
    if (!wrapper.contains(event.target as Node)) close();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };
  document.addEventListener('pointerdown', onOutside);
  document.addEventListener('keydown', onKey);

  // Beside the project buttons, before the play controls.
  const anchor = toolbar.querySelector('.toolbar-separator');
  if (anchor) anchor.before(wrapper);
  else toolbar.append(wrapper);
  return () => {
    document.removeEventListener('pointerdown', onOutside);
    document.removeEventListener('keydown', onKey);
    wrapper.remove();
  };
}
