import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { HostApi, OpenedFile, SaveRequest } from '../../../contract/host-api.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { Editor } from '../../../renderer/src/editor/editor.ts';
import { setMaterialField } from '../../../renderer/src/editor/scene-edits.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

function setup(options: { confirm?: boolean; open?: OpenedFile | null } = {}) {
  const loaded: Scene[] = [];
  const notes: string[] = [];
  const details: string[] = [];
  const saves: SaveRequest[] = [];
  const questions: string[] = [];
  const host = {
    kind: 'browser',
    saveFile: async (request: SaveRequest) => {
      saves.push(request);
      return { name: request.suggestedName };
    },
    openProject: async () => options.open ?? null,
  } as unknown as HostApi;
  const editor = new Editor(
    {
      sim: { loadScene: (s) => loaded.push(s) },
      host,
      notify: (level, text, detail) => {
        notes.push(`${level}: ${text}`);
        details.push(detail ?? '');
      },
      confirm: (question) => {
        questions.push(question);
        return options.confirm ?? true;
      },
    },
    scene,
  );
  return { editor, loaded, notes, details, saves, questions };
}

describe('Editor', () => {
  test('loads its scene into the simulation at once and again after every edit and undo', () => {
    const { editor, loaded } = setup();
    expect(loaded).toEqual([scene]);
    editor.edit((s) => setMaterialField(s, 0, 'youngModulusPa', 10_000));
    expect(loaded[1].bodies[0].material.youngModulusPa).toBe(10_000);
    editor.handleMenuCommand('undo');
    expect(loaded[2]).toBe(scene);
  });

  test('a refused edit changes nothing and says why', () => {
    const { editor, loaded, notes } = setup();
    expect(editor.edit((s) => setMaterialField(s, 0, 'densityKgM3', -1))).toBe(false);
    expect(loaded.length).toBe(1);
    expect(notes[0]).toMatch(/^error: Edit refused: \/bodies\/0\/material\/densityKgM3: /);
  });

  test('undo goes to a focused field first', () => {
    const { editor } = setup();
    editor.edit((s) => setMaterialField(s, 0, 'youngModulusPa', 10_000));
    const seen: string[] = [];
    editor.addFocusedUndo((command) => {
      seen.push(command);
      return true;
    });
    editor.handleMenuCommand('undo');
    expect(seen).toEqual(['undo']);
    expect(editor.state.scene.bodies[0].material.youngModulusPa).toBe(10_000);
  });

  test('save writes a project the open command reads back, and clears the unsaved mark', async () => {
    const { editor, saves } = setup();
    editor.edit((s) => setMaterialField(s, 0, 'youngModulusPa', 10_000));
    expect(await editor.save(false)).toBe(true);
    expect(saves[0].suggestedName).toBe('untitled.sbproj');
    expect(editor.state.savedScene).toBe(editor.state.scene);

    const other = setup({ open: { name: 'x.sbproj', bytes: saves[0].bytes } });
    expect(await other.editor.open()).toBe(true);
    expect(other.editor.state.scene.bodies[0].material.youngModulusPa).toBe(10_000);
    expect(other.editor.state.fileName).toBe('x.sbproj');
  });

  test('open over unsaved changes asks, and declining keeps the document', async () => {
    const { editor, questions } = setup({
      confirm: false,
      open: { name: 'x.sbproj', bytes: new Uint8Array() },
    });
    editor.edit((s) => setMaterialField(s, 0, 'youngModulusPa', 10_000));
    expect(await editor.open()).toBe(false);
    expect(questions).toEqual(['Discard the unsaved changes to untitled.sbproj?']);
    expect(editor.state.scene.bodies[0].material.youngModulusPa).toBe(10_000);
  });

  test('a broken project file is reported with its name and place and changes nothing', async () => {
    const bytes = new TextEncoder().encode('{"kind":"softbody-project","formatVersion":1,"scene":{}}');
    const { editor, notes, details } = setup({ open: { name: 'bad.sbproj', bytes } });
    expect(await editor.open()).toBe(false);
    expect(notes[0]).toBe('error: Could not open bad.sbproj; the open project is unchanged.');
    // Every problem is in the detail, one a line, each with the file and its place.
    const lines = details[0].split('\n');
    expect(lines.length).toBeGreaterThan(3);
    expect(lines[0]).toMatch(/^bad\.sbproj: \/scene\/gravity: /);
    expect(lines.every((line) => line.startsWith('bad.sbproj: /scene'))).toBe(true);
    expect(editor.state.scene).toBe(scene);
  });
});
