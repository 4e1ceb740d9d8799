import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { HostApi, OpenedFile, SaveRequest } from '../../../contract/host-api.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { Editor } from '../../../renderer/src/editor/editor.ts';
import { replaceScene, setMaterialField } from '../../../renderer/src/editor/scene-edits.ts';
import { boxTetMesh } from './mesh-fixture.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

function setup(open: OpenedFile | null = null) {
  const loaded: { scene: Scene; meshes: ReadonlyMap<string, SolidMesh> }[] = [];
  const notes: string[] = [];
  const saves: SaveRequest[] = [];
  const host = {
    kind: 'browser',
    saveFile: async (request: SaveRequest) => {
      saves.push(request);
      return { name: request.suggestedName };
    },
    openProject: async () => open,
  } as unknown as HostApi;
  const editor = new Editor(
    {
      sim: { loadScene: (s, meshes) => loaded.push({ scene: s, meshes }) },
      host,
      notify: (level, text) => notes.push(`${level}: ${text}`),
      confirm: () => true,
    },
    scene,
  );
  return { editor, loaded, notes, saves };
}

describe('Editor: mesh bodies', () => {
  test('adding one is a single undoable edit that selects it and sends its tet mesh with the scene', () => {
    const { editor, loaded, notes } = setup();
    const index = editor.addMeshBody({ fileName: 'spot.obj', mesh: boxTetMesh([1, 1, 1], [0, 0, 0]) });
    expect(index).toBe(2);
    expect(editor.state.selectedBody).toBe(2);
    expect(editor.state.history.past.map((e) => e.label)).toEqual(['add soft body spot']);
    expect(notes).toEqual([
      'info: Added spot to the scene: 5 tets of silicone-shore-10a, 0.3 m above the ground. Undo removes it.',
    ]);
    const last = loaded.at(-1)!;
    // The asset stays in its own frame; the shape's position puts it right of the cloth, 0.3 m up.
    expect(last.scene.bodies[2].shape).toEqual({
      type: 'mesh',
      path: 'spot.obj',
      position: [1.2 + 0.2, 0.3, -0.5],
    });
    expect([...last.meshes.keys()]).toEqual(['spot.obj']);
    expect(last.meshes.get('spot.obj')).toBe(editor.state.meshes.get('spot.obj'));

    // Undo removes the body; the asset stays, and the worker gets no mesh it does not need.
    editor.undo();
    expect(editor.state.scene).toBe(scene);
    expect(editor.state.selectedBody).toBe(1);
    expect(editor.state.meshes.has('spot.obj')).toBe(true);
    expect(loaded.at(-1)!.meshes.size).toBe(0);
    // Redo brings it back with the same mesh.
    editor.redo();
    expect(editor.state.scene.bodies).toHaveLength(3);
    expect(loaded.at(-1)!.meshes.get('spot.obj')).toBe(last.meshes.get('spot.obj'));
  });

  test('edits of the scene keep the assets (panels and the JSON editor alike)', () => {
    const { editor, loaded } = setup();
    editor.addMeshBody({ fileName: 'spot.obj', mesh: boxTetMesh([1, 1, 1], [0, 0, 0]) });
    expect(editor.edit((s) => setMaterialField(s, 2, 'youngModulusPa', 50_000))).toBe(true);
    const json = structuredClone(editor.state.scene);
    json.bodies[2].name = 'cow';
    expect(editor.edit(() => replaceScene(json))).toBe(true);
    expect(editor.state.scene.bodies[2].name).toBe('cow');
    expect([...loaded.at(-1)!.meshes.keys()]).toEqual(['spot.obj']);
  });

  test('an edit pointing a mesh body at a mesh the project lacks is refused and changes nothing', () => {
    const { editor, notes } = setup();
    editor.addMeshBody({ fileName: 'spot.obj', mesh: boxTetMesh([1, 1, 1], [0, 0, 0]) });
    const json = structuredClone(editor.state.scene);
    json.bodies[2].shape = { type: 'mesh', path: 'elsewhere.obj' };
    expect(editor.meshProblems(json)).toEqual([
      {
        pointer: '/bodies/2/shape/path',
        message:
          "no tet mesh 'elsewhere.obj' in this project (it has 'spot.obj'); make mesh bodies with Tetrahedralize → Simulate as soft body",
      },
    ]);
    const before = editor.state;
    expect(editor.edit(() => replaceScene(json))).toBe(false);
    expect(editor.state).toBe(before);
    expect(notes.at(-1)).toMatch(/^error: Edit refused: .*elsewhere\.obj/);
  });

  test('a mesh without tets is refused with the file named, and nothing changes', () => {
    const { editor, notes, loaded } = setup();
    const index = editor.addMeshBody({
      fileName: 'sheet.obj',
      mesh: { positions: new Float32Array(9), tets: new Uint32Array() },
    });
    expect(index).toBeNull();
    expect(editor.state.scene).toBe(scene);
    expect(loaded).toHaveLength(1);
    expect(notes).toEqual(['error: Could not add sheet.obj as a body: sheet.obj: the tet mesh has no tets']);
  });

  test('a mesh with an inverted tet is refused naming the file, the tet, its signed volume and the body, and nothing changes', () => {
    const { editor, notes, loaded } = setup();
    const mesh = boxTetMesh([1, 1, 1], [0, 0, 0]);
    // Swap two corners of tet 3: the same tet, inside out.
    const tets = mesh.tets.slice();
    tets.set([tets[13], tets[12]], 12);
    const before = editor.state;
    expect(editor.addMeshBody({ fileName: 'spot.obj', mesh: { ...mesh, tets } })).toBeNull();
    expect(editor.state).toBe(before);
    expect(loaded).toHaveLength(1);
    expect(notes).toEqual([
      'error: Could not add spot.obj as a body: spot.obj: /meshes/spot.obj/tets: tet 3 has signed volume -0.167 m³: ' +
        'it is inverted (its corners are in the wrong order); every tet must have positive volume (tetrahedralize the mesh again); ' +
        "not added as body 'spot'",
    ]);
  });

  test('save embeds the meshes the scene uses; opening the file restores scene, selection and meshes', async () => {
    const { editor, saves } = setup();
    editor.addMeshBody({ fileName: 'old.obj', mesh: boxTetMesh([1, 1, 1], [0, 0, 0]) });
    editor.undo();
    const surface = {
      positions: Float32Array.of(0, 0, 0, 0.5, 0, 0, 0, 0.7, 0, 0, 0, 0.9),
      indices: Uint32Array.of(0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3),
      groupIds: Uint16Array.of(0, 1, 1, 0),
      groups: ['hide', 'horns'],
    };
    editor.addMeshBody({ fileName: 'spot.obj', mesh: boxTetMesh([0.5, 0.7, 0.9], [0, 0, 0]), surface });
    expect(await editor.save(false)).toBe(true);
    const text = new TextDecoder().decode(saves[0].bytes);
    const json = JSON.parse(text);
    expect(json.formatVersion).toBe(2);
    // Only the mesh of a body in the scene is written, not the undone one's.
    expect(Object.keys(json.meshes)).toEqual(['spot.obj']);

    const other = setup({ name: 'cow.sbproj', bytes: saves[0].bytes });
    expect(await other.editor.open()).toBe(true);
    expect(other.editor.state.scene).toEqual(editor.state.scene);
    expect(other.editor.state.selectedBody).toBe(2);
    const original = editor.state.meshes.get('spot.obj')!;
    const reopened = other.editor.state.meshes.get('spot.obj')!;
    expect(Array.from(reopened.positions)).toEqual(Array.from(original.positions));
    expect(Array.from(reopened.tets)).toEqual(Array.from(original.tets));
    // The imported surface (render mesh and import groups) comes back as it was.
    expect(reopened.surface).toEqual(original.surface);
    expect(reopened.surface?.groups?.triangleGroups).toEqual(surface.groupIds);
    expect([...other.loaded.at(-1)!.meshes.keys()]).toEqual(['spot.obj']);
    expect(other.notes).toEqual(['info: Opened cow.sbproj.']);
  });

  test('opening a project whose mesh body has no embedded mesh warns with the place', async () => {
    const { editor, saves } = setup();
    editor.addMeshBody({ fileName: 'spot.obj', mesh: boxTetMesh([1, 1, 1], [0, 0, 0]) });
    await editor.save(false);
    const json = JSON.parse(new TextDecoder().decode(saves[0].bytes));
    json.meshes = {};
    const other = setup({ name: 'bare.sbproj', bytes: new TextEncoder().encode(JSON.stringify(json)) });
    expect(await other.editor.open()).toBe(true);
    expect(other.notes.at(-1)).toBe(
      'warning: bare.sbproj: 1 mesh body has no tet mesh in the file and cannot be simulated.',
    );
  });
});
