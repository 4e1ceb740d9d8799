/**
 * The calibration chart: E_eff/E of each standard scene against substeps per frame on a log
 * axis, with a dashed line at 1.0 (the material as its numbers say) and a dotted marker at the
 * scene's substep count. Loaded on the first result only (uPlot is not needed before). The
 * legend is a line of our own under the plot: uPlot's wraps in a narrow panel and has no entry
 * for the marker.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { el } from '../views/dom.ts';
import type { Sweep } from './verdict.ts';

const SCENE_COLOURS = ['#e8833a', '#4fa3e0', '#7cc36b'];
const MARKER_COLOUR = '#e6c14a';
const UNITY_COLOUR = '#9aa1ad';
const AXIS_FONT = '11px system-ui, sans-serif';
const AXIS_STROKE = '#9aa1ad';
const GRID_STROKE = '#353a43';
/** Smallest plot side drawn, CSS px. */
const MIN_PLOT_PX = 80;

export interface CalibrationChart {
  show(sweep: Sweep, sceneSubsteps: number): void;
  destroy(): void;
}

export function createCalibrationChart(host: HTMLElement): CalibrationChart {
  const plotHost = el('div', { className: 'calibration-plot' });
  const legend = el('div', { className: 'calibration-legend', testId: 'calibration-legend' });
  host.replaceChildren(plotHost, legend);
  let plot: uPlot | null = null;
  let marker = 0;

  const make = (sweep: Sweep) =>
    new uPlot(
      {
        width: Math.max(MIN_PLOT_PX, host.clientWidth),
        height: Math.max(MIN_PLOT_PX, host.clientHeight - legend.offsetHeight),
        legend: { show: false },
        scales: {
          x: { time: false, distr: 3, log: 2 },
          // Always show 1.0 and some room around the points.
          y: { range: (_u, min, max) => [Math.min(0.9, min - 0.05), Math.max(1.1, max + 0.05)] },
        },
        axes: [
          {
            stroke: AXIS_STROKE,
            grid: { stroke: GRID_STROKE },
            font: AXIS_FONT,
            labelFont: AXIS_FONT,
            label: 'substeps per frame',
            labelSize: 14,
            size: 24,
            // Ticks at exactly the counts that were run.
            splits: () => sweep.substeps,
            space: 12,
            // uPlot passes null for a tick it leaves out for want of room.
            values: (_u, splits) => splits.map((v) => (v === null ? '' : String(v))),
          },
          {
            stroke: AXIS_STROKE,
            grid: { stroke: GRID_STROKE },
            font: AXIS_FONT,
            labelFont: AXIS_FONT,
            label: 'E_eff / E',
            labelSize: 14,
            size: 36,
          },
        ],
        series: [
          { label: 'substeps' },
          ...sweep.series.map((s, i) => ({
            label: s.label,
            stroke: SCENE_COLOURS[i % SCENE_COLOURS.length],
            width: 1.5,
            points: { show: true, size: 6 },
          })),
          { label: 'material', stroke: UNITY_COLOUR, width: 1, dash: [4, 4], points: { show: false } },
        ],
        hooks: {
          draw: [
            (u) => {
              // The scene's substep count: a vertical line across the plot area.
              const x = u.valToPos(marker, 'x', true);
              const { top, height } = u.bbox;
              const ctx = u.ctx;
              ctx.save();
              ctx.strokeStyle = MARKER_COLOUR;
              ctx.lineWidth = 1.5 * devicePixelRatio;
              ctx.setLineDash([2 * devicePixelRatio, 3 * devicePixelRatio]);
              ctx.beginPath();
              ctx.moveTo(x, top);
              ctx.lineTo(x, top + height);
              ctx.stroke();
              ctx.restore();
            },
          ],
        },
      },
      dataOf(sweep),
      plotHost,
    );

  // The panel follows the window: the plot follows the panel (not while it is hidden, at size 0).
  const resize = new ResizeObserver(() => {
    const width = host.clientWidth;
    const height = host.clientHeight - legend.offsetHeight;
    if (plot && width >= MIN_PLOT_PX && height >= MIN_PLOT_PX) plot.setSize({ width, height });
  });
  resize.observe(host);

  return {
    show(sweep, sceneSubsteps) {
      marker = sceneSubsteps;
      legend.replaceChildren(
        ...sweep.series.map((s, i) => key(s.label, SCENE_COLOURS[i % SCENE_COLOURS.length], 'solid')),
        key('material (1.0)', UNITY_COLOUR, 'dashed'),
        key(`scene: ${sceneSubsteps} substeps`, MARKER_COLOUR, 'dotted'),
      );
      plot?.destroy();
      plot = make(sweep);
      host.dataset.substeps = sweep.substeps.join(' ');
    },
    destroy() {
      resize.disconnect();
      plot?.destroy();
      plot = null;
    },
  };
}

function key(text: string, colour: string, style: 'solid' | 'dashed' | 'dotted'): HTMLElement {
  const swatch = el('span', { className: 'calibration-swatch' });
  swatch.style.borderTop = `2px ${style} ${colour}`;
  return el('span', { className: 'calibration-key' }, [swatch, text]);
}

function dataOf(sweep: Sweep): uPlot.AlignedData {
  return [
    sweep.substeps,
    // uPlot leaves a gap at null: a run that blew up has no point.
    ...sweep.series.map((s) => s.stiffnessRatios.map((v) => (Number.isFinite(v) ? v : null))),
    sweep.substeps.map(() => 1),
  ];
}
