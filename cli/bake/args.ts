import type { Vec3 } from '../../core/scene/scene.ts';
import { UsageError } from '../command.ts';

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
}

export const DEFAULT_BAKE_FRAME_DT_S = 1 / 60;
export const DEFAULT_BAKE_SUBSTEPS = 20;

export function parseBakeArgs(args: readonly string[]): BakeArgs {
  const inputs: string[] = [];
  const groups: BakeArgs['groups'] = [];
  const pins: BakeArgs['pins'] = [];
  let material: string | undefined;
  let outDir: string | undefined;
  let edgeLengthM: number | undefined;
  let targetTetCount: number | undefined;
  let model: BakeArgs['model'] = 'neo-hookean';
  let scale = 1;
  let upAxis: BakeArgs['upAxis'] = 'y';
  let frameDtS = DEFAULT_BAKE_FRAME_DT_S;
  let substeps = DEFAULT_BAKE_SUBSTEPS;
  let userFile: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = () => {
      if (i + 1 >= args.length) throw new UsageError(`${arg} needs a value`);
      return args[++i];
    };
    const positive = (what: string) => {
      const text = value();
      const v = Number(text);
      if (text.trim() === '' || !Number.isFinite(v) || !(v > 0))
        throw new UsageError(`${arg} needs ${what}, got '${text}'`);
      return v;
    };
    if (arg === '--material') material = value();
    else if (arg === '--group') groups.push(parseGroup(value()));
    else if (arg === '--pin') pins.push(parsePinBox(value()));
    else if (arg === '--edge') edgeLengthM = positive('an edge length in metres');
    else if (arg === '--tets') {
      targetTetCount = positive('a number of tets');
      if (!Number.isInteger(targetTetCount))
        throw new UsageError(`--tets needs a whole number, got ${targetTetCount}`);
    } else if (arg === '--model') {
      const m = value();
      if (m !== 'neo-hookean' && m !== 'edges-volume')
        throw new UsageError(`--model must be 'neo-hookean' or 'edges-volume', got '${m}'`);
      model = m;
    } else if (arg === '-o' || arg === '--output') outDir = value();
    else if (arg === '--scale') scale = positive('a scale in metres per file unit');
    else if (arg === '--up') {
      const up = value();
      if (up !== 'y' && up !== 'z') throw new UsageError(`--up must be 'y' or 'z', got '${up}'`);
      upAxis = up;
    } else if (arg === '--dt') {
      frameDtS = positive('a frame time step in seconds');
      if (frameDtS > 1) throw new UsageError(`--dt needs a time step of at most 1 s, got ${frameDtS}`);
    } else if (arg === '--substeps') {
      substeps = positive('a number of substeps');
      if (!Number.isInteger(substeps) || substeps > 1000)
        throw new UsageError(`--substeps needs a whole number from 1 to 1000, got ${substeps}`);
    } else if (arg === '--user') userFile = value();
    else if (arg.startsWith('-') && arg !== '-')
      throw new UsageError(`unknown option '${arg}'. Run 'softbody bake --help'.`);
    else inputs.push(arg);
  }
  if (inputs.length === 0) throw new UsageError("no mesh files given. Run 'softbody bake --help'.");
  if (material === undefined)
    throw new UsageError('--material NAME is required (the material of the whole body)');
  if (outDir === undefined) throw new UsageError('-o DIR is required (where the presets go)');
  if (edgeLengthM !== undefined && targetTetCount !== undefined)
    throw new UsageError('give either --edge or --tets, not both');
  const seen = new Set<string>();
  for (const g of groups) {
    if (seen.has(g.importGroup)) throw new UsageError(`--group '${g.importGroup}' is given twice`);
    seen.add(g.importGroup);
  }
  return {
    inputs,
    material,
    groups,
    pins,
    edgeLengthM,
    targetTetCount,
    model,
    outDir,
    scale,
    upAxis,
    frameDtS,
    substeps,
    userFile,
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
