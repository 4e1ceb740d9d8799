import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MeshImportError } from '../../core/mesh/errors.ts';
import { readMeshFile } from '../../core/node/read-mesh.ts';
import { tetrahedralizeWithTetgen } from '../../core/node/tetgen-backend.ts';
import {
  DEFAULT_TARGET_TETS,
  DEFAULT_TARGET_TETS_EMBEDDED,
  formatForPath,
  type TetMesh,
  TetrahedralizeError,
  type TetraMode,
  tetMeshFiles,
  tetrahedralize,
} from '../../core/tetra/index.ts';
import { type Command, type CommandIo, ExitCode } from '../command.ts';

const usage = `Usage: softbody tetra MESH [--edge L | --tets N] [--quality Q] [--mode conforming|embedded]
                     [--backend builtin|tetgen] [--scale S] [--up y|z] [-o OUT] [--json]

Fills an OBJ, glTF or GLB surface with tetrahedra and reports the mesh quality. Inside is
where the surface's generalized winding number exceeds 1/2, so open, multi-part and
self-intersecting surfaces still give a solid. A flat sheet is refused: simulate it as cloth.

Options:
  --edge L       target edge length in metres
  --tets N       approximate number of tets (default ${DEFAULT_TARGET_TETS} conforming, ${DEFAULT_TARGET_TETS_EMBEDDED} embedded:
                 the edge length that fills the enclosed volume with that many regular tets)
  --quality Q    largest circumradius / shortest-edge ratio refined to (default 2; tetgen 1.414)
  --mode M       conforming (default): the tet boundary follows the surface;
                 embedded: a coarser lattice that encloses the surface, which is skinned to it
  --backend B    builtin (default) or tetgen (needs the tetgen executable on PATH;
                 conforming only; it stops on self-intersecting or open surfaces)
  --scale S      metres per file unit (e.g. 0.01 for centimetres); default 1
  --up y|z       the file's up axis; z converts Z-up to the tool's Y-up; default y
  -o OUT         write the tets; format by extension: .json, .node (TetGen .node + .ele), .msh (gmsh 2.2)
  --json         print the report as JSON: tets, vertices, minDihedralDeg, maxRadiusEdge,
                 meanQuality (normalised mean ratio, 1 = regular tet), volumeRatio (watertight
                 input only, else null), surfaceDistance (÷ bbox diagonal), seconds`;

interface TetraArgs {
  file: string;
  edge?: number;
  tets?: number;
  quality?: number;
  mode: TetraMode;
  backend: 'builtin' | 'tetgen';
  scale: number;
  upAxis: 'y' | 'z';
  out?: string;
  json: boolean;
}

class ArgumentError extends Error {}

export const tetraCommand: Command = {
  name: 'tetra',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    let parsed: TetraArgs;
    try {
      parsed = parseArgs(args);
      if (parsed.out) formatForPath(parsed.out);
    } catch (error) {
      io.err(`softbody tetra: ${(error as Error).message}`);
      return ExitCode.badInput;
    }
    try {
      const imported = await readMeshFile(parsed.file, { scale: parsed.scale, upAxis: parsed.upAxis });
      const started = performance.now();
      const result = await run(parsed, imported.mesh);
      const seconds = (performance.now() - started) / 1000;
      const written: string[] = [];
      if (parsed.out) {
        for (const file of tetMeshFiles(result, parsed.out)) {
          try {
            await mkdir(dirname(file.path), { recursive: true });
            await writeFile(file.path, file.text);
          } catch (error) {
            io.err(`softbody tetra: ${file.path}: cannot write: ${(error as Error).message}`);
            return ExitCode.badInput;
          }
          written.push(file.path);
        }
      }
      const report = summary(parsed, result, seconds, written);
      io.out(parsed.json ? JSON.stringify(report, null, 2) : formatReport(report));
      return ExitCode.ok;
    } catch (error) {
      if (error instanceof MeshImportError) {
        io.err(`softbody tetra: ${error.message}`);
        return ExitCode.badInput;
      }
      if (error instanceof TetrahedralizeError) {
        io.err(`softbody tetra: ${parsed.file}: ${error.message}`);
        const userFault =
          error.reason === 'empty-mesh' || error.reason === 'no-volume' || error.reason === 'invalid-option';
        return userFault ? ExitCode.badInput : ExitCode.failure;
      }
      throw error;
    }
  },
};

function run(args: TetraArgs, mesh: Parameters<typeof tetrahedralize>[0]): Promise<TetMesh> {
  if (args.backend === 'tetgen') {
    return tetrahedralizeWithTetgen(mesh, {
      edgeLengthM: args.edge,
      targetTetCount: args.tets,
      qualityBound: args.quality,
    });
  }
  return tetrahedralize(mesh, {
    mode: args.mode,
    edgeLengthM: args.edge,
    targetTetCount: args.tets,
    qualityBound: args.quality,
  });
}

interface Report {
  file: string;
  mode: TetraMode;
  backend: 'builtin' | 'tetgen';
  tets: number;
  vertices: number;
  minDihedralDeg: number;
  maxDihedralDeg: number;
  maxRadiusEdge: number;
  meanQuality: number;
  volumeRatio: number | null;
  surfaceDistance: number | null;
  seconds: number;
  outputs: string[];
}

function summary(args: TetraArgs, result: TetMesh, seconds: number, outputs: string[]): Report {
  const q = result.quality;
  return {
    file: args.file,
    mode: args.mode,
    backend: args.backend,
    tets: q.tetCount,
    vertices: q.vertexCount,
    minDihedralDeg: round(q.minDihedralDeg, 3),
    maxDihedralDeg: round(q.maxDihedralDeg, 3),
    maxRadiusEdge: round(q.maxRadiusEdge, 4),
    meanQuality: round(q.meanQuality, 4),
    volumeRatio: q.volumeRatio === null ? null : round(q.volumeRatio, 5),
    surfaceDistance: q.surfaceDistance === null ? null : round(q.surfaceDistance, 6),
    seconds: round(seconds, 3),
    outputs,
  };
}

function round(v: number, digits: number): number {
  return Number(v.toPrecision(digits + 2));
}

function formatReport(r: Report): string {
  const rows: [string, string][] = [
    ['file', `${r.file} (${r.mode}, ${r.backend})`],
    ['tets', String(r.tets)],
    ['vertices', String(r.vertices)],
    ['dihedral angles (deg)', `${r.minDihedralDeg} … ${r.maxDihedralDeg}`],
    ['max radius-edge ratio', String(r.maxRadiusEdge)],
    ['mean quality (1 = regular)', String(r.meanQuality)],
    ['volume ratio', r.volumeRatio === null ? 'n/a (input not watertight)' : String(r.volumeRatio)],
    ['surface distance (÷ diag)', r.surfaceDistance === null ? 'n/a' : String(r.surfaceDistance)],
    ['seconds', String(r.seconds)],
  ];
  for (const path of r.outputs) rows.push(['wrote', path]);
  const width = Math.max(...rows.map(([k]) => k.length)) + 2;
  return rows.map(([k, v]) => `${k.padEnd(width)}${v}`).join('\n');
}

function parseArgs(args: string[]): TetraArgs {
  const result: TetraArgs = {
    file: '',
    mode: 'conforming',
    backend: 'builtin',
    scale: 1,
    upAxis: 'y',
    json: false,
  };
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = () => {
      if (i + 1 >= args.length) throw new ArgumentError(`${arg} needs a value`);
      return args[++i];
    };
    const positive = (what: string) => {
      const text = value();
      const v = Number(text);
      if (text.trim() === '' || !Number.isFinite(v) || v <= 0)
        throw new ArgumentError(`${arg} needs ${what}, got '${text}'`);
      return v;
    };
    if (arg === '--json') result.json = true;
    else if (arg === '--edge') result.edge = positive('a positive edge length in metres');
    else if (arg === '--tets') {
      const n = positive('a positive whole number of tets');
      if (!Number.isInteger(n))
        throw new ArgumentError(`--tets needs a positive whole number of tets, got '${args[i]}'`);
      result.tets = n;
    } else if (arg === '--quality') {
      const q = positive('a radius-edge ratio ≥ 1');
      if (q < 1) throw new ArgumentError(`--quality needs a radius-edge ratio ≥ 1, got '${args[i]}'`);
      result.quality = q;
    } else if (arg === '--mode') {
      const text = value();
      if (text !== 'conforming' && text !== 'embedded') {
        throw new ArgumentError(`--mode must be 'conforming' or 'embedded', got '${text}'`);
      }
      result.mode = text;
    } else if (arg === '--backend') {
      const text = value();
      if (text !== 'builtin' && text !== 'tetgen')
        throw new ArgumentError(`--backend must be 'builtin' or 'tetgen', got '${text}'`);
      result.backend = text;
    } else if (arg === '--scale') result.scale = positive('a positive number of metres per unit');
    else if (arg === '--up') {
      const text = value();
      if (text !== 'y' && text !== 'z') throw new ArgumentError(`--up must be 'y' or 'z', got '${text}'`);
      result.upAxis = text;
    } else if (arg === '-o' || arg === '--out') result.out = value();
    else if (arg.startsWith('-') && arg !== '-') {
      throw new ArgumentError(`unknown option '${arg}'. Run 'softbody tetra --help' for the options.`);
    } else files.push(arg);
  }
  if (files.length !== 1) {
    throw new ArgumentError(
      files.length === 0 ? 'no mesh file given' : `one mesh file expected, got ${files.length}`,
    );
  }
  if (result.edge !== undefined && result.tets !== undefined) {
    throw new ArgumentError('give either --edge or --tets, not both');
  }
  if (result.backend === 'tetgen' && result.mode === 'embedded') {
    throw new ArgumentError(
      'the tetgen backend makes conforming meshes only; use --backend builtin for --mode embedded',
    );
  }
  result.file = files[0];
  return result;
}
