import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { initialEditorState, withEdit, withUndo } from '../../../renderer/src/editor/editor-state.ts';
import {
  applyUserPreset,
  captureUserPreset,
  parseUserPresets,
  readUserPresets,
  USER_PRESETS_KEY,
  withoutUserPreset,
  withUserPreset,
  writeUserPresets,
} from '../../../renderer/src/presets/user-presets.ts';
import { memoryStorage } from '../memory-storage.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

describe('user presets', () => {
  test('capture takes the body material, damping, model and the scene solver settings', () => {
    const preset = captureUserPreset(scene, 1, '  thin cotton ');
    expect(preset).toEqual({
      name: 'thin cotton',
      material: { youngModulusPa: 5e6, poissonRatio: 0.3, densityKgM3: 800, thicknessM: 0.0005 },
      dampingRatio: 0.1,
      model: 'cloth',
      solver: { dt: scene.solver.dt, substeps: 15 },
    });
  });

  test('capture refuses an empty name and a missing body', () => {
    expect(() => captureUserPreset(scene, 0, '   ')).toThrow('a preset name needs 1 to 80 characters');
    expect(() => captureUserPreset(scene, 7, 'x')).toThrow('the scene has no body 7');
  });

  test('apply sets material, damping, model and solver in one edit that undo reverses', () => {
    const preset = {
      ...captureUserPreset(scene, 0, 'stiff'),
      material: { youngModulusPa: 2e6, poissonRatio: 0.45, densityKgM3: 1100 },
      dampingRatio: 0.05,
      model: 'edges-volume' as const,
      solver: { dt: 1 / 120, substeps: 8 },
    };
    const edit = applyUserPreset(scene, 0, preset);
    expect(edit.label).toBe('preset stiff on soft block');
    expect(edit.scene.bodies[0]).toMatchObject({
      material: { youngModulusPa: 2e6, poissonRatio: 0.45, densityKgM3: 1100 },
      dampingRatio: 0.05,
      model: 'edges-volume',
    });
    expect(edit.scene.solver).toEqual({ dt: 1 / 120, substeps: 8 });
    // The other body is untouched.
    expect(edit.scene.bodies[1]).toEqual(scene.bodies[1]);
    const edited = withEdit(initialEditorState(scene), edit.label, edit.scene);
    expect(withUndo(edited).scene).toBe(scene);
  });

  test('a cloth preset is refused on a solid, saying which models the body takes', () => {
    const cloth = captureUserPreset(scene, 1, 'cotton');
    expect(() => applyUserPreset(scene, 0, cloth)).toThrow(
      "preset 'cotton' uses the cloth model, which a box body cannot use (it takes neo-hookean or edges-volume)",
    );
  });

  test('a solid preset drops the thickness; a cloth preset without one keeps the body thickness', () => {
    const solid = {
      ...captureUserPreset(scene, 0, 's'),
      material: { ...scene.bodies[0].material, thicknessM: 0.01 },
    };
    expect(applyUserPreset(scene, 0, solid).scene.bodies[0].material.thicknessM).toBeUndefined();
    const cloth = captureUserPreset(scene, 1, 'c');
    delete cloth.material.thicknessM;
    expect(applyUserPreset(scene, 1, cloth).scene.bodies[1].material.thicknessM).toBe(0.0005);
  });

  test('the list adds, replaces by name in place and removes', () => {
    const a = captureUserPreset(scene, 0, 'a');
    const b = captureUserPreset(scene, 1, 'b');
    const a2 = { ...a, dampingRatio: 0.9 };
    expect(withUserPreset(withUserPreset([a], b), a2)).toEqual([a2, b]);
    expect(withoutUserPreset([a, b], 'a')).toEqual([b]);
  });

  test('stored presets read back equal; nothing stored reads as none', () => {
    const storage = memoryStorage();
    expect(readUserPresets(storage)).toEqual({ presets: [], problems: [] });
    const list = [captureUserPreset(scene, 0, 'block'), captureUserPreset(scene, 1, 'cloth')];
    writeUserPresets(storage, list);
    expect(readUserPresets(storage)).toEqual({ presets: list, problems: [] });
  });

  test('bad stored entries are left out with a pointer each; good ones stay', () => {
    const good = captureUserPreset(scene, 0, 'good');
    const bad = { ...good, name: 'bad', material: { ...good.material, poissonRatio: 0.5 }, model: 'jelly' };
    const result = parseUserPresets({ formatVersion: 1, presets: [good, bad, good, 'x'] });
    expect(result.presets).toEqual([good]);
    expect(result.problems).toEqual([
      { pointer: '/presets/1/material/poissonRatio', message: 'must be less than 0.5, got 0.5' },
      {
        pointer: '/presets/1/model',
        message: "must be one of 'neo-hookean', 'edges-volume', 'cloth', 'rope', 'ragdoll', got 'jelly'",
      },
      { pointer: '/presets/2/name', message: "'good' appears twice; the first is kept" },
      { pointer: '/presets/3', message: 'must be an object, got a string' },
    ]);
  });

  test('unreadable storage gives no presets and one problem', () => {
    const storage = memoryStorage();
    storage.setItem(USER_PRESETS_KEY, '{not json');
    const { presets, problems } = readUserPresets(storage);
    expect(presets).toEqual([]);
    expect(problems[0].message).toMatch(/^not JSON/);
    storage.setItem(USER_PRESETS_KEY, JSON.stringify({ formatVersion: 9, presets: [] }));
    expect(readUserPresets(storage).problems).toEqual([
      {
        pointer: '/formatVersion',
        message:
          'user preset formatVersion 9 is newer than this Softbody Studio supports (1); update the app',
      },
    ]);
  });

  test('a stored entry with a prototype-named key or a non-finite number is left out with its pointer', () => {
    const good = captureUserPreset(scene, 0, 'good');
    const text = JSON.stringify({ formatVersion: 1, presets: [good, { ...good, name: 'other' }] })
      .replace('"name":"other",', '"name":"other","__proto__":{"polluted":true},')
      .replace(/"dampingRatio":[^,]+/, '"dampingRatio":1e400');
    const result = parseUserPresets(JSON.parse(text));
    expect(result.presets).toEqual([]);
    expect(result.problems).toEqual([
      { pointer: '/presets/0/dampingRatio', message: 'must be a finite number, got Infinity' },
      {
        pointer: '/presets/1/__proto__',
        message: 'is not a known property; expected one of: name, material, dampingRatio, model, solver',
      },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
