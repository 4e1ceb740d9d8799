/**
 * The properties panel while an imported mesh is shown static: the units and up axis it is read
 * with (import-frame-section.ts), that mesh's own facts (file, format, counts, size in the chosen
 * units with a warning when implausible, bounds, closed or open) and the ways forward: "Simulate
 * as soft body" (tets) and "Simulate as cloth" (the surface, cloth-from-mesh-section.ts).
 * No material or solver fields: nothing about the mesh is simulated until it is a body.
 */
import { implausibleSizeWarning } from '../../../core/mesh/options.ts';
import type { RepairStep } from '../../../core/mesh/repair/repair-mesh.ts';
import type { TriMesh } from '../../../core/mesh/types.ts';
import { type MeshFrameChoice, sizeInUnits } from '../mesh/import-frame.ts';
import type { ImportReport } from '../mesh/import-report.ts';
import { el } from '../views/dom.ts';
import { toolButton } from '../views/toggle-panel.ts';
import { type ClothChoices, clothFromMeshSection } from './cloth-from-mesh-section.ts';
import { row, section } from './fields.ts';
import { importFrameSection } from './import-frame-section.ts';
import { importReportSection } from './import-report-section.ts';

/** The mesh the app shows static, as its document holds it. */
export interface OpenMesh {
  /** The file's name ('spot.obj'). */
  title: string;
  format: string;
  mesh: TriMesh;
  /** The units and up axis it was read with; absent where the format fixes them (glTF). */
  frame?: MeshFrameChoice;
  /** Core's report of the mesh, measured in the import worker before the mesh is shown. */
  report: ImportReport;
  /** The repairs made to the mesh, once asked for. */
  repairs?: RepairStep[];
}

const count = new Intl.NumberFormat('en-US');
const metres = (value: number) => `${Number(value.toPrecision(4))}`;
const triple = (v: readonly number[]) => `${v.map(metres).join(', ')} m`;

/** Facts are worked out once per mesh: the panel rebuilds on every scene change. */
/**
 * @param simulate "Simulate as soft body": tetrahedralizes the mesh where needed and adds it
 * @param reimport reads the file again in other units or with another up axis
 * @param simulateCloth "Simulate as cloth": adds the surface as it is, with the choices made
 * @param repair reads the file again through core's repairs
 */
export function staticMeshSections(
  open: OpenMesh,
  simulate: () => void,
  reimport: (frame: MeshFrameChoice) => void,
  simulateCloth: (choices: ClothChoices) => void,
  repair?: () => void,
): HTMLElement[] {
  // The import worker's report: counts, bounds and closure of the welded surface.
  const facts = open.report;
  const readout = (testId: string, text: string, title?: string) =>
    el('span', { className: 'readout', testId, text, title });
  const size = facts.bboxMax.map((max, k) => max - facts.bboxMin[k]);
  const shown = sizeInUnits(size, open.frame?.units ?? 'm');
  const sizeText =
    shown.symbol === 'm'
      ? `${size.map(metres).join(' × ')} m`
      : `${shown.values.map(metres).join(' × ')} ${shown.symbol} (${size.map(metres).join(' × ')} m)`;
  const implausible = facts.vertices > 0 ? implausibleSizeWarning(size) : null;
  const surface = facts.watertight
    ? 'watertight'
    : `open (${count.format(facts.boundaryEdges)} boundary edge${facts.boundaryEdges === 1 ? '' : 's'})`;
  const button = toolButton({
    text: 'Simulate as soft body',
    testId: 'prop-simulate-mesh',
    title: 'Tetrahedralize this mesh (where not done yet) and add it to the scene as a soft body',
  });
  button.addEventListener('click', simulate);
  return [
    el('div', { className: 'panel-subject', text: open.title, testId: 'prop-body-name' }),
    importFrameSection(open.frame, Math.max(...size), reimport),
    section(
      'Static mesh',
      row('Format', readout('prop-mesh-format', open.format)),
      row(
        'Vertices',
        readout('prop-mesh-vertices', count.format(facts.vertices), 'Welded vertices used by a triangle'),
      ),
      row('Triangles', readout('prop-mesh-triangles', count.format(facts.triangles))),
      row('Size', readout('prop-mesh-size', sizeText, 'Bounding box x × y × z, in the chosen units')),
      ...(implausible
        ? [
            el('p', {
              className: 'panel-note readout-warning',
              testId: 'prop-mesh-size-warning',
              text: `Size ${implausible}`,
            }),
          ]
        : []),
      row('Bounds min', readout('prop-mesh-min', triple(facts.bboxMin))),
      row('Bounds max', readout('prop-mesh-max', triple(facts.bboxMax))),
      row(
        'Surface',
        readout(
          'prop-mesh-surface',
          surface,
          facts.watertight
            ? 'Closed, manifold and consistently wound'
            : 'Edges with one triangle: the surface has holes',
        ),
      ),
    ),
    importReportSection(open.report, open.frame, open.repairs, repair),
    section(
      'Simulation',
      el('p', {
        className: 'panel-note',
        text: 'Shown static: not simulated, no material yet. A soft body gets the default silicone, editable here.',
      }),
      button,
    ),
    clothFromMeshSection(open.mesh, simulateCloth),
  ];
}
