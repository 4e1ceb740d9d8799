/**
 * The user's presets as a live list: loaded from storage once (unreadable entries are reported
 * and left out), saved back on every change. Views subscribe through `store`.
 */
import { DocumentError } from '../../../core/document/problem.ts';
import { describeError } from '../app/describe-error.ts';
import type { KeyValueStorage } from '../host/browser-storage.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import { createStore, type Store } from '../state/store.ts';
import {
  readUserPresets,
  USER_PRESETS_KEY,
  type UserPreset,
  withoutUserPreset,
  withUserPreset,
  writeUserPresets,
} from './user-presets.ts';

export class UserPresetLibrary {
  readonly store: Store<UserPreset[]>;

  constructor(
    private readonly storage: KeyValueStorage,
    private readonly notify: (level: NotificationLevel, text: string, detail?: string) => void,
  ) {
    const { presets, problems } = readUserPresets(storage);
    this.store = createStore(presets);
    if (problems.length > 0) {
      notify(
        'warning',
        `Some of your saved presets could not be read and were left out (${problems.length} problem${problems.length === 1 ? '' : 's'}).`,
        new DocumentError('user preset', problems, USER_PRESETS_KEY).lines().join('\n'),
      );
    }
  }

  get presets(): UserPreset[] {
    return this.store.get();
  }

  find(name: string): UserPreset | undefined {
    return this.presets.find((p) => p.name === name);
  }

  /** Adds or replaces (same name); false, with the list unchanged, when storage refuses it. */
  save(preset: UserPreset): boolean {
    return this.commit(withUserPreset(this.presets, preset));
  }

  remove(name: string): boolean {
    return this.commit(withoutUserPreset(this.presets, name));
  }

  private commit(next: UserPreset[]): boolean {
    try {
      writeUserPresets(this.storage, next);
    } catch (error) {
      // Storage full or unavailable (private mode): keep memory and storage in agreement.
      this.notify('error', `Your presets could not be stored: ${describeError(error)}`);
      return false;
    }
    this.store.update(() => next);
    return true;
  }
}
