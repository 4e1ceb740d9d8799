/**
 * Main-thread side of the simulation worker: starts it, sends typed commands and hands
 * typed events to one listener. The main thread never runs the solver.
 */
import type { Scene } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import type { SimCommand, SimEvent, WorkerEvent } from './protocol.ts';
import { SharedPositionsReader } from './shared-positions.ts';
import { WorldStepped } from './world-stepped.ts';

/**
 * Turns what the worker posts into the events the page handles: a frame whose positions went
 * through shared memory gets the newest published frame, copied once into an array of the
 * page's own (the viewport keeps the latest for its selection tools, so it must not change
 * under them); a frame event that finds nothing newer (events that queued up behind a long
 * page task) gets the copy it already has, with no second copy.
 */
export class WorkerEvents {
  private reader: SharedPositionsReader | null = null;
  private positions: Float32Array = new Float32Array();

  receive(event: WorkerEvent): SimEvent {
    if (event.type === 'loaded') {
      this.reader = event.sharedPositions ? new SharedPositionsReader(event.sharedPositions) : null;
      this.positions = event.positions;
      return event;
    }
    if (event.type !== 'frame' || event.positions !== 'shared') return event as SimEvent;
    if (!this.reader) throw new Error('the worker shared positions before it shared their buffer');
    if (this.reader.acquire()) this.positions = this.reader.positions.slice();
    return { ...event, positions: this.positions, positionsShared: true };
  }
}

export class SimClient {
  private readonly worker: Worker;
  private readonly events = new WorkerEvents();
  private readonly stepped = new WorldStepped();

  constructor(onEvent: (event: SimEvent) => void) {
    this.worker = new Worker(new URL('./sim-worker.ts', import.meta.url), { type: 'module' });
    const receive = (event: SimEvent) => {
      this.stepped.receive(event);
      onEvent(event);
    };
    this.worker.addEventListener('message', (event: MessageEvent<WorkerEvent>) =>
      receive(this.events.receive(event.data)),
    );
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      receive({
        type: 'error',
        message: `The simulation worker failed: ${event.message || 'unknown error'}`,
      });
    });
  }

  /** Resolves at the first simulated frame of the next world loaded, or when it will not come (world-stepped.ts). */
  nextWorldStepped(): Promise<void> {
    return this.stepped.next();
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
