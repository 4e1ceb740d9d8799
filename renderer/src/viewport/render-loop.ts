/**
 * The requestAnimationFrame loop: each tick it lets the camera follow the user's hand, lets
 * `beforeDraw` apply pending changes, draws only when something changed (new positions, camera
 * motion, resize), and feeds the fps meter. With shortest draw intervals, ticks before one is
 * over are left alone: what came meanwhile waits, and the next draw shows the latest. A moving
 * camera may have a shorter interval than new content: the picture answers the hand at once,
 * while a playing simulation alone is drawn less often (render-quality.ts).
 */
import { FpsMeter } from './fps-meter.ts';

export interface RenderLoopHooks {
  /** Moves the camera by the user's input and its damping; true when it moved. Called every tick. */
  moveCamera(): boolean;
  /**
   * Applies pending work when a draw is due; returns true when the view must be drawn
   * (`cameraMoved`: the camera moved since the last draw).
   */
  beforeDraw(cameraMoved: boolean): boolean;
  draw(): void;
  /** Frames drawn per second over the last window. */
  onFps(fps: number): void;
}

/** Shortest times between two draws, ms (0: every animation frame that has something new). */
export interface DrawIntervals {
  /** When only content changed (new positions, an edit). */
  contentMs: number;
  /** When the camera moved. */
  cameraMs: number;
}

export class RenderLoop {
  private handle = 0;
  private readonly meter = new FpsMeter();

  /** When the last draw was due, ms (animation-frame clock). */
  private lastDueMs = Number.NEGATIVE_INFINITY;
  /** The camera moved since the last draw. */
  private cameraMoved = false;

  constructor(
    private readonly hooks: RenderLoopHooks,
    private intervals: DrawIntervals = { contentMs: 0, cameraMs: 0 },
  ) {}

  setDrawIntervals(intervals: DrawIntervals): void {
    this.intervals = intervals;
    this.lastDueMs = Number.NEGATIVE_INFINITY;
  }

  start(): void {
    if (this.handle !== 0) return;
    const tick = (nowMs: number) => {
      this.handle = requestAnimationFrame(tick);
      if (this.hooks.moveCamera()) this.cameraMoved = true;
      const intervalMs = this.cameraMoved ? this.intervals.cameraMs : this.intervals.contentMs;
      // Ticks come at the display's pace: a cap of 24 draws a second on 60 Hz draws every 2 or 3
      // ticks, so the next draw is due one interval after the last was due (not after it was
      // drawn), with a millisecond allowed for jitter in the tick times.
      const dueMs = this.lastDueMs + intervalMs;
      const drew = nowMs >= dueMs - 1 && this.hooks.beforeDraw(this.cameraMoved);
      if (drew) {
        this.hooks.draw();
        this.cameraMoved = false;
        this.lastDueMs = dueMs + intervalMs > nowMs ? dueMs : nowMs;
      }
      const fps = this.meter.tick(nowMs, drew);
      if (fps !== null) this.hooks.onFps(fps);
    };
    this.handle = requestAnimationFrame(tick);
  }

  stop(): void {
    cancelAnimationFrame(this.handle);
    this.handle = 0;
  }
}
