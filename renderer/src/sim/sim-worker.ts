/**
 * Worker entry: wires the SimController to the worker's message port. The solver runs
 * here and only here; the main thread receives copies of the positions, through shared memory
 * where this worker is cross-origin isolated (shared-positions.ts).
 */
import defaultSceneJson from '../../../assets/default-scene.json';
import type { Scene } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import type { World } from '../../../core/sim/world.ts';
import type { XpbdWorld } from '../../../core/sim/xpbd-world.ts';
import { buildSceneWorld } from './build-scene-world.ts';
import { createFrameScheduler } from './frame-scheduler.ts';
import type { SimCommand, WorkerEvent } from './protocol.ts';
import { RenderMeshes } from './render-meshes.ts';
import { canSharePositions, createSharedPositions } from './shared-positions.ts';
import { SimController } from './sim-controller.ts';
import { solverThreads, startSolverHelpers } from './solver-helpers.ts';

/** The part of DedicatedWorkerGlobalScope used here (the web tsconfig has DOM types, not WebWorker). */
interface WorkerScope {
  postMessage(message: WorkerEvent, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<SimCommand>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const renderMeshes = new RenderMeshes();
const shareable = canSharePositions();
const scheduler = createFrameScheduler();

const threads = solverThreads();
const helpers = threads > 1 ? startSolverHelpers(threads) : [];
/** The world the helpers work for: it lets them go before the next world takes them. */
let teamWorld: XpbdWorld | null = null;

/**
 * Builds a world for the team where there is one (its big colours solved with the helpers once
 * they have joined; it steps alone until then and for small scenes, with the same floats).
 */
function buildTeamWorld(scene: Scene, meshes: ReadonlyMap<string, SolidMesh>): World {
  const world = buildSceneWorld(scene, meshes, threads);
  if (helpers.length > 0) {
    teamWorld?.stopHelpers();
    teamWorld = world;
    void world.startHelpers(helpers);
  }
  return world;
}

const controller = new SimController({
  buildWorld: buildTeamWorld,
  defaultScene: defaultSceneJson as unknown as Scene,
  post: (event, transfer) => scope.postMessage(event, transfer),
  now: () => performance.now(),
  schedule: scheduler.schedule,
  cancel: scheduler.cancel,
  renderMeshes: (scene, meshes) => renderMeshes.of(scene, meshes),
  sharePositions: (particleCount) => (shareable ? createSharedPositions(particleCount) : null),
});

scope.addEventListener('message', (event) => controller.handle(event.data));
