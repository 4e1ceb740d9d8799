/**
 * The A/B comparison of two bodies of the open scene, row by row as a technical artist reads it:
 * what was asked (material E, ν, ρ; model and solver method), what the solver gets (each
 * compliance range and the per-iteration stiffness, read from the compiled setup by
 * compliance-range.ts, never estimated apart; substeps and sweeps per substep), and how the two
 * behave now (sag, volume ratio, max strain of the newest frame). Each row says whether A and B
 * differ, for the panel to highlight.
 */

import { applyMeshTransform, meshTransformOf } from '../../../core/scene/mesh-transform.ts';
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import type { BodyMetrics } from '../../../core/sim/world.ts';
import type { Comparison } from './ab-edits.ts';
import { solverView } from './compliance-range.ts';
import type { MeshAssets } from './mesh-body.ts';

export type DiffGroup = 'Material' | 'What the solver gets' | 'Live';

export interface DiffRow {
  group: DiffGroup;
  label: string;
  /** Display texts of A and B, units included ('—' where a body has no such value). */
  a: string;
  b: string;
  differs: boolean;
}

/** Static values closer than this, relatively, are the same (compile round-off is far below). */
const SAME_STATIC = 1e-9;
/** Live figures closer than this, relatively, are the same: 1% is under what an eye tells apart. */
const SAME_LIVE = 0.01;

const sci = (value: number) => (Number.isFinite(value) ? value.toExponential(3) : '∞');

function differ(a: number | undefined, b: number | undefined, tolerance: number): boolean {
  if (a === undefined || b === undefined) return a !== b;
  const scale = Math.max(Math.abs(a), Math.abs(b));
  return scale > 0 && Math.abs(a - b) > tolerance * scale;
}

function numberRow(
  group: DiffGroup,
  label: string,
  a: number | undefined,
  b: number | undefined,
  text: (value: number) => string,
  tolerance = SAME_STATIC,
): DiffRow {
  return {
    group,
    label,
    a: a === undefined ? '—' : text(a),
    b: b === undefined ? '—' : text(b),
    differs: differ(a, b, tolerance),
  };
}

/** The rows for `comparison` in `scene`; null when either body is gone (undone, renamed). */
export function abDiff(
  scene: Scene,
  assets: MeshAssets,
  comparison: Comparison,
  metrics: readonly BodyMetrics[] | null,
): DiffRow[] | null {
  const ia = scene.bodies.findIndex((b) => b.name === comparison.a);
  const ib = scene.bodies.findIndex((b) => b.name === comparison.b);
  if (ia < 0 || ib < 0) return null;
  const [a, b] = [scene.bodies[ia], scene.bodies[ib]];
  const rows: DiffRow[] = [
    textRow('Material', 'Library material', a.material.name ?? 'custom', b.material.name ?? 'custom'),
    numberRow('Material', "Young's modulus E", a.material.youngModulusPa, b.material.youngModulusPa, (v) =>
      v >= 1e6 ? `${+(v / 1e6).toPrecision(4)} MPa` : `${+(v / 1e3).toPrecision(4)} kPa`,
    ),
    numberRow('Material', "Poisson's ratio ν", a.material.poissonRatio, b.material.poissonRatio, (v) =>
      String(+v.toPrecision(4)),
    ),
    numberRow(
      'Material',
      'Density ρ',
      a.material.densityKgM3,
      b.material.densityKgM3,
      (v) => `${+v.toPrecision(5)} kg/m³`,
    ),
    numberRow('Material', 'Damping ratio ζ', a.dampingRatio ?? 0, b.dampingRatio ?? 0, (v) =>
      String(+v.toPrecision(4)),
    ),
    textRow('Material', 'Constraint model', a.model, b.model),
    textRow('Material', 'Solver', methodOf(a), methodOf(b)),
    ...solverRows(scene, assets, a, b),
    ...liveRows(scene, assets, ia, ib, metrics),
  ];
  return rows;
}

function textRow(group: DiffGroup, label: string, a: string, b: string): DiffRow {
  return { group, label, a, b, differs: a !== b };
}

function methodOf(body: BodySpec): string {
  const solver = body.solver;
  if (solver?.method !== 'pbd') return 'XPBD';
  return `classic PBD, k ${solver.stiffness ?? 1}${body.previewOnly ? ' (preview only)' : ''}`;
}

/** Compliance ranges per constraint kind, substeps and sweeps per substep, per-iteration stiffness. */
function solverRows(scene: Scene, assets: MeshAssets, a: BodySpec, b: BodySpec): DiffRow[] {
  const meshOf = (body: BodySpec) => (body.shape.type === 'mesh' ? assets.get(body.shape.path) : undefined);
  const [va, vb] = [solverView(scene, a, meshOf(a)), solverView(scene, b, meshOf(b))];
  const names = [...new Set([...va.lines, ...vb.lines].map((line) => line.name))];
  const group = 'What the solver gets';
  const rows: DiffRow[] = names.map((name) => {
    const [la, lb] = [va.lines.find((l) => l.name === name), vb.lines.find((l) => l.name === name)];
    const text = (l: typeof la) =>
      l === undefined
        ? '—'
        : l.min === l.max
          ? `${sci(l.min)} ${l.unit}`
          : `${sci(l.min)} – ${sci(l.max)} ${l.unit}`;
    return {
      group,
      label: name,
      a: text(la),
      b: text(lb),
      differs:
        la === undefined ||
        lb === undefined ||
        differ(la.min, lb.min, SAME_STATIC) ||
        differ(la.max, lb.max, SAME_STATIC),
    };
  });
  const substeps = scene.solver.substeps;
  rows.push(numberRow(group, 'Substeps per frame', substeps, substeps, String));
  const sweeps = (body: BodySpec) => (body.solver?.method === 'pbd' ? (body.solver.iterations ?? 1) : 1);
  rows.push(numberRow(group, 'Sweeps per substep', sweeps(a), sweeps(b), String));
  rows.push(
    numberRow(group, "Stiffness per sweep k'", va.stiffnessPerSweep, vb.stiffnessPerSweep, (v) =>
      String(+v.toPrecision(4)),
    ),
  );
  rows.push(
    numberRow(group, 'r = h·c/l', va.resolution ?? undefined, vb.resolution ?? undefined, (v) =>
      v.toFixed(3),
    ),
  );
  return rows;
}

/** Sag (lowest point below its rest height), volume ratio and max strain of the newest frame. */
function liveRows(
  scene: Scene,
  assets: MeshAssets,
  ia: number,
  ib: number,
  metrics: readonly BodyMetrics[] | null,
): DiffRow[] {
  const [ma, mb] = [metrics?.[ia], metrics?.[ib]];
  const sag = (index: number, m: BodyMetrics | undefined) => {
    const rest = restLowestY(scene.bodies[index], assets);
    return m === undefined || rest === undefined ? undefined : rest - m.bboxMin[1];
  };
  return [
    numberRow(
      'Live',
      'Sag (lowest point below rest)',
      sag(ia, ma),
      sag(ib, mb),
      (v) => `${(v * 1000).toFixed(2)} mm`,
      SAME_LIVE,
    ),
    numberRow('Live', 'Volume ratio', ma?.volumeRatio, mb?.volumeRatio, (v) => v.toFixed(4), SAME_LIVE),
    numberRow(
      'Live',
      'Max strain',
      ma?.maxStrain,
      mb?.maxStrain,
      (v) => `${(v * 100).toFixed(2)} %`,
      SAME_LIVE,
    ),
  ];
}

/** Height of a body's lowest particle at rest, m (undefined for a mesh body without its asset). */
export function restLowestY(body: BodySpec, assets: MeshAssets): number | undefined {
  const shape = body.shape;
  switch (shape.type) {
    case 'box':
      return shape.center[1] - shape.size[1] / 2;
    case 'cloth':
      return shape.center[1];
    case 'rope':
      return Math.min(shape.start[1], shape.end[1]);
    case 'mesh': {
      const mesh = assets.get(shape.path);
      if (!mesh || mesh.positions.length === 0) return undefined;
      const placed = Float64Array.from(mesh.positions);
      applyMeshTransform(placed, meshTransformOf(shape));
      let min = Infinity;
      for (let i = 1; i < placed.length; i += 3) min = Math.min(min, placed[i]);
      return min;
    }
  }
}
