/**
 * Counts drawn frames and reports frames per second over a short window. Frames that
 * were skipped (nothing changed) count as time without frames, so a still viewport reads 0.
 */
export class FpsMeter {
  private windowStartMs: number | null = null;
  private frames = 0;

  /** @param windowMs length of one measuring window, ms */
  constructor(private readonly windowMs = 500) {}

  /**
   * Records one animation tick at `nowMs`; `drew` tells whether a frame was drawn.
   * Returns the rate of the window that just closed, frames/s, or null while it is open.
   */
  tick(nowMs: number, drew: boolean): number | null {
    if (this.windowStartMs === null) {
      this.windowStartMs = nowMs;
      this.frames = 0;
      return null;
    }
    if (drew) this.frames += 1;
    const elapsedMs = nowMs - this.windowStartMs;
    if (elapsedMs < this.windowMs) return null;
    const fps = (this.frames * 1000) / elapsedMs;
    this.windowStartMs = nowMs;
    this.frames = 0;
    return fps;
  }
}
