import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { HostApi, OpenedFile } from '../../../contract/host-api.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { Editor } from '../../../renderer/src/editor/editor.ts';
import { isDirty } from '../../../renderer/src/editor/editor-state.ts';
import { setMaterialField } from '../../../renderer/src/editor/scene-edits.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

function setup(confirmAnswer = true) {
  const notes: string[] = [];
  const questions: string[] = [];
  const editor = new Editor(
    {
      sim: { loadScene: () => {} },
      host: {} as HostApi,
      notify: (level, text) => notes.push(`${level}: ${text}`),
      confirm: (question) => {
        questions.push(question);
        return confirmAnswer;
      },
    },
    scene,
  );
  return { editor, notes, questions };
}

/** The project text of the default scene with the block's E set to `E`. */
function projectWith(E: number): string {
  const { editor } = setup();
  editor.edit((s) => setMaterialField(s, 0, 'youngModulusPa', E));
  editor.select(1);
  return editor.projectText();
}

describe('Editor: recovery copies and handed-over files', () => {
  test('restore opens recovered text as unsaved changes under its file name', () => {
    const { editor } = setup();
    expect(editor.restore(projectWith(42_000), 'block.sbproj', '/projects/block.sbproj')).toBe(true);
    expect(editor.state.scene.bodies[0].material.youngModulusPa).toBe(42_000);
    expect(editor.state.fileName).toBe('block.sbproj');
    expect(editor.state.path).toBe('/projects/block.sbproj');
    expect(editor.state.selectedBody).toBe(1);
    expect(isDirty(editor.state)).toBe(true);
    // A fresh history, as after opening a file.
    editor.undo();
    expect(editor.state.scene.bodies[0].material.youngModulusPa).toBe(42_000);
  });

  test('a recovery copy that does not read changes nothing', () => {
    const { editor, notes } = setup();
    expect(editor.restore('{"formatVersion": 1}', 'block.sbproj')).toBe(false);
    expect(editor.state.scene).toBe(scene);
    expect(notes[0]).toBe('error: Could not restore the recovery copy of block.sbproj; nothing changed.');
  });

  test('a handed-over project asks before discarding unsaved changes, and keeps them when refused', async () => {
    const { editor, questions } = setup(false);
    editor.edit((s) => setMaterialField(s, 0, 'youngModulusPa', 10_000));
    const edited = editor.state.scene;
    const file: OpenedFile = { name: 'other.sbproj', bytes: new TextEncoder().encode(projectWith(77_000)) };
    expect(await editor.openFile(file)).toBe(false);
    expect(questions).toEqual(['Discard the unsaved changes to untitled.sbproj?']);
    expect(editor.state.scene).toBe(edited);
  });

  test('a handed-over project opens clean under its name', async () => {
    const { editor, notes } = setup();
    const file: OpenedFile = { name: 'other.sbproj', bytes: new TextEncoder().encode(projectWith(77_000)) };
    expect(await editor.openFile(file)).toBe(true);
    expect(editor.state.scene.bodies[0].material.youngModulusPa).toBe(77_000);
    expect(editor.state.fileName).toBe('other.sbproj');
    expect(isDirty(editor.state)).toBe(false);
    expect(notes).toContain('info: Opened other.sbproj.');
  });

  test('other files go to the app opener when one is set, else are refused by name', async () => {
    const { editor, notes } = setup();
    const preset: OpenedFile = { name: 'jelly.preset.json', bytes: new Uint8Array() };
    expect(await editor.openFile(preset)).toBe(false);
    expect(notes).toEqual(['info: jelly.preset.json was not opened: it is not a project (.sbproj).']);
    const handed: string[] = [];
    editor.openOtherFile = (file) => handed.push(file.name);
    await editor.openFile(preset);
    expect(handed).toEqual(['jelly.preset.json']);
  });
});
