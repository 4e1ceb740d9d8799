/**
 * The refine panel: while progressive bodies' finer meshes are made in the background
 * (make-soft-body.ts, refine-queue.ts), a small box over the viewport names the body refining,
 * its target, how far it is and about how long is left, then the bodies queued behind it, each
 * with its own Cancel (a cancelled body keeps its coarse preview mesh). Shown only while a
 * refinement runs or waits; it reads the queue's state and calls the queue.
 */
import { watch } from '../state/store.ts';
import { el } from '../views/dom.ts';
import { toolButton } from '../views/toggle-panel.ts';
import { describeProgress } from './progress-estimate.ts';
import type { RefineJob, RefineQueue } from './refine-queue.ts';

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** The panel's line for a job: 'spot: 5,000 target tets'. */
export function describeJob(job: RefineJob): string {
  return `${job.bodyName}: ${count(job.targetTetCount)} target tets`;
}

export function mountRefinePanel(viewport: HTMLElement, queue: RefineQueue): () => void {
  const title = el('span', { testId: 'refine-title' });
  const bar = el('progress', { testId: 'refine-progress' });
  bar.max = 1;
  const text = el('span', { className: 'tetra-progress-text', testId: 'refine-progress-text' });
  const cancel = toolButton({
    text: 'Cancel',
    testId: 'refine-cancel',
    title: 'Stop refining this body: it keeps its coarse preview mesh',
  });
  cancel.addEventListener('click', () => {
    const running = queue.jobs.get().running;
    if (running) queue.cancel(running.id);
  });
  const queued = el('ul', { className: 'refine-queue', testId: 'refine-queue' });
  const panel = el('section', { className: 'tetra-panel refine-panel', testId: 'refine-panel' }, [
    title,
    el('div', { className: 'tetra-row' }, [bar, cancel]),
    text,
    queued,
  ]);
  panel.setAttribute('aria-label', 'Refining new bodies');
  panel.hidden = true;
  viewport.append(panel);

  const showQueue = () => {
    const jobs = queue.jobs.get();
    panel.hidden = jobs.running === null && jobs.queued.length === 0;
    queued.replaceChildren(
      ...jobs.queued.map((job, i) => {
        const drop = toolButton({
          text: 'Cancel',
          testId: `refine-queued-cancel-${i}`,
          title: `Do not refine ${job.bodyName}: it keeps its coarse preview mesh`,
        });
        drop.addEventListener('click', () => queue.cancel(job.id));
        return el('li', { className: 'tetra-row', testId: `refine-queued-${i}` }, [
          el('span', { text: `Queued: ${describeJob(job)}` }),
          drop,
        ]);
      }),
    );
    showRun();
  };
  const showRun = () => {
    const running = queue.jobs.get().running;
    const phase = queue.store.get().phase;
    title.hidden = bar.hidden = cancel.hidden = text.hidden = running === null;
    if (running === null) return;
    title.textContent = `Refining ${describeJob(running)}`;
    if (phase.kind !== 'running') {
      bar.removeAttribute('value');
      text.textContent = '';
      return;
    }
    bar.value = phase.fraction;
    text.textContent = describeProgress(
      phase.fraction,
      phase.stage,
      (performance.now() - phase.startedAtMs) / 1000,
    );
  };
  // The time taken and left move on between progress events (a long stage sends few).
  const ticker = setInterval(showRun, 1000);
  const unwatchJobs = watch(queue.jobs, (s) => s, showQueue);
  const unwatchRun = watch(queue.store, (s) => s.phase, showRun);
  return () => {
    clearInterval(ticker);
    unwatchJobs();
    unwatchRun();
    panel.remove();
  };
}
