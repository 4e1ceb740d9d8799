/**
 * The requestAnimationFrame loop: each tick it lets `beforeDraw` apply pending changes,
 * draws only when something changed (new positions, camera motion, resize), and feeds
 * the fps meter. With a shortest draw interval, ticks before it is over are left alone:
 * what came meanwhile waits, and the next draw shows the latest.
 */
import { FpsMeter } from './fps-meter.ts';

export interface RenderLoopHooks {
  /** Applies pending work; returns true when the view must be drawn. */
  beforeDraw(): boolean;
  draw(): void;
  /** Frames drawn per second over the last window. */
  onFps(fps: number): void;
}

export class RenderLoop {
  private handle = 0;
  private readonly meter = new FpsMeter();

  /** Earliest time of the next draw, ms (animation-frame clock). */
  private nextDrawMs = Number.NEGATIVE_INFINITY;

  /** @param minDrawIntervalMs shortest time between two draws, ms (quality profile) */
  constructor(
    private readonly hooks: RenderLoopHooks,
    private minDrawIntervalMs = 0,
  ) {}

  setMinDrawInterval(intervalMs: number): void {
    this.minDrawIntervalMs = intervalMs;
    this.nextDrawMs = Number.NEGATIVE_INFINITY;
  }

  start(): void {
    if (this.handle !== 0) return;
    const tick = (nowMs: number) => {
      this.handle = requestAnimationFrame(tick);
      // Ticks come at the display's pace: a cap of 24 draws a second on 60 Hz draws every 2 or 3
      // ticks, so the next draw is due one interval after the last was due (not after it was
      // drawn), with a millisecond allowed for jitter in the tick times.
      const drew = nowMs >= this.nextDrawMs - 1 && this.hooks.beforeDraw();
      if (drew) {
        this.hooks.draw();
        const due = this.nextDrawMs + this.minDrawIntervalMs;
        this.nextDrawMs = due > nowMs ? due : nowMs + this.minDrawIntervalMs;
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
