import {
  computeMeshReport,
  type MeshReport,
  type RepairStep,
  repairMesh,
  type TriMesh,
} from '../../core/mesh/index.ts';
import { MESH_FRAME_OPTIONS, meshFrame, meshFrameHelp, onePositional, parseCommandArgs } from '../args.ts';
import { type Command, type CommandIo, ExitCode } from '../command.ts';
import { createProgress } from '../progress.ts';
import { readMeshInput, shownName } from '../stdio.ts';

const usage = `Usage: softbody inspect MESH [--units U | --scale S] [--up y|z] [--repair] [--progress] [--json]

Imports an OBJ, glTF or GLB file and reports its surface: welded vertices, triangles,
parts, watertightness, manifoldness, orientation, degenerate triangles, self-intersecting
triangle pairs, bounding box (m), enclosed volume (m³) and candidate constraint groups.
MESH '-' reads standard input (the format told by its first bytes).

Options:
${meshFrameHelp(15)}
  --repair     weld, drop degenerate and duplicate triangles, orient consistently and
               drop unused vertices, then report the repaired mesh and each repair
  --progress   a progress line on stderr when it is not a terminal (a terminal gets a bar)
  --json       print the report as JSON`;

const options = {
  ...MESH_FRAME_OPTIONS,
  up: { type: 'string' },
  repair: { type: 'boolean' },
  progress: { type: 'boolean' },
} as const;

export const inspectCommand: Command = {
  name: 'inspect',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    const { values, positionals } = parseCommandArgs('inspect', args, options);
    const { scale, upAxis } = meshFrame(values);
    const file = onePositional('inspect', positionals, 'mesh file');
    const shown = shownName(file);
    // The measuring is one synchronous pass: the bar names the stage that runs (the
    // self-intersection test of a large mesh takes seconds), not a share of it.
    const progress = createProgress({ label: 'inspect', total: 1, io, plain: values.progress === true });
    let mesh: TriMesh;
    let notes: string[];
    let format: string;
    let repairs: RepairStep[] | undefined;
    let report: MeshReport;
    try {
      progress.update(0, shown);
      progress.update(0, `${shown}: importing`);
      const imported = await readMeshInput(file, { scale, upAxis }, io);
      ({ mesh, notes, format } = imported);
      if (values.repair) {
        progress.update(0, `${shown}: repairing`, 0.3);
        const repaired = repairMesh(mesh);
        mesh = repaired.mesh;
        repairs = repaired.steps;
      }
      progress.update(0, `${shown}: measuring (topology, self-intersections, volume)`, 0.5);
      report = computeMeshReport(mesh, notes);
      progress.update(1, 'done');
    } finally {
      progress.finish();
    }
    const document = { file: shown, format, ...report, ...(repairs ? { repairs } : {}) };
    io.out(values.json ? JSON.stringify(document, null, 2) : formatTable(shown, format, report, repairs));
    return ExitCode.ok;
  },
};

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
