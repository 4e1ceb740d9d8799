/**
 * The offer shown at start when a recovery copy exists: which project, from when, and two
 * buttons. It stays until the user answers (it is never dismissed on a timer).
 */
import { el } from '../views/dom.ts';
import type { RecoveryCopy } from './recovery-copy.ts';

export interface RecoveryChoices {
  restore(): void;
  discard(): void;
}

/** 'today 14:03' style wording is left to the locale: the copy's time as the user's clock shows it. */
export function recoveryOfferText(copy: RecoveryCopy, locale?: string): string {
  const when = new Date(copy.writtenAtMs).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return `Unsaved changes to ${copy.fileName} from ${when} were kept when the app last closed.`;
}

export function mountRecoveryOffer(
  container: HTMLElement,
  copy: RecoveryCopy,
  choices: RecoveryChoices,
): () => void {
  const button = (text: string, testId: string, onClick: () => void) => {
    const b = el('button', { className: 'ui-button notification-action', text, testId });
    b.type = 'button';
    b.addEventListener('click', () => {
      offer.remove();
      onClick();
    });
    return b;
  };
  const offer = el(
    'div',
    { className: 'notification notification-warning recovery-offer', testId: 'recovery-offer' },
    [
      el('div', { className: 'notification-text' }, [
        el('span', { text: recoveryOfferText(copy), testId: 'recovery-offer-text' }),
        el('div', { className: 'notification-actions' }, [
          button('Restore', 'recovery-restore', choices.restore),
          button('Discard', 'recovery-discard', choices.discard),
        ]),
      ]),
    ],
  );
  offer.setAttribute('role', 'alertdialog');
  container.prepend(offer);
  return () => offer.remove();
}
