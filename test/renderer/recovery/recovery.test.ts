import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { parseScene } from '../../../core/scene/scene-validate.ts';
import {
  type EditorState,
  initialEditorState,
  withEdit,
  withSaved,
  withUndo,
} from '../../../renderer/src/editor/editor-state.ts';
import { setMaterialField } from '../../../renderer/src/editor/scene-edits.ts';
import {
  DEFAULT_RECOVERY_INTERVAL_MS,
  RECOVERY_KEY,
  readRecoveryCopy,
  recoveryIntervalFrom,
  writeRecoveryCopy,
} from '../../../renderer/src/recovery/recovery-copy.ts';
import { RecoveryWriter } from '../../../renderer/src/recovery/recovery-writer.ts';
import { createStore } from '../../../renderer/src/state/store.ts';
import { memoryStorage } from '../memory-storage.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

/** A writer on a store with a hand-driven interval and clock. */
function setup(storage = memoryStorage()) {
  const store = createStore<EditorState>(initialEditorState(scene));
  let tick: (() => void) | null = null;
  let intervalMs = 0;
  let nowMs = 1_000;
  const failures: unknown[] = [];
  const writer = new RecoveryWriter({
    store,
    storage,
    intervalMs: 60_000,
    projectText: (state) => JSON.stringify({ E: state.scene.bodies[0].material.youngModulusPa }),
    now: () => nowMs,
    every: (fn, ms) => {
      tick = fn;
      intervalMs = ms;
      return () => {
        tick = null;
      };
    },
    onWriteFailed: (error) => failures.push(error),
  });
  writer.start();
  const edit = (E: number) =>
    store.update((s) => withEdit(s, 'E', setMaterialField(s.scene, 0, 'youngModulusPa', E).scene));
  return {
    store,
    storage,
    writer,
    failures,
    edit,
    fire: () => tick?.(),
    intervalMs: () => intervalMs,
    running: () => tick !== null,
    setNow: (ms: number) => {
      nowMs = ms;
    },
  };
}

describe('recovery copies', () => {
  test('the interval comes from the query string, clamped, with a one-minute default', () => {
    expect(recoveryIntervalFrom('')).toBe(DEFAULT_RECOVERY_INTERVAL_MS);
    expect(DEFAULT_RECOVERY_INTERVAL_MS).toBe(60_000);
    expect(recoveryIntervalFrom('?recoveryIntervalMs=1000')).toBe(1000);
    expect(recoveryIntervalFrom('?recoveryIntervalMs=5')).toBe(200);
    expect(recoveryIntervalFrom('?recoveryIntervalMs=abc')).toBe(60_000);
    expect(recoveryIntervalFrom('?recoveryIntervalMs=99999999')).toBe(3_600_000);
  });

  test('a stored copy reads back; a damaged one reads as none', () => {
    const storage = memoryStorage();
    expect(readRecoveryCopy(storage)).toBeNull();
    const copy = { text: '{}', fileName: 'a.sbproj', path: '/x/a.sbproj', writtenAtMs: 5 };
    writeRecoveryCopy(storage, copy);
    expect(readRecoveryCopy(storage)).toEqual(copy);
    storage.setItem(RECOVERY_KEY, '{"text": 1}');
    expect(readRecoveryCopy(storage)).toBeNull();
    storage.setItem(RECOVERY_KEY, 'nope');
    expect(readRecoveryCopy(storage)).toBeNull();
  });

  test('nothing is written while the document is clean', () => {
    const { fire, storage, intervalMs } = setup();
    expect(intervalMs()).toBe(60_000);
    fire();
    expect(readRecoveryCopy(storage)).toBeNull();
  });

  test('an edit is copied at the next interval with its time and file name, and only once', () => {
    const { fire, storage, edit, setNow } = setup();
    edit(20_000);
    expect(readRecoveryCopy(storage)).toBeNull();
    setNow(61_000);
    fire();
    expect(readRecoveryCopy(storage)).toEqual({
      text: '{"E":20000}',
      fileName: 'untitled.sbproj',
      writtenAtMs: 61_000,
    });
    setNow(121_000);
    fire();
    // Unchanged document: the copy keeps its time.
    expect(readRecoveryCopy(storage)?.writtenAtMs).toBe(61_000);
    edit(30_000);
    fire();
    expect(readRecoveryCopy(storage)).toMatchObject({ text: '{"E":30000}', writtenAtMs: 121_000 });
  });

  test('a save or an undo back to the saved state removes the copy', () => {
    const { fire, storage, edit, store } = setup();
    edit(20_000);
    fire();
    expect(readRecoveryCopy(storage)).not.toBeNull();
    store.update((s) => withSaved(s, 'block.sbproj', undefined));
    expect(readRecoveryCopy(storage)).toBeNull();

    edit(40_000);
    fire();
    expect(readRecoveryCopy(storage)?.fileName).toBe('block.sbproj');
    store.update(withUndo);
    expect(readRecoveryCopy(storage)).toBeNull();
  });

  test('a copy left by an earlier session survives this session starting clean', () => {
    const storage = memoryStorage();
    writeRecoveryCopy(storage, { text: 'old', fileName: 'old.sbproj', writtenAtMs: 1 });
    const { fire, store } = setup(storage);
    fire();
    store.update((s) => ({ ...s, selectedBody: 1 }));
    expect(readRecoveryCopy(storage)?.text).toBe('old');
  });

  test('a copy the storage refuses is reported once, and stop ends the interval', () => {
    const storage = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const { fire, edit, failures, writer, running } = setup(storage);
    edit(20_000);
    fire();
    edit(30_000);
    fire();
    expect(failures.map(String)).toEqual(['Error: QuotaExceededError']);
    writer.stop();
    expect(running()).toBe(false);
  });
});
