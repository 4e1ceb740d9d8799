/**
 * Puts the calibration panel together: its state, the controller running worker jobs and the
 * panel under the plots. It follows the editor: the subject is the selected body's material at
 * the scene's solver budget, and a result made for other numbers shows as stale.
 */
import type { Editor } from '../editor/editor.ts';
import { watchMany } from '../panels/watch-many.ts';
import { createStore, type Store, watch } from '../state/store.ts';
import type { ToggleButtonProps } from '../views/toggle-panel.ts';
import { startCalibration } from './calibration-client.ts';
import { CalibrationController } from './calibration-controller.ts';
import { mountCalibrationPanel } from './calibration-panel.ts';
import { type CalibrationState, initialCalibrationState } from './calibration-state.ts';
import { calibrationSubject } from './calibration-subject.ts';

export interface CalibrationTool {
  store: Store<CalibrationState>;
  controller: CalibrationController;
}

/** `toggle`: the toggle's text, test id and tooltip, from the panel table. */
export function mountCalibration(
  plots: HTMLElement,
  editor: Editor,
  toggle: ToggleButtonProps,
): CalibrationTool {
  const store = createStore(initialCalibrationState());
  const controller = new CalibrationController(store, startCalibration);
  mountCalibrationPanel(
    {
      container: plots,
      toggle,
      subject: () => calibrationSubject(editor.state.scene, editor.state.selectedBody),
      // Only the scene and the selection matter: per-frame metrics do not re-render the panel.
      watchSubject: (listener) => watchMany(editor.store, [(s) => s.scene, (s) => s.selectedBody], listener),
      // A number that changes only with the body or the budget, not every frame.
      watchBodyResolution: (listener) =>
        watch(
          editor.store,
          (s) => (s.selectedBody === null ? null : (s.metrics?.[s.selectedBody]?.resolution ?? null)),
          listener,
        ),
    },
    store,
    controller,
  );
  return { store, controller };
}
