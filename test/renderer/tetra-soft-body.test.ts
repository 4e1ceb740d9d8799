import { describe, expect, test } from 'vitest';
import type { TriMesh } from '../../core/mesh/types.ts';
import { createStore } from '../../renderer/src/state/store.ts';
import { makeSoftBody, simulateMesh } from '../../renderer/src/tetra/make-soft-body.ts';
import type { TetraRunOptions, TetView } from '../../renderer/src/tetra/protocol.ts';
import { RefineQueue } from '../../renderer/src/tetra/refine-queue.ts';
import {
  describePlan,
  LIVE_TET_LIMIT,
  liveTargetTets,
  PREVIEW_TETS_MAX,
  PREVIEW_TETS_MIN,
  previewTargetTets,
  softBodyPlan,
} from '../../renderer/src/tetra/soft-body-plan.ts';
import { TetraFailure, type TetraRun } from '../../renderer/src/tetra/tetra-client.ts';
import { TetraController } from '../../renderer/src/tetra/tetra-controller.ts';
import { initialTetraState, TARGET_TET_CHOICES, withOptions } from '../../renderer/src/tetra/tetra-state.ts';
import { oneTriangle, tetView } from './tetra-fixtures.ts';

const source = oneTriangle();
const view = (tetCount: number) => tetView(tetCount, 0.2);

describe('the progressive body targets', () => {
  test('the refined target is the largest offered choice that stays under the live limit at +15%', () => {
    // 5,000 × 1.15 = 5,750 fits 15,000; 20,000 × 1.15 does not (10,000 is not offered).
    expect(liveTargetTets()).toBe(5_000);
    expect(liveTargetTets(LIVE_TET_LIMIT)).toBe(5_000);
    expect(liveTargetTets(30_000)).toBe(20_000);
    // A budget below every choice still gets the smallest.
    expect(liveTargetTets(100)).toBe(TARGET_TET_CHOICES[0]);
  });

  test('the preview cage gets fewer tets the more triangles the surface has, within its bounds', () => {
    // The corpus: Fox.glb 576 triangles, spot.obj 5,856, rocker-arm.obj 20,088, bunny 69,451.
    expect(previewTargetTets(576, 5_000)).toBe(PREVIEW_TETS_MAX);
    expect(previewTargetTets(5_856, 5_000)).toBe(512);
    expect(previewTargetTets(20_088, 5_000)).toBe(PREVIEW_TETS_MIN);
    expect(previewTargetTets(69_451, 5_000)).toBe(PREVIEW_TETS_MIN);
    // Monotone in the triangle count.
    const targets = [100, 1_000, 3_000, 6_000, 10_000, 50_000].map((n) => previewTargetTets(n, 5_000));
    expect(targets).toEqual([...targets].sort((a, b) => b - a));
  });

  test('the preview stays at most a fifth of the refined target', () => {
    expect(previewTargetTets(576, 2_000)).toBe(400);
    expect(previewTargetTets(576, 500)).toBe(100);
    expect(previewTargetTets(576, 10)).toBe(4);
  });
});

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
      '22,593 tets would slow the live preview (over 15,000): the body starts as a coarse cage and is refined by a run at 5,000 target tets in the background, in silicone-shore-10a.',
    );
    expect(describePlan({ kind: 'use' }, 1_200, 'foam', 'embedded')).toBe(
      'The body gets these 1,200 tets, in foam. The body is the cage; the scene draws the mesh skinned to it (Simulation mesh shows the cage).',
    );
  });
});

/** A controller whose runs the test finishes or fails by hand. */
function manualController() {
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
  return { store, controller, runs };
}

function harness() {
  const { store, controller, runs } = manualController();
  const refiner = manualController();
  const queue = new RefineQueue(refiner.store, refiner.controller);
  const calls: string[] = [];
  let bodies = 0;
  const deps = {
    tool: { store, controller, refiner: queue },
    fileName: () => 'spot.obj',
    addBody: (fileName: string, v: TetView, surface: TriMesh) => {
      // The body gets the imported surface the tets were made from, as bake keeps it.
      calls.push(`add ${fileName} ${v.quality.tetCount}${surface === source ? '' : ' (another surface)'}`);
      const name = bodies === 0 ? 'spot' : `spot ${bodies + 1}`;
      bodies++;
      return {
        index: 1 + bodies,
        name,
        refine: (fine: TetView) => {
          calls.push(`refine ${name} ${fine.quality.tetCount}`);
          return true;
        },
      };
    },
    closeMesh: () => calls.push('close'),
    play: () => calls.push('play'),
  };
  return { store, controller, runs, refiner, queue, calls, deps };
}

/** The tool's own result of `tetCount` tets, as after Tetrahedralize. */
async function withResult(h: ReturnType<typeof harness>, tetCount: number): Promise<void> {
  const first = h.controller.start(source);
  h.runs[0].finish(view(tetCount));
  await first;
}

describe('makeSoftBody', () => {
  test('a small result becomes the body at once; the mesh view closes and the scene plays', async () => {
    const h = harness();
    await withResult(h, 9_000);
    const made = await makeSoftBody(h.deps);
    expect(made).toEqual({ index: 2, refined: null });
    expect(h.runs).toHaveLength(1);
    expect(h.refiner.runs).toHaveLength(0);
    expect(h.calls).toEqual(['add spot.obj 9000', 'close', 'play']);
  });

  test('a large result: a coarse embedded preview becomes the body, then a run at the coarser target refines it', async () => {
    const h = harness();
    await withResult(h, 22_593);
    const made = makeSoftBody(h.deps);
    // The preview: embedded, at the preview target; the panel's picks stay as the user left them.
    expect(h.runs).toHaveLength(2);
    const previewTarget = previewTargetTets(source.indices.length / 3, 5_000);
    expect(h.runs[1].options).toEqual({ mode: 'embedded', targetTetCount: previewTarget });
    expect(h.store.get().options).toEqual({ mode: 'conforming', targetTetCount: 20_000 });
    expect(h.calls).toEqual([]);
    h.runs[1].finish(view(980));
    const body = await made;
    expect(body?.index).toBe(2);
    expect(h.calls).toEqual(['add spot.obj 980', 'close', 'play']);
    // Refining in the background, at the target the plan chose (shown in the refine panel).
    expect(h.refiner.runs.map((r) => r.options)).toEqual([{ mode: 'conforming', targetTetCount: 5_000 }]);
    expect(h.refiner.store.get().options.targetTetCount).toBe(5_000);
    h.refiner.runs[0].finish(view(5_600));
    expect(await body?.refined).toBe(true);
    expect(h.calls).toEqual(['add spot.obj 980', 'close', 'play', 'refine spot 5600']);
    // Each target was run once: 20,000 (the user's), the preview's, 5,000.
    const targets = [...h.runs, ...h.refiner.runs].map((r) => r.options.targetTetCount);
    expect(new Set(targets).size).toBe(targets.length);
  });

  test('cancelling the refinement keeps the preview body; cancelling the preview adds nothing', async () => {
    const h = harness();
    await withResult(h, 22_593);
    const made = makeSoftBody(h.deps);
    h.runs[1].finish(view(980));
    const body = await made;
    h.refiner.controller.cancel();
    expect(await body?.refined).toBe(false);
    expect(h.calls).toEqual(['add spot.obj 980', 'close', 'play']);

    const g = harness();
    await withResult(g, 22_593);
    const again = makeSoftBody(g.deps);
    g.controller.cancel();
    expect(await again).toBeNull();
    expect(g.calls).toEqual([]);
    expect(g.refiner.runs).toHaveLength(0);
  });

  test('nothing happens without a result, and a refused edit keeps the mesh view', async () => {
    const h = harness();
    expect(await makeSoftBody(h.deps)).toBeNull();
    h.store.update((s) => withOptions(s, { targetTetCount: 2_000 }));
    await withResult(h, 100);
    expect(await makeSoftBody({ ...h.deps, addBody: () => null })).toBeNull();
    expect(h.calls).toEqual([]);
  });
});

describe('simulateMesh (the one step from a mesh shown static)', () => {
  test('without a result: a preview body first, refined at the live target', async () => {
    const h = harness();
    const made = simulateMesh(h.deps, source);
    expect(h.runs.map((r) => r.options)).toEqual([
      { mode: 'embedded', targetTetCount: previewTargetTets(1, liveTargetTets()) },
    ]);
    h.runs[0].finish(view(1_050));
    const body = await made;
    expect(h.calls).toEqual(['add spot.obj 1050', 'close', 'play']);
    expect(h.refiner.runs.map((r) => r.options)).toEqual([
      { mode: 'conforming', targetTetCount: liveTargetTets() },
    ]);
    h.refiner.runs[0].finish(view(5_700));
    expect(await body?.refined).toBe(true);
    expect(h.calls.at(-1)).toBe('refine spot 5700');
  });

  test('the refinement is queued at once but runs only once the preview body moves; cancelled meanwhile, it never runs', async () => {
    const h = harness();
    let moved = () => {};
    const moving = new Promise<void>((resolve) => {
      moved = resolve;
    });
    const made = simulateMesh({ ...h.deps, nextWorldStepped: () => moving }, source);
    h.runs[0].finish(view(1_050));
    const body = await made;
    // Shown as refining (Save waits for it), not yet running: the preview's world builds first.
    expect(h.queue.jobs.get().running?.bodyName).toBe('spot');
    expect(h.refiner.runs).toHaveLength(0);
    moved();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.refiner.runs).toHaveLength(1);
    h.refiner.runs[0].finish(view(5_700));
    expect(await body?.refined).toBe(true);

    const g = harness();
    let go = () => {};
    const gate = new Promise<void>((resolve) => {
      go = resolve;
    });
    const second = simulateMesh({ ...g.deps, nextWorldStepped: () => gate }, source);
    g.runs[0].finish(view(1_050));
    const kept = await second;
    const job = g.queue.jobs.get().running;
    if (job) g.queue.cancel(job.id);
    go();
    expect(await kept?.refined).toBe(false);
    expect(g.refiner.runs).toHaveLength(0);
    expect(g.queue.jobs.get()).toEqual({ running: null, queued: [] });
  });

  test("with the tool's result it is used (no new run); while a run goes nothing starts", async () => {
    const h = harness();
    await withResult(h, 3_000);
    expect(await simulateMesh(h.deps, source)).toEqual({ index: 2, refined: null });
    expect(h.runs).toHaveLength(1);

    const g = harness();
    void g.controller.start(source);
    expect(await simulateMesh(g.deps, source)).toBeNull();
    expect(g.runs).toHaveLength(1);
  });
});

describe('two progressive bodies: refinements queue, one after another', () => {
  /** Two bodies made from the static mesh, the second while the first still refines. */
  async function twoBodies() {
    const h = harness();
    const first = simulateMesh(h.deps, source);
    h.runs[0].finish(view(500));
    const a = (await first) as NonNullable<Awaited<typeof first>>;
    // Closing the mesh view drops the tool's result (mount-tetra.ts); the mesh is opened again.
    h.controller.forget();
    const second = simulateMesh(h.deps, source);
    h.runs[1].finish(view(510));
    const b = (await second) as NonNullable<Awaited<typeof second>>;
    return { h, a, b };
  }

  test('the second waits for the first; each body gets its own refined mesh', async () => {
    const { h, a, b } = await twoBodies();
    // One run at a time: the first body's run goes on (not replaced), the second is queued.
    expect(h.refiner.runs).toHaveLength(1);
    expect(h.queue.jobs.get()).toEqual({
      running: { id: 1, bodyName: 'spot', targetTetCount: liveTargetTets() },
      queued: [{ id: 2, bodyName: 'spot 2', targetTetCount: liveTargetTets() }],
    });
    h.refiner.runs[0].finish(view(5_100));
    expect(await a.refined).toBe(true);
    // Then the second body's run starts.
    expect(h.refiner.runs).toHaveLength(2);
    expect(h.queue.jobs.get()).toEqual({
      running: { id: 2, bodyName: 'spot 2', targetTetCount: liveTargetTets() },
      queued: [],
    });
    h.refiner.runs[1].finish(view(5_200));
    expect(await b.refined).toBe(true);
    expect(h.calls.filter((c) => c.startsWith('refine'))).toEqual(['refine spot 5100', 'refine spot 2 5200']);
    expect(h.queue.jobs.get()).toEqual({ running: null, queued: [] });
  });

  test('Cancel is per body: a queued one is dropped, the running one stops and the next starts', async () => {
    const { h, a, b } = await twoBodies();
    // Dropping the queued body leaves the running refinement alone.
    h.queue.cancel(2);
    expect(await b.refined).toBe(false);
    expect(h.queue.jobs.get().queued).toEqual([]);
    expect(h.queue.jobs.get().running?.bodyName).toBe('spot');
    h.refiner.runs[0].finish(view(5_100));
    expect(await a.refined).toBe(true);
    expect(h.refiner.runs).toHaveLength(1);

    const g = await twoBodies();
    // Cancelling the running body: it keeps its preview, and the queued one refines.
    g.h.queue.cancel(1);
    expect(await g.a.refined).toBe(false);
    expect(g.h.refiner.runs).toHaveLength(2);
    g.h.refiner.runs[1].finish(view(5_200));
    expect(await g.b.refined).toBe(true);
    expect(g.h.calls.filter((c) => c.startsWith('refine'))).toEqual(['refine spot 2 5200']);
  });

  test('pending names the bodies still to refine and settles once every result is applied', async () => {
    const { h } = await twoBodies();
    const pending = h.queue.pending();
    expect(pending?.bodyNames).toEqual(['spot', 'spot 2']);
    let settled = false;
    void pending?.settled.then(() => {
      settled = true;
    });
    h.refiner.runs[0].finish(view(5_100));
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    h.refiner.runs[1].finish(view(5_200));
    await pending?.settled;
    // Both refined meshes were applied before it settled.
    expect(h.calls.filter((c) => c.startsWith('refine'))).toHaveLength(2);
    expect(h.queue.pending()).toBeNull();
  });
});
