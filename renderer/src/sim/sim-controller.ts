/**
 * The simulation loop that runs inside the worker, kept apart from the worker glue so it
 * can be tested in Node with a fake clock. It owns the World; the main thread only ever
 * receives copies of the positions: in the frame message, or, where the worker may share memory
 * with the page, through a triple buffer that the worker alone writes (shared-positions.ts).
 */
import type { Scene } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import type { BodyMetrics, World } from '../../../core/sim/world.ts';
import type { BodyLayout, BodyRenderMesh, ParticleForces, SimCommand, WorkerEvent } from './protocol.ts';
import { SharedPositionsWriter } from './shared-positions.ts';

export interface SimControllerDeps {
  /** Builds a world; `meshes` are the tet meshes of the scene's mesh bodies by path (empty for none). */
  buildWorld: (scene: Scene, meshes: ReadonlyMap<string, SolidMesh>) => World;
  defaultScene: Scene;
  /** Posts an event; `transfer` lists the buffers handed over. */
  post: (event: WorkerEvent, transfer: Transferable[]) => void;
  /**
   * A fresh shared buffer for a world of `particleCount` particles (createSharedPositions), or
   * null where memory cannot be shared with the page; absent: positions always go in the message.
   */
  sharePositions?: (particleCount: number) => SharedArrayBuffer | null;
  /** Monotonic clock, ms. */
  now: () => number;
  /** Runs `callback` after `delayMs`; returns a handle for `cancel`. */
  schedule: (callback: () => void, delayMs: number) => unknown;
  cancel: (handle: unknown) => void;
  /** Per body of the scene, the render mesh it is drawn with (render-meshes.ts); none when absent. */
  renderMeshes?: (scene: Scene, meshes: ReadonlyMap<string, SolidMesh>) => (BodyRenderMesh | undefined)[];
}

/** When the loop falls this many frames behind real time it drops the backlog instead of catching up. */
const MAX_BACKLOG_FRAMES = 4;

/**
 * While playing, the measurements after a step (per-body metrics for the readouts and plots,
 * per-particle constraint forces for their colouring) may take this share of the step's own time
 * on average: they cost a third to three quarters of a step (World.measureBodies sums the elastic
 * energy of every constraint in JS, the step runs in WebAssembly), work the solver itself does not
 * need. A frame skips them while their time so far exceeds the budget; the page keeps showing the
 * last measured figures. A single step, a reset, the first frame of a world and a frame with NaN are
 * always measured.
 *
 * Why 3%: the app bench (bench/app.ts) reports median frames, and a measured frame also slows the
 * step after it (the solver team's helper, asleep through the measuring, wakes late: more stalls).
 * On the 128² cloth, two runs of two rounds each: at 5% step / bench 1.07–1.10, frame / bench
 * 1.12–1.13 and 25 stalls; at 3% 1.05–1.06, 1.06–1.07 and 4.5–7 stalls. The cloth is then measured
 * every 10–20 frames, as often as at 10% when measuring cost three times what it costs now.
 */
export const MEASURE_BUDGET = 0.03;

/**
 * However far over budget the measuring is, a playing world's figures are at most this old, ms of
 * wall time: measuring runs cold at first (its code not yet optimized; 9–23 ms a measure on the
 * 128² cloth in Chromium, 8–10 ms warm in Node), and at 3% that debt alone left the cubes of one app
 * bench run without metrics for all of their 96 measured frames.
 */
export const MAX_METRICS_AGE_MS = 1000;

export class SimController {
  private world: World | null = null;
  private frameDtS = 1 / 60;
  private playing = false;
  private frame = 0;
  private timer: unknown = null;
  /** When the next frame is due on the `now()` clock, ms. */
  private nextDueMs = 0;
  /** Torn elements when the surfaces were last sent (World.tornCount). */
  private sentTornCount = 0;
  /** Per particle constraint forces, reused between frames. */
  private forceScratch: Float32Array | null = null;
  /** Where this world's frames publish their positions, when shared with the page. */
  private sharedPositions: SharedPositionsWriter | null = null;
  /** Measuring time spent beyond MEASURE_BUDGET of the steps' time, ms (≥ 0). */
  private measureDebtMs = 0;
  /** When the last frame with metrics was measured, on the `now()` clock, ms. */
  private measuredAtMs = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: SimControllerDeps) {}

  handle(command: SimCommand): void {
    switch (command.type) {
      case 'load-scene':
        this.load(command.scene ?? this.deps.defaultScene, command.meshes ?? new Map());
        return;
      case 'play':
        this.setPlaying(true);
        return;
      case 'pause':
        this.setPlaying(false);
        return;
      case 'step':
        this.setPlaying(false);
        this.stepOnce(true);
        return;
      case 'reset':
        this.reset();
        return;
      case 'grab':
        this.grab(command.candidates, command.targetM);
        return;
      case 'move-grab':
        this.world?.moveGrab(command.targetM);
        return;
      case 'release':
        this.world?.release();
        return;
    }
  }

  /** Grabs the first candidate that can move (the world refuses pinned particles). */
  private grab(candidates: readonly number[], targetM: [number, number, number]): void {
    const world = this.world;
    if (!world) return;
    for (const particle of candidates) {
      if (Number.isInteger(particle) && particle >= 0 && particle < world.particleCount) {
        if (world.grab(particle, targetM)) return;
      }
    }
  }

  /**
   * Builds `scene` in place of the current world. Playing stays as it was and is not reported:
   * a rebuild (an edit, a refined mesh swapped in) is no pause the user asked for, and a play
   * state that flickered to paused while the world builds would turn a Play/Pause click made
   * meanwhile into the opposite command. A scene that does not build pauses (and says so).
   */
  private load(scene: Scene, meshes: ReadonlyMap<string, SolidMesh>): void {
    this.stopTimer();
    let world: World;
    try {
      world = this.deps.buildWorld(scene, meshes);
    } catch (error) {
      this.deps.post({ type: 'error', message: `Could not build the scene: ${describe(error)}` }, []);
      this.setPlaying(false);
      return;
    }
    this.world = world;
    this.frameDtS = scene.solver.dt;
    this.frame = 0;
    this.sentTornCount = 0;
    this.measureDebtMs = 0;
    this.measuredAtMs = Number.NEGATIVE_INFINITY;
    const shared = this.deps.sharePositions?.(world.particleCount) ?? null;
    this.sharedPositions = shared ? new SharedPositionsWriter(shared) : null;
    const positions = world.positions.slice();
    const renders = this.renderMeshesOf(scene, meshes);
    const bodies: BodyLayout[] = world.bodies.map((body, i) => ({
      name: body.name,
      kind: body.kind,
      particleOffset: body.particleOffset,
      particleCount: body.particleCount,
      surfaceTriangles: body.surfaceTriangles.slice(),
      edges: body.edges.slice(),
      tets: body.tets?.slice(),
      // The world's bodies are the scene's, in order; the name check guards that pairing.
      ...(scene.bodies[i]?.name === body.name && fitsTets(renders[i], body.tets)
        ? { render: renders[i] }
        : {}),
    }));
    this.deps.post(
      {
        type: 'loaded',
        bodies,
        particleCount: world.particleCount,
        constraintCount: world.constraintCount,
        kernels: world.kernels ?? 'js',
        frameDtS: this.frameDtS,
        groundHeightM: groundHeightOf(scene),
        positions,
        ...(shared ? { sharedPositions: shared } : {}),
      },
      NO_TRANSFER,
    );
    if (this.playing) this.startTimer();
  }

  /** Render meshes are drawing only: a failure to embed one leaves the body drawn by its tets. */
  private renderMeshesOf(
    scene: Scene,
    meshes: ReadonlyMap<string, SolidMesh>,
  ): (BodyRenderMesh | undefined)[] {
    try {
      return this.deps.renderMeshes?.(scene, meshes) ?? [];
    } catch {
      return [];
    }
  }

  private reset(): void {
    if (!this.world) return;
    this.world.reset();
    this.frame = 0;
    this.postFrame(0, 0, false, this.deps.now(), true);
    if (this.playing) this.nextDueMs = this.deps.now() + this.frameDtS * 1000;
  }

  private setPlaying(playing: boolean): void {
    if (playing && !this.world) return;
    if (playing === this.playing) return;
    this.playing = playing;
    this.stopTimer();
    if (playing) this.startTimer();
    this.deps.post({ type: 'play-state', playing }, []);
  }

  /** The next frame at once, and one per frame dt after it. */
  private startTimer(): void {
    this.nextDueMs = this.deps.now();
    this.timer = this.deps.schedule(this.tick, 0);
  }

  private stopTimer(): void {
    if (this.timer === null) return;
    this.deps.cancel(this.timer);
    this.timer = null;
  }

  private readonly tick = (): void => {
    this.timer = null;
    if (!this.playing) return;
    if (!this.stepOnce()) return;
    const dtMs = this.frameDtS * 1000;
    const now = this.deps.now();
    this.nextDueMs += dtMs;
    if (now - this.nextDueMs > MAX_BACKLOG_FRAMES * dtMs) this.nextDueMs = now;
    this.timer = this.deps.schedule(this.tick, Math.max(0, this.nextDueMs - now));
  };

  /**
   * Steps one frame and posts it; false (and paused) when the solver threw. `measureAlways`: the
   * frame carries metrics whatever the budget (a single step).
   */
  private stepOnce(measureAlways = false): boolean {
    const world = this.world;
    if (!world) return false;
    const start = this.deps.now();
    let metrics: ReturnType<World['step']>;
    try {
      metrics = world.step(this.frameDtS);
    } catch (error) {
      this.setPlaying(false);
      this.deps.post({ type: 'error', message: `The solver failed: ${describe(error)}` }, []);
      return false;
    }
    const simMs = this.deps.now() - start;
    this.frame += 1;
    const measure = measureAlways || this.frame === 1 || metrics.hasNaN;
    this.postFrame(simMs, metrics.kineticEnergyJ, metrics.hasNaN, start, measure);
    if (metrics.hasNaN) {
      this.setPlaying(false);
      this.deps.post(
        { type: 'error', message: 'The simulation produced NaN; paused. Reset to start again.' },
        [],
      );
      return false;
    }
    return true;
  }

  /** The frame's per-particle constraint forces (a copy), where the world measures them. */
  private particleForces(world: World): { constraintForces?: ParticleForces } {
    if (!world.measureParticleForces) return {};
    if (this.forceScratch?.length !== world.particleCount)
      this.forceScratch = new Float32Array(world.particleCount);
    const units = world.measureParticleForces(this.forceScratch);
    return { constraintForces: { values: this.forceScratch.slice(), units } };
  }

  /**
   * Posts the frame; `startMs` is when its work began (the step's start), for `frameWorkMs`;
   * `measureAlways`: with metrics whatever the budget (MEASURE_BUDGET).
   */
  private postFrame(
    simMs: number,
    kineticEnergyJ: number,
    hasNaN: boolean,
    startMs: number,
    measureAlways: boolean,
  ): void {
    const world = this.world!;
    this.measureDebtMs = Math.max(0, this.measureDebtMs - MEASURE_BUDGET * simMs);
    let measured: { bodies?: BodyMetrics[]; constraintForces?: ParticleForces } = {};
    const measureStart = this.deps.now();
    if (measureAlways || this.measureDebtMs === 0 || measureStart - this.measuredAtMs >= MAX_METRICS_AGE_MS) {
      measured = { bodies: world.measureBodies(), ...this.particleForces(world) };
      this.measureDebtMs += this.deps.now() - measureStart;
      this.measuredAtMs = measureStart;
    }
    const surfaces = this.tornSurfaces(world);
    let positions: Float32Array | 'shared';
    if (this.sharedPositions) {
      this.sharedPositions.publish(world.positions, this.frame);
      positions = 'shared';
    } else {
      positions = world.positions.slice();
    }
    this.deps.post(
      {
        type: 'frame',
        frame: this.frame,
        simTimeS: world.timeS,
        simMs,
        frameWorkMs: this.deps.now() - startMs,
        ...(world.solverThreads && world.solverThreads > 1 ? { solverThreads: world.solverThreads } : {}),
        ...(world.solverTeamCounts ? { solverTeamCounts: world.solverTeamCounts } : {}),
        kineticEnergyJ,
        hasNaN,
        positions,
        ...measured,
        ...surfaces,
      },
      NO_TRANSFER,
    );
  }

  /** The bodies' surfaces to draw, when tearing (or a reset) changed them since they were last sent. */
  private tornSurfaces(world: World): { surfaces?: Uint32Array[] } {
    const torn = world.tornCount ?? 0;
    if (torn === this.sentTornCount || !world.tornSurfaces) return {};
    this.sentTornCount = torn;
    const surfaces = world.tornSurfaces();
    return { surfaces: world.bodies.map((body, i) => surfaces[i] ?? body.surfaceTriangles.slice()) };
  }
}

/**
 * Height of the first upward-facing plane collider, m. A plane is the set of points x with
 * normal · x = offset, so for a unit normal (0, 1, 0) the height is the offset.
 */
/**
 * Posts copy their arrays instead of transferring them: detaching any ArrayBuffer in an isolate
 * makes V8 guard every later typed-array access there against detachment, which slowed the
 * solver's kernels in this worker by 7–24% (measured with the sim benchmark). The copies are
 * small (12 bytes per particle per frame).
 */
const NO_TRANSFER: Transferable[] = [];

export function groundHeightOf(scene: Scene): number | null {
  for (const collider of scene.colliders) {
    if (collider.type !== 'plane') continue;
    const [nx, ny, nz] = collider.normal;
    const length = Math.hypot(nx, ny, nz);
    if (length > 0 && ny / length > 0.9999) return collider.offset / length;
  }
  return null;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A render mesh whose every vertex names one of the body's tets (else it would skin to NaN). */
function fitsTets(render: BodyRenderMesh | undefined, tets: Uint32Array | undefined): boolean {
  if (!render || !tets) return false;
  const tetCount = tets.length / 4;
  return render.elements.every((tet) => tet < tetCount);
}
