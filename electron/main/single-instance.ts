/**
 * One running app per user: a second launch (double-clicking another .sbproj, `softbody-studio
 * file.sbproj` in a shell) hands its command line to the first and quits, so one window opens
 * the file and the recovery copies have one writer. macOS delivers documents as `open-file`
 * events instead, to the running app.
 */
import type { App } from 'electron';
import { type DocumentQueue, documentPathFromArgv } from './open-documents.ts';

/** The parts of `app` used here. */
export type AppLike = Pick<App, 'requestSingleInstanceLock' | 'on' | 'quit'>;

export interface SingleInstanceOptions {
  documents: DocumentQueue;
  /** argv[1] is the app folder (`process.defaultApp`). */
  defaultApp: boolean;
  /** Brings the existing window forward (or opens one) when another launch is forwarded. */
  showWindow: () => void;
}

/**
 * Takes the single-instance lock and listens for documents. Returns false when another
 * instance holds the lock: this one has forwarded its argv and is quitting, and must not
 * open a window.
 */
export function claimSingleInstance(
  app: AppLike,
  argv: readonly string[],
  options: SingleInstanceOptions,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  const { documents, defaultApp } = options;
  const first = documentPathFromArgv(argv, { workingDirectory: process.cwd(), defaultApp });
  if (first) documents.open(first);

  app.on('second-instance', (_event, secondArgv, workingDirectory) => {
    options.showWindow();
    const path = documentPathFromArgv(secondArgv, { workingDirectory, defaultApp });
    if (path) documents.open(path);
  });
  app.on('open-file', (event, path) => {
    // Handled: without preventDefault macOS reports that the app could not open the file.
    event.preventDefault();
    documents.open(path);
    options.showWindow();
  });
  return true;
}
