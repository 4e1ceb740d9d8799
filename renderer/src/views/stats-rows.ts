/**
 * What the viewport's stats overlay says, as plain rows (pure, tested): drawing and solver
 * speed, world size, substeps, and each body's resolution r = h·c/l with a warning where the
 * preview is off its material by more than r = 0.25 allows (one Gauss-Seidel pass per substep
 * leaves it off by roughly β·r², DESIGN.md "The solver"): softer or stiffer alike, since a
 * preview stiffer than its material misleads as much as a softer one.
 */
import type { BodyMetrics } from '../../../core/sim/world.ts';

/** Above this r the physics claims no longer hold (DESIGN.md). */
export const RESOLUTION_LIMIT = 0.25;
/** |E_eff/E − 1| beyond which the overlay warns, either way: the r² of RESOLUTION_LIMIT. */
export const STIFFNESS_DEVIATION_LIMIT = RESOLUTION_LIMIT * RESOLUTION_LIMIT;

export interface StatsRow {
  /** Stable key (the row's data-stat attribute). */
  key: string;
  label: string;
  value: string;
  /** Shown with the warning style, with `note` saying why. */
  warning?: boolean;
  note?: string;
}

export interface StatsInput {
  fps: number | null;
  simMsPerFrame: number | null;
  particleCount: number;
  constraintCount: number;
  /** The solver's kernels (null before the world is loaded). */
  kernels: 'wasm' | 'js' | null;
  substeps: number;
  /** Per-body figures of the latest frame (null before the first). */
  metrics: readonly Pick<BodyMetrics, 'name' | 'resolution'>[] | null;
  /**
   * Per body, E_eff/E of the preview as the substep-bias model predicts it (editor/preview-stiffness.ts);
   * null or absent where the model cannot tell, and then r² alone estimates how much softer.
   */
  stiffnessRatios?: readonly (number | null)[];
}

const count = new Intl.NumberFormat('en-US');

/** The JS kernels are the fallback where the worker could not compile WebAssembly (about 1.5× slower). */
const KERNEL_NAMES = { wasm: 'WebAssembly', js: 'JavaScript (fallback)', none: '—' } as const;

export function statsRows(input: StatsInput): StatsRow[] {
  const rows: StatsRow[] = [
    { key: 'fps', label: 'fps', value: input.fps === null ? '—' : input.fps.toFixed(1) },
    {
      key: 'sim-ms',
      label: 'sim ms / frame',
      value: input.simMsPerFrame === null ? '—' : input.simMsPerFrame.toFixed(2),
    },
    { key: 'particles', label: 'particles', value: count.format(input.particleCount) },
    { key: 'constraints', label: 'constraints', value: count.format(input.constraintCount) },
    { key: 'substeps', label: 'substeps', value: String(input.substeps) },
    { key: 'kernels', label: 'kernels', value: KERNEL_NAMES[input.kernels ?? 'none'] },
  ];
  input.metrics?.forEach((body, index) => {
    const r = body.resolution;
    const row: StatsRow = {
      key: `resolution-${index}`,
      label: `r ${body.name}`,
      value: Number.isFinite(r) ? r.toFixed(3) : '—',
    };
    const note = deviationNote(body.name, r, input.stiffnessRatios?.[index] ?? null);
    if (note) {
      row.warning = true;
      row.note = note;
    }
    rows.push(row);
  });
  return rows;
}

/** Why body `name` warns, or undefined when its preview is within the limit of its material. */
function deviationNote(name: string, r: number, ratio: number | null): string | undefined {
  const advice = 'add substeps or use a coarser mesh';
  if (ratio === null) {
    if (!(r > RESOLUTION_LIMIT)) return undefined;
    // The r² estimate is a small-r expansion: past r = 1 it only says "much softer".
    const how = r < 1 ? `by roughly r² ≈ ${Math.round(100 * r * r)}%` : 'by far: r ≥ 1';
    return `${name}: r > ${RESOLUTION_LIMIT}, the preview is softer than the material (${how}); ${advice}`;
  }
  const deviation = ratio - 1;
  if (!(Math.abs(deviation) > STIFFNESS_DEVIATION_LIMIT)) return undefined;
  const way = deviation < 0 ? 'softer' : 'stiffer';
  const rText = Number.isFinite(r) ? `, r = ${r.toFixed(2)}` : '';
  return `${name}: the preview is ${Math.round(100 * Math.abs(deviation))}% ${way} than the material (E_eff/E ≈ ${ratio.toFixed(2)}${rText}); ${advice}`;
}
