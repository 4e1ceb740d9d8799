/**
 * The recent history of the simulation's figures for the plots: simulated time against kinetic
 * energy (per body), elastic energy and max strain (per material group where a body has groups,
 * else per body) and volume ratio (per solid body: cloth and ropes have no volume, their ratio is
 * of area or length), trimmed to a window of simulated seconds. A restart of the simulation
 * (time going back, or other bodies or groups) starts the series afresh.
 */
import type { BodyMetrics } from '../../../core/sim/world.ts';

/** The plotted figures: kinetic and elastic energy in J, max strain and volume ratio dimensionless. */
export type ChartKey = 'kineticJ' | 'elasticJ' | 'maxStrain' | 'volumeRatio';

export const CHART_KEYS: readonly ChartKey[] = ['kineticJ', 'elasticJ', 'maxStrain', 'volumeRatio'];

export interface ChartSeries {
  /** One label per line: a body's name, or "body / group". */
  labels: string[];
  /** One array of samples per line, aligned with `timeS`. */
  values: number[][];
}

export interface SeriesData {
  /** Simulated time, s. */
  timeS: number[];
  charts: Record<ChartKey, ChartSeries>;
}

/** The lines of each chart for these bodies, and how to read a frame's value of each. */
function layoutOf(
  bodies: readonly BodyMetrics[],
  solids: readonly boolean[],
): Record<ChartKey, { label: string; read: (b: readonly BodyMetrics[]) => number }[]> {
  const perBody = (value: (body: BodyMetrics) => number) =>
    bodies.map((body, i) => ({ label: body.name, read: (frame: readonly BodyMetrics[]) => value(frame[i]) }));
  /** Per group where a body has groups ('all' is the body without groups). */
  const perGroup = (value: (group: BodyMetrics['groups'][number]) => number) =>
    bodies.flatMap((body, i) =>
      body.groups.length === 1 && body.groups[0].name === 'all'
        ? [{ label: body.name, read: (frame: readonly BodyMetrics[]) => value(frame[i].groups[0]) }]
        : body.groups.map((group, g) => ({
            label: `${body.name} / ${group.name}`,
            read: (frame: readonly BodyMetrics[]) => value(frame[i].groups[g]),
          })),
    );
  return {
    kineticJ: perBody((body) => body.kineticEnergyJ),
    elasticJ: perGroup((group) => group.elasticEnergyJ),
    maxStrain: perGroup((group) => group.maxStrain),
    volumeRatio: perBody((body) => body.volumeRatio).filter((_, i) => solids[i] ?? true),
  };
}

function emptyCharts(layout: ReturnType<typeof layoutOf>): Record<ChartKey, ChartSeries> {
  const chart = (key: ChartKey): ChartSeries => ({
    labels: layout[key].map((line) => line.label),
    values: layout[key].map(() => []),
  });
  return {
    kineticJ: chart('kineticJ'),
    elasticJ: chart('elasticJ'),
    maxStrain: chart('maxStrain'),
    volumeRatio: chart('volumeRatio'),
  };
}

export class MetricSeries {
  private data: SeriesData = { timeS: [], charts: emptyCharts(layoutOf([], [])) };
  private layout = layoutOf([], []);
  /** Identifies the bodies and groups the series were started for. */
  private shape = '';
  /** Bumped on every change, so a view redraws only when something arrived. */
  version = 0;

  /** @param windowS simulated seconds kept, s */
  constructor(private readonly windowS: number) {}

  /** @param solids per body, whether it has a volume (a solid); absent entries count as solids */
  push(timeS: number, bodies: readonly BodyMetrics[], solids: readonly boolean[] = []): void {
    const shape = JSON.stringify(
      bodies.map((b, i) => [b.name, b.groups.map((g) => g.name), solids[i] ?? true]),
    );
    const last = this.data.timeS.at(-1);
    if ((last !== undefined && timeS <= last) || shape !== this.shape) {
      this.shape = shape;
      this.layout = layoutOf(bodies, solids);
      this.data = { timeS: [], charts: emptyCharts(this.layout) };
    }
    this.data.timeS.push(timeS);
    for (const key of CHART_KEYS) {
      this.layout[key].forEach((line, i) => {
        this.data.charts[key].values[i].push(line.read(bodies));
      });
    }
    // Trim in batches: shifting one sample per frame would copy the arrays every frame.
    const cutoff = timeS - this.windowS;
    let drop = 0;
    while (drop < this.data.timeS.length && this.data.timeS[drop] < cutoff) drop++;
    if (drop > 32) {
      this.data.timeS.splice(0, drop);
      for (const key of CHART_KEYS) for (const values of this.data.charts[key].values) values.splice(0, drop);
    }
    this.version++;
  }

  get(): SeriesData {
    return this.data;
  }
}
