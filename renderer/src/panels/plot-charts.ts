/**
 * The two uPlot charts of the plots panel, redrawn at most ten times a second from the series
 * (drawing every simulated frame would cost the main thread for no visible gain).
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { MetricSeries } from '../editor/metric-series.ts';
import { el } from '../views/dom.ts';

const REDRAW_INTERVAL_MS = 100;
const BODY_COLOURS = ['#e8833a', '#4fa3e0', '#7cc36b', '#d36bd3', '#e6c14a'];

export function createCharts(container: HTMLElement, series: MetricSeries): { start(): void; stop(): void } {
  const kineticHost = el('div', { className: 'plot', testId: 'plot-kinetic' });
  const strainHost = el('div', { className: 'plot', testId: 'plot-strain' });
  container.append(kineticHost, strainHost);
  let kinetic: uPlot | null = null;
  let strain: uPlot | null = null;
  let names: string[] = [];
  let drawn = -1;
  let timer: ReturnType<typeof setInterval> | undefined;

  const make = (host: HTMLElement, title: string, unit: string, bodies: string[]) =>
    new uPlot(
      {
        title,
        width: Math.max(120, host.clientWidth),
        height: Math.max(80, host.clientHeight - 4),
        legend: { show: true },
        scales: { x: { time: false } },
        axes: [
          { stroke: '#9aa1ad', grid: { stroke: '#353a43' } },
          { stroke: '#9aa1ad', grid: { stroke: '#353a43' }, label: unit, size: 60 },
        ],
        series: [
          { label: 't (s)' },
          ...bodies.map((name, i) => ({
            label: name,
            stroke: BODY_COLOURS[i % BODY_COLOURS.length],
            width: 1.5,
          })),
        ],
      },
      [[], ...bodies.map(() => [])],
      host,
    );

  const draw = () => {
    if (series.version === drawn) return;
    drawn = series.version;
    const data = series.get();
    if (!kinetic || !strain || data.names.join('\n') !== names.join('\n')) {
      kinetic?.destroy();
      strain?.destroy();
      names = data.names;
      kinetic = make(kineticHost, 'Kinetic energy', 'J', names);
      strain = make(strainHost, 'Max strain', '', names);
    }
    kinetic.setData([data.timeS, ...data.kineticJ]);
    strain.setData([data.timeS, ...data.maxStrain]);
  };

  return {
    start() {
      clearInterval(timer);
      draw();
      timer = setInterval(draw, REDRAW_INTERVAL_MS);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
