import { resolve } from 'node:path';
import {
  checkDrift,
  DEFAULT_DRIFT_RATES_HZ,
  DEFAULT_DRIFT_RESOLUTIONS,
  DRIFT_TOLERANCE,
  DriftCheckError,
  type DriftCheckOptions,
  type DriftMeasurement,
  type DriftReport,
  type DriftRun,
  MAX_DRIFT_RATE_HZ,
  MAX_DRIFT_RESOLUTION,
  MIN_DRIFT_RATE_HZ,
  MIN_DRIFT_RESOLUTION,
} from '../../core/calibrate/drift-check.ts';
import { readMeshFile } from '../../core/node/read-mesh.ts';
import { checkPresetText, checkPresetValue } from '../../core/preset/index.ts';
import { presetSceneMeshes } from '../../core/preset/preset-meshes.ts';
import type { SceneDocument } from '../../core/scene/scene.ts';
import { loadSceneMeshes } from '../../core/scene/scene-meshes.ts';
import { parseScene } from '../../core/scene/scene-validate.ts';
import { parseCommandArgs } from '../args.ts';
import { CliError, type Command, type CommandIo, ExitCode, UsageError } from '../command.ts';
import { asCliError } from '../errors.ts';
import { checkGlbPreset, folderOf, isGlb, isSceneDocument, problemsError } from '../preset-file.ts';
import { createProgress, type Progress } from '../progress.ts';
import { readInputFile, shownName } from '../stdio.ts';

const percent = (v: number) => `${Number((100 * v).toPrecision(3))}%`;

const usage = `Usage: softbody check SCENE.json|PRESET.json|PRESET.glb [--rates R,R,...] [--resolution K,K,...]
                     [--body NAME] [--progress] [--json]

Drift check: does the body behave the same at other frame rates and mesh resolutions? Runs the
scene as authored to rest (the reference), then again at each frame rate × resolution, and reports
per run the drift of
  sag      mean drop along gravity, at rest, of the particles farthest from the pins
  E_eff    effective Young's modulus relative to the reference, sag_reference/sag
  energy   the body's energy at rest by its material (elastic + gravitational + kinetic, J);
           it moves little when the body is just softer or stiffer, and much when the rest shape
           is not the material's (see core/calibrate/drift-check.ts)
Drift = value/reference − 1. A run is flagged (!) when any drift is beyond ±${percent(DRIFT_TOLERANCE)}, or it did not
come to rest.

Frame rate R: frame dt = 1/R with the scene's substep COUNT per frame kept, so the substep h
changes with the rate. A game that runs an asset at another frame rate keeps its substeps per
frame; that is the case to survive, and budget compensation (solver.compensation 'auto') is
recomputed for each h as the preview and the exports would. Resolution K: cells per axis × K for
box and cloth shapes, segments × K for ropes (rounded, at least 1). A mesh body from a file would
need re-tetrahedralization: when it is the body measured, other resolutions are skipped with
that reason. A preset is checked through the scene it stores, with its own materials and meshes.
'-' reads the scene or preset from standard input (mesh paths then relative to the working folder).

Options:
  --rates R,...       frame rates, Hz (default ${DEFAULT_DRIFT_RATES_HZ.join(',')})
  --resolution K,...  resolution factors (default ${DEFAULT_DRIFT_RESOLUTIONS.join(',')})
  --body NAME         the body measured (default: the first with pins, else the first)
  --progress          a line per run on stderr when it is not a terminal (a terminal gets a bar)
  --json              print { file, body, probe, compensation, tolerance, reference: { rate,
                      resolution, substeps, substepS, elements, sagM, energyJ, settled,
                      simulatedS }, runs: [{ rate, resolution, substeps, substepS, elements, sagM,
                      effectiveERatio, energyJ, drift: { sag, effectiveE, energy }, settled,
                      simulatedS, flagged }], skipped: [{ rate, resolution, reason }], notes,
                      flagged } (NaN as null)

Exit code: 0 every run within ±${percent(DRIFT_TOLERANCE)}, 1 a run flagged, 2 bad input.`;

interface CheckArgs {
  file: string;
  ratesHz?: number[];
  resolutions?: number[];
  body?: string;
  json: boolean;
  progress: boolean;
}

/** What the check runs on: a scene document with the materials and meshes it needs. */
interface CheckInput {
  scene: SceneDocument;
  options: Pick<DriftCheckOptions, 'library' | 'meshes'>;
}

const options = {
  rates: { type: 'string' },
  resolution: { type: 'string' },
  body: { type: 'string' },
  progress: { type: 'boolean' },
} as const;

export const checkCommand: Command = {
  name: 'check',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    const parsed = parseCheckArgs(args);
    const shown = shownName(parsed.file);
    const input = await loadInput(parsed.file, io);
    let progress: Progress | undefined;
    let report: DriftReport;
    try {
      report = checkDrift(
        input.scene,
        { ...input.options, ratesHz: parsed.ratesHz, resolutions: parsed.resolutions, body: parsed.body },
        (done, total, label) => {
          progress ??= createProgress({ label: 'check', total, io, plain: parsed.progress });
          if (done < total) progress.update(done, label);
        },
      );
    } catch (error) {
      if (error instanceof DriftCheckError) throw new CliError([{ file: shown, message: error.message }]);
      throw asCliError(error, shown) ?? error;
    } finally {
      progress?.finish();
    }
    io.out(parsed.json ? JSON.stringify(jsonReport(shown, report), null, 2) : textReport(shown, report));
    return report.flagged ? ExitCode.failure : ExitCode.ok;
  },
};

/**
 * The scene to check: a scene file with the mesh files it names (read relative to it and
 * tetrahedralized, as `softbody simulate` does), or the scene a preset (JSON or GLB) stores, with
 * its materials and its own tets. Throws CliError with every problem.
 */
async function loadInput(file: string, io: CommandIo): Promise<CheckInput> {
  const bytes = await readInputFile(file, io);
  const shown = shownName(file);
  let value: unknown;
  if (!isGlb(bytes)) {
    const text = new TextDecoder().decode(bytes);
    try {
      value = JSON.parse(text);
    } catch {
      // The preset reader names the line and column.
      throw problemsError(shown, checkPresetText(text).problems);
    }
  }
  if (value !== undefined && isSceneDocument(value)) {
    try {
      const scene = parseScene(value);
      const folder = folderOf(file);
      const meshes = await loadSceneMeshes(
        scene,
        async (path) => (await readMeshFile(resolve(folder, path))).mesh,
      );
      return { scene: value as SceneDocument, options: { meshes } };
    } catch (error) {
      throw asCliError(error, shown) ?? error;
    }
  }
  const read = value === undefined ? await checkGlbPreset(bytes) : checkPresetValue(value);
  if (!read.preset) throw problemsError(shown, read.problems);
  const preset = read.preset;
  return {
    scene: preset.scene,
    options: { library: preset.materials, meshes: presetSceneMeshes(preset) },
  };
}

function jsonReport(file: string, report: DriftReport) {
  const measured = (m: DriftMeasurement) => ({
    rate: m.rateHz,
    resolution: m.resolution,
    substeps: m.substeps,
    substepS: m.substepS,
    elements: m.elements,
    sagM: finiteOrNull(m.sagM),
  });
  return {
    file,
    body: report.body,
    probe: report.probe,
    compensation: report.compensation,
    tolerance: report.tolerance,
    reference: {
      ...measured(report.reference),
      energyJ: finiteOrNull(report.reference.energyJ),
      settled: report.reference.settled,
      simulatedS: report.reference.simulatedS,
    },
    runs: report.runs.map((run) => ({
      ...measured(run),
      effectiveERatio: finiteOrNull(run.effectiveERatio),
      energyJ: finiteOrNull(run.energyJ),
      drift: {
        sag: finiteOrNull(run.drift.sag),
        effectiveE: finiteOrNull(run.drift.effectiveE),
        energy: finiteOrNull(run.drift.energy),
      },
      settled: run.settled,
      simulatedS: run.simulatedS,
      flagged: run.flagged,
    })),
    skipped: report.skipped.map((s) => ({ rate: s.rateHz, resolution: s.resolution, reason: s.reason })),
    notes: report.notes,
    flagged: report.flagged,
  };
}

function finiteOrNull(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

function textReport(file: string, report: DriftReport): string {
  const ref = report.reference;
  const lines = [
    `check ${file}: body '${report.body}', budget compensation ${report.compensation}`,
    `  probe: ${report.probe}`,
    `  reference (as authored): ${fixed(ref.rateHz, 4)} Hz × ${ref.substeps} substeps (h = ${ms(ref.substepS)} ms), ` +
      `${ref.elements} elements: sag ${sci(ref.sagM)} m, energy ${sci(ref.energyJ)} J${ref.settled ? '' : ' (still moving)'}`,
    `  frame rates keep ${ref.substeps} substeps per frame; drift = value/reference − 1, ! beyond ±${percent(report.tolerance)}`,
    '',
  ];
  const header = [
    'rate (Hz)',
    'resolution',
    'elements',
    'h (ms)',
    'sag (m)',
    'sag drift',
    'E_eff/E_ref',
    'energy (J)',
    'energy drift',
    '',
  ];
  const rows = report.runs.map((run) => runRow(run, report.tolerance));
  lines.push(...alignColumns([header, ...rows]).map((l) => `  ${l}`));
  for (const skip of report.skipped)
    lines.push(`  ${fixed(skip.rateHz, 4)} Hz, resolution ${skip.resolution}: skipped: ${skip.reason}`);
  for (const note of report.notes) lines.push(`  note: ${note}`);
  const flagged = report.runs.filter((r) => r.flagged).length;
  lines.push(
    '',
    flagged > 0
      ? `${flagged} of ${report.runs.length} runs drift beyond ±${percent(report.tolerance)}`
      : `all ${report.runs.length} runs within ±${percent(report.tolerance)}`,
  );
  return lines.join('\n');
}

function runRow(run: DriftRun, tolerance: number): string[] {
  const mark = (d: number) => (Number.isFinite(d) && Math.abs(d) <= tolerance ? '' : ' !');
  return [
    fixed(run.rateHz, 4),
    String(run.resolution),
    String(run.elements),
    ms(run.substepS),
    sci(run.sagM),
    `${signed(run.drift.sag)}${mark(run.drift.sag)}`,
    `${Number.isFinite(run.effectiveERatio) ? run.effectiveERatio.toFixed(3) : '-'}${mark(run.drift.effectiveE)}`,
    sci(run.energyJ),
    `${signed(run.drift.energy)}${mark(run.drift.energy)}`,
    run.settled ? '' : 'still moving',
  ];
}

function signed(v: number): string {
  return Number.isFinite(v) ? `${v >= 0 ? '+' : ''}${(100 * v).toFixed(1)}%` : '-';
}

/** Left-aligned columns two spaces apart. */
function alignColumns(rows: string[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) =>
    r
      .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c])))
      .join('  ')
      .trimEnd(),
  );
}

function sci(v: number): string {
  return Number.isFinite(v) ? v.toExponential(4) : 'NaN';
}

function ms(seconds: number): string {
  return fixed(1000 * seconds, 3);
}

function fixed(v: number, digits: number): string {
  return String(Number(v.toPrecision(digits)));
}

function parseCheckArgs(args: string[]): CheckArgs {
  const { values, positionals } = parseCommandArgs('check', args, options);
  if (positionals.length > 1)
    throw new UsageError(`unexpected argument '${positionals[1]}'. Run 'softbody check --help'.`);
  if (positionals.length === 0)
    throw new UsageError("needs a scene or preset file. Run 'softbody check --help'.");
  return {
    file: positionals[0],
    ratesHz:
      values.rates === undefined
        ? undefined
        : numberList('--rates', values.rates, 'frame rates in Hz', MIN_DRIFT_RATE_HZ, MAX_DRIFT_RATE_HZ),
    resolutions:
      values.resolution === undefined
        ? undefined
        : numberList(
            '--resolution',
            values.resolution,
            'resolution factors',
            MIN_DRIFT_RESOLUTION,
            MAX_DRIFT_RESOLUTION,
          ),
    body: values.body,
    json: values.json === true,
    progress: values.progress === true,
  };
}

/** '30,60,120' → [30, 60, 120], each within [min, max]; duplicates dropped. */
function numberList(flag: string, text: string, what: string, min: number, max: number): number[] {
  const parts = text.split(',').map((p) => p.trim());
  const values = parts.map(Number);
  if (parts.some((p) => p === '') || values.some((v) => !(v >= min && v <= max)))
    throw new UsageError(`${flag} needs comma-separated ${what} from ${min} to ${max}, got '${text}'`);
  return [...new Set(values)];
}
