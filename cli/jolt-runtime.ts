import type { RuntimeFrameTimer } from '../core/budget/frame-cost.ts';
import { createJoltFrameTimer } from '../core/budget/jolt-frame-timer.ts';

/**
 * Jolt for the frame-cost readout: jolt-physics (the WebAssembly build, bundled into the command's
 * chunks) and runtime/jolt/loader.mjs, loaded on first use only: commands that time nothing never
 * parse them.
 */
let timer: Promise<RuntimeFrameTimer> | undefined;

export function loadJoltFrameTimer(): Promise<RuntimeFrameTimer> {
  timer ??= (async () => {
    const [{ default: initJolt }, loader] = await Promise.all([
      import('jolt-physics'),
      import('../runtime/jolt/loader.mjs'),
    ]);
    return createJoltFrameTimer(await initJolt(), loader);
  })();
  return timer;
}
