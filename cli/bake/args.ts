import type { FrameBudget, Vec3 } from '../../core/scene/scene.ts';
import { choiceOption, MESH_FRAME_OPTIONS, meshFrame, numberOption, parseCommandArgs } from '../args.ts';
import { BUDGET_OPTIONS, parseBudget } from '../budget-options.ts';
import { UsageError } from '../command.ts';
import { STDIO } from '../stdio.ts';

/** What `softbody bake` was asked to do; lengths in m, times in s. */
export interface BakeArgs {
  /** Mesh files and patterns as given. */
  inputs: string[];
  material: string;
  /** `--group NAME=MATERIAL`: import group name → material name, in argument order. */
  groups: { importGroup: string; material: string }[];
  pins: { min: Vec3; max: Vec3 }[];
  edgeLengthM?: number;
  targetTetCount?: number;
  /** Solid constraint model (cloth materials always use 'cloth'). */
  model: 'neo-hookean' | 'edges-volume';
  outDir: string;
  /** Metres per file unit. */
  scale: number;
  upAxis: 'y' | 'z';
  frameDtS: number;
  substeps: number;
  userFile?: string;
  /** Written into each preset's scene (absent: the default budget applies). */
  budget?: FrameBudget;
  /** Time each body per frame, here and in the budget's runtime (off: --no-frame-cost). */
  frameCost: boolean;
  /** Print the summary as JSON. */
  json: boolean;
  /** A progress line per file when stderr is not a terminal. */
  progress: boolean;
}

export const DEFAULT_BAKE_FRAME_DT_S = 1 / 60;
export const DEFAULT_BAKE_SUBSTEPS = 20;

const options = {
  material: { type: 'string' },
  group: { type: 'string', multiple: true },
  pin: { type: 'string', multiple: true },
  edge: { type: 'string' },
  tets: { type: 'string' },
  model: { type: 'string' },
  output: { type: 'string', short: 'o' },
  ...MESH_FRAME_OPTIONS,
  dt: { type: 'string' },
  substeps: { type: 'string' },
  user: { type: 'string' },
  progress: { type: 'boolean' },
  ...BUDGET_OPTIONS,
  'no-frame-cost': { type: 'boolean' },
} as const;

export function parseBakeArgs(args: readonly string[]): BakeArgs {
  const { values, positionals: inputs } = parseCommandArgs('bake', args, options);
  const positive = (flag: string, text: string | undefined, what: string) =>
    text === undefined ? undefined : numberOption(flag, text, what, (v) => v > 0);
  if (inputs.length === 0) throw new UsageError("no mesh files given. Run 'softbody bake --help'.");
  if (values.material === undefined)
    throw new UsageError('--material NAME is required (the material of the whole body)');
  if (values.output === undefined) throw new UsageError('-o DIR is required (where the presets go)');
  // Each preset is named after its mesh file and written into the folder: no stream carries that.
  if (values.output === STDIO) throw new UsageError('-o takes a folder (one preset per mesh file), not -');
  if (inputs.includes(STDIO))
    throw new UsageError("bake reads meshes by file name (each preset is named after its file), not '-'");
  const targetTetCount = positive('--tets', values.tets, 'a number of tets');
  if (targetTetCount !== undefined && !Number.isInteger(targetTetCount))
    throw new UsageError(`--tets needs a whole number, got ${targetTetCount}`);
  const frameDtS = positive('--dt', values.dt, 'a frame time step in seconds') ?? DEFAULT_BAKE_FRAME_DT_S;
  if (frameDtS > 1) throw new UsageError(`--dt needs a time step of at most 1 s, got ${frameDtS}`);
  const substeps = positive('--substeps', values.substeps, 'a number of substeps') ?? DEFAULT_BAKE_SUBSTEPS;
  if (!Number.isInteger(substeps) || substeps > 1000)
    throw new UsageError(`--substeps needs a whole number from 1 to 1000, got ${substeps}`);
  const edgeLengthM = positive('--edge', values.edge, 'an edge length in metres');
  if (edgeLengthM !== undefined && targetTetCount !== undefined)
    throw new UsageError('give either --edge or --tets, not both');
  const groups = (values.group ?? []).map(parseGroup);
  const seen = new Set<string>();
  for (const g of groups) {
    if (seen.has(g.importGroup)) throw new UsageError(`--group '${g.importGroup}' is given twice`);
    seen.add(g.importGroup);
  }
  return {
    inputs,
    material: values.material,
    groups,
    pins: (values.pin ?? []).map(parsePinBox),
    edgeLengthM,
    targetTetCount,
    model:
      values.model === undefined
        ? 'neo-hookean'
        : choiceOption('--model', values.model, ['neo-hookean', 'edges-volume'] as const),
    outDir: values.output,
    ...meshFrame(values),
    frameDtS,
    substeps,
    userFile: values.user,
    budget: parseBudget(values),
    frameCost: values['no-frame-cost'] !== true,
    json: values.json === true,
    progress: values.progress === true,
  };
}

/** `NAME=MATERIAL`; the name may itself hold '=' (the last one splits). */
export function parseGroup(text: string): { importGroup: string; material: string } {
  const at = text.lastIndexOf('=');
  const importGroup = at > 0 ? text.slice(0, at) : '';
  const material = at > 0 ? text.slice(at + 1) : '';
  if (importGroup === '' || material === '')
    throw new UsageError(`--group needs NAME=MATERIAL (an import group and a material), got '${text}'`);
  return { importGroup, material };
}

/** `minx,miny,minz,maxx,maxy,maxz` in metres (after import), min ≤ max on every axis. */
export function parsePinBox(text: string): { min: Vec3; max: Vec3 } {
  const parts = text.split(',').map((p) => p.trim());
  const values = parts.map(Number);
  if (parts.length !== 6 || parts.some((p) => p === '') || values.some((v) => !Number.isFinite(v)))
    throw new UsageError(`--pin needs six numbers 'minx,miny,minz,maxx,maxy,maxz' in metres, got '${text}'`);
  const min: Vec3 = [values[0], values[1], values[2]];
  const max: Vec3 = [values[3], values[4], values[5]];
  const axis = [0, 1, 2].find((a) => min[a] > max[a]);
  if (axis !== undefined)
    throw new UsageError(
      `--pin '${text}': min ${'xyz'[axis]} (${min[axis]}) is above max ${'xyz'[axis]} (${max[axis]})`,
    );
  return { min, max };
}
