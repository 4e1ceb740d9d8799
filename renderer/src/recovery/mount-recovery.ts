/**
 * Recovery copies, put together: at start, each copy left by an earlier session (or another
 * window) is offered (Restore puts it in place as unsaved changes, Discard removes it); from then
 * on unsaved work is copied into this session's own slot every `intervalMs` and when the window
 * closes, and the copy is removed once the document is clean again.
 */
import type { Editor } from '../editor/editor.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import {
  clearRecoveryCopy,
  listRecoveryCopies,
  newInstanceId,
  type RecoveryStorage,
  recoverySlotKey,
} from './recovery-copy.ts';
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
  // Read before this session writes anything: every slot now is an earlier session's.
  const left = listRecoveryCopies(storage);
  const instanceId = newInstanceId();
  const writer = new RecoveryWriter({
    store: editor.store,
    storage,
    slotFor: (state) => recoverySlotKey(instanceId, state.path ?? state.fileName),
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
  for (const { key, copy } of left) {
    mountRecoveryOffer(options.notifications, copy, {
      restore: () => {
        // Without its old path: Save asks where, rather than overwriting a file this session
        // never opened (and which may have changed since).
        if (!editor.restore(copy.text, copy.fileName)) return;
        // The earlier slot goes only once this session's slot holds the work: a crash now, or a
        // full storage, loses nothing.
        if (writer.tick()) clearRecoveryCopy(storage, key);
        notify('info', `Restored the unsaved changes to ${copy.fileName}. Save to keep them.`);
      },
      discard: () => {
        clearRecoveryCopy(storage, key);
        notify('info', 'Discarded the recovery copy.');
      },
    });
  }
  writer.start();
  // Closing or reloading the window copies what the last interval has not caught yet.
  window.addEventListener('pagehide', () => writer.tick());
  return writer;
}
