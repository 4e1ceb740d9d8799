/**
 * Main-process entry: wires the app lifecycle to the pieces in this folder. All behaviour
 * lives in those modules (and is unit-tested there); this file only connects them.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, session } from 'electron';
import { hostChannels } from '../../contract/host-api.ts';
import { showAboutDialog } from './about.ts';
import { type AppOrigin, devServerUrlFrom, isAppPage } from './app-origin.ts';
import { handleAppProtocol, registerAppScheme } from './app-protocol.ts';
import { APP_ORIGIN } from './app-url.ts';
import { PathAllowList } from './file-access.ts';
import { createHostHandlers } from './host-handlers.ts';
import { createIpcDispatcher, registerIpcHandlers } from './ipc-handlers.ts';
import { createLogger } from './log.ts';
import { installApplicationMenu, sendMenuCommand } from './menu.ts';
import { DocumentQueue, deliverDocumentsTo } from './open-documents.ts';
import { PreferencesStore } from './preferences.ts';
import { RecentFiles } from './recent-files.ts';
import { handleRendererGone } from './renderer-crash.ts';
import { hardenSession } from './session-policy.ts';
import { claimSingleInstance } from './single-instance.ts';
import { moveFileStorageOnce } from './storage-migration.ts';
import { createMainWindow } from './window.ts';

const APP_NAME = 'Softbody Studio';
const log = createLogger('app');
// Built layout: out/main/index.js, out/preload/index.cjs, out/renderer/index.html.
const here = dirname(fileURLToPath(import.meta.url));
const preloadPath = join(here, '..', 'preload', 'index.cjs');
const origin: AppOrigin = {
  rendererIndexFile: join(here, '..', 'renderer', 'index.html'),
  devServerUrl: devServerUrlFrom(process.env.ELECTRON_RENDERER_URL, app.isPackaged),
};

app.setName(APP_NAME);
registerAppScheme(protocol);

const documents = new DocumentQueue();
let mainWindow: BrowserWindow | undefined;
/** Set once the app is ready: opens the main window and connects it to `documents`. */
let openMainWindow: (() => void) | undefined;

/** Brings the window forward for a document handed over by the OS, opening one if none is left. */
function showMainWindow(): void {
  if (mainWindow && !mainWindow.isDestroyed()) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  } else {
    openMainWindow?.();
  }
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  const [recent, preferences] = await Promise.all([
    RecentFiles.load(userData, createLogger('recent')),
    PreferencesStore.load(userData, createLogger('preferences')),
  ]);

  handleAppProtocol(protocol, dirname(origin.rendererIndexFile), createLogger('app-protocol'));
  // Before the session refuses file:// (the move reads the old origin through a page of its own
  // there) and before the page opens (so it finds its data at once). The dev server's origin
  // never was file://.
  if (!origin.devServerUrl)
    await moveFileStorageOnce({
      userData,
      appUrl: `${APP_ORIGIN}/storage-migration`,
      openHiddenWindow: () =>
        new BrowserWindow({
          show: false,
          webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, devTools: false },
        }),
      log: createLogger('storage'),
    });
  hardenSession(session.defaultSession, origin, createLogger('session'));

  const allowList = new PathAllowList();
  const handlers = createHostHandlers({
    allowList,
    recent,
    preferences,
    defaultSaveFolder: app.getPath('documents'),
  });
  const ipcLog = createLogger('ipc');
  registerIpcHandlers(
    ipcMain,
    createIpcDispatcher(handlers, (url) => isAppPage(origin, url), ipcLog),
  );

  const menuLog = createLogger('menu');
  const installMenu = () =>
    installApplicationMenu(
      {
        platform: process.platform,
        isDev: origin.devServerUrl !== undefined,
        appName: APP_NAME,
        recent: recent.list(),
      },
      {
        send: (command, detail = {}) => sendMenuCommand(command, detail, menuLog),
        showAbout: () =>
          showAboutDialog(BrowserWindow.getFocusedWindow(), APP_NAME, app.getVersion()).catch(
            (error: unknown) => menuLog.error(`cannot show About: ${String(error)}`),
          ),
        clearRecent: () => void recent.clear(),
      },
    );
  installMenu();
  recent.onChange(installMenu);

  const windowLog = createLogger('window');
  openMainWindow = () => {
    const window = createMainWindow({ preloadPath, origin, log: windowLog, devTools: !app.isPackaged });
    deliverDocumentsTo(window, documents, (path) => allowList.allow(path), hostChannels.onMenuCommand);
    handleRendererGone(window, (options) => dialog.showMessageBox(window, options), windowLog);
    mainWindow = window;
  };
  openMainWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openMainWindow?.();
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

const isFirstInstance = claimSingleInstance(app, process.argv, {
  documents,
  defaultApp: process.defaultApp === true,
  showWindow: showMainWindow,
});

// A second launch has forwarded its document to the running app and quits without a window.
if (isFirstInstance) {
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      log.error(
        `start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      app.exit(1);
    });
}
