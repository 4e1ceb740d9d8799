import { describe, expect, test } from 'vitest';
import type { TriMesh } from '../../core/mesh/types.ts';
import { createStore } from '../../renderer/src/state/store.ts';
import { makeSoftBody } from '../../renderer/src/tetra/make-soft-body.ts';
import type { TetraRunOptions, TetView } from '../../renderer/src/tetra/protocol.ts';
import { describePlan, LIVE_TET_LIMIT, softBodyPlan } from '../../renderer/src/tetra/soft-body-plan.ts';
import { TetraFailure, type TetraRun } from '../../renderer/src/tetra/tetra-client.ts';
import { TetraController } from '../../renderer/src/tetra/tetra-controller.ts';
import { initialTetraState, TARGET_TET_CHOICES, withOptions } from '../../renderer/src/tetra/tetra-state.ts';
import { oneTriangle, tetView } from './tetra-fixtures.ts';

const source = oneTriangle();
const view = (tetCount: number) => tetView(tetCount, 0.2);

describe('softBodyPlan', () => {
  test('a result the live preview can run is used as it is', () => {
    expect(softBodyPlan(LIVE_TET_LIMIT, 20_000)).toEqual({ kind: 'use' });
    expect(softBodyPlan(3_000, 2_000)).toEqual({ kind: 'use' });
  });

  test('a larger one is made again at the largest offered target expected to fit', () => {
    // spot.obj at the default target: 22.6k tets from 20k asked (13% over).
    expect(softBodyPlan(22_593, 20_000)).toEqual({ kind: 'coarser', targetTetCount: 5_000 });
    // 100k asked, 110k made: 5k would give about 5.5k tets, 20k about 22k (too many).
    expect(softBodyPlan(110_000, 100_000)).toEqual({ kind: 'coarser', targetTetCount: 5_000 });
    // Heavy overshoot (a detailed surface, 12×): 1,000 would give about 12k tets.
    expect(softBodyPlan(60_000, 5_000)).toEqual({ kind: 'coarser', targetTetCount: 1_000 });
    // Heavier still: the smallest target, even if over.
    expect(softBodyPlan(200_000, 5_000)).toEqual({ kind: 'coarser', targetTetCount: TARGET_TET_CHOICES[0] });
    // Nothing coarser to offer.
    expect(softBodyPlan(60_000, TARGET_TET_CHOICES[0])).toEqual({ kind: 'use' });
  });

  test('the panel says what the body gets before the button is pressed', () => {
    expect(describePlan({ kind: 'use' }, 9_771, 'silicone-shore-10a')).toBe(
      'The body gets these 9,771 tets, in silicone-shore-10a.',
    );
    expect(describePlan({ kind: 'coarser', targetTetCount: 5_000 }, 22_593, 'silicone-shore-10a')).toBe(
      '22,593 tets would slow the live preview (over 15,000): the body is made from a new run at 5,000 target tets, in silicone-shore-10a.',
    );
    expect(describePlan({ kind: 'use' }, 1_200, 'foam', 'embedded')).toBe(
      'The body gets these 1,200 tets, in foam. The body is the cage; the scene draws the mesh skinned to it (Simulation mesh shows the cage).',
    );
  });
});

function harness(tetCount: number) {
  const store = createStore(initialTetraState());
  const runs: { options: TetraRunOptions; finish: (v: TetView) => void; fail: () => void }[] = [];
  const controller = new TetraController(
    store,
    (_mesh, options): TetraRun => {
      let finish!: (v: TetView) => void;
      let fail!: () => void;
      const result = new Promise<TetView>((ok, no) => {
        finish = ok;
        fail = () => no(new TetraFailure('TetrahedralizeError', 'cancelled', 'cancelled'));
      });
      runs.push({ options, finish, fail });
      return { result, cancel: fail };
    },
    () => {},
  );
  const calls: string[] = [];
  const deps = {
    tool: { store, controller },
    fileName: () => 'spot.obj',
    addBody: (fileName: string, v: TetView, surface: TriMesh) => {
      // The body gets the imported surface the tets were made from, as bake keeps it.
      calls.push(`add ${fileName} ${v.quality.tetCount}${surface === source ? '' : ' (another surface)'}`);
      return 2;
    },
    closeMesh: () => calls.push('close'),
    play: () => calls.push('play'),
  };
  return { store, controller, runs, calls, deps, tetCount };
}

describe('makeSoftBody', () => {
  test('a small result becomes the body at once; the mesh view closes and the scene plays', async () => {
    const h = harness(9_000);
    const first = h.controller.start(source);
    h.runs[0].finish(view(9_000));
    await first;
    expect(await makeSoftBody(h.deps)).toBe(2);
    expect(h.runs).toHaveLength(1);
    expect(h.calls).toEqual(['add spot.obj 9000', 'close', 'play']);
  });

  test('a large result is made again at the coarser target, shown in the picker, and that run becomes the body', async () => {
    const h = harness(22_593);
    const first = h.controller.start(source);
    h.runs[0].finish(view(22_593));
    await first;
    const made = makeSoftBody(h.deps);
    expect(h.runs).toHaveLength(2);
    expect(h.runs[1].options.targetTetCount).toBe(5_000);
    expect(h.store.get().options.targetTetCount).toBe(5_000);
    expect(h.calls).toEqual([]);
    h.runs[1].finish(view(9_771));
    expect(await made).toBe(2);
    expect(h.calls).toEqual(['add spot.obj 9771', 'close', 'play']);
  });

  test('cancelling the coarser run adds nothing', async () => {
    const h = harness(22_593);
    const first = h.controller.start(source);
    h.runs[0].finish(view(22_593));
    await first;
    const made = makeSoftBody(h.deps);
    h.controller.cancel();
    expect(await made).toBeNull();
    expect(h.calls).toEqual([]);
  });

  test('nothing happens without a result, and a refused edit keeps the mesh view', async () => {
    const h = harness(100);
    expect(await makeSoftBody(h.deps)).toBeNull();
    h.store.update((s) => withOptions(s, { targetTetCount: 2_000 }));
    const first = h.controller.start(source);
    h.runs[0].finish(view(100));
    await first;
    expect(await makeSoftBody({ ...h.deps, addBody: () => null })).toBeNull();
    expect(h.calls).toEqual([]);
  });
});
