/**
 * How busy the page's main thread is while something runs: long tasks (> 50 ms, as Chromium
 * reports them), the gaps between animation frames, and the longest animation frame with the
 * scripts in it. Start it, do the work, stop it and read the figures.
 */
import type { Page } from 'playwright-core';

export interface MainThreadProbe {
  longestTaskMs: number;
  longTasks: number;
  longestFrameGapMs: number;
  frameGapsOver100Ms: number;
  frames: number;
  /** From start to stop, s. */
  seconds: number;
  /** The longest animation frame and the scripts in it, as text ('' when none was long). */
  worstFrame: string;
}

/** Runs in the page (as text: the test files compile without DOM types). */
const START = `(() => {
  const probe = { longestTaskMs: 0, longTasks: 0, longestFrameGapMs: 0, frameGapsOver100Ms: 0, frames: 0,
    worstFrame: '', start: performance.now(), stop: false };
  window.__mainThreadProbe = probe;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      probe.longTasks++;
      probe.longestTaskMs = Math.max(probe.longestTaskMs, entry.duration);
    }
  }).observe({ type: 'longtask' });
  // Long animation frames name the scripts that ran in them (for the log when a task is long).
  let worstFrameMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration <= worstFrameMs) continue;
      worstFrameMs = entry.duration;
      probe.worstFrame = Math.round(entry.duration) + ' ms (blocking ' + Math.round(entry.blockingDuration) + ' ms, render ' + Math.round(entry.duration - (entry.renderStart - entry.startTime)) + ' ms): ' +
        entry.scripts.map((s) => s.invoker + ' ' + Math.round(s.duration) + ' ms').join('; ');
    }
  }).observe({ type: 'long-animation-frame' });
  let last = performance.now();
  const tick = (now) => {
    probe.longestFrameGapMs = Math.max(probe.longestFrameGapMs, now - last);
    if (now - last > 100) probe.frameGapsOver100Ms++;
    probe.frames++;
    last = now;
    if (!probe.stop) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

const STOP = `(() => {
  const probe = window.__mainThreadProbe;
  probe.stop = true;
  return { ...probe, seconds: (performance.now() - probe.start) / 1000 };
})()`;

/** Starts watching the main thread (a new probe replaces any running one). */
export async function startMainThreadProbe(page: Page): Promise<void> {
  await page.evaluate(START);
}

/** Stops the probe that startMainThreadProbe began and returns what it saw. */
export async function stopMainThreadProbe(page: Page): Promise<MainThreadProbe> {
  return (await page.evaluate(STOP)) as MainThreadProbe;
}
