/**
 * The frame-cost worker's message handling, apart from the worker scope so that a test can drive
 * it: a `run` makes the preset of the editor's scene (core/preset presetFromScene, as Export
 * Preset does), measures the one body asked for here and in the budget's runtime (a runtime that
 * does not load is told in the readout), and posts one result (the cost, or the error as
 * `{ name, message }`).
 */
import { measureFrameCost, type RuntimeFrameTimer } from '../../../core/budget/frame-cost.ts';
import { presetFromScene } from '../../../core/preset/from-scene.ts';
import { sceneMeshesFor } from '../../../core/scene/scene-meshes.ts';
import type { FrameCostCommand, FrameCostEvent } from './protocol.ts';

export function createFrameCostHandler(
  runtime: () => Promise<RuntimeFrameTimer>,
  post: (event: FrameCostEvent) => void,
): (command: FrameCostCommand) => Promise<void> {
  return async (command) => {
    if (command?.type !== 'run') {
      post(failure('Error', 'The frame-cost worker got an unknown command.'));
      return;
    }
    const { scene, meshes, body } = command.request;
    try {
      const preset = presetFromScene(scene, {
        name: body,
        meshes: sceneMeshesFor(scene, new Map(meshes)),
      });
      const timer = runtime();
      // measureFrameCost awaits it only once it gets to the runtime: a body it refuses first
      // must not leave the runtime's failure unhandled (its readout reports that failure).
      timer.catch(() => {});
      const [cost] = await measureFrameCost(preset, { runtime: timer, bodies: [body] });
      post({ type: 'result', ok: true, cost });
    } catch (error) {
      post(error instanceof Error ? failure(error.name, error.message) : failure('Error', String(error)));
    }
  };
}

function failure(name: string, message: string): FrameCostEvent {
  return { type: 'result', ok: false, error: { name, message } };
}
