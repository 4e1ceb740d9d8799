/**
 * The uPlot charts of the plots panel (kinetic energy, elastic energy, max strain, volume ratio),
 * redrawn at most ten times a second from the series (drawing every simulated frame would cost
 * the main thread for no visible gain). Each chart is refitted to its cell whenever its legend or
 * the cell changes size, so a legend of many lines never runs into the next chart's title; a
 * chart with no lines (no solid body for the volume ratio) is hidden.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CHART_KEYS, type ChartKey, type MetricSeries } from '../editor/metric-series.ts';
import { el } from '../views/dom.ts';
import { legendValue } from './legend-value.ts';
import { widenFlat } from './plot-range.ts';

const REDRAW_INTERVAL_MS = 100;
/** Room first kept under each plot for its title and legend, CSS px; measured once drawn. */
const LEGEND_HEIGHT_PX = 60;
/** The smallest plot area kept however tall the legend grows, CSS px. */
const MIN_PLOT_HEIGHT_PX = 60;
const LINE_COLOURS = ['#e8833a', '#4fa3e0', '#7cc36b', '#d36bd3', '#e6c14a'];

/** Title, axis unit and test id of each chart. */
const CHARTS: Record<ChartKey, { title: string; unit: string; testId: string }> = {
  kineticJ: { title: 'Kinetic energy', unit: 'J', testId: 'plot-kinetic' },
  elasticJ: { title: 'Elastic energy', unit: 'J', testId: 'plot-elastic' },
  maxStrain: { title: 'Max strain', unit: '', testId: 'plot-strain' },
  volumeRatio: { title: 'Volume ratio', unit: 'current / rest', testId: 'plot-volume' },
};

export function createCharts(container: HTMLElement, series: MetricSeries): { start(): void; stop(): void } {
  const charts = CHART_KEYS.map((key) => {
    const host = el('div', { className: 'plot', testId: CHARTS[key].testId });
    container.append(host);
    return { key, host, plot: null as uPlot | null, labels: [] as string[] };
  });
  let drawn = -1;
  let timer: ReturnType<typeof setInterval> | undefined;
  const resizes = new ResizeObserver(() => {
    for (const chart of charts) if (chart.plot && !chart.host.hidden) fitToHost(chart.plot, chart.host);
  });

  const make = (host: HTMLElement, key: ChartKey, labels: string[]) =>
    new uPlot(
      {
        title: CHARTS[key].title,
        width: Math.max(120, host.clientWidth),
        // The legend sits below the plot, inside the host: leave it about two lines.
        height: Math.max(60, host.clientHeight - LEGEND_HEIGHT_PX),
        legend: { show: true },
        scales: {
          x: { time: false },
          // uPlot's own ranging (10% padding), after a line flat up to float noise is widened.
          y: {
            range: (_plot, min, max) =>
              min == null ? [null, null] : uPlot.rangeNum(...widenFlat(min, max), 0.1, true),
          },
        },
        axes: [
          { stroke: '#9aa1ad', grid: { stroke: '#353a43' } },
          { stroke: '#9aa1ad', grid: { stroke: '#353a43' }, label: CHARTS[key].unit, size: 60 },
        ],
        series: [
          { label: 't (s)', value: liveValue },
          ...labels.map((label, i) => ({
            label,
            stroke: LINE_COLOURS[i % LINE_COLOURS.length],
            width: 1.5,
            value: liveValue,
          })),
        ],
      },
      [[], ...labels.map(() => [])],
      host,
    );

  const draw = () => {
    if (series.version === drawn) return;
    drawn = series.version;
    const data = series.get();
    for (const chart of charts) {
      const { labels, values } = data.charts[chart.key];
      chart.host.hidden = labels.length === 0;
      const fresh = !chart.plot || labels.join('\n') !== chart.labels.join('\n');
      if (fresh) {
        const oldLegend = chart.plot?.root.querySelector('.u-legend');
        if (oldLegend) resizes.unobserve(oldLegend);
        chart.plot?.destroy();
        chart.labels = labels;
        chart.plot = make(chart.host, chart.key, labels);
        // The legend's height depends on its values and on the cell's width (lines wrap): the
        // plot is refitted whenever either changes size, so the three always fill the cell.
        resizes.observe(chart.host);
        const legend = chart.plot.root.querySelector('.u-legend');
        if (legend) resizes.observe(legend);
      }
      const plot = chart.plot as uPlot;
      plot.setData([data.timeS, ...values]);
      // The legend follows the data while the cursor is off the plot (legend-value.ts).
      if (plot.cursor.idx == null) plot.setLegend({ idxs: plot.series.map(() => null) });
    }
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

/** The legend's value of series `seriesIndex`: under the cursor, else the latest sample. */
function liveValue(plot: uPlot, _raw: number | null, seriesIndex: number, index: number | null): string {
  return legendValue(plot.data[seriesIndex] ?? [], index ?? null);
}

/** Shrinks the plot area so that title, plot and legend together fill the host and no more. */
function fitToHost(plot: uPlot, host: HTMLElement): void {
  const chrome = plot.root.offsetHeight - plot.height;
  const height = Math.max(MIN_PLOT_HEIGHT_PX, host.clientHeight - chrome);
  if (height !== plot.height) plot.setSize({ width: plot.width, height });
}
