import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { parseScene } from '../../../core/scene/scene-validate.ts';
import {
  initialEditorState,
  isDirty,
  withEdit,
  withOpened,
  withRedo,
  withSaved,
  withUndo,
} from '../../../renderer/src/editor/editor-state.ts';
import { emptyHistory, HISTORY_LIMIT, record, redo, undo } from '../../../renderer/src/editor/history.ts';
import { setMaterialField, setSolverField } from '../../../renderer/src/editor/scene-edits.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

describe('history', () => {
  test('undo returns the last entry and redo replays it', () => {
    let history = record(emptyHistory<number>(), { label: 'a', before: 1, after: 2 });
    history = record(history, { label: 'b', before: 2, after: 3 });
    const undone = undo(history)!;
    expect(undone.entry.label).toBe('b');
    const redone = redo(undone.history)!;
    expect(redone.entry.after).toBe(3);
    expect(redone.history).toEqual(history);
  });

  test('a new edit drops what could have been redone', () => {
    let history = record(emptyHistory<number>(), { label: 'a', before: 1, after: 2 });
    history = undo(history)!.history;
    history = record(history, { label: 'c', before: 1, after: 5 });
    expect(redo(history)).toBeNull();
    expect(history.past.map((e) => e.label)).toEqual(['c']);
  });

  test('keeps at most HISTORY_LIMIT entries, dropping the oldest', () => {
    let history = emptyHistory<number>();
    for (let i = 0; i < HISTORY_LIMIT + 5; i++)
      history = record(history, { label: `${i}`, before: i, after: i + 1 });
    expect(history.past.length).toBe(HISTORY_LIMIT);
    expect(history.past[0].label).toBe('5');
  });

  test('undo and redo on an empty history do nothing', () => {
    expect(undo(emptyHistory())).toBeNull();
    expect(redo(emptyHistory())).toBeNull();
  });
});

describe('editor state', () => {
  test('an edit marks the document dirty; undo restores the exact scene and cleans it', () => {
    const start = initialEditorState(scene);
    const edit = setMaterialField(scene, 0, 'youngModulusPa', 10_000);
    const edited = withEdit(start, edit.label, edit.scene);
    expect(edit.label).toBe("Young's modulus of soft block");
    expect(edited.scene.bodies[0].material.youngModulusPa).toBe(10_000);
    expect(scene.bodies[0].material.youngModulusPa).toBe(100_000);
    expect(isDirty(edited)).toBe(true);
    const undone = withUndo(edited);
    expect(undone.scene).toBe(scene);
    expect(isDirty(undone)).toBe(false);
    expect(withRedo(undone).scene).toBe(edit.scene);
  });

  test('an edit that changes nothing records nothing', () => {
    const start = initialEditorState(scene);
    const same = setSolverField(scene, 'substeps', scene.solver.substeps);
    expect(withEdit(start, same.label, same.scene)).toBe(start);
  });

  test('saving makes the current scene the clean one; opening replaces scene and history', () => {
    const edit = setSolverField(scene, 'substeps', 12);
    const saved = withSaved(
      withEdit(initialEditorState(scene), edit.label, edit.scene),
      'a.sbproj',
      undefined,
    );
    expect(isDirty(saved)).toBe(false);
    expect(saved.fileName).toBe('a.sbproj');
    const opened = withOpened(saved, scene, 1, 'b.sbproj', '/p/b.sbproj');
    expect(opened.history.past).toEqual([]);
    expect(opened.selectedBody).toBe(1);
    expect(isDirty(opened)).toBe(false);
  });

  test('edits the validator refuses throw with the pointer and change nothing', () => {
    expect(() => setMaterialField(scene, 0, 'poissonRatio', 0.7)).toThrow(
      /^\/bodies\/0\/material\/poissonRatio: /,
    );
    expect(scene.bodies[0].material.poissonRatio).toBe(0.4);
  });
});
