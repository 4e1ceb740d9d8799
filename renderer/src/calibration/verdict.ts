/**
 * What a calibration report says, in the panel's words: scene names, the table at the scene's
 * substep count, the E_eff/E sweep the chart draws, and the one-line verdict. Pure.
 */
import type { CalibrationReport, CalibrationRow, CalibrationSceneId } from '../../../core/calibrate/index.ts';

/** Below this |E_eff/E − 1| the preview is said to match the material. */
export const MATCH_TOLERANCE = 0.01;

/** Short name of a scene; the cantilever is a cloth strip for cloth materials. */
export function sceneLabel(scene: CalibrationSceneId, kind: CalibrationReport['kind']): string {
  switch (scene) {
    case 'hanging-bar':
      return 'bar';
    case 'hanging-cloth':
      return 'hanging cloth';
    case 'cantilever':
      return kind === 'cloth' ? 'cloth cantilever' : 'cantilever';
  }
}

/** The measured quantity of a scene. */
export function sceneQuantity(scene: CalibrationSceneId, kind: CalibrationReport['kind']): string {
  if (scene === 'cantilever') return 'tip deflection';
  return kind === 'cloth' ? 'cloth sag' : 'elongation';
}

/** One standard scene at the scene's substep count. Lengths in m. */
export interface TableRow {
  label: string;
  quantity: string;
  simulatedM: number;
  analyticM: number;
  /** simulated/analytic: above 1 the preview moves more than the material would (softer). */
  ratio: number;
  /** E_eff/E = analytic/simulated. */
  stiffnessRatio: number;
  /** The run's resolution r (see the setup's definition). */
  resolution: number;
  settled: boolean;
}

export function tableRows(report: CalibrationReport, substeps: number): TableRow[] {
  return report.setups.flatMap((setup) => {
    const row = report.scenes.find((r) => r.scene === setup.scene && r.substeps === substeps);
    if (!row) return [];
    return [
      {
        label: sceneLabel(setup.scene, report.kind),
        quantity: sceneQuantity(setup.scene, report.kind),
        simulatedM: row.simulated,
        analyticM: row.analytic,
        ratio: row.simulated / row.analytic,
        stiffnessRatio: stiffnessRatio(row, report),
        resolution: row.resolution,
        settled: row.settled,
      },
    ];
  });
}

/** E_eff/E per substep count and scene: what the chart plots (NaN where a run blew up). */
export interface Sweep {
  substeps: number[];
  /** Per scene: E_eff/E and the run's resolution r at each substep count. */
  series: { label: string; stiffnessRatios: number[]; resolutions: number[] }[];
}

export function sweepOf(report: CalibrationReport): Sweep {
  const substeps = [...new Set(report.scenes.map((r) => r.substeps))].sort((a, b) => a - b);
  return {
    substeps,
    series: report.setups.map((setup) => {
      const rows = substeps.map((n) =>
        report.scenes.find((r) => r.scene === setup.scene && r.substeps === n),
      );
      return {
        label: sceneLabel(setup.scene, report.kind),
        stiffnessRatios: rows.map((row) => (row ? stiffnessRatio(row, report) : Number.NaN)),
        resolutions: rows.map((row) => row?.resolution ?? Number.NaN),
      };
    }),
  };
}

/**
 * "At 20 substeps the preview is 3% softer than the material (bar); cantilever: 12% stiffer".
 * The first scene (the bar or the hanging cloth: a plain stretch, the most direct measure of E)
 * leads; the others follow in a few words.
 */
export function verdictText(report: CalibrationReport, substeps: number): string {
  const rows = report.setups.flatMap((setup) => {
    const row = report.scenes.find((r) => r.scene === setup.scene && r.substeps === substeps);
    return row ? [{ label: sceneLabel(setup.scene, report.kind), row }] : [];
  });
  if (rows.length === 0) return `No calibration run at ${substeps} substeps.`;
  const [lead, ...others] = rows;
  const leadRatio = stiffnessRatio(lead.row, report);
  const head = Number.isFinite(leadRatio)
    ? `At ${substeps} substeps the preview is ${comparison(leadRatio)} the material (${lead.label}${unsettled(lead.row)})`
    : `At ${substeps} substeps the ${lead.label} run blew up (NaN)`;
  const tail = others.map(({ label, row }) => {
    const ratio = stiffnessRatio(row, report);
    const what = Number.isFinite(ratio) ? amount(ratio) : 'blew up (NaN)';
    return `; ${label}: ${what}${unsettled(row)}`;
  });
  return `${head}${tail.join('')}`;
}

/** "3% softer than", "12% stiffer than" or "within 1% of". */
export function comparison(ratio: number): string {
  const text = amount(ratio);
  return text.startsWith('within') ? `${text} of` : `${text} than`;
}

/** "3% softer", "12% stiffer" or "within 1%" for E_eff/E = `ratio`. */
export function amount(ratio: number): string {
  const percent = Math.round(100 * Math.abs(ratio - 1));
  if (Math.abs(ratio - 1) < MATCH_TOLERANCE || percent === 0) return `within ${100 * MATCH_TOLERANCE}%`;
  return `${percent}% ${ratio < 1 ? 'softer' : 'stiffer'}`;
}

function stiffnessRatio(row: CalibrationRow, report: CalibrationReport): number {
  return row.effectiveYoungModulusPa / report.youngModulusPa;
}

function unsettled(row: CalibrationRow): string {
  return row.settled ? '' : ', still moving at the time limit';
}

/**
 * "r at 15 substeps: bar 0.283, cantilever 0.282; soft block itself 0.227": the scenes' resolution
 * beside the selected body's own (the same figure, h·c/mean rest edge, from the running preview),
 * so the reader can tell whether the preview is resolved better or worse than the scenes were.
 * The cloth cantilever's r is its bending figure (see its setup), which the body's is not.
 */
export function resolutionLine(
  report: CalibrationReport,
  substeps: number,
  body: { name: string; resolution: number } | null,
): string {
  const scenes = tableRows(report, substeps).map((row) => `${row.label} ${row.resolution.toFixed(3)}`);
  const own =
    body && Number.isFinite(body.resolution) ? `; ${body.name} itself ${body.resolution.toFixed(3)}` : '';
  return `r at ${substeps} substeps: ${scenes.join(', ')}${own} (well resolved at r ≤ 0.25)`;
}
