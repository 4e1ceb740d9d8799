/**
 * What the drift panel shows, as plain data: the table's cells (each drift cell flagged when it is
 * beyond the tolerance), the one-line summary and the parsing of the rate and resolution fields.
 * Pure, so unit tests read it without a DOM.
 */
import {
  DEFAULT_DRIFT_RATES_HZ,
  DEFAULT_DRIFT_RESOLUTIONS,
  type DriftReport,
  MAX_DRIFT_RATE_HZ,
  MAX_DRIFT_RESOLUTION,
  MIN_DRIFT_RATE_HZ,
  MIN_DRIFT_RESOLUTION,
} from '../../../core/calibrate/drift-check.ts';

export const DEFAULT_RATES_TEXT = DEFAULT_DRIFT_RATES_HZ.join(', ');
export const DEFAULT_RESOLUTIONS_TEXT = DEFAULT_DRIFT_RESOLUTIONS.join(', ');

export const DRIFT_COLUMNS = [
  { text: 'Hz', title: 'Frame rate; the substeps per frame are the scene’s, so h = 1/(rate × substeps)' },
  { text: 'res.', title: 'Resolution: cells per axis over the scene’s' },
  { text: 'elem.', title: 'Tets, triangles or links of the body' },
  { text: 'sag mm', title: 'Mean drop along gravity, at rest, of the particles farthest from the pins' },
  { text: 'Δ sag', title: 'Drift of the sag: sag/sag as authored − 1' },
  { text: 'E/E₀', title: "Effective Young's modulus relative to the scene as authored: sag as authored/sag" },
  {
    text: 'Δ energy',
    title: "Drift of the body's energy at rest by its material, against the scene as authored",
  },
] as const;

export interface DriftCell {
  text: string;
  /** Beyond the tolerance (or not a number). */
  flagged: boolean;
}

export interface DriftRow {
  cells: DriftCell[];
  flagged: boolean;
  settled: boolean;
}

export function driftRows(report: DriftReport): DriftRow[] {
  const beyond = (d: number) => !(Number.isFinite(d) && Math.abs(d) <= report.tolerance);
  const plain = (text: string): DriftCell => ({ text, flagged: false });
  return report.runs.map((run) => ({
    flagged: run.flagged,
    settled: run.settled,
    cells: [
      plain(significant(run.rateHz, 4)),
      plain(String(run.resolution)),
      plain(String(run.elements)),
      plain(
        `${Number.isFinite(run.sagM) ? significant(1000 * run.sagM, 4) : 'NaN'}${run.settled ? '' : '*'}`,
      ),
      { text: signedPercent(run.drift.sag), flagged: beyond(run.drift.sag) },
      {
        text: Number.isFinite(run.effectiveERatio) ? run.effectiveERatio.toFixed(3) : 'NaN',
        flagged: beyond(run.drift.effectiveE),
      },
      { text: signedPercent(run.drift.energy), flagged: beyond(run.drift.energy) },
    ],
  }));
}

export function driftSummary(report: DriftReport): string {
  const flagged = report.runs.filter((r) => r.flagged).length;
  const tolerance = `±${significant(100 * report.tolerance, 3)}%`;
  const of = `'${report.body}' as authored (${significant(report.reference.rateHz, 4)} Hz × ${report.reference.substeps} substeps)`;
  return flagged > 0
    ? `${flagged} of ${report.runs.length} runs drift beyond ${tolerance} of ${of}.`
    : `${report.runs.length === 1 ? 'The run is' : `All ${report.runs.length} runs are`} within ${tolerance} of ${of}.`;
}

/** '30, 60, 120' → [30, 60, 120] (commas or spaces), or the sentence saying what is wrong. */
export function parseList(
  text: string,
  what: 'rates' | 'resolutions',
): { values: number[] } | { error: string } {
  const [min, max, noun] =
    what === 'rates'
      ? [MIN_DRIFT_RATE_HZ, MAX_DRIFT_RATE_HZ, 'Frame rates (Hz)']
      : [MIN_DRIFT_RESOLUTION, MAX_DRIFT_RESOLUTION, 'Resolution factors'];
  const parts = text.split(/[\s,]+/).filter((p) => p !== '');
  const values = parts.map(Number);
  if (parts.length === 0 || values.some((v) => !(v >= min && v <= max)))
    return { error: `${noun} must be numbers from ${min} to ${max}, separated by commas; got '${text}'.` };
  return { values: [...new Set(values)] };
}

function signedPercent(v: number): string {
  return Number.isFinite(v) ? `${v >= 0 ? '+' : ''}${(100 * v).toFixed(1)}%` : 'NaN';
}

function significant(v: number, digits: number): string {
  return String(Number(v.toPrecision(digits)));
}
