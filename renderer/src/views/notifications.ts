/** Notifications in the corner of the viewport; info ones fade after a few seconds. */
import type { AppState, Notification } from '../state/app-state.ts';
import { type Store, watch } from '../state/store.ts';
import { el } from './dom.ts';

/** How long an info notification stays, ms; warnings and errors stay until closed. */
const INFO_LIFETIME_MS = 8000;

export function mountNotifications(
  container: HTMLElement,
  store: Store<AppState>,
  dismiss: (id: number) => void,
): () => void {
  const shown = new Map<number, HTMLElement>();
  const show = (notification: Notification) => {
    const close = el('button', { className: 'notification-close', text: '×', title: 'Dismiss' });
    close.type = 'button';
    close.setAttribute('aria-label', 'Dismiss notification');
    close.addEventListener('click', () => dismiss(notification.id));
    const body = el('div', { className: 'notification-text' }, [
      el('span', { text: notification.text, testId: 'notification-text' }),
    ]);
    if (notification.detail) {
      // The detail is one click away: a toggle and the text, hidden until asked for.
      const detail = el('pre', {
        className: 'notification-detail',
        text: notification.detail,
        testId: 'notification-detail',
      });
      detail.hidden = true;
      const toggle = el('button', {
        className: 'notification-details-toggle',
        text: 'Details',
        testId: 'notification-details',
      });
      toggle.type = 'button';
      toggle.addEventListener('click', () => {
        detail.hidden = !detail.hidden;
        toggle.textContent = detail.hidden ? 'Details' : 'Hide details';
      });
      body.append(' ', toggle, detail);
    }
    const item = el(
      'div',
      { className: `notification notification-${notification.level}`, testId: 'notification' },
      [body, close],
    );
    item.setAttribute('role', notification.level === 'error' ? 'alert' : 'status');
    container.append(item);
    shown.set(notification.id, item);
    if (notification.level === 'info') setTimeout(() => dismiss(notification.id), INFO_LIFETIME_MS);
  };
  return watch(
    store,
    (s) => s.ui.notifications,
    (notifications) => {
      const ids = new Set(notifications.map((n) => n.id));
      for (const [id, item] of shown) {
        if (ids.has(id)) continue;
        item.remove();
        shown.delete(id);
      }
      for (const notification of notifications) if (!shown.has(notification.id)) show(notification);
    },
  );
}
