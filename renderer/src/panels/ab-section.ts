/**
 * The properties panel's comparison controls, as a technical artist uses an A/B view: on the
 * selected body, "Duplicate for A/B" with the material B gets picked beside it (one undo step), and
 * the "PBD vs XPBD side by side" toggle; below, the A/B section with the two bodies' parameters
 * side by side (ab-table.ts) and, for PBD vs XPBD, the substeps and PBD iterations to turn while
 * watching the PBD copy's sag drift and the XPBD body's stay.
 */
import { builtInMaterials } from '../../../core/material/library.ts';
import type { BodySpec } from '../../../core/scene/scene.ts';
import {
  defaultABMaterial,
  duplicateForAB,
  pbdSideBySide,
  removeComparisonCopy,
  setPbdIterations,
} from '../editor/ab-edits.ts';
import type { Editor } from '../editor/editor.ts';
import { setSolverField } from '../editor/scene-edits.ts';
import { el } from '../views/dom.ts';
import { showPressed, toggleButton, toolButton } from '../views/toggle-panel.ts';
import { abTable } from './ab-table.ts';
import { numberField, section, selectField } from './fields.ts';

/** The material picked for B, per body name, kept while the panel rebuilds. */
const pickedMaterial = new Map<string, string>();

function libraryFor(spec: BodySpec) {
  const kind = spec.model === 'cloth' ? 'cloth' : 'solid';
  return builtInMaterials().filter((m) => m.kind === kind);
}

/** Duplicate for A/B with `material` (the picker's choice, else the first library material that differs). */
export function duplicateSelectedForAB(editor: Editor, index: number, materialName?: string): boolean {
  const spec = editor.state.scene.bodies[index];
  if (!spec) return false;
  const library = libraryFor(spec);
  const material =
    library.find((m) => m.name === (materialName ?? pickedMaterial.get(spec.name))) ??
    defaultABMaterial(library, spec);
  if (!material) return false;
  return editor.compare((scene) => duplicateForAB(scene, editor.state.meshes, index, material));
}

/** Whether body `name` is one side of a PBD vs XPBD pair still in the scene. */
function pbdPairOf(editor: Editor, name: string) {
  const comparison = editor.state.comparison;
  if (comparison?.kind !== 'pbd-vs-xpbd' || (comparison.a !== name && comparison.b !== name)) return null;
  const names = editor.state.scene.bodies.map((b) => b.name);
  return names.includes(comparison.a) && names.includes(comparison.b) ? comparison : null;
}

/** The Compare section of the selected body. */
export function compareSection(editor: Editor, index: number, spec: BodySpec): HTMLElement {
  const library = libraryFor(spec);
  const chosen = pickedMaterial.get(spec.name) ?? defaultABMaterial(library, spec)?.name ?? '';
  const picker = selectField({
    label: 'B material',
    testId: 'ab-material',
    value: chosen,
    title: 'The library material the A/B copy gets',
    choices: library.map((m) => ({ value: m.name, text: m.name })),
    onChange: (name) => pickedMaterial.set(spec.name, name),
  });
  const duplicate = toolButton({
    text: 'Duplicate for A/B',
    testId: 'ab-duplicate',
    title: 'Add a copy of this body beside it, made of the B material, and compare the two (one undo step)',
  });
  duplicate.addEventListener('click', () =>
    duplicateSelectedForAB(editor, index, pickedMaterial.get(spec.name) ?? chosen),
  );
  const pair = pbdPairOf(editor, spec.name);
  const pbd = toggleButton({
    text: 'PBD vs XPBD side by side',
    testId: 'ab-pbd-toggle',
    title:
      'Add a classic-PBD copy of this body beside it (preview only, never exported) to see its stiffness change with the substeps while XPBD keeps the material',
  });
  showPressed(pbd, pair !== null);
  pbd.addEventListener('click', () => {
    if (pair) editor.edit((scene) => removeComparisonCopy(scene, pair));
    else editor.compare((scene) => pbdSideBySide(scene, editor.state.meshes, index));
  });
  return section('Compare', picker, el('div', { className: 'ab-buttons' }, [duplicate, pbd]));
}

/** The A/B section, when the scene holds both bodies of the editor's comparison; else null. */
export function abSection(editor: Editor): HTMLElement | null {
  const comparison = editor.state.comparison;
  if (!comparison) return null;
  const table = abTable(editor, comparison);
  if (!table) return null;
  const fields: HTMLElement[] = [];
  if (comparison.kind === 'pbd-vs-xpbd') {
    const scene = editor.state.scene;
    const b = scene.bodies.findIndex((body) => body.name === comparison.b);
    const copy = scene.bodies[b];
    fields.push(
      numberField({
        label: 'Substeps',
        testId: 'ab-substeps',
        value: scene.solver.substeps,
        title: "Substeps per frame, for both bodies: PBD's sag moves with them (∝ h²), XPBD's does not",
        onCommit: (value) => editor.edit((s) => setSolverField(s, 'substeps', value)),
      }),
      numberField({
        label: 'PBD iterations',
        testId: 'ab-pbd-iterations',
        value: copy?.solver?.method === 'pbd' ? (copy.solver.iterations ?? 1) : 1,
        title: "Sweeps per substep of the PBD copy (k' = 1 − (1 − k)^(1/n) keeps k per substep)",
        onCommit: (value) => editor.edit((s) => setPbdIterations(s, b, value)),
      }),
    );
  }
  const container = section(
    comparison.kind === 'material' ? 'A/B' : 'A/B: XPBD vs classic PBD',
    ...fields,
    el('p', {
      className: 'panel-note',
      text: 'Highlighted rows differ; live rows follow the simulation.',
    }),
    table,
  );
  container.dataset.testid = 'ab-section';
  return container;
}
