/**
 * What the import notice and the static-mesh panel say about an imported surface, from core's
 * mesh report (core/mesh/report.ts, the report `softbody inspect` prints): a one-line summary, and
 * the repairs core has (core/mesh/repair/repair-mesh.ts) that apply to this mesh. Core has no hole
 * filling: an open surface is reported, never "closed" here.
 */
import type { MeshReport } from '../../../core/mesh/report.ts';

/**
 * Core's report as the editor holds it: the import worker hands the mesh over with everything but
 * the self-intersections, which it counts after (null until then: a second on 20k triangles).
 */
export type ImportReport = Omit<MeshReport, 'selfIntersections'> & { selfIntersections: number | null };

const count = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count.format(n)} ${n === 1 ? one : many}`;

/** "watertight, 1 part" or "not watertight: 42 open edges, 1 non-manifold edge, 301 self-intersecting pairs, 3 parts". */
export function reportSummary(report: ImportReport): string {
  const parts = plural(report.components, 'part');
  const problems = [
    report.boundaryEdges > 0 ? plural(report.boundaryEdges, 'open edge') : '',
    report.nonManifoldEdges > 0 ? plural(report.nonManifoldEdges, 'non-manifold edge') : '',
    report.inconsistentEdges > 0 ? plural(report.inconsistentEdges, 'inconsistently wound edge') : '',
    report.degenerateFaces > 0 ? plural(report.degenerateFaces, 'degenerate triangle') : '',
    report.duplicateFaces > 0 ? plural(report.duplicateFaces, 'duplicate triangle') : '',
    report.selfIntersections ? plural(report.selfIntersections, 'self-intersecting pair') : '',
  ].filter((text) => text !== '');
  if (report.watertight && problems.length === 0) return `watertight, ${parts}`;
  return `not watertight: ${[...problems, parts].join(', ')}`;
}

/** One repair core offers, named as the panel lists it. */
export interface RepairOffer {
  repair: 'weld' | 'drop-degenerate' | 'drop-duplicates' | 'orient' | 'drop-unreferenced';
  /** What it would do here, e.g. "drop 56 degenerate triangles". */
  text: string;
}

/**
 * The repairs of core's pipeline that apply to `report`'s mesh: welding within 10⁻⁶ of the
 * diagonal (where open edges or exact duplicates of vertices suggest unshared seams), dropping
 * degenerate and duplicate triangles, orienting, dropping unused vertices. Empty: nothing to repair.
 */
export function repairOffers(report: ImportReport): RepairOffer[] {
  const offers: RepairOffer[] = [];
  if (report.boundaryEdges > 0 || report.coincidentVertices > 0)
    offers.push({ repair: 'weld', text: 'weld vertices closer than 10⁻⁶ of the diagonal (may close seams)' });
  if (report.degenerateFaces > 0)
    offers.push({
      repair: 'drop-degenerate',
      text: `drop ${plural(report.degenerateFaces, 'degenerate triangle')}`,
    });
  if (report.duplicateFaces > 0)
    offers.push({
      repair: 'drop-duplicates',
      text: `drop ${plural(report.duplicateFaces, 'duplicate triangle')}`,
    });
  if (report.inconsistentEdges > 0)
    offers.push({
      repair: 'orient',
      text: `orient consistently (${plural(report.inconsistentEdges, 'edge')} disagree)`,
    });
  if (report.unreferencedVertices > 0)
    offers.push({
      repair: 'drop-unreferenced',
      text: `drop ${plural(report.unreferencedVertices, 'unused vertex', 'unused vertices')}`,
    });
  return offers;
}
