import type { BodyMetrics, StepMetrics } from '../core/sim/world.ts';

/**
 * `softbody simulate --trace FILE`: one CSV row per frame for CI dashboards. Columns: frame,
 * time_s, kinetic_energy_j (all bodies), then per body `NAME:kinetic_energy_j`,
 * `NAME:elastic_energy_j`, `NAME:max_strain`, `NAME:mean_strain`, `NAME:volume_ratio`. SI units;
 * a non-finite value is written as NaN (the frame the run blew up is the one to see).
 */

const BODY_COLUMNS = [
  'kinetic_energy_j',
  'elastic_energy_j',
  'max_strain',
  'mean_strain',
  'volume_ratio',
] as const;

export class FrameTrace {
  private readonly rows: string[] = [];

  /** Adds the frame `frame` (from 1) at `timeS`. */
  add(frame: number, timeS: number, step: StepMetrics, bodies: readonly BodyMetrics[]): void {
    if (this.rows.length === 0) this.rows.push(header(bodies));
    const cells = [String(frame), number(timeS), number(step.kineticEnergyJ)];
    for (const b of bodies)
      cells.push(
        number(b.kineticEnergyJ),
        number(b.elasticEnergyJ),
        number(b.maxStrain),
        number(b.meanStrain),
        number(b.volumeRatio),
      );
    this.rows.push(cells.join(','));
  }

  /** The CSV text (the frame columns alone when no frame ran). */
  text(): string {
    return `${(this.rows.length > 0 ? this.rows : [header([])]).join('\n')}\n`;
  }
}

function header(bodies: readonly BodyMetrics[]): string {
  const columns = ['frame', 'time_s', 'kinetic_energy_j'];
  for (const b of bodies) for (const c of BODY_COLUMNS) columns.push(quote(`${b.name}:${c}`));
  return columns.join(',');
}

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
function quote(field: string): string {
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

function number(v: number): string {
  return Number.isFinite(v) ? String(Number(v.toPrecision(7))) : 'NaN';
}
