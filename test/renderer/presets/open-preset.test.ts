import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { HostApi } from '../../../contract/host-api.ts';
import { readPreset } from '../../../core/preset/index.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { Editor } from '../../../renderer/src/editor/editor.ts';
import { openPresetFile } from '../../../renderer/src/presets/open-preset.ts';
import { presetFileOf } from '../../../renderer/src/presets/preset-export.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

function setup() {
  const notes: string[] = [];
  const details: string[] = [];
  const notify = (level: string, text: string, detail?: string) => {
    notes.push(`${level}: ${text}`);
    details.push(detail ?? '');
  };
  const editor = new Editor(
    { sim: { loadScene: () => {} }, host: {} as HostApi, notify, confirm: () => true },
    scene,
  );
  return { editor, notes, details, notify };
}

const file = (name: string, text: string) => ({ name, bytes: new TextEncoder().encode(text) });

describe('opening a preset file', () => {
  test('its solid body joins the scene as a mesh body with the preset material, in one undoable step', async () => {
    const exported = await presetFileOf(scene, 'demo.sbproj', 'native');
    const { editor, notes, notify } = setup();
    const added = await openPresetFile({ name: exported.name, bytes: exported.bytes }, { editor, notify });
    expect(added).toBe(1);
    const bodies = editor.state.scene.bodies;
    expect(bodies).toHaveLength(3);
    expect(bodies[2]).toMatchObject({
      shape: { type: 'mesh' },
      material: { youngModulusPa: 1e5, poissonRatio: 0.4, densityKgM3: 1000 },
      dampingRatio: 0.3,
      model: 'neo-hookean',
    });
    // The body's tet mesh is the preset's simulation mesh (moved to where new bodies start).
    const path = (bodies[2].shape as { path: string }).path;
    expect(editor.state.meshes.get(path)?.tets.length).toBe(625 * 4);
    expect(notes.at(-1)).toBe(
      'info: Opened demo.preset.json: added soft block to the scene. Not added (cloth bodies cannot be mesh bodies yet): cloth.',
    );
    editor.undo();
    expect(editor.state.scene).toBe(scene);
  });

  test('a body opened from a preset exports again with its tet mesh', async () => {
    const exported = await presetFileOf(scene, 'demo.sbproj', 'native');
    const { editor, notify } = setup();
    await openPresetFile({ name: exported.name, bytes: exported.bytes }, { editor, notify });
    const again = await presetFileOf(editor.state.scene, 'again.sbproj', 'native', {
      assets: editor.state.meshes,
    });
    const preset = readPreset(new TextDecoder().decode(again.bytes));
    expect(preset.setup.bodies).toHaveLength(3);
    expect(preset.setup.bodies[2].geometry.kind).toBe('solid');
    expect(preset.setup.bodies[2].geometry.mass.length).toBe(216);
    expect(preset.setup.bodies[2].geometry.tets.length).toBe(4 * 625);
  });

  test('a preset of cloth only gives its material to the selected cloth body', async () => {
    const cloth = { ...scene.bodies[1], material: { ...scene.bodies[1].material, youngModulusPa: 7e6 } };
    const clothOnly: Scene = { ...scene, bodies: [cloth] };
    const text = new TextDecoder().decode((await presetFileOf(clothOnly, 'c', 'native')).bytes);
    const { editor, notes, notify } = setup();
    editor.select(1);
    expect(await openPresetFile(file('silk.json', text), { editor, notify })).toBe(0);
    expect(editor.state.scene.bodies[1].material.youngModulusPa).toBe(7e6);
    expect(notes.at(-1)).toBe(
      "info: silk.json holds only cloth bodies, which cannot be added yet: applied its material 'cloth-material' to cloth.",
    );
    // On the block it does not fit: nothing changes.
    editor.select(0);
    const before = editor.state.scene;
    await openPresetFile(file('silk.json', text), { editor, notify });
    expect(editor.state.scene).toBe(before);
    expect(notes.at(-1)).toBe(
      "warning: silk.json: its cloth material 'cloth-material' does not fit soft block; nothing changed.",
    );
  });

  test('an invalid preset changes nothing and lists every problem with its pointer', async () => {
    const { editor, notes, details, notify } = setup();
    expect(await openPresetFile(file('bad.json', '{"formatVersion": 1}'), { editor, notify })).toBe(0);
    expect(editor.state.scene).toBe(scene);
    expect(notes[0]).toMatch(
      /^error: Could not open bad\.json: it is not a valid preset \(\d+ problems?\); the scene is unchanged\.$/,
    );
    expect(details[0].split('\n').every((line) => line.startsWith('bad.json: /'))).toBe(true);
  });
});
