/**
 * The message protocol between the main thread and the simulation worker. Both sides
 * import these types; nothing else crosses the boundary. Payloads are plain data and
 * typed arrays, copied (sim-controller.ts says why not transferred). Where the page is
 * cross-origin isolated, each frame's positions go through one SharedArrayBuffer instead
 * (shared-positions.ts): the worker posts `WorkerEvent`s, which the client (sim-client.ts)
 * turns into the `SimEvent`s the page handles.
 */

import type { Scene } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import type { BodyMetrics, BodyView, SolverTeamCounts } from '../../../core/sim/world.ts';

/** Main thread → worker. */
export type SimCommand =
  /**
   * Builds the world from `scene`, or from the default scene when absent. `meshes` holds the tet
   * mesh of each mesh body by its shape's `path` (structured-cloned: the editor keeps its own).
   */
  | { type: 'load-scene'; scene?: Scene; meshes?: Map<string, SolidMesh> }
  | { type: 'play' }
  | { type: 'pause' }
  /** Advances exactly one frame (pauses first). */
  | { type: 'step' }
  /** Returns every particle to rest; keeps the play state. */
  | { type: 'reset' }
  /**
   * Grabs the first free particle of `candidates` (world particle indices, nearest first) with
   * the soft mouse spring of core/sim/grab.ts, pulling it towards `targetM` (m).
   */
  | { type: 'grab'; candidates: number[]; targetM: [number, number, number] }
  /** Moves the grab's target, m. */
  | { type: 'move-grab'; targetM: [number, number, number] }
  /** Lets go of the grabbed particle. */
  | { type: 'release' };

/**
 * The mesh a solid mesh body is drawn with: its imported surface, skinned to the body's tets.
 * Render vertex i = Σ_k weights[4i + k] · x(tets[4·elements[i] + k]), with the body's local tets
 * (BodyLayout.tets) and its particles; sent once with the layout, skinned on the page each frame.
 */
export interface BodyRenderMesh {
  /** 3 render vertex indices per triangle, counter-clockwise seen from outside. */
  indices: Uint32Array;
  /** Per render vertex: the tet that carries it. */
  elements: Uint32Array;
  /** Per render vertex: four barycentric weights for that tet's vertices. */
  weights: Float32Array;
}

/** The static part of a body: what the viewport needs to build its mesh once. */
export type BodyLayout = Pick<
  BodyView,
  'name' | 'kind' | 'particleOffset' | 'particleCount' | 'surfaceTriangles' | 'edges' | 'tets'
> & {
  /** Solid mesh bodies made from an imported surface: the mesh to draw instead of the tets' boundary. */
  render?: BodyRenderMesh;
};

/** Per particle the largest constraint force, in its body's unit (core/sim/particle-forces.ts). */
export interface ParticleForces {
  values: Float32Array;
  units: ('N' | 'Pa' | null)[];
}

/** Worker → main thread. */
export type SimEvent =
  /** The world is built: layout plus the rest positions. */
  | {
      type: 'loaded';
      bodies: BodyLayout[];
      particleCount: number;
      constraintCount: number;
      /** Which kernels the worker's solver runs: WebAssembly, or the JS fallback where it could not compile. */
      kernels: 'wasm' | 'js';
      /** Frame time step from the scene, s. */
      frameDtS: number;
      /** Height of the scene's horizontal ground plane, m; null when it has none. */
      groundHeightM: number | null;
      /** Rest positions, m, xyz interleaved. */
      positions: Float32Array;
      /**
       * Where the worker can share memory with the page: the triple buffer (shared-positions.ts)
       * every later frame's positions of this world go through; absent: they come in the message.
       */
      sharedPositions?: SharedArrayBuffer;
    }
  /** One frame's result. */
  | {
      type: 'frame';
      /** Frames stepped since load or reset. */
      frame: number;
      /** Simulated time since load or reset, s. */
      simTimeS: number;
      /** Wall time of the `step` call, ms. */
      simMs: number;
      /**
       * Threads in the team that steps the world (renderer/src/sim/solver-helpers.ts; absent: 1). It
       * steps some frames alone (solverTeamCounts.framesAlone: core/sim/wasm/team-chooser.ts).
       */
      solverThreads?: number;
      /** The solver team's running counts (World.solverTeamCounts), where the world has a team. */
      solverTeamCounts?: SolverTeamCounts;
      kineticEnergyJ: number;
      hasNaN: boolean;
      /**
       * Per-body figures after the step (World.measureBodies), for the editor's readout and plots;
       * absent on frames that skipped measuring (sim-controller.ts, MEASURE_BUDGET): the last
       * measured ones still hold.
       */
      bodies?: BodyMetrics[];
      /**
       * Positions after the step, m, xyz interleaved: the page's own copy. Through shared memory
       * they are the newest frame the worker published by the time the page handled this event
       * (a frame the page had not taken yet is skipped, never mixed in).
       */
      positions: Float32Array;
      /** True when `positions` came through shared memory rather than in the message. */
      positionsShared?: boolean;
      /**
       * The worker's wall time for the whole frame, ms: the step and everything it measures and
       * sends after it (metrics, constraint forces, positions); `simMs` is the step alone.
       */
      frameWorkMs?: number;
      /**
       * Per particle, the largest constraint force on it in the last substep, and per body its
       * unit (N or Pa; null: not measured): World.measureParticleForces, for the 'constraint
       * force' colouring. Absent when the world does not measure it, and on frames that skipped
       * measuring (as `bodies`).
       */
      constraintForces?: ParticleForces;
      /**
       * Per body (the order of `loaded`'s bodies), the surface triangles to draw from this frame on
       * (local indices, 3 per triangle; core/sim/torn-surface.ts): sent when tearing changed them,
       * and with the bodies' own surfaces again when a reset made the torn elements whole.
       */
      surfaces?: Uint32Array[];
    }
  | { type: 'play-state'; playing: boolean }
  /** A failure the user should hear about (bad scene, solver exception). */
  | { type: 'error'; message: string };

/** The frame event as the page handles it. */
export type FrameEvent = Extract<SimEvent, { type: 'frame' }>;

/**
 * What the worker posts: a SimEvent, except that a frame whose positions went through the shared
 * buffer (`loaded`'s `sharedPositions`) carries 'shared' in their place.
 */
export type WorkerEvent =
  | Exclude<SimEvent, { type: 'frame' }>
  | FrameEvent
  | (Omit<FrameEvent, 'positions'> & { positions: 'shared' });
