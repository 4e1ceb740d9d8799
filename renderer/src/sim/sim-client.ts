/**
 * Main-thread side of the simulation worker: starts it, sends typed commands and hands
 * typed events to one listener. The main thread never runs the solver.
 */
import type { Scene } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import type { SimCommand, SimEvent } from './protocol.ts';

export class SimClient {
  private readonly worker: Worker;

  constructor(onEvent: (event: SimEvent) => void) {
    this.worker = new Worker(new URL('./sim-worker.ts', import.meta.url), { type: 'module' });
    this.worker.addEventListener('message', (event: MessageEvent<SimEvent>) => onEvent(event.data));
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      onEvent({
        type: 'error',
        message: `The simulation worker failed: ${event.message || 'unknown error'}`,
      });
    });
  }

  /**
   * Builds the world in the worker; the default scene when `scene` is absent. `meshes` (tet meshes
   * of the mesh bodies, by path) are copied, not transferred: the editor keeps using them.
   */
  loadScene(scene?: Scene, meshes?: ReadonlyMap<string, SolidMesh>): void {
    if (!scene) this.send({ type: 'load-scene' });
    else if (!meshes || meshes.size === 0) this.send({ type: 'load-scene', scene });
    else this.send({ type: 'load-scene', scene, meshes: new Map(meshes) });
  }

  play(): void {
    this.send({ type: 'play' });
  }

  pause(): void {
    this.send({ type: 'pause' });
  }

  step(): void {
    this.send({ type: 'step' });
  }

  reset(): void {
    this.send({ type: 'reset' });
  }

  /** Grabs the first free particle of `candidates` (nearest first) towards `targetM`, m. */
  grab(candidates: number[], targetM: [number, number, number]): void {
    this.send({ type: 'grab', candidates, targetM });
  }

  moveGrab(targetM: [number, number, number]): void {
    this.send({ type: 'move-grab', targetM });
  }

  release(): void {
    this.send({ type: 'release' });
  }

  dispose(): void {
    this.worker.terminate();
  }

  private send(command: SimCommand): void {
    this.worker.postMessage(command);
  }
}
