import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ipcContract } from '../../contract/ipc-parsers.ts';
import { MIGRATION_MARKER_FILE } from '../../electron/main/storage-migration.ts';
import { app, BrowserWindow, ipcMain, Menu, protocol, session } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const userData = await mkdtemp(join(tmpdir(), 'sb-entry-'));
afterAll(() => rm(userData, { recursive: true, force: true }));

describe('main entry', () => {
  it('on ready: hardens the session, registers every channel, installs the menu and opens the window', async () => {
    const defaultSession = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      webRequest: { onBeforeRequest: vi.fn(), onHeadersReceived: vi.fn() },
    };
    Object.assign(session, { defaultSession });
    app.getPath.mockImplementation((name: string) => join(userData, name));
    app.whenReady.mockImplementationOnce(() => Promise.resolve());

    await import('../../electron/main/index.ts');
    await vi.waitFor(() => expect(BrowserWindow.instances).toHaveLength(1));

    expect(defaultSession.setPermissionRequestHandler).toHaveBeenCalledOnce();
    expect(defaultSession.webRequest.onBeforeRequest).toHaveBeenCalledOnce();
    const invokeChannels = Object.values(ipcContract).filter((spec) => spec.kind === 'invoke');
    expect([...ipcMain.handlers.keys()].sort()).toEqual(invokeChannels.map((spec) => spec.channel).sort());
    expect(Menu.setApplicationMenu).toHaveBeenCalledOnce();
    const window = BrowserWindow.instances[0];
    const preferences = window.options.webPreferences as { preload: string; sandbox: boolean };
    expect(preferences.sandbox).toBe(true);
    expect(preferences.preload.endsWith(`${sep}preload${sep}index.cjs`)).toBe(true);
    expect(window.loadURL).toHaveBeenCalledWith('app://softbody/index.html');
    expect(window.loadFile).not.toHaveBeenCalled();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    expect(protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect((window.options.webPreferences as { devTools: boolean }).devTools).toBe(true);
    expect(window.webContents.listenerCount('render-process-gone')).toBe(1);
    expect(window.webContents.listenerCount('did-finish-load')).toBe(1);
    expect(app.on).toHaveBeenCalledWith('window-all-closed', expect.any(Function));
    expect(app.requestSingleInstanceLock).toHaveBeenCalledOnce();
    expect(app.on).toHaveBeenCalledWith('second-instance', expect.any(Function));
    expect(app.on).toHaveBeenCalledWith('open-file', expect.any(Function));
    // The one-time move of web storage from file:// ran (nothing to move here) and closed its window.
    await expect(stat(join(userData, 'userData', MIGRATION_MARKER_FILE))).resolves.toBeTruthy();
  });

  it('a second instance quits without waiting for ready or opening a window', async () => {
    vi.resetModules();
    BrowserWindow.instances = [];
    app.whenReady.mockClear();
    app.requestSingleInstanceLock.mockReturnValueOnce(false);
    await import('../../electron/main/index.ts');
    expect(app.quit).toHaveBeenCalled();
    expect(app.whenReady).not.toHaveBeenCalled();
    expect(BrowserWindow.instances).toEqual([]);
  });
});
