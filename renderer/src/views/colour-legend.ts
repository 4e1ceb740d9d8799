/** The colour legend in the viewport corner: a ramp with its scale, or swatches, and the bodies left out. */
import type { Legend } from '../viewport/body-colouring.ts';
import { el } from './dom.ts';

/** Replaces `container`'s content with `legend`; hides it when there is nothing to explain. */
export function renderLegend(container: HTMLElement, legend: Legend): void {
  container.replaceChildren();
  container.hidden = legend.kind === 'none';
  if (legend.kind === 'none') return;
  container.append(el('div', { className: 'legend-title', text: legend.title }));
  if (legend.kind === 'ramp') {
    const bar = el('div', { className: 'legend-ramp', testId: 'colour-legend-ramp' });
    bar.style.background = legend.gradientCss;
    container.append(
      bar,
      el('div', { className: 'legend-scale' }, [
        el('span', { text: legend.low, testId: 'colour-legend-low' }),
        el('span', { text: legend.high, testId: 'colour-legend-high' }),
      ]),
    );
  } else {
    const list = el('ul', { className: 'legend-swatches' });
    for (const swatch of legend.swatches) {
      const chip = el('span', { className: 'legend-chip' });
      chip.style.background = swatch.css;
      list.append(el('li', {}, [chip, swatch.name]));
    }
    container.append(list);
  }
  for (const left of legend.uncoloured) {
    container.append(
      el('div', { className: 'legend-note', text: `${left.body}: not coloured, ${left.reason}` }),
    );
  }
}
