/**
 * The scene document as JSON in Monaco, with docs/scene.schema.json for validation, hover and
 * completion. Valid edits apply to the running preview after a short pause in typing; invalid
 * JSON, values the scene validator refuses and scenes that do not compile show as inline markers
 * and leave the last good scene running. Edits made elsewhere (panels, undo) replace the text while the editor is not the source.
 */
import './monaco-environment.ts';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution.js';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/editor/contrib/folding/browser/folding.js';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching.js';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError.js';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations.js';
import * as monaco from 'monaco-editor/editor/editor.api.js';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register.js';
import type { Scene } from '../../../core/scene/scene.ts';
import { validateScene } from '../../../core/scene/scene-validate.ts';
import sceneSchema from '../../../docs/scene.schema.json';
import { compileProblems } from '../editor/compile-problems.ts';
import type { Editor } from '../editor/editor.ts';
import { locatePointer } from '../editor/json-locate.ts';
import { replaceScene } from '../editor/scene-edits.ts';
import { el } from '../views/dom.ts';

/** Pause in typing before a valid text is applied to the preview, ms. */
const APPLY_DELAY_MS = 150;
const MODEL_URI = 'inmemory://softbody/scene.json';
const MARKER_OWNER = 'softbody-scene';

export function mountSceneEditor(panel: HTMLElement, editor: Editor): monaco.editor.IStandaloneCodeEditor {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    trailingCommas: 'error',
    schemas: [
      {
        uri: 'https://softbody.studio/schemas/scene.schema.json',
        fileMatch: [MODEL_URI],
        schema: sceneSchema,
      },
    ],
  });
  const status = el('div', { className: 'scene-editor-status', testId: 'scene-editor-status' });
  const host = el('div', { className: 'scene-editor-host', testId: 'scene-editor' });
  panel.replaceChildren(
    el('div', { className: 'scene-editor-header', text: 'Scene (JSON) — applies as you type' }),
    host,
    status,
  );
  const textOf = (scene: Scene) => `${JSON.stringify(scene, null, 2)}\n`;
  const model = monaco.editor.createModel(textOf(editor.state.scene), 'json', monaco.Uri.parse(MODEL_URI));
  const code = monaco.editor.create(host, {
    model,
    theme: 'vs-dark',
    automaticLayout: true,
    minimap: { enabled: false },
    fontSize: 12,
    tabSize: 2,
    scrollBeyondLastLine: false,
  });
  // Ctrl/Cmd+Z reaching the app while Monaco has focus undoes typing here, not in the document.
  editor.addFocusedUndo((command) => {
    if (!code.hasTextFocus()) return false;
    code.trigger('menu', command, null);
    return true;
  });

  /** The scene this editor last applied: when the document changes to it, the text stays as typed. */
  let applied: Scene | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const setStatus = (text: string, invalid: boolean) => {
    status.textContent = text;
    status.classList.toggle('invalid', invalid);
    panel.dataset.valid = String(!invalid);
  };
  setStatus('Valid: the preview runs this scene.', false);

  const apply = () => {
    const text = model.getValue();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      // Monaco's JSON worker marks the syntax error itself; the preview keeps the last good scene.
      monaco.editor.setModelMarkers(model, MARKER_OWNER, []);
      setStatus(`Invalid JSON (${(error as Error).message}); the preview keeps the last valid scene.`, true);
      return;
    }
    const problems = validateScene(value);
    // A mesh body needs a tet mesh the project holds (made by Tetrahedralize, kept beside the scene).
    if (problems.length === 0) problems.push(...editor.meshProblems(value as Scene));
    // What only compiling finds (a mesh file nobody loaded, a surface a cloth cannot be).
    if (problems.length === 0) problems.push(...compileProblems(value as Scene, editor.state.meshes));
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      problems.map((problem) => {
        const span = locatePointer(text, problem.pointer);
        const start = model.getPositionAt(span.start);
        const end = model.getPositionAt(span.end);
        return {
          severity: monaco.MarkerSeverity.Error,
          message: `${problem.pointer || '/'}: ${problem.message}`,
          startLineNumber: start.lineNumber,
          startColumn: start.column,
          endLineNumber: end.lineNumber,
          endColumn: end.column,
        };
      }),
    );
    if (problems.length > 0) {
      setStatus(`${problems[0].pointer || '/'}: ${problems[0].message}`, true);
      return;
    }
    const scene = value as Scene;
    applied = scene;
    if (editor.edit(() => replaceScene(scene))) setStatus('Valid: the preview runs this scene.', false);
  };
  model.onDidChangeContent(() => {
    if (syncing) return;
    clearTimeout(timer);
    timer = setTimeout(apply, APPLY_DELAY_MS);
  });

  let syncing = false;
  /** Shows the current scene as text (not undoable in Monaco: the document history undoes it). */
  const showScene = () => {
    applied = null;
    clearTimeout(timer);
    syncing = true;
    const view = code.saveViewState();
    model.setValue(textOf(editor.state.scene));
    if (view) code.restoreViewState(view);
    syncing = false;
    monaco.editor.setModelMarkers(model, MARKER_OWNER, []);
    setStatus('Valid: the preview runs this scene.', false);
  };
  // While the panel is hidden the text is left alone and brought up to date when it shows again.
  let stale = false;
  editor.store.subscribe((state, previous) => {
    if (state.scene === previous.scene || state.scene === applied) return;
    if (panel.hidden) stale = true;
    else showScene();
  });
  new MutationObserver(() => {
    if (!panel.hidden && stale) {
      stale = false;
      showScene();
    }
  }).observe(panel, { attributes: true, attributeFilter: ['hidden'] });
  return code;
}
