/**
 * The background refinements of progressive bodies (make-soft-body.ts), one after another: a
 * second body made while the first one refines waits its turn instead of replacing the first
 * run, so that every body gets its refined mesh. One run at a time, because the tetrahedralizer
 * and the solver already share the machine's cores with the page; runs side by side would only
 * slow each other down and the live preview with them.
 *
 * The refine panel (refine-panel.ts) shows the body refining and those queued, with Cancel for
 * each: a cancelled body keeps its coarse preview mesh. Save waits until the queue is empty
 * (Editor.save), so that a saved project holds refined meshes, never a preview.
 */
import type { TriMesh } from '../../../core/mesh/types.ts';
import { createStore, type Store } from '../state/store.ts';
import type { TetView } from './protocol.ts';
import type { TetraController } from './tetra-controller.ts';
import { type TetraState, withOptions } from './tetra-state.ts';

/** A body's refinement, as the panel shows it. */
export interface RefineJob {
  id: number;
  /** The body's name in the scene ('spot'). */
  bodyName: string;
  /** Target tets of the conforming run. */
  targetTetCount: number;
}

export interface RefineQueueState {
  running: RefineJob | null;
  /** In the order they will run. */
  queued: readonly RefineJob[];
}

export interface RefineRequest {
  bodyName: string;
  /** The imported surface the body was made from. */
  surface: TriMesh;
  targetTetCount: number;
  /** Gives the body its refined mesh (Editor.refineMeshBody); false when it no longer can. */
  apply: (view: TetView) => boolean;
  /**
   * The run starts once this settles (the preview body moving: SimClient.nextWorldStepped), so
   * that it does not take the cores the preview's world build and first frames need. The job
   * is queued (shown, waited for by Save, cancellable) from the start.
   */
  startAfter?: Promise<void>;
}

interface Waiting {
  job: RefineJob;
  request: RefineRequest;
  settle: (applied: boolean) => void;
}

export class RefineQueue {
  /** The running and queued jobs, for the panel. */
  readonly jobs: Store<RefineQueueState> = createStore<RefineQueueState>({ running: null, queued: [] });
  private waiting: Waiting[] = [];
  private nextId = 0;
  private idleWaiters: (() => void)[] = [];
  /** The running job was cancelled (read before its run starts: it may still wait for `startAfter`). */
  private runningCancelled = false;

  constructor(
    /** The running job's own tetrahedralization state (progress, stage, options). */
    readonly store: Store<TetraState>,
    readonly controller: TetraController,
  ) {}

  /**
   * Queues the refinement of one body; it starts at once when nothing else refines. Settles
   * true once `apply` gave the body its refined mesh; false when it was cancelled, failed (the
   * controller reported it) or `apply` refused it.
   */
  refine(request: RefineRequest): { id: number; applied: Promise<boolean> } {
    const id = ++this.nextId;
    const job: RefineJob = { id, bodyName: request.bodyName, targetTetCount: request.targetTetCount };
    const applied = new Promise<boolean>((settle) => this.waiting.push({ job, request, settle }));
    if (this.jobs.get().running === null) void this.runNext();
    else this.publish(this.jobs.get().running);
    return { id, applied };
  }

  /** Cancels job `id`: the running one stops (its body keeps the preview), a queued one is dropped. */
  cancel(id: number): void {
    if (this.jobs.get().running?.id === id) {
      this.runningCancelled = true;
      this.controller.cancel();
      return;
    }
    const at = this.waiting.findIndex((w) => w.job.id === id);
    if (at < 0) return;
    const [dropped] = this.waiting.splice(at, 1);
    this.publish(this.jobs.get().running);
    dropped.settle(false);
  }

  /**
   * The bodies still to be refined and a promise that resolves once none is (those queued
   * meanwhile included), every result applied; null when nothing refines.
   */
  pending(): { bodyNames: string[]; settled: Promise<void> } | null {
    const { running, queued } = this.jobs.get();
    if (running === null && queued.length === 0) return null;
    const bodyNames = [running, ...queued].flatMap((job) => (job ? [job.bodyName] : []));
    return { bodyNames, settled: new Promise((resolve) => this.idleWaiters.push(resolve)) };
  }

  private async runNext(): Promise<void> {
    const next = this.waiting.shift();
    if (!next) {
      this.publish(null);
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
      return;
    }
    const { job, request } = next;
    // The refine panel reads the target from the run's options.
    this.store.update((s) => withOptions(s, { mode: 'conforming', targetTetCount: job.targetTetCount }));
    this.publish(job);
    this.runningCancelled = false;
    if (request.startAfter) await request.startAfter;
    const view = this.runningCancelled ? null : await this.controller.start(request.surface);
    // Applied before the next job starts and before the idle waiters hear of it: a save that
    // waited for the queue then writes the refined mesh.
    next.settle(view !== null && request.apply(view));
    await this.runNext();
  }

  private publish(running: RefineJob | null): void {
    this.jobs.update(() => ({ running, queued: this.waiting.map((w) => w.job) }));
  }
}
