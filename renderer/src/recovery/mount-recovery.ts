/**
 * Recovery copies, put together: at start, a copy left by an earlier session is offered (Restore
 * puts it in place as unsaved changes, Discard removes it); from then on unsaved work is copied
 * every `intervalMs` and when the window closes, and the copy is removed once the document is
 * clean again.
 */
import type { Editor } from '../editor/editor.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import { clearRecoveryCopy, type RecoveryStorage, readRecoveryCopy } from './recovery-copy.ts';
import { mountRecoveryOffer } from './recovery-offer.ts';
import { RecoveryWriter } from './recovery-writer.ts';

export function mountRecovery(options: {
  editor: Editor;
  storage: RecoveryStorage;
  intervalMs: number;
  notifications: HTMLElement;
  notify: (level: NotificationLevel, text: string, detail?: string) => void;
}): RecoveryWriter {
  const { editor, storage, notify } = options;
  const left = readRecoveryCopy(storage);
  const writer = new RecoveryWriter({
    store: editor.store,
    storage,
    intervalMs: options.intervalMs,
    projectText: () => editor.projectText(),
    now: () => Date.now(),
    every: (tick, ms) => {
      const id = setInterval(tick, ms);
      return () => clearInterval(id);
    },
    onWriteFailed: (error) =>
      notify(
        'warning',
        'The recovery copy of your unsaved changes could not be stored (storage full?); save to keep them.',
        String(error),
      ),
  });
  if (left) {
    mountRecoveryOffer(options.notifications, left, {
      restore: () => {
        if (editor.restore(left.text, left.fileName, left.path))
          notify('info', `Restored the unsaved changes to ${left.fileName}. Save to keep them.`);
      },
      discard: () => {
        // Only the copy offered: edits made since may already have written a newer one.
        if (readRecoveryCopy(storage)?.writtenAtMs === left.writtenAtMs) clearRecoveryCopy(storage);
        notify('info', 'Discarded the recovery copy.');
      },
    });
  }
  writer.start();
  // Closing or reloading the window copies what the last interval has not caught yet.
  window.addEventListener('pagehide', () => writer.tick());
  return writer;
}
