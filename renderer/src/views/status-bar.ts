/** The status bar: viewport fps, solver ms per frame, particle and constraint counts, time, state. */
import { type AppState, onlyRunningFiguresChanged } from '../state/app-state.ts';
import type { Store } from '../state/store.ts';
import { QUALITY_PROFILES, type QualityChoice, type ViewportQuality } from '../viewport/render-quality.ts';
import { el } from './dom.ts';
import { readoutPacer } from './readout-pacer.ts';

/** The viewport's drawing profile as chosen, and how to change it. */
export interface QualityControl {
  choice: QualityChoice;
  setQuality(quality: ViewportQuality): void;
}

/** @param quality the viewport's profile, or null where there is no viewport */
export function mountStatusBar(
  container: HTMLElement,
  store: Store<AppState>,
  quality: QualityControl | null = null,
): () => void {
  const field = (testId: string, title: string) => el('span', { className: 'status-field', testId, title });
  const state = field('sim-state', 'Simulation state');
  const time = field('sim-time', 'Simulated time since reset');
  const fps = field('fps', 'Viewport frames drawn per second');
  const qualityNote = quality ? qualityToggle(quality) : null;
  const simMs = field('sim-ms', 'Solver wall time per frame (worker), smoothed');
  const particles = field('particles', 'Particles in the world');
  const constraints = field('constraints', 'Constraints in the world');
  container.append(
    state,
    time,
    el('span', { className: 'toolbar-spacer' }),
    ...(qualityNote ? [qualityNote] : []),
    fps,
    simMs,
    particles,
    constraints,
  );

  const count = new Intl.NumberFormat('en-US');
  const render = (s: AppState) => {
    // Only a text that changed is written: each write costs the page a layout.
    setText(
      state,
      s.sim.status === 'loading'
        ? 'Loading…'
        : s.sim.status === 'error'
          ? 'Error'
          : s.sim.playing
            ? 'Playing'
            : 'Paused',
    );
    setText(time, `t = ${s.sim.simTimeS.toFixed(2)} s`);
    setText(fps, s.ui.fps === null ? '— fps' : `${s.ui.fps.toFixed(1)} fps`);
    setText(simMs, s.sim.simMsPerFrame === null ? 'sim — ms' : `sim ${s.sim.simMsPerFrame.toFixed(2)} ms`);
    setText(particles, `${count.format(s.sim.particleCount)} particles`);
    setText(constraints, `${count.format(s.sim.constraintCount)} constraints`);
  };
  render(store.get());
  // Playing, the time and solver figures change every frame: paced. Anything else (play or
  // pause, a load, a paused step or reset) shows at once, with the newest figures.
  const pacer = readoutPacer(() => render(store.get()));
  const unsubscribe = store.subscribe((s, previous) =>
    onlyRunningFiguresChanged(s, previous) ? pacer.request() : pacer.now(),
  );
  return () => {
    unsubscribe();
    pacer.cancel();
  };
}

function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

/**
 * Shown only where the viewport started light: says why the picture is coarser than usual,
 * and a click switches between light and full for this session.
 */
function qualityToggle(control: QualityControl): HTMLButtonElement | null {
  if (control.choice.quality !== 'light') return null;
  const button = el('button', { className: 'status-field status-toggle', testId: 'viewport-quality' });
  button.type = 'button';
  const { contentMs, cameraMs } = QUALITY_PROFILES.light.drawIntervals;
  const perSecond = (intervalMs: number) => (1000 / intervalMs).toFixed(0);
  let current: ViewportQuality = 'light';
  const show = () => {
    button.textContent = `${current} viewport`;
    button.title =
      current === 'light'
        ? `Light viewport: ${control.choice.reason}. Half resolution, no shadows or antialiasing, a playing ` +
          `simulation drawn at most ${perSecond(contentMs)} times a second (a moving camera ${perSecond(cameraMs)}), ` +
          `surfaces of more than ${QUALITY_PROFILES.light.coarseAboveTriangles.toLocaleString('en-US')} triangles ` +
          'drawn coarser, ' +
          'so the simulation keeps the processor. Click for the full picture (antialiased only when opened ' +
          'with ?viewport=full).'
        : 'Full viewport: shadows, full resolution, a draw for every new frame. Click for the light one.';
  };
  button.addEventListener('click', () => {
    current = current === 'light' ? 'full' : 'light';
    control.setQuality(current);
    show();
  });
  show();
  return button;
}
