/**
 * "Simulate as cloth" in the static mesh view: any triangle surface becomes a cloth body as it is
 * (no tets). An open sheet is offered a pinned top edge and tethers to it; a closed surface (a
 * ball, a shirt sewn shut) stays free and is offered gas pressure at its rest volume. The choices
 * live with the mesh, since the panel is rebuilt on every scene change.
 */
import type { TriMesh } from '../../../core/mesh/types.ts';
import { isClosedMesh } from '../editor/cloth-body.ts';
import { el } from '../views/dom.ts';
import { toolButton } from '../views/toggle-panel.ts';
import { row, section } from './fields.ts';

/** What the cloth gets besides the surface (ClothBodyRequest's switches). */
export interface ClothChoices {
  pinTopEdge: boolean;
  tethers: boolean;
  pressure: boolean;
}

interface MeshCloth {
  closed: boolean;
  choices: ClothChoices;
}

const clothOf = new WeakMap<TriMesh, MeshCloth>();

/** @param simulate adds the mesh to the scene as cloth with the choices shown */
export function clothFromMeshSection(mesh: TriMesh, simulate: (choices: ClothChoices) => void): HTMLElement {
  let known = clothOf.get(mesh);
  if (!known) {
    // An open sheet hangs from its top edge by default; a closed surface is inflated and free.
    known = { closed: isClosedMesh(mesh), choices: { pinTopEdge: true, tethers: true, pressure: true } };
    clothOf.set(mesh, known);
  }
  const { closed, choices } = known;
  const checkbox = (key: keyof ClothChoices, label: string, testId: string, title: string) => {
    const input = el('input', { testId, title });
    input.type = 'checkbox';
    input.checked = choices[key];
    input.addEventListener('change', () => {
      choices[key] = input.checked;
    });
    return row(label, input);
  };
  const button = toolButton({
    text: 'Simulate as cloth',
    testId: 'prop-simulate-cloth',
    title: 'Add this surface to the scene as cloth (stretch and bending from the default cotton), as it is',
  });
  button.addEventListener('click', () => simulate({ ...choices }));
  return section(
    'Cloth',
    el('p', {
      className: 'panel-note',
      testId: 'prop-cloth-note',
      text: closed
        ? 'A closed surface: simulated free, gas pressure keeps it at its rest volume when chosen.'
        : 'An open sheet: simulated as it is; the top edge can hang from pins.',
    }),
    ...(closed
      ? [
          checkbox(
            'pressure',
            'Pressure',
            'prop-cloth-pressure',
            'Fill the surface with gas that wants its rest volume (a balloon)',
          ),
        ]
      : [
          checkbox(
            'pinTopEdge',
            'Pin top edge',
            'prop-cloth-pin-top',
            'Hold the top row of vertices in place',
          ),
          checkbox(
            'tethers',
            'Tethers',
            'prop-cloth-tethers',
            'Keep every vertex within its rest distance of the nearest pin (no stretching under its weight)',
          ),
        ]),
    button,
  );
}
