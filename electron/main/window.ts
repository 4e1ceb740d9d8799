/**
 * The main window, hardened in one place (Electron's security checklist): an isolated,
 * sandboxed renderer without Node, no navigation away from the app, no new windows, no
 * <webview>. The page only reaches the host through the preload's `softbodyHost`.
 */
import { BrowserWindow, type WebContents, type WebPreferences } from 'electron';
import { type AppOrigin, isAppPage } from './app-origin.ts';
import { APP_INDEX_URL } from './app-url.ts';
import type { Logger } from './log.ts';

export interface MainWindowOptions {
  /** The built preload bundle (CommonJS: sandboxed preloads cannot be ES modules). */
  preloadPath: string;
  origin: AppOrigin;
  log: Logger;
  /** False in a packaged app: DevTools would hand anyone at the keyboard the page's host access. */
  devTools: boolean;
}

export function hardenedWebPreferences(preloadPath: string, devTools: boolean): WebPreferences {
  return {
    preload: preloadPath,
    devTools,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
  };
}

/** Refuses navigation away from the app, pop-ups and <webview>: the app is one page. */
export function guardWebContents(contents: WebContents, origin: AppOrigin, log: Logger): void {
  // Reloading the app page itself stays possible (the dev server's full reload does it).
  contents.on('will-navigate', (event, url) => {
    if (!isAppPage(origin, url)) {
      event.preventDefault();
      log.warn(`blocked navigation to ${url}`);
    }
  });
  contents.on('will-frame-navigate', (event) => {
    if (!isAppPage(origin, event.url)) {
      event.preventDefault();
      log.warn(`blocked a frame navigating to ${event.url}`);
    }
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppPage(origin, url)) {
      event.preventDefault();
      log.warn(`blocked a redirect to ${url}`);
    }
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    log.warn('blocked a <webview>');
  });
  contents.setWindowOpenHandler(({ url }) => {
    log.warn(`blocked a new window for ${url}`);
    return { action: 'deny' };
  });
}

export function createMainWindow({ preloadPath, origin, log, devTools }: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Softbody Studio',
    backgroundColor: '#1e1f22',
    webPreferences: hardenedWebPreferences(preloadPath, devTools),
  });
  guardWebContents(window.webContents, origin, log);
  window.once('ready-to-show', () => window.show());
  // The built page comes over app:// (app-protocol.ts), never file://.
  const loaded = window.loadURL(origin.devServerUrl ? origin.devServerUrl.href : APP_INDEX_URL);
  loaded.catch((error: unknown) => log.error(`cannot load the renderer: ${String(error)}`));
  return window;
}
