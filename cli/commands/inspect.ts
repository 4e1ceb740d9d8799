import {
  computeMeshReport,
  MeshImportError,
  type MeshReport,
  type RepairStep,
  repairMesh,
} from '../../core/mesh/index.ts';
import { readMeshFile } from '../../core/node/read-mesh.ts';
import { type Command, type CommandIo, ExitCode } from '../command.ts';

const usage = `Usage: softbody inspect MESH [--scale S] [--up y|z] [--repair] [--json]

Imports an OBJ, glTF or GLB file and reports its surface: welded vertices, triangles,
parts, watertightness, manifoldness, orientation, degenerate triangles, self-intersecting
triangle pairs, bounding box (m), enclosed volume (m³) and candidate constraint groups.

Options:
  --scale S    metres per file unit (e.g. 0.01 for centimetres); default 1
  --up y|z     the file's up axis; z converts Z-up to the tool's Y-up; default y
  --repair     weld, drop degenerate and duplicate triangles, orient consistently and
               drop unused vertices, then report the repaired mesh and each repair
  --json       print the report as JSON`;

interface InspectArgs {
  file: string;
  scale: number;
  upAxis: 'y' | 'z';
  repair: boolean;
  json: boolean;
}

class ArgumentError extends Error {}

export const inspectCommand: Command = {
  name: 'inspect',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    let parsed: InspectArgs;
    try {
      parsed = parseArgs(args);
    } catch (error) {
      io.err(`softbody inspect: ${(error as Error).message}`);
      return ExitCode.badInput;
    }
    try {
      const imported = await readMeshFile(parsed.file, { scale: parsed.scale, upAxis: parsed.upAxis });
      let mesh = imported.mesh;
      let repairs: RepairStep[] | undefined;
      if (parsed.repair) {
        const repaired = repairMesh(mesh);
        mesh = repaired.mesh;
        repairs = repaired.steps;
      }
      const report = computeMeshReport(mesh, imported.notes);
      const document = {
        file: parsed.file,
        format: imported.format,
        ...report,
        ...(repairs ? { repairs } : {}),
      };
      io.out(
        parsed.json
          ? JSON.stringify(document, null, 2)
          : formatTable(parsed.file, imported.format, report, repairs),
      );
      return ExitCode.ok;
    } catch (error) {
      if (error instanceof MeshImportError) {
        io.err(`softbody inspect: ${error.message}`);
        return ExitCode.badInput;
      }
      throw error;
    }
  },
};

function parseArgs(args: string[]): InspectArgs {
  const result: InspectArgs = { file: '', scale: 1, upAxis: 'y', repair: false, json: false };
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = () => {
      if (i + 1 >= args.length) throw new ArgumentError(`${arg} needs a value`);
      return args[++i];
    };
    if (arg === '--json') result.json = true;
    else if (arg === '--repair') result.repair = true;
    else if (arg === '--scale') {
      const text = value();
      const scale = Number(text);
      if (text.trim() === '' || !Number.isFinite(scale) || scale <= 0) {
        throw new ArgumentError(`--scale needs a positive number of metres per unit, got '${text}'`);
      }
      result.scale = scale;
    } else if (arg === '--up') {
      const text = value();
      if (text !== 'y' && text !== 'z') throw new ArgumentError(`--up must be 'y' or 'z', got '${text}'`);
      result.upAxis = text;
    } else if (arg.startsWith('-') && arg !== '-') {
      throw new ArgumentError(`unknown option '${arg}'. Run 'softbody inspect --help' for the options.`);
    } else files.push(arg);
  }
  if (files.length !== 1) {
    throw new ArgumentError(
      files.length === 0 ? 'no mesh file given' : `one mesh file expected, got ${files.length}`,
    );
  }
  result.file = files[0];
  return result;
}

function formatTable(
  file: string,
  format: string,
  report: MeshReport,
  repairs: RepairStep[] | undefined,
): string {
  const vec = (v: readonly number[]) => v.map((x) => fmt(x)).join(', ');
  const yesNo = (b: boolean) => (b ? 'yes' : 'no');
  const rows: [string, string][] = [
    ['file', `${file} (${format})`],
    ['vertices (welded)', String(report.vertices)],
    ['triangles', String(report.triangles)],
    ['components', `${report.components} edge-connected, ${report.vertexComponents} vertex-connected`],
    ['watertight', yesNo(report.watertight)],
    ['manifold', yesNo(report.manifold)],
    ['consistent orientation', yesNo(report.consistentOrientation)],
    ['boundary edges', `${report.boundaryEdges} in ${report.boundaryLoops} loop(s)`],
    ['non-manifold edges', String(report.nonManifoldEdges)],
    ['non-manifold vertices', String(report.nonManifoldVertices)],
    ['inconsistent edges', String(report.inconsistentEdges)],
    ['degenerate faces', String(report.degenerateFaces)],
    ['duplicate faces', String(report.duplicateFaces)],
    ['self-intersections', `${report.selfIntersections} triangle pair(s)`],
    ['unreferenced vertices', String(report.unreferencedVertices)],
    ['bbox min (m)', vec(report.bboxMin)],
    ['bbox max (m)', vec(report.bboxMax)],
    ['bbox size (m)', vec(report.bboxMax.map((x, i) => x - report.bboxMin[i]))],
    ['volume (m³)', report.volume === null ? 'n/a (not watertight)' : fmt(report.volume)],
    ['genus', report.genus === null ? 'n/a' : String(report.genus)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length)) + 2;
  const lines = rows.map(([k, v]) => `${k.padEnd(width)}${v}`);
  lines.push('', `groups (${report.groups.length}):`);
  for (const group of report.groups) lines.push(`  ${group.name}: ${group.triangles} triangles`);
  if (repairs) {
    lines.push('', 'repairs:');
    for (const step of repairs) lines.push(`  ${step.repair}: ${step.summary}`);
  }
  if (report.notes.length > 0) {
    lines.push('', 'notes:');
    for (const note of report.notes) lines.push(`  ${note}`);
  }
  return lines.join('\n');
}

function fmt(x: number): string {
  return Number.isInteger(x) ? String(x) : x.toPrecision(6);
}
