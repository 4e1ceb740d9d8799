import { describe, expect, test } from 'vitest';
import { initialAppState } from '../../renderer/src/state/app-state.ts';
import { applySimEvent } from '../../renderer/src/state/sim-reducer.ts';

const loaded = {
  type: 'loaded' as const,
  bodies: [],
  particleCount: 10,
  constraintCount: 20,
  kernels: 'wasm' as const,
  frameDtS: 1 / 60,
  groundHeightM: 0,
  positions: new Float32Array(30),
};
const frame = (n: number, simMs: number) => ({
  type: 'frame' as const,
  frame: n,
  simTimeS: n / 60,
  simMs,
  kineticEnergyJ: 1,
  hasNaN: false,
  bodies: [],
  positions: new Float32Array(30),
});

describe('applySimEvent', () => {
  test('loaded makes the sim ready with the world size', () => {
    const state = applySimEvent(initialAppState(), loaded);
    expect(state.sim).toMatchObject({
      status: 'ready',
      particleCount: 10,
      constraintCount: 20,
      kernels: 'wasm',
      frame: 0,
    });
  });

  test('frames advance time and smooth the solver time; the reset frame leaves it alone', () => {
    let state = applySimEvent(initialAppState(), loaded);
    state = applySimEvent(state, frame(1, 4));
    expect(state.sim.simMsPerFrame).toBe(4);
    state = applySimEvent(state, frame(2, 14));
    expect(state.sim.simMsPerFrame).toBeCloseTo(5, 10);
    state = applySimEvent(state, frame(0, 0));
    expect(state.sim.simMsPerFrame).toBeCloseTo(5, 10);
    expect(state.sim.simTimeS).toBe(0);
  });

  test('an error while loading marks the sim failed and tells the user', () => {
    const state = applySimEvent(initialAppState(), { type: 'error', message: 'bad scene' });
    expect(state.sim.status).toBe('error');
    expect(state.ui.notifications.map((n) => [n.level, n.text])).toEqual([['error', 'bad scene']]);
  });

  test('an error after loading keeps the world and tells the user', () => {
    const ready = applySimEvent(initialAppState(), loaded);
    const state = applySimEvent(ready, { type: 'error', message: 'NaN' });
    expect(state.sim.status).toBe('ready');
    expect(state.ui.notifications).toHaveLength(1);
  });
});
