import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { parseScene } from '../../../core/scene/scene-validate.ts';
import {
  type EditorState,
  initialEditorState,
  withEdit,
  withSaved,
} from '../../../renderer/src/editor/editor-state.ts';
import { setMaterialField } from '../../../renderer/src/editor/scene-edits.ts';
import {
  listRecoveryCopies,
  newInstanceId,
  RECOVERY_KEY,
  readRecoveryCopy,
  recoverySlotKey,
  writeRecoveryCopy,
} from '../../../renderer/src/recovery/recovery-copy.ts';
import { RecoveryWriter } from '../../../renderer/src/recovery/recovery-writer.ts';
import { createStore } from '../../../renderer/src/state/store.ts';
import { memoryStorage } from '../memory-storage.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

/** A writer for the app instance `instanceId`, writing into per-document slots of `storage`. */
function instance(instanceId: string, storage: ReturnType<typeof memoryStorage>, nowMs = 1_000) {
  const store = createStore<EditorState>(initialEditorState(scene));
  const writer = new RecoveryWriter({
    store,
    storage,
    slotFor: (state) => recoverySlotKey(instanceId, state.path ?? state.fileName),
    intervalMs: 60_000,
    projectText: (state) => JSON.stringify({ E: state.scene.bodies[0].material.youngModulusPa }),
    now: () => nowMs,
    every: () => () => undefined,
    onWriteFailed: () => undefined,
  });
  writer.start();
  const edit = (E: number) =>
    store.update((s) => withEdit(s, 'E', setMaterialField(s.scene, 0, 'youngModulusPa', E).scene));
  return { store, writer, edit };
}

describe('recovery slots', () => {
  test('a slot key names the instance and the document', () => {
    expect(recoverySlotKey('ab12', '/projects/a b.sbproj')).toBe(
      `${RECOVERY_KEY}.ab12.%2Fprojects%2Fa%20b.sbproj`,
    );
    expect(newInstanceId((bytes) => bytes.fill(0xa5))).toBe('a5a5a5a5a5a5a5a5');
  });

  test('two instances editing the same document keep two copies', () => {
    const storage = memoryStorage();
    const first = instance('one', storage, 1_000);
    const second = instance('two', storage, 2_000);
    first.edit(11_000);
    first.writer.tick();
    second.edit(22_000);
    second.writer.tick();
    expect(readRecoveryCopy(storage, recoverySlotKey('one', 'untitled.sbproj'))?.text).toBe('{"E":11000}');
    expect(readRecoveryCopy(storage, recoverySlotKey('two', 'untitled.sbproj'))?.text).toBe('{"E":22000}');
  });

  test("editing before answering the offer leaves the earlier session's copy alone", () => {
    const storage = memoryStorage();
    writeRecoveryCopy(
      storage,
      { text: 'earlier', fileName: 'a.sbproj', writtenAtMs: 5 },
      recoverySlotKey('old', 'a.sbproj'),
    );
    const { edit, writer } = instance('new', storage);
    edit(30_000);
    writer.tick();
    expect(readRecoveryCopy(storage, recoverySlotKey('old', 'a.sbproj'))?.text).toBe('earlier');
  });

  test("a clean document removes its own slot only, and a renamed document's old slot goes", () => {
    const storage = memoryStorage();
    writeRecoveryCopy(
      storage,
      { text: 'other', fileName: 'a.sbproj', writtenAtMs: 5 },
      recoverySlotKey('other', 'a.sbproj'),
    );
    const { edit, writer, store } = instance('me', storage);
    edit(30_000);
    writer.tick();
    store.update((s) => ({ ...s, fileName: 'renamed.sbproj' }));
    edit(31_000);
    writer.tick();
    expect(storage.data.has(recoverySlotKey('me', 'untitled.sbproj'))).toBe(false);
    expect(storage.data.has(recoverySlotKey('me', 'renamed.sbproj'))).toBe(true);
    store.update((s) => withSaved(s, 'renamed.sbproj', undefined));
    expect(storage.data.has(recoverySlotKey('me', 'renamed.sbproj'))).toBe(false);
    expect(storage.data.has(recoverySlotKey('other', 'a.sbproj'))).toBe(true);
  });

  test('tick says whether the work is in storage', () => {
    const storage = memoryStorage();
    const { edit, writer } = instance('me', storage);
    expect(writer.tick()).toBe(false);
    edit(30_000);
    expect(writer.tick()).toBe(true);
    expect(writer.tick()).toBe(true);
  });

  test('lists every readable copy, the one-slot copy of earlier versions too, newest first', () => {
    const storage = memoryStorage({ 'softbody-studio.presets': '[]', [`${RECOVERY_KEY}.x.broken`]: 'nope' });
    writeRecoveryCopy(storage, { text: 'legacy', fileName: 'l.sbproj', writtenAtMs: 1 });
    writeRecoveryCopy(
      storage,
      { text: 'newest', fileName: 'n.sbproj', writtenAtMs: 9 },
      recoverySlotKey('b', 'n.sbproj'),
    );
    writeRecoveryCopy(
      storage,
      { text: 'middle', fileName: 'm.sbproj', writtenAtMs: 5 },
      recoverySlotKey('a', 'm.sbproj'),
    );
    expect(listRecoveryCopies(storage).map(({ key, copy }) => [key, copy.text])).toEqual([
      [recoverySlotKey('b', 'n.sbproj'), 'newest'],
      [recoverySlotKey('a', 'm.sbproj'), 'middle'],
      [RECOVERY_KEY, 'legacy'],
    ]);
  });
});
