/**
 * The requestAnimationFrame loop: each tick it lets `beforeDraw` apply pending changes,
 * draws only when something changed (new positions, camera motion, resize), and feeds
 * the fps meter.
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

  constructor(private readonly hooks: RenderLoopHooks) {}

  start(): void {
    if (this.handle !== 0) return;
    const tick = (nowMs: number) => {
      this.handle = requestAnimationFrame(tick);
      const drew = this.hooks.beforeDraw();
      if (drew) this.hooks.draw();
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
