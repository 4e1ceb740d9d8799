/**
 * The drift-check worker's message handling, apart from the worker scope so that it runs in a
 * test with a stand-in check: a `run` posts progress before every run to rest and then one result
 * (the report and the wall time, or the error as `{ name, message }`).
 */
import type { DriftCheckOptions, DriftProgress, DriftReport } from '../../../core/calibrate/drift-check.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { sceneMeshesFor } from '../../../core/scene/scene-meshes.ts';
import type { DriftCommand, DriftEvent } from './protocol.ts';

/** core/calibrate's checkDrift, or a stand-in with its signature. */
export type CheckDrift = (
  scene: Scene,
  options: DriftCheckOptions,
  onProgress?: DriftProgress,
) => DriftReport;

export function createDriftHandler(
  check: CheckDrift,
  post: (event: DriftEvent) => void,
  nowMs: () => number = () => performance.now(),
): (command: DriftCommand) => void {
  let ran = false;
  return (command) => {
    if (command?.type !== 'run') {
      post(failure('Error', 'The drift-check worker got an unknown command.'));
      return;
    }
    if (ran) {
      post(failure('Error', 'The drift-check worker runs one check; start a new worker for another.'));
      return;
    }
    ran = true;
    const { scene, meshes, body, ratesHz, resolutions } = command.request;
    const started = nowMs();
    try {
      const report = check(
        scene,
        { body, ratesHz, resolutions, meshes: sceneMeshesFor(scene, new Map(meshes)) },
        (done, total, label) => post({ type: 'progress', done, total, label }),
      );
      post({ type: 'result', ok: true, report, seconds: (nowMs() - started) / 1000 });
    } catch (error) {
      post(error instanceof Error ? failure(error.name, error.message) : failure('Error', String(error)));
    }
  };
}

function failure(name: string, message: string): DriftEvent {
  return { type: 'result', ok: false, error: { name, message } };
}
