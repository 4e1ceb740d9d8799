/**
 * Runs the Tetrahedralize tool: starts a worker run on the open mesh, folds its progress and
 * result into the tool's state, cancels it, and turns failures into notifications. The app
 * document is never changed: the tet mesh is shown beside it and dropped with it.
 */
import type { TriMesh } from '../../../core/mesh/types.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import type { Store } from '../state/store.ts';
import { coarserTarget } from './progress-estimate.ts';
import type { TetraRunOptions, TetView } from './protocol.ts';
import type { ProgressListener, TetraFailure, TetraRun } from './tetra-client.ts';
import {
  type TetraState,
  withOffer,
  withProgress,
  withResult,
  withRunEnded,
  withStarted,
} from './tetra-state.ts';

export type StartRun = (mesh: TriMesh, options: TetraRunOptions, onProgress: ProgressListener) => TetraRun;
export type Notify = (level: NotificationLevel, text: string) => void;

export const CANCELLED_TEXT = 'Tetrahedralization cancelled; the mesh is unchanged.';
/** Follows the cloth-candidate notice: where the action it suggests is. */
export const CLOTH_ACTION_TEXT = 'Simulate as cloth (Properties) adds it as it is.';

export class TetraController {
  private current: TetraRun | null = null;
  private runCount = 0;

  constructor(
    private readonly store: Store<TetraState>,
    private readonly startRun: StartRun,
    private readonly notify: Notify,
    /** The clock of a run's time taken, ms. */
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  /**
   * Tetrahedralizes `mesh` with the current options, or with `options` where given (a preview
   * run that leaves the user's picks as they are); a run already going is dropped first.
   * Resolves to the result, or null when the run failed, was cancelled or was replaced.
   */
  async start(mesh: TriMesh, options?: TetraRunOptions): Promise<TetView | null> {
    this.dropRun();
    const runId = ++this.runCount;
    this.store.update((s) => withStarted(s, mesh, runId, this.nowMs()));
    const runOptions = options ?? this.store.get().options;
    const { targetTetCount } = runOptions;
    const run = this.startRun(mesh, runOptions, (fraction, stage) =>
      this.store.update((s) => withProgress(s, runId, fraction, stage)),
    );
    this.current = run;
    let view: TetView;
    try {
      view = await run.result;
    } catch (error) {
      // A run replaced by a newer one or dropped with its mesh ends without a word.
      if (this.current !== run) return null;
      this.current = null;
      this.store.update((s) => withRunEnded(s, runId));
      this.report(error as TetraFailure, targetTetCount);
      return null;
    }
    if (this.current !== run) return null;
    this.current = null;
    this.store.update((s) => withResult(s, runId, view));
    const q = view.quality;
    this.notify(
      'info',
      `Tetrahedralized in ${view.seconds.toFixed(1)} s: ${count(q.tetCount)} tets, ${count(q.vertexCount)} vertices, min dihedral ${q.minDihedralDeg.toFixed(1)}°.`,
    );
    return view;
  }

  /** Stops the run in progress, if any; its end then reports the cancel. */
  cancel(): void {
    this.current?.cancel();
  }

  /** Drops the result and any run when the mesh it belongs to is replaced or closed. */
  forget(): void {
    this.dropRun();
    this.store.update((s) => (s.phase.kind === 'idle' ? s : { ...s, phase: { kind: 'idle' } }));
  }

  /** Stops the current run so that its end is ignored. */
  private dropRun(): void {
    const running = this.current;
    this.current = null;
    running?.cancel();
  }

  private report(error: TetraFailure, targetTetCount: number): void {
    switch (error.reason) {
      case 'cancelled':
        this.notify('info', CANCELLED_TEXT);
        return;
      case 'no-volume':
        // A flat sheet: not an error, the mesh is a cloth candidate, one click from being cloth.
        this.notify('warning', `${error.message} ${CLOTH_ACTION_TEXT}`);
        return;
      case 'too-thin':
      case 'too-far':
      case 'limit': {
        // The mesh or the target asks too much: the sentence says what to change; nothing broke.
        this.notify('warning', `Not tetrahedralized: ${error.message}`);
        // A run past its time or size at this target: offer the next target down, one click away.
        const coarser = error.reason === 'limit' ? coarserTarget(targetTetCount) : null;
        if (coarser !== null) {
          this.store.update((s) =>
            withOffer(s, {
              failedTargetTetCount: targetTetCount,
              targetTetCount: coarser,
              reason: error.message,
            }),
          );
        }
        return;
      }
      default:
        this.notify('error', `Tetrahedralization failed: ${error.message}`);
    }
  }
}

function count(n: number): string {
  return new Intl.NumberFormat('en-US').format(n);
}
