import {
  CalibrationOptionError,
  type CalibrationReport,
  type CalibrationRow,
  calibrateMaterial,
  DEFAULT_CALIBRATION_FRAME_DT_S,
  DEFAULT_CALIBRATION_SUBSTEPS,
  MAX_CALIBRATION_SUBSTEPS,
  REFERENCE_RESOLUTION,
  type SolidModel,
} from '../../core/calibrate/index.ts';
import { DocumentError } from '../../core/document/problem.ts';
import type { Material } from '../../core/material/index.ts';
import { firstNonFinite } from '../../core/sim/finite-check.ts';
import { choiceOption, numberOption, parseCommandArgs } from '../args.ts';
import { type Command, type CommandIo, ExitCode, UsageError } from '../command.ts';
import { findMaterial, loadMaterialLibrary } from '../material-lookup.ts';
import { createProgress, type Progress } from '../progress.ts';

const usage = `Usage: softbody calibrate --material NAME [--substeps N ...] [--dt S] [--cell M]
                         [--model neo-hookean|edges-volume] [--compensation auto|off]
                         [--user FILE] [--progress] [--json]

Runs the standard scenes with a library material until they come to rest, at each substep
count, and compares them with linear elasticity:
  solids  hanging bar (elongation vs ρgL²/(2E)) and cantilever (tip deflection vs qL⁴/(8EI))
  cloth   hanging cloth strip (elongation vs ρ_a·g·L²/(2Et)) and cloth cantilever (tip
          deflection vs ρ_a·g·L⁴/(8D), D = Et³/(12(1−ν²)))
Prints per run the simulated and analytic values, the relative error, the resolution r and the
effective Young's modulus E_eff = E × analytic/simulated (E_eff = E: the material behaves as its
numbers say; below: the solver softens it, r too large; above: coarse elements or a mapping
stiffen it). The physics is claimed for r ≤ ${REFERENCE_RESOLUTION}.

The element size is chosen per material so that r = ${REFERENCE_RESOLUTION} at 20 substeps of a 1/60 s
frame (for the cloth cantilever, the bending r = h·√(D/ρ_a)/l²); the load is the body's weight,
with gravity scaled below 9.81 m/s² where needed to keep strains and deflections small. Each
scene's line says its size, cells and gravity.

Options:
  --material NAME   a material of the library ('softbody materials' lists them)
  --substeps N ...  substep counts per frame (default ${DEFAULT_CALIBRATION_SUBSTEPS.join(' ')})
  --dt S            frame time step, s (default 1/60)
  --cell M          element size, m, instead of the automatic one (to calibrate at an asset's size)
  --model M         constraint model of the solid scenes: neo-hookean (default) or edges-volume
  --compensation C  auto (default): the scenes run the compliances budget compensation gives at
                    each substep count, as the preview and the exports do; off: the plain
                    material compliances, to see the one-pass bias itself
  --user FILE       also look the material up in FILE (a user material file; '-': standard input)
  --progress        a line per run on stderr when it is not a terminal (a terminal gets a bar)
  --json            print { material, scenes: [{ scene, substeps, simulated, analytic, unit,
                    relativeError, resolution, effectiveYoungModulusPa, settled, simulatedS }],
                    setups, skipped, youngModulusPa, frameDtS }`;

/** Element sizes `--cell` accepts, m. */
const MIN_CELL_M = 1e-4;
const MAX_CELL_M = 100;

interface CalibrateArgs {
  material: string;
  substeps: number[];
  frameDtS: number;
  cellM?: number;
  model: SolidModel;
  compensation: 'auto' | 'off';
  userFile?: string;
  json: boolean;
  progress: boolean;
}

const options = {
  material: { type: 'string' },
  substeps: { type: 'string', multiple: true },
  dt: { type: 'string' },
  cell: { type: 'string' },
  model: { type: 'string' },
  compensation: { type: 'string' },
  user: { type: 'string' },
  progress: { type: 'boolean' },
} as const;

export const calibrateCommand: Command = {
  name: 'calibrate',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    const parsed = parseCalibrateArgs(args);
    const material = findMaterial(await loadMaterialLibrary(parsed.userFile, io), parsed.material);
    let progress: Progress | undefined;
    let report: CalibrationReport;
    try {
      report = calibrateMaterial(
        material,
        {
          substeps: parsed.substeps,
          frameDtS: parsed.frameDtS,
          cellM: parsed.cellM,
          solidModel: parsed.model,
          compensation: parsed.compensation,
        },
        (done, total, label) => {
          progress ??= createProgress({ label: 'calibrate', total, io, plain: parsed.progress });
          if (done < total) progress.update(done, label);
        },
      );
    } catch (error) {
      // The arguments are checked above; what is left is a scene the engine refuses.
      if (!(error instanceof CalibrationOptionError || error instanceof DocumentError)) throw error;
      throw new UsageError(`${material.name}: ${error.message}`);
    } finally {
      progress?.finish();
    }
    io.out(parsed.json ? JSON.stringify(jsonReport(report), null, 2) : textReport(report, material));
    // Every figure of every row must be a number; the first that is not fails the calibration.
    const figure = firstNonFinite({ scenes: report.scenes });
    if (figure === undefined) return ExitCode.ok;
    const row = report.scenes[Number(figure.split('/')[2])];
    io.err(
      `softbody calibrate: ${figure} is not a finite number (${row.scene} at ${row.substeps} substeps): ` +
        'the run diverged; see the table',
    );
    return ExitCode.failure;
  },
};

/** The JSON report: the core report with the rows first, as the usage text lists them. */
function jsonReport(report: CalibrationReport) {
  return {
    material: report.material,
    kind: report.kind,
    youngModulusPa: report.youngModulusPa,
    frameDtS: report.frameDtS,
    compensation: report.compensation,
    scenes: report.scenes.map((row) => ({
      scene: row.scene,
      substeps: row.substeps,
      simulated: finiteOrNull(row.simulated),
      analytic: row.analytic,
      unit: row.unit,
      relativeError: finiteOrNull(row.relativeError),
      resolution: row.resolution,
      effectiveYoungModulusPa: finiteOrNull(row.effectiveYoungModulusPa),
      settled: row.settled,
      simulatedS: row.simulatedS,
    })),
    setups: report.setups,
    skipped: report.skipped,
  };
}

function finiteOrNull(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

function textReport(report: CalibrationReport, material: Material): string {
  const thickness = material.thicknessM === undefined ? '' : `, t = ${material.thicknessM} m`;
  const lines = [
    `calibrate ${report.material} (${report.kind}: E = ${sci(material.youngModulusPa)} Pa, ν = ${material.poissonRatio}, ` +
      `ρ = ${material.densityKgM3} kg/m³${thickness}), frame dt = ${fixed(report.frameDtS, 6)} s, budget compensation ${report.compensation}`,
  ];
  let unsettled = false;
  for (const setup of report.setups) {
    lines.push('', `${setup.scene}: ${setup.description}`);
    lines.push(
      `  analytic = ${sci(setup.analytic)} ${setup.unit} from ${setup.formula}; r = ${setup.resolutionDefinition}`,
    );
    const header = [
      'substeps',
      'r',
      `simulated (${setup.unit})`,
      `analytic (${setup.unit})`,
      'error',
      'E_eff (Pa)',
      'E_eff/E',
    ];
    const rows = report.scenes
      .filter((row) => row.scene === setup.scene)
      .map((row) => {
        if (!row.settled) unsettled = true;
        return tableRow(row, report.youngModulusPa);
      });
    lines.push(...alignColumns([header, ...rows]).map((l) => `  ${l}`));
  }
  for (const skip of report.skipped) lines.push('', `${skip.scene}: skipped: ${skip.reason}`);
  if (unsettled) lines.push('', '* still moving when the time limit came: the value is not a rest state');
  return lines.join('\n');
}

function tableRow(row: CalibrationRow, youngModulusPa: number): string[] {
  const mark = row.settled ? '' : '*';
  return [
    String(row.substeps),
    fixed(row.resolution, 3),
    `${sci(row.simulated)}${mark}`,
    sci(row.analytic),
    Number.isFinite(row.relativeError)
      ? `${row.relativeError >= 0 ? '+' : ''}${(100 * row.relativeError).toFixed(1)}%`
      : '-',
    sci(row.effectiveYoungModulusPa),
    Number.isFinite(row.effectiveYoungModulusPa)
      ? (row.effectiveYoungModulusPa / youngModulusPa).toFixed(3)
      : '-',
  ];
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

function fixed(v: number, digits: number): string {
  return String(Number(v.toPrecision(digits)));
}

/**
 * The substep counts follow --substeps as `5,10,20`, as repeated flags, or as the words after it
 * (`--substeps 5 10 20`: calibrate takes no file, so a bare number can only be a count).
 */
function parseCalibrateArgs(args: string[]): CalibrateArgs {
  const { values, positionals } = parseCommandArgs('calibrate', args, options);
  const counts = [...(values.substeps ?? [])];
  for (const word of positionals) {
    if (counts.length === 0 || !/^[\d,]+$/.test(word))
      throw new UsageError(`unexpected argument '${word}'. Run 'softbody calibrate --help'.`);
    counts.push(word);
  }
  const substeps = counts.flatMap((text) => text.split(',').filter((p) => p !== '')).map(substepCount);
  if (values.substeps !== undefined && substeps.length === 0)
    throw new UsageError('--substeps needs at least one count');
  if (values.material === undefined)
    throw new UsageError("--material NAME is required. Run 'softbody calibrate --help'.");
  const positive = (flag: string, text: string, what: string) => numberOption(flag, text, what, (v) => v > 0);
  const frameDtS =
    values.dt === undefined
      ? DEFAULT_CALIBRATION_FRAME_DT_S
      : positive('--dt', values.dt, 'a frame time step in seconds');
  if (frameDtS > 1) throw new UsageError(`--dt needs a time step of at most 1 s, got ${frameDtS}`);
  const cellM =
    values.cell === undefined ? undefined : positive('--cell', values.cell, 'an element size in metres');
  // Outside this range float32 positions cannot resolve the small displacements measured.
  if (cellM !== undefined && (cellM < MIN_CELL_M || cellM > MAX_CELL_M))
    throw new UsageError(`--cell needs an element size from ${MIN_CELL_M} to ${MAX_CELL_M} m, got ${cellM}`);
  return {
    material: values.material,
    substeps: substeps.length > 0 ? [...new Set(substeps)] : [...DEFAULT_CALIBRATION_SUBSTEPS],
    frameDtS,
    cellM,
    model:
      values.model === undefined
        ? 'neo-hookean'
        : choiceOption('--model', values.model, ['neo-hookean', 'edges-volume'] as const),
    compensation:
      values.compensation === undefined
        ? 'auto'
        : choiceOption('--compensation', values.compensation, ['auto', 'off'] as const),
    userFile: values.user,
    json: values.json === true,
    progress: values.progress === true,
  };
}

function substepCount(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > MAX_CALIBRATION_SUBSTEPS)
    throw new UsageError(
      `--substeps needs whole numbers from 1 to ${MAX_CALIBRATION_SUBSTEPS}, got '${text}'`,
    );
  return n;
}
