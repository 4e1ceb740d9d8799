import { describe, expect, test } from 'vitest';
import type { TriMesh } from '../../core/mesh/types.ts';
import type { NotificationLevel } from '../../renderer/src/state/app-state.ts';
import { createStore } from '../../renderer/src/state/store.ts';
import {
  coarserTarget,
  describeProgress,
  remainingSeconds,
} from '../../renderer/src/tetra/progress-estimate.ts';
import type { TetraRunOptions, TetView } from '../../renderer/src/tetra/protocol.ts';
import { type ProgressListener, TetraFailure, type TetraRun } from '../../renderer/src/tetra/tetra-client.ts';
import {
  CANCELLED_TEXT,
  CLOTH_ACTION_TEXT,
  TetraController,
} from '../../renderer/src/tetra/tetra-controller.ts';
import {
  initialTetraState,
  shownView,
  TARGET_TET_CHOICES,
  withDisplay,
} from '../../renderer/src/tetra/tetra-state.ts';
import { oneTriangle, tetView } from './tetra-fixtures.ts';

const mesh = oneTriangle;
const view = (tetCount: number) => tetView(tetCount, 0.24);

/** A run the test drives by hand: report progress, then finish, fail or honour a cancel. */
interface FakeRun {
  options: TetraRunOptions;
  progress: ProgressListener;
  finish(view: TetView): void;
  fail(reason: TetraFailure['reason'], message: string): void;
  cancelled: boolean;
}

function harness() {
  const store = createStore(initialTetraState());
  const notes: [NotificationLevel, string][] = [];
  const runs: FakeRun[] = [];
  const startRun = (_mesh: TriMesh, options: TetraRunOptions, progress: ProgressListener): TetraRun => {
    let resolve!: (view: TetView) => void;
    let reject!: (error: TetraFailure) => void;
    const result = new Promise<TetView>((ok, no) => {
      resolve = ok;
      reject = no;
    });
    const run: FakeRun = {
      options,
      progress,
      cancelled: false,
      finish: resolve,
      fail: (reason, message) => reject(new TetraFailure('TetrahedralizeError', reason, message)),
    };
    runs.push(run);
    return {
      result,
      cancel() {
        run.cancelled = true;
        run.fail('cancelled', 'Tetrahedralization was cancelled.');
      },
    };
  };
  const controller = new TetraController(store, startRun, (level, text) => notes.push([level, text]));
  return { store, notes, runs, controller };
}

describe('TetraController', () => {
  test('a run shows its progress, then its result and a summary notification', async () => {
    const { store, notes, runs, controller } = harness();
    const source = mesh();
    const done = controller.start(source);
    expect(store.get().phase).toMatchObject({ kind: 'running', fraction: 0 });
    runs[0].progress(0.4, 'refining');
    expect(store.get().phase).toMatchObject({ kind: 'running', fraction: 0.4, stage: 'refining' });
    const result = view(1500);
    runs[0].finish(result);
    await done;
    expect(store.get().phase).toEqual({ kind: 'done', source, view: result });
    expect(notes).toEqual([
      ['info', 'Tetrahedralized in 0.2 s: 1,500 tets, 4 vertices, min dihedral 12.5°.'],
    ]);
  });

  test('the options in the state are the ones the run gets', async () => {
    const { store, runs, controller } = harness();
    store.update((s) => ({ ...s, options: { mode: 'embedded', targetTetCount: 5000 } }));
    void controller.start(mesh());
    expect(runs[0].options).toEqual({ mode: 'embedded', targetTetCount: 5000 });
  });

  test('Cancel ends the run with a notification and brings back the earlier result of the same mesh', async () => {
    const { store, notes, runs, controller } = harness();
    const source = mesh();
    const first = controller.start(source);
    const earlier = view(10);
    runs[0].finish(earlier);
    await first;
    store.update((s) => withDisplay(s, { cutFraction: 0.3 }));
    const second = controller.start(source);
    // The earlier result stays on screen while the new run goes.
    expect(shownView(store.get())).toBe(earlier);
    controller.cancel();
    await second;
    expect(runs[1].cancelled).toBe(true);
    expect(store.get().phase).toEqual({ kind: 'done', source, view: earlier });
    expect(store.get().display.cutFraction).toBe(0.3);
    expect(notes.at(-1)).toEqual(['info', CANCELLED_TEXT]);
  });

  test('a flat sheet is reported as a cloth candidate, not as an error', async () => {
    const { store, notes, runs, controller } = harness();
    const done = controller.start(mesh());
    const text =
      'The mesh encloses no volume (a flat or open sheet): it is a cloth candidate; simulate it as cloth as it is.';
    runs[0].fail('no-volume', text);
    await done;
    expect(store.get().phase).toEqual({ kind: 'idle' });
    expect(notes).toEqual([['warning', `${text} ${CLOTH_ACTION_TEXT}`]]);
  });

  test('a mesh too thin, too far out or past a work limit is a warning with what to change', async () => {
    const { notes, runs, controller } = harness();
    const done = controller.start(mesh());
    const text = 'Refinement made 136,891 tets, more than the 119,999 allowed (tetra limit tetsPerTarget).';
    runs[0].fail('limit', text);
    await done;
    expect(notes).toEqual([['warning', `Not tetrahedralized: ${text}`]]);
  });

  test('a run stopped at a limit offers the next target down until the next run starts', async () => {
    const { store, runs, controller } = harness();
    const source = mesh();
    const done = controller.start(source);
    const text = 'Tetrahedralization stopped after 30.0 s while refining: the time limit is 30 s.';
    runs[0].fail('limit', text);
    await done;
    expect(store.get().offer).toEqual({ failedTargetTetCount: 20_000, targetTetCount: 5_000, reason: text });
    const again = controller.start(source);
    expect(store.get().offer).toBeNull();
    runs[1].fail('too-thin', 'The part is thinner than the edge.');
    await again;
    // Not a matter of the target: nothing to offer.
    expect(store.get().offer).toBeNull();
  });

  test('the progress line gives the time taken and, once there is enough to go on, the time left', () => {
    expect(describeProgress(0.02, 'sampling', 0.5)).toBe('2% · sampling · 0 s');
    expect(describeProgress(0.42, 'refining', 12.3)).toBe('42% · refining · 12 s, about 17 s left');
    expect(remainingSeconds(10, 0.5)).toBeCloseTo(10, 12);
    expect(remainingSeconds(10, 0.01)).toBeNull();
    expect(remainingSeconds(0.5, 0.5)).toBeNull();
    expect(coarserTarget(20_000)).toBe(5_000);
    expect(coarserTarget(TARGET_TET_CHOICES[0])).toBeNull();
  });

  test('other failures are errors naming the cause', async () => {
    const { notes, runs, controller } = harness();
    const done = controller.start(mesh());
    runs[0].fail('invalid-mesh', 'The mesh has a non-finite coordinate.');
    await done;
    expect(notes).toEqual([['error', 'Tetrahedralization failed: The mesh has a non-finite coordinate.']]);
  });

  test('closing the mesh drops the result and stops the run; late progress and results are ignored', async () => {
    const { store, notes, runs, controller } = harness();
    const done = controller.start(mesh());
    controller.forget();
    expect(runs[0].cancelled).toBe(true);
    expect(store.get().phase).toEqual({ kind: 'idle' });
    runs[0].progress(0.9, 'late');
    await done;
    expect(store.get().phase).toEqual({ kind: 'idle' });
    expect(shownView(store.get())).toBeNull();
    expect(notes).toEqual([]);
  });

  test('starting again while a run goes cancels the first; only the second result lands', async () => {
    const { store, notes, runs, controller } = harness();
    const source = mesh();
    const first = controller.start(source);
    const second = controller.start(source);
    expect(runs[0].cancelled).toBe(true);
    await first;
    expect(store.get().phase).toMatchObject({ kind: 'running' });
    // The replaced run ends without a notification.
    expect(notes).toEqual([]);
    const result = view(3);
    runs[1].finish(result);
    await second;
    expect(shownView(store.get())).toBe(result);
  });
});

describe('tetra state', () => {
  test('the cut fraction is clamped to [0, 1]', () => {
    expect(withDisplay(initialTetraState(), { cutFraction: 1.7 }).display.cutFraction).toBe(1);
    expect(withDisplay(initialTetraState(), { cutFraction: -0.2 }).display.cutFraction).toBe(0);
  });
});
