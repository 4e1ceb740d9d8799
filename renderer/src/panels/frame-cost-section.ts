/**
 * The selected body's frame cost in the properties panel: "≈ X ms/frame here, Y ms/frame in Jolt
 * (N substeps)", measured in a worker (renderer/src/budget) and read against the scene's frame
 * budget per body, in the warning style when over it. The budget itself is edited in the Solver
 * section (budgetFields).
 */

import { frameBudgetOf, RUNTIME_LABELS } from '../../../core/budget/frame-budget.ts';
import { describeFrameCost, measuredMs } from '../../../core/budget/frame-cost.ts';
import type { FrameBudget } from '../../../core/scene/scene.ts';
import { simulationMeshOf } from '../../../core/scene/scene-meshes.ts';
import type { FrameCostClient } from '../budget/frame-cost-client.ts';
import type { FrameCostRequest } from '../budget/protocol.ts';
import type { Editor } from '../editor/editor.ts';
import { meshesOfScene } from '../editor/mesh-body.ts';
import { setFrameBudget } from '../editor/scene-edits.ts';
import { el } from '../views/dom.ts';
import { numberField, row, section, selectField } from './fields.ts';

export function frameCostSection(editor: Editor, bodyName: string, client: FrameCostClient): HTMLElement {
  const { scene, meshes } = editor.state;
  const request: FrameCostRequest = {
    scene,
    meshes: [...meshesOfScene(scene, meshes)].map(([path, mesh]) => [path, simulationMeshOf(mesh)]),
    body: bodyName,
  };
  const state = client.state(request);
  const budget = frameBudgetOf(scene);
  const limit = `budget ${budget.frameMsPerBody} ms per body in ${RUNTIME_LABELS[budget.runtime]}`;
  let text: string;
  let over = false;
  if (state.status === 'measuring') text = 'measuring…';
  else if (state.status === 'failed') text = `not measured: ${state.message}`;
  else {
    over = measuredMs(state.cost) > budget.frameMsPerBody;
    text = describeFrameCost(state.cost);
  }
  const readout = el('span', {
    className: `readout${over ? ' readout-warning' : ''}`,
    testId: 'prop-frame-cost',
    text,
    title: `Median wall time per 60 Hz frame of this body alone, in this engine at the scene's substeps and in the runtime as exported (${limit}${over ? ': over it' : ''})`,
  });
  readout.dataset.status = state.status === 'done' ? (over ? 'over-budget' : 'within-budget') : state.status;
  return section('Frame cost', row('Per frame', readout));
}

/** The Solver section's budget fields: ms per body, and the runtime it is for. */
export function budgetFields(editor: Editor): HTMLElement[] {
  const budget = frameBudgetOf(editor.state.scene);
  const set = (next: FrameBudget) => editor.edit((scene) => setFrameBudget(scene, next));
  return [
    numberField({
      label: 'Frame budget per body',
      testId: 'solver-budget-ms',
      value: budget.frameMsPerBody,
      unit: 'ms',
      title:
        'Wall time one body may take per 60 Hz frame in the runtime; the Frame cost readout warns above it',
      onCommit: (value) => set({ ...budget, frameMsPerBody: value }),
    }),
    selectField<FrameBudget['runtime']>({
      label: 'Budget runtime',
      testId: 'solver-budget-runtime',
      value: budget.runtime,
      choices: Object.entries(RUNTIME_LABELS).map(([value, text]) => ({
        value: value as FrameBudget['runtime'],
        text,
      })),
      onChange: (runtime) => set({ ...budget, runtime }),
    }),
  ];
}
