/**
 * Saving while a progressive body refines (Editor.save with the app's refine queue): the save
 * waits for the refined mesh and writes it, never the coarse preview; a refinement cancelled
 * meanwhile ends the wait and the preview is saved as the body's mesh. The preview is a 1.2 m
 * cube cage from −0.1 m, the refined mesh the 1 m cube from 0 it encloses (mesh-fixture.ts).
 */
import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { HostApi, SaveRequest } from '../../../contract/host-api.ts';
import { readProject } from '../../../core/project/index.ts';
import type { Vec3 } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { Editor } from '../../../renderer/src/editor/editor.ts';
import { createStore } from '../../../renderer/src/state/store.ts';
import type { TetView } from '../../../renderer/src/tetra/protocol.ts';
import { RefineQueue } from '../../../renderer/src/tetra/refine-queue.ts';
import { TetraFailure } from '../../../renderer/src/tetra/tetra-client.ts';
import { TetraController } from '../../../renderer/src/tetra/tetra-controller.ts';
import { initialTetraState } from '../../../renderer/src/tetra/tetra-state.ts';
import { oneTriangle, tetView } from '../tetra-fixtures.ts';
import { boxTetMesh } from './mesh-fixture.ts';

const cage = () => boxTetMesh([1.2, 1.2, 1.2], [-0.1, -0.1, -0.1]);
const fine = () => boxTetMesh([1, 1, 1], [0, 0, 0]);

function setup() {
  const notes: string[] = [];
  const saves: SaveRequest[] = [];
  const host = {
    kind: 'browser',
    saveFile: async (request: SaveRequest) => {
      saves.push(request);
      return { name: 'refining.sbproj' };
    },
  } as unknown as HostApi;
  const editor = new Editor(
    { sim: { loadScene: () => {} }, host, notify: (_, text) => notes.push(text), confirm: () => true },
    parseScene(structuredClone(defaultSceneJson)),
  );
  // The refine queue over a tetrahedralization the test finishes or cancels by hand.
  const store = createStore(initialTetraState());
  const runs: { finish: (v: TetView) => void; cancel: () => void }[] = [];
  const controller = new TetraController(
    store,
    () => {
      let finish!: (v: TetView) => void;
      let cancel!: () => void;
      const result = new Promise<TetView>((ok, no) => {
        finish = ok;
        cancel = () => no(new TetraFailure('TetrahedralizeError', 'cancelled', 'cancelled'));
      });
      runs.push({ finish, cancel });
      return { result, cancel };
    },
    () => {},
  );
  const queue = new RefineQueue(store, controller);
  editor.pendingRefinements = () => queue.pending();
  // A progressive body: the preview cage added, its refinement queued as the app does.
  editor.addMeshBody({ fileName: 'spot.obj', mesh: cage() });
  const preview = editor.state.meshes.get('spot.obj') as SolidMesh;
  const shape = editor.state.scene.bodies[2].shape;
  const from = (shape.type === 'mesh' ? shape.position : undefined) as Vec3;
  const { applied } = queue.refine({
    bodyName: 'spot',
    surface: oneTriangle(),
    targetTetCount: 5_000,
    apply: () => editor.refineMeshBody('spot.obj', preview, from, { mesh: fine() }),
  });
  return { editor, notes, saves, runs, queue, applied };
}

/** Lowest x of the tet mesh saved for spot.obj, m (0 refined, −0.1 the preview cage). */
function savedMinX(request: SaveRequest): number {
  const project = readProject(new TextDecoder().decode(request.bytes), 'refining.sbproj');
  const mesh = new Map(project.meshes).get('spot.obj') as SolidMesh;
  return Math.min(...Array.from(mesh.positions).filter((_, i) => i % 3 === 0));
}

/** Lets the save's awaits run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Editor.save while a progressive body refines', () => {
  test('waits for the refined mesh and saves it, saying so', async () => {
    const { editor, notes, saves, runs, applied } = setup();
    const saving = editor.save(false);
    await settle();
    // Nothing written while the body refines.
    expect(saves).toHaveLength(0);
    expect(notes.at(-1)).toBe(
      'Saving once spot is refined (Cancel in the refine panel keeps the preview mesh and saves).',
    );
    runs[0].finish(tetView(5, 0.1));
    expect(await saving).toBe(true);
    expect(await applied).toBe(true);
    expect(saves).toHaveLength(1);
    // The refined cube from 0 m, not the cage from −0.1 m (Float32 positions: 1e-6 m).
    expect(savedMinX(saves[0])).toBeCloseTo(0, 6);
    // The saved state is the refined one: nothing left unsaved.
    expect(editor.state.savedScene).toBe(editor.state.scene);
  });

  test('a refinement cancelled meanwhile ends the wait: the preview is saved as the mesh', async () => {
    const { editor, saves, queue, applied } = setup();
    const saving = editor.save(false);
    await settle();
    expect(saves).toHaveLength(0);
    queue.cancel(1);
    expect(await saving).toBe(true);
    expect(await applied).toBe(false);
    expect(savedMinX(saves[0])).toBeCloseTo(-0.1, 6);
  });

  test('with nothing refining it saves at once', async () => {
    const { editor, saves, runs, notes } = setup();
    runs[0].finish(tetView(5, 0.1));
    await settle();
    const count = notes.length;
    expect(await editor.save(false)).toBe(true);
    expect(saves).toHaveLength(1);
    expect(notes.slice(count)).toEqual(['Saved refining.sbproj.']);
    expect(savedMinX(saves[0])).toBeCloseTo(0, 6);
  });
});
