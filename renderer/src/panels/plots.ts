/**
 * The collapsible bottom panel with plots of kinetic energy and max strain over the last ten
 * simulated seconds. The series are collected all the time (editor.series); uPlot loads and draws
 * only while the panel is open.
 */
import type { Editor } from '../editor/editor.ts';
import { el } from '../views/dom.ts';
import { type ToggleButtonProps, togglePanel } from '../views/toggle-panel.ts';

/** `toggle`: the button's text (closed and open), test id and tooltip, from the panel table. */
export function mountPlots(container: HTMLElement, editor: Editor, toggle: ToggleButtonProps): void {
  const body = el('div', { className: 'plots-body', testId: 'plots' });
  body.hidden = true;
  let charts: Promise<{ start(): void; stop(): void } | null> | null = null;
  const button = togglePanel(body, {
    ...toggle,
    onToggle: (open) => {
      charts ??= import('./plot-charts.ts')
        .then((module) => module.createCharts(body, editor.series))
        .catch((error: unknown) => {
          console.error('[plots] could not load the charts:', error);
          return null;
        });
      void charts.then((c) => (open ? c?.start() : c?.stop()));
    },
  });
  container.append(el('div', { className: 'plots-header' }, [button]), body);
}
