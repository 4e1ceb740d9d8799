/**
 * Writes the recovery copy every interval while the document has unsaved changes, and removes it
 * when the document becomes clean (saved, opened, or undone back to the saved state). A copy that
 * does not fit the storage is reported once, not every interval.
 */
import type { Scene } from '../../../core/scene/scene.ts';
import { type EditorState, isDirty } from '../editor/editor-state.ts';
import type { Store } from '../state/store.ts';
import { clearRecoveryCopy, RECOVERY_KEY, type RecoveryStorage, writeRecoveryCopy } from './recovery-copy.ts';

export interface RecoveryWriterDeps {
  store: Store<EditorState>;
  storage: Pick<RecoveryStorage, 'setItem' | 'removeItem'>;
  /** The storage key of a state's copy (recoverySlotKey in the app); the legacy one slot if absent. */
  slotFor?: (state: EditorState) => string;
  intervalMs: number;
  /** The project text of a state (what Save writes). */
  projectText: (state: EditorState) => string;
  /** ms since the epoch (Date.now in the app). */
  now: () => number;
  /** Runs `tick` every `ms`; returns the cancel function (setInterval in the app). */
  every: (tick: () => void, ms: number) => () => void;
  /** Told once when the copy cannot be written. */
  onWriteFailed: (error: unknown) => void;
}

export class RecoveryWriter {
  /** The scene last copied (identity): an unchanged document is not written again. */
  private written: Scene | null = null;
  /** The slot this writer last wrote: the one to remove when the document is clean or moves. */
  private writtenKey: string | null = null;
  private failed = false;
  private readonly stops: (() => void)[] = [];

  constructor(private readonly deps: RecoveryWriterDeps) {}

  start(): void {
    const { store, every, intervalMs } = this.deps;
    this.stops.push(every(() => this.tick(), intervalMs));
    // Only changes after start count: the copy a previous session left must survive the
    // clean document this session starts with, until the user restores or discards it.
    this.stops.push(
      store.subscribe((state, previous) => {
        if (!isDirty(state) && isDirty(previous)) this.discard();
      }),
    );
  }

  stop(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  /**
   * Writes the copy now if the document is dirty and changed since the last copy. True when the
   * document's current state is in storage (written now or before).
   */
  tick(): boolean {
    const state = this.deps.store.get();
    if (!isDirty(state)) return false;
    if (state.scene === this.written) return true;
    const text = this.deps.projectText(state);
    const key = this.slotOf(state);
    try {
      writeRecoveryCopy(
        this.deps.storage,
        {
          text,
          fileName: state.fileName,
          writtenAtMs: this.deps.now(),
          ...(state.path === undefined ? {} : { path: state.path }),
        },
        key,
      );
      // The document was renamed (Save As of a copy, another file opened): its old slot is stale.
      if (this.writtenKey !== null && this.writtenKey !== key) this.remove(this.writtenKey);
      this.writtenKey = key;
      this.written = state.scene;
      this.failed = false;
      return true;
    } catch (error) {
      if (!this.failed) this.deps.onWriteFailed(error);
      this.failed = true;
      return false;
    }
  }

  /** Removes the copy (after a clean save, an open, or the user's Discard). */
  discard(): void {
    this.written = null;
    this.remove(this.writtenKey ?? this.slotOf(this.deps.store.get()));
    this.writtenKey = null;
  }

  private slotOf(state: EditorState): string {
    return this.deps.slotFor ? this.deps.slotFor(state) : RECOVERY_KEY;
  }

  private remove(key: string): void {
    try {
      clearRecoveryCopy(this.deps.storage, key);
    } catch {
      // Storage unavailable: there is no copy to remove either.
    }
  }
}
