/**
 * The properties panel while an imported mesh is shown static: that mesh's own facts (file,
 * format, counts, size, bounds, closed or open) and the one way forward, "Simulate as soft body".
 * No material or solver fields: nothing about the mesh is simulated until it is a body.
 */
import type { TriMesh } from '../../../core/mesh/types.ts';
import { el } from '../views/dom.ts';
import { toolButton } from '../views/toggle-panel.ts';
import { row, section } from './fields.ts';
import { type StaticMeshFacts, staticMeshFacts } from './static-mesh-facts.ts';

/** The mesh the app shows static, as its document holds it. */
export interface OpenMesh {
  /** The file's name ('spot.obj'). */
  title: string;
  format: string;
  mesh: TriMesh;
}

const count = new Intl.NumberFormat('en-US');
const metres = (value: number) => `${Number(value.toPrecision(4))}`;
const triple = (v: readonly number[]) => `${v.map(metres).join(', ')} m`;

/** Facts are worked out once per mesh: the panel rebuilds on every scene change. */
const factsOf = new WeakMap<TriMesh, StaticMeshFacts>();

/** @param simulate "Simulate as soft body": tetrahedralizes the mesh where needed and adds it */
export function staticMeshSections(open: OpenMesh, simulate: () => void): HTMLElement[] {
  let facts = factsOf.get(open.mesh);
  if (!facts) {
    facts = staticMeshFacts(open.mesh);
    factsOf.set(open.mesh, facts);
  }
  const readout = (testId: string, text: string, title?: string) =>
    el('span', { className: 'readout', testId, text, title });
  const size = facts.bboxMax.map((max, k) => max - (facts as StaticMeshFacts).bboxMin[k]);
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
    section(
      'Static mesh',
      row('Format', readout('prop-mesh-format', open.format)),
      row(
        'Vertices',
        readout('prop-mesh-vertices', count.format(facts.vertices), 'Welded vertices used by a triangle'),
      ),
      row('Triangles', readout('prop-mesh-triangles', count.format(facts.triangles))),
      row('Size', readout('prop-mesh-size', `${size.map(metres).join(' × ')} m`, 'Bounding box x × y × z')),
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
    section(
      'Simulation',
      el('p', {
        className: 'panel-note',
        text: 'Shown static: not simulated, no material yet. A soft body gets the default silicone, editable here.',
      }),
      button,
    ),
  ];
}
