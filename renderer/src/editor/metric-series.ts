/**
 * The recent history of per-body figures for the plots: simulated time against kinetic energy
 * and max strain for each body, trimmed to a window of simulated seconds. A restart of the
 * simulation (time going back, or another body count) starts the series afresh.
 */
import type { BodyMetrics } from '../../../core/sim/world.ts';

export interface SeriesData {
  /** Simulated time, s. */
  timeS: number[];
  /** Per body: kinetic energy, J. */
  kineticJ: number[][];
  /** Per body: largest |l/l0 − 1|, dimensionless. */
  maxStrain: number[][];
  names: string[];
}

export class MetricSeries {
  private data: SeriesData = { timeS: [], kineticJ: [], maxStrain: [], names: [] };
  /** Bumped on every change, so a view redraws only when something arrived. */
  version = 0;

  /** @param windowS simulated seconds kept, s */
  constructor(private readonly windowS: number) {}

  push(timeS: number, bodies: readonly BodyMetrics[]): void {
    const names = bodies.map((b) => b.name);
    const last = this.data.timeS.at(-1);
    if (
      (last !== undefined && timeS <= last) ||
      names.length !== this.data.names.length ||
      names.some((n, i) => n !== this.data.names[i])
    ) {
      this.data = { timeS: [], kineticJ: names.map(() => []), maxStrain: names.map(() => []), names };
    }
    this.data.timeS.push(timeS);
    bodies.forEach((body, i) => {
      this.data.kineticJ[i].push(body.kineticEnergyJ);
      this.data.maxStrain[i].push(body.maxStrain);
    });
    // Trim in batches: shifting one sample per frame would copy the arrays every frame.
    const cutoff = timeS - this.windowS;
    let drop = 0;
    while (drop < this.data.timeS.length && this.data.timeS[drop] < cutoff) drop++;
    if (drop > 32) {
      this.data.timeS.splice(0, drop);
      for (const series of [...this.data.kineticJ, ...this.data.maxStrain]) series.splice(0, drop);
    }
    this.version++;
  }

  get(): SeriesData {
    return this.data;
  }
}
