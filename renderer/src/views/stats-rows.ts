/**
 * What the viewport's stats overlay says, as plain rows (pure, tested): drawing and solver
 * speed, world size, substeps, and each body's resolution r = h·c/l with a warning where it
 * passes 0.25 (one Gauss-Seidel pass per substep then leaves the preview visibly softer than the
 * material: roughly by r², DESIGN.md "The solver").
 */
import type { BodyMetrics } from '../../../core/sim/world.ts';

/** Above this r the physics claims no longer hold (DESIGN.md). */
export const RESOLUTION_LIMIT = 0.25;

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
    if (r > RESOLUTION_LIMIT) {
      row.warning = true;
      // The r² estimate is a small-r expansion: past r = 1 it only says "much softer".
      const how = r < 1 ? `by roughly r² ≈ ${Math.round(100 * r * r)}%` : 'by far: r ≥ 1';
      row.note = `${body.name}: r > ${RESOLUTION_LIMIT}, the preview is softer than the material (${how}); add substeps or use a coarser mesh`;
    }
    rows.push(row);
  });
  return rows;
}
