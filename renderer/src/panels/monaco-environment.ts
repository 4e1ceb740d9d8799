/**
 * Monaco's web workers, bundled by Vite (`?worker`) so they load from 'self' under the page's
 * CSP (worker-src 'self' blob:). Must run before the editor is created.
 */
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker.js?worker';

interface MonacoEnvironmentHolder {
  MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
}

(self as unknown as MonacoEnvironmentHolder).MonacoEnvironment = {
  getWorker: (_workerId, label) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};
