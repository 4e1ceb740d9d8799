/**
 * The refine panel: while a progressive body's finer mesh is made in the background
 * (make-soft-body.ts), a small box over the viewport says which target is being made, how far
 * it is and about how long is left, with Cancel (the body then keeps its coarse preview mesh).
 * Shown only while that run goes; it reads the refiner's state and calls its controller.
 */
import { type Store, watch } from '../state/store.ts';
import { el } from '../views/dom.ts';
import { toolButton } from '../views/toggle-panel.ts';
import { describeProgress } from './progress-estimate.ts';
import type { TetraController } from './tetra-controller.ts';
import type { TetraState } from './tetra-state.ts';

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

export function mountRefinePanel(
  viewport: HTMLElement,
  store: Store<TetraState>,
  controller: TetraController,
): () => void {
  const title = el('span', { testId: 'refine-title' });
  const bar = el('progress', { testId: 'refine-progress' });
  bar.max = 1;
  const text = el('span', { className: 'tetra-progress-text', testId: 'refine-progress-text' });
  const cancel = toolButton({
    text: 'Cancel',
    testId: 'refine-cancel',
    title: 'Stop refining: the body keeps its coarse preview mesh',
  });
  cancel.addEventListener('click', () => controller.cancel());
  const panel = el('section', { className: 'tetra-panel refine-panel', testId: 'refine-panel' }, [
    title,
    el('div', { className: 'tetra-row' }, [bar, cancel]),
    text,
  ]);
  panel.setAttribute('aria-label', 'Refining the new body');
  panel.hidden = true;
  viewport.append(panel);

  const show = () => {
    const s = store.get();
    const phase = s.phase;
    panel.hidden = phase.kind !== 'running';
    if (phase.kind !== 'running') return;
    title.textContent = `Refining the body: ${count(s.options.targetTetCount)} target tets`;
    bar.value = phase.fraction;
    text.textContent = describeProgress(
      phase.fraction,
      phase.stage,
      (performance.now() - phase.startedAtMs) / 1000,
    );
  };
  // The time taken and left move on between progress events (a long stage sends few).
  const ticker = setInterval(show, 1000);
  const unsubscribe = watch(store, (s) => s.phase, show);
  return () => {
    clearInterval(ticker);
    unsubscribe();
    panel.remove();
  };
}
