import { isZeroArea } from './exact.ts';
import { countSelfIntersections } from './self-intersections.ts';
import { analyzeTopology } from './topology.ts';
import { firstWithSameTriple, tripleTable } from './triple-table.ts';
import type { TriMesh } from './types.ts';
import { weldExact } from './weld.ts';

export type Vec3 = [number, number, number];

/**
 * What a mesh is, judged on its surface: vertices welded by exact position first (glTF
 * splits vertices at seams). Lengths in metres, volume in m³ (the mesh is in metres
 * after import).
 */
export interface MeshReport {
  /** Welded vertices used by at least one triangle. */
  vertices: number;
  triangles: number;
  /** Parts connected through shared edges. */
  components: number;
  /** Parts connected through shared vertices. */
  vertexComponents: number;
  /** Closed, manifold, consistently oriented and without degenerate triangles. */
  watertight: boolean;
  /** No edge with more than two triangles and no pinched vertex (boundaries allowed). */
  manifold: boolean;
  /** Every edge shared by two triangles is traversed in opposite directions. */
  consistentOrientation: boolean;
  /** Triangles with zero area (exactly collinear corners) or a repeated vertex. */
  degenerateFaces: number;
  /** Extra copies of a triangle over the same three distinct vertices (either winding). */
  duplicateFaces: number;
  /**
   * Pairs of non-adjacent triangles that intersect (see countSelfIntersections: pairs
   * sharing an edge are adjacent; pairs sharing one vertex count if they meet elsewhere).
   */
  selfIntersections: number;
  boundaryEdges: number;
  boundaryLoops: number;
  nonManifoldEdges: number;
  nonManifoldVertices: number;
  inconsistentEdges: number;
  /** Input vertices that no triangle uses. */
  unreferencedVertices: number;
  /** Used input vertices merged into another by the exact weld. */
  coincidentVertices: number;
  /** Axis-aligned bounds of the used vertices, m. */
  bboxMin: Vec3;
  bboxMax: Vec3;
  /** Enclosed volume, m³ (signed: positive when faces point outwards); null unless watertight. */
  volume: number | null;
  /** V − E + F of the welded surface. */
  eulerCharacteristic: number;
  /** Handles per part, summed; null unless watertight. */
  genus: number | null;
  /** Candidate constraint groups with their triangle counts. */
  groups: { name: string; triangles: number }[];
  /** What the importer skipped or assumed. */
  notes: string[];
}

/** Computes the report for a mesh; `notes` come from the importer. */
export function computeMeshReport(mesh: TriMesh, notes: string[] = []): MeshReport {
  const surface = measureMeshSurface(mesh, notes);
  return { ...surface.report, selfIntersections: surface.countSelfIntersections() };
}

/**
 * The report but for its costly part, and that part to count when wanted: self-intersections
 * take most of the report's time (a second on 20k triangles, more on 100k), so the editor shows a
 * mesh with the rest of its report and counts them after.
 */
export interface MeshSurfaceReport {
  report: Omit<MeshReport, 'selfIntersections'>;
  /** Pairs of non-adjacent intersecting triangles of the welded surface (MeshReport.selfIntersections). */
  countSelfIntersections(): number;
}

export function measureMeshSurface(mesh: TriMesh, notes: string[] = []): MeshSurfaceReport {
  const weld = weldExact(mesh);
  const { positions, indices } = weld;
  const triangles = indices.length / 3;

  const repeated = new Uint8Array(triangles);
  const degenerate = new Uint8Array(triangles);
  let degenerateFaces = 0;
  for (let t = 0; t < triangles; t++) {
    const a = indices[3 * t];
    const b = indices[3 * t + 1];
    const c = indices[3 * t + 2];
    repeated[t] = a === b || b === c || a === c ? 1 : 0;
    degenerate[t] = repeated[t] || isZeroArea(positions, a, b, c) ? 1 : 0;
    degenerateFaces += degenerate[t];
  }

  const used = new Uint8Array(weld.count);
  for (let i = 0; i < indices.length; i++) used[indices[i]] = 1;
  const rawUsed = new Uint8Array(mesh.positions.length / 3);
  for (let i = 0; i < mesh.indices.length; i++) rawUsed[mesh.indices[i]] = 1;
  let vertices = 0;
  let rawUsedCount = 0;
  for (let v = 0; v < weld.count; v++) vertices += used[v];
  for (let v = 0; v < rawUsed.length; v++) rawUsedCount += rawUsed[v];

  const topology = analyzeTopology(indices, weld.count, repeated);
  const manifold = topology.nonManifoldEdges === 0 && topology.nonManifoldVertices === 0;
  const consistentOrientation = topology.inconsistentEdges === 0;
  const watertight =
    manifold && consistentOrientation && topology.boundaryEdges === 0 && degenerateFaces === 0;
  const eulerCharacteristic = vertices - topology.edges + (triangles - countOf(repeated));

  const report = {
    vertices,
    triangles,
    components: topology.components,
    vertexComponents: topology.vertexComponents,
    watertight,
    manifold,
    consistentOrientation,
    degenerateFaces,
    duplicateFaces: countDuplicates(indices, repeated),
    boundaryEdges: topology.boundaryEdges,
    boundaryLoops: topology.boundaryLoops,
    nonManifoldEdges: topology.nonManifoldEdges,
    nonManifoldVertices: topology.nonManifoldVertices,
    inconsistentEdges: topology.inconsistentEdges,
    unreferencedVertices: rawUsed.length - rawUsedCount,
    coincidentVertices: rawUsedCount - vertices,
    ...bounds(positions, used),
    volume: watertight ? signedVolume(positions, indices) : null,
    eulerCharacteristic,
    genus: watertight ? (2 * topology.components - eulerCharacteristic) / 2 : null,
    groups: groupCounts(mesh),
    notes,
  };
  return { report, countSelfIntersections: () => countSelfIntersections(positions, indices, degenerate) };
}

/** Σ a·(b×c)/6 over the triangles: the enclosed volume for a closed surface, m³. */
export function signedVolume(positions: ArrayLike<number>, indices: ArrayLike<number>): number {
  let sum = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = 3 * indices[t];
    const b = 3 * indices[t + 1];
    const c = 3 * indices[t + 2];
    const ax = positions[a];
    const ay = positions[a + 1];
    const az = positions[a + 2];
    const bx = positions[b];
    const by = positions[b + 1];
    const bz = positions[b + 2];
    const cx = positions[c];
    const cy = positions[c + 1];
    const cz = positions[c + 2];
    sum += ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
  }
  return sum / 6;
}

function bounds(positions: Float32Array, used: Uint8Array): { bboxMin: Vec3; bboxMax: Vec3 } {
  const min: Vec3 = [Infinity, Infinity, Infinity];
  const max: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let v = 0; v < used.length; v++) {
    if (!used[v]) continue;
    for (let axis = 0; axis < 3; axis++) {
      min[axis] = Math.min(min[axis], positions[3 * v + axis]);
      max[axis] = Math.max(max[axis], positions[3 * v + axis]);
    }
  }
  return { bboxMin: min, bboxMax: max };
}

/** Copies of a proper triangle; collapsed ones are already counted as degenerate. */
/**
 * Triangles (of those without a repeated corner) whose corner set an earlier one has: each
 * triangle's corners sorted, looked up in a table of earlier ones (triple-table.ts; a Set of text
 * keys took 35 ms on the Stanford bunny's 69,451 triangles).
 */
function countDuplicates(indices: Uint32Array, repeated: Uint8Array): number {
  const triangles = Math.floor(indices.length / 3);
  const sorted = new Uint32Array(3 * triangles);
  const table = tripleTable(triangles);
  let duplicates = 0;
  for (let t = 0; t < triangles; t++) {
    if (repeated[t]) continue;
    const p = indices[3 * t];
    const q = indices[3 * t + 1];
    const r = indices[3 * t + 2];
    const a = Math.min(p, q, r);
    const c = Math.max(p, q, r);
    sorted[3 * t] = a;
    sorted[3 * t + 1] = p + q + r - a - c;
    sorted[3 * t + 2] = c;
    if (firstWithSameTriple(table, sorted, t) !== t) duplicates++;
  }
  return duplicates;
}

function groupCounts(mesh: TriMesh): { name: string; triangles: number }[] {
  const counts = new Array<number>(mesh.groups.length).fill(0);
  for (let t = 0; t < mesh.groupIds.length; t++) counts[mesh.groupIds[t]]++;
  return mesh.groups.map((name, i) => ({ name, triangles: counts[i] ?? 0 }));
}

function countOf(flags: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < flags.length; i++) n += flags[i];
  return n;
}
