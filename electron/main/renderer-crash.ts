/**
 * When the page's process dies (a crash, the OOM killer, a GPU reset taking it down), the
 * window would stay blank with no word. Main tells the user instead and offers to reload: the
 * recovery copy the page wrote before dying stays in storage (nothing here or in the page's
 * start-up removes it), so the reloaded page offers to restore it.
 */
import type { MessageBoxOptions, RenderProcessGoneDetails } from 'electron';
import type { Logger } from './log.ts';

export const RELOAD_BUTTON = 0;

/** The dialog for a page process that ended for `details.reason`. */
export function rendererGoneMessage(
  details: Pick<RenderProcessGoneDetails, 'reason' | 'exitCode'>,
): MessageBoxOptions {
  const why =
    details.reason === 'oom'
      ? 'it ran out of memory'
      : details.reason === 'killed'
        ? 'it was stopped by the system'
        : `it ended unexpectedly (${details.reason}, exit code ${details.exitCode})`;
  return {
    type: 'error',
    title: 'The editor stopped',
    message: `The editor stopped: ${why}.`,
    detail:
      'Unsaved changes up to the last recovery copy are kept. Reload the editor to be offered them back.',
    buttons: ['Reload', 'Close Window'],
    defaultId: RELOAD_BUTTON,
    cancelId: 1,
    noLink: true,
  };
}

/** The parts of a window used here. */
export interface CrashWindow {
  webContents: {
    on(
      event: 'render-process-gone',
      listener: (event: unknown, details: RenderProcessGoneDetails) => void,
    ): unknown;
    reload(): void;
  };
  close(): void;
  isDestroyed(): boolean;
}

export function handleRendererGone(
  window: CrashWindow,
  showMessageBox: (options: MessageBoxOptions) => Promise<{ response: number }>,
  log: Logger,
): void {
  window.webContents.on('render-process-gone', (_event, details) => {
    // 'clean-exit' is the window closing normally: nothing was lost.
    if (details.reason === 'clean-exit') return;
    log.error(`the page process is gone: ${details.reason} (exit code ${details.exitCode})`);
    showMessageBox(rendererGoneMessage(details))
      .then(({ response }) => {
        if (window.isDestroyed()) return;
        if (response === RELOAD_BUTTON) window.webContents.reload();
        else window.close();
      })
      .catch((error: unknown) => log.error(`cannot report the stopped page: ${String(error)}`));
  });
}
