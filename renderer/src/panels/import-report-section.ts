/**
 * The import report of a mesh shown static: core's mesh report (measured in the import worker,
 * renderer/src/mesh/import-worker.ts) as the artist checks a surface before tetrahedralizing it —
 * watertight or not, open, non-manifold and inconsistently wound edges, self-intersecting triangle
 * pairs, parts, degenerate and duplicate triangles, the units it was read in — and the repairs core
 * has that apply, one button away. Open edges that welding does not close stay open: core fills no
 * holes, and the panel says so rather than offer it.
 */
import type { RepairStep } from '../../../core/mesh/repair/repair-mesh.ts';
import type { MeshFrameChoice } from '../mesh/import-frame.ts';
import { type ImportReport, repairOffers, reportSummary } from '../mesh/import-report.ts';
import { el } from '../views/dom.ts';
import { toolButton } from '../views/toggle-panel.ts';
import { row, section } from './fields.ts';

const count = new Intl.NumberFormat('en-US');

export function importReportSection(
  report: ImportReport,
  frame: MeshFrameChoice | undefined,
  repairs: readonly RepairStep[] | undefined,
  repair: (() => void) | undefined,
): HTMLElement {
  const readout = (testId: string, value: number | string, bad = false, title?: string) =>
    el('span', {
      className: `readout${bad ? ' readout-warning' : ''}`,
      testId,
      text: typeof value === 'number' ? count.format(value) : value,
      title,
    });
  const offers = repairOffers(report);
  const children: HTMLElement[] = [
    el('p', { className: 'panel-note', testId: 'prop-report-summary', text: reportSummary(report) }),
    row(
      'Watertight',
      readout('prop-report-watertight', report.watertight ? 'yes' : 'no', !report.watertight),
    ),
    row(
      'Open edges',
      readout(
        'prop-report-open-edges',
        report.boundaryEdges > 0
          ? `${count.format(report.boundaryEdges)} in ${count.format(report.boundaryLoops)} loop${report.boundaryLoops === 1 ? '' : 's'}`
          : '0',
        report.boundaryEdges > 0,
        'Edges with one triangle: the holes of the surface',
      ),
    ),
    row(
      'Non-manifold edges',
      readout(
        'prop-report-non-manifold',
        report.nonManifoldEdges,
        report.nonManifoldEdges > 0,
        'Edges with more than two triangles',
      ),
    ),
    row(
      'Non-manifold vertices',
      readout(
        'prop-report-non-manifold-vertices',
        report.nonManifoldVertices,
        report.nonManifoldVertices > 0,
      ),
    ),
    row(
      'Inconsistent edges',
      readout('prop-report-inconsistent', report.inconsistentEdges, report.inconsistentEdges > 0),
    ),
    row(
      'Self-intersections',
      readout(
        'prop-report-self-intersections',
        report.selfIntersections === null
          ? 'counting…'
          : `${count.format(report.selfIntersections)} triangle pair${report.selfIntersections === 1 ? '' : 's'}`,
        (report.selfIntersections ?? 0) > 0,
        'Pairs of non-adjacent triangles that cross: tetrahedralization cannot mesh a surface that passes through itself',
      ),
    ),
    row('Parts', readout('prop-report-parts', report.components, false, 'Connected through shared edges')),
    row(
      'Degenerate triangles',
      readout('prop-report-degenerate', report.degenerateFaces, report.degenerateFaces > 0),
    ),
    row(
      'Duplicate triangles',
      readout('prop-report-duplicates', report.duplicateFaces, report.duplicateFaces > 0),
    ),
    row(
      'Units',
      readout(
        'prop-report-units',
        frame
          ? `${frame.units === 'fit' ? 'fitted' : frame.units} (${+frame.scale.toPrecision(6)} m per unit)`
          : 'm (fixed by glTF)',
      ),
    ),
  ];
  if (repairs) {
    const made = repairs.filter((step) => step.changed > 0);
    children.push(
      el('p', {
        className: 'panel-note',
        testId: 'prop-report-repairs',
        text: `Repaired: ${made.length > 0 ? made.map((step) => step.summary).join('; ') : 'nothing needed changing'}.`,
      }),
    );
  } else if (offers.length > 0 && repair) {
    const button = toolButton({
      text: 'Repair',
      testId: 'prop-mesh-repair',
      title: "Read the file again through core's repairs (what `softbody inspect --repair` runs)",
    });
    button.addEventListener('click', repair);
    children.push(
      el(
        'ul',
        { className: 'panel-note', testId: 'prop-report-offers' },
        offers.map((offer) => el('li', { text: offer.text })),
      ),
      button,
    );
  }
  if (report.boundaryEdges > 0)
    children.push(
      el('p', {
        className: 'panel-note',
        text: 'Holes are not filled automatically: close them in the modelling tool, or simulate the surface as cloth.',
      }),
    );
  const container = section('Import report', ...children);
  container.dataset.testid = 'import-report';
  return container;
}
