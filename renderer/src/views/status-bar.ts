/** The status bar: viewport fps, solver ms per frame, particle and constraint counts, time, state. */
import type { AppState } from '../state/app-state.ts';
import type { Store } from '../state/store.ts';
import { el } from './dom.ts';

export function mountStatusBar(container: HTMLElement, store: Store<AppState>): () => void {
  const field = (testId: string, title: string) => el('span', { className: 'status-field', testId, title });
  const state = field('sim-state', 'Simulation state');
  const time = field('sim-time', 'Simulated time since reset');
  const fps = field('fps', 'Viewport frames drawn per second');
  const simMs = field('sim-ms', 'Solver wall time per frame (worker), smoothed');
  const particles = field('particles', 'Particles in the world');
  const constraints = field('constraints', 'Constraints in the world');
  container.append(
    state,
    time,
    el('span', { className: 'toolbar-spacer' }),
    fps,
    simMs,
    particles,
    constraints,
  );

  const count = new Intl.NumberFormat('en-US');
  const render = (s: AppState) => {
    state.textContent =
      s.sim.status === 'loading'
        ? 'Loading…'
        : s.sim.status === 'error'
          ? 'Error'
          : s.sim.playing
            ? 'Playing'
            : 'Paused';
    time.textContent = `t = ${s.sim.simTimeS.toFixed(2)} s`;
    fps.textContent = s.ui.fps === null ? '— fps' : `${s.ui.fps.toFixed(1)} fps`;
    simMs.textContent =
      s.sim.simMsPerFrame === null ? 'sim — ms' : `sim ${s.sim.simMsPerFrame.toFixed(2)} ms`;
    particles.textContent = `${count.format(s.sim.particleCount)} particles`;
    constraints.textContent = `${count.format(s.sim.constraintCount)} constraints`;
  };
  render(store.get());
  return store.subscribe(render);
}
