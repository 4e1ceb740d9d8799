/**
 * Worker entry: wires the SimController to the worker's message port. The solver runs
 * here and only here; the main thread receives copies of the positions, through shared memory
 * where this worker is cross-origin isolated (shared-positions.ts).
 */
import defaultSceneJson from '../../../assets/default-scene.json';
import type { Scene } from '../../../core/scene/scene.ts';
import { buildSceneWorld } from './build-scene-world.ts';
import { createFrameScheduler } from './frame-scheduler.ts';
import type { SimCommand, WorkerEvent } from './protocol.ts';
import { RenderMeshes } from './render-meshes.ts';
import { canSharePositions, createSharedPositions } from './shared-positions.ts';
import { SimController } from './sim-controller.ts';

/** The part of DedicatedWorkerGlobalScope used here (the web tsconfig has DOM types, not WebWorker). */
interface WorkerScope {
  postMessage(message: WorkerEvent, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SimCommand>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const renderMeshes = new RenderMeshes();
const shareable = canSharePositions();
const scheduler = createFrameScheduler();

const controller = new SimController({
  buildWorld: buildSceneWorld,
  defaultScene: defaultSceneJson as unknown as Scene,
  post: (event, transfer) => scope.postMessage(event, transfer),
  now: () => performance.now(),
  schedule: scheduler.schedule,
  cancel: scheduler.cancel,
  renderMeshes: (scene, meshes) => renderMeshes.of(scene, meshes),
  sharePositions: (particleCount) => (shareable ? createSharedPositions(particleCount) : null),
});

scope.addEventListener('message', (event) => controller.handle(event.data));
