/**
 * The Electron security checklist, one test per item, each against the code that implements
 * it (Electron's docs/tutorial/security.md, plus the items of this app's own hardening: the
 * app:// protocol, fuses, file access, saving, crashes, instances, recovery). The detailed
 * behaviour of each item is tested beside its module; these tests fail if an item is dropped.
 */
import { EventEmitter } from 'node:events';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FuseV1Options } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ipcContract } from '../../contract/ipc-parsers.ts';
import { type AppOrigin, devServerUrlFrom, isAppRequest } from '../../electron/main/app-origin.ts';
import { registerAppScheme } from '../../electron/main/app-protocol.ts';
import { resolveAppRequest } from '../../electron/main/app-url.ts';
import { writeFileAtomic } from '../../electron/main/atomic-write.ts';
import { cspProblems, findCspMetaTag } from '../../electron/main/content-security-policy.ts';
import { PathAllowList } from '../../electron/main/file-access.ts';
import { createHostHandlers, type HostHandlers } from '../../electron/main/host-handlers.ts';
import { createIpcDispatcher } from '../../electron/main/ipc-handlers.ts';
import type { Logger } from '../../electron/main/log.ts';
import { DocumentQueue } from '../../electron/main/open-documents.ts';
import { PreferencesStore } from '../../electron/main/preferences.ts';
import { RecentFiles } from '../../electron/main/recent-files.ts';
import { handleRendererGone } from '../../electron/main/renderer-crash.ts';
import { hardenSession } from '../../electron/main/session-policy.ts';
import { claimSingleInstance } from '../../electron/main/single-instance.ts';
import { sweepStaleTemporaryFiles } from '../../electron/main/temp-files.ts';
import { createMainWindow } from '../../electron/main/window.ts';
import config from '../../electron-builder.config.ts';
import { FUSES } from '../../scripts/packaging/fuses.ts';
import { BrowserWindow, dialog, resetFakeElectron } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const root = resolve(import.meta.dirname, '..', '..');
const silent: Logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const production: AppOrigin = { rendererIndexFile: join(root, 'out', 'renderer', 'index.html') };
const APP_PAGE = 'app://softbody/index.html';

function packagedWindowPreferences(): Record<string, unknown> {
  resetFakeElectron();
  createMainWindow({ preloadPath: '/p/index.cjs', origin: production, log: silent, devTools: false });
  return BrowserWindow.instances[0].options.webPreferences as Record<string, unknown>;
}

let dir: string;
let handlers: HostHandlers;
beforeAll(async () => {
  dir = await fs.mkdtemp(join(tmpdir(), 'sb-checklist-'));
  await fs.mkdir(join(dir, 'user'));
  handlers = createHostHandlers({
    allowList: new PathAllowList(),
    recent: await RecentFiles.load(join(dir, 'user'), silent),
    preferences: await PreferencesStore.load(join(dir, 'user'), silent),
    defaultSaveFolder: dir,
  });
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

async function openMesh(name: string, content: string): Promise<string> {
  const path = join(dir, name);
  await fs.writeFile(path, content);
  dialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [path] });
  await handlers.openMesh({ window: null });
  return path;
}

describe('Electron checklist', () => {
  it('1. context isolation is on', () => {
    expect(packagedWindowPreferences().contextIsolation).toBe(true);
  });

  it('2. the renderer is sandboxed', () => {
    expect(packagedWindowPreferences().sandbox).toBe(true);
  });

  it('3. no Node integration in the page, its workers or its frames', () => {
    const preferences = packagedWindowPreferences();
    expect([
      preferences.nodeIntegration,
      preferences.nodeIntegrationInWorker,
      preferences.nodeIntegrationInSubFrames,
    ]).toEqual([false, false, false]);
  });

  it('4. web security stays on, no insecure content, no <webview>', () => {
    expect(packagedWindowPreferences()).toMatchObject({
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('5. DevTools are off in a packaged app', () => {
    expect(packagedWindowPreferences().devTools).toBe(false);
  });

  it('6. the page carries a strict Content-Security-Policy (scripts its own, style elements by nonce)', async () => {
    const policy = findCspMetaTag(await fs.readFile(join(root, 'renderer', 'index.html'), 'utf8'));
    expect(policy).toBeDefined();
    expect(cspProblems(policy!)).toEqual([]);
  });

  it('7. no remote content: requests outside the app are cancelled', () => {
    const onBeforeRequest = vi.fn();
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      webRequest: { onBeforeRequest },
    };
    hardenSession(session as never, production, silent);
    const filter = onBeforeRequest.mock.calls[0][0];
    const answer = vi.fn();
    filter({ url: 'https://cdn.example.com/x.js' }, answer);
    expect(answer).toHaveBeenCalledWith({ cancel: true });
    expect(isAppRequest(production, 'file:///etc/passwd')).toBe(false);
  });

  it('8. every permission request is denied', () => {
    const setPermissionRequestHandler = vi.fn();
    const session = {
      setPermissionRequestHandler,
      setPermissionCheckHandler: vi.fn(),
      webRequest: { onBeforeRequest: vi.fn() },
    };
    hardenSession(session as never, production, silent);
    const callback = vi.fn();
    setPermissionRequestHandler.mock.calls[0][0]({}, 'geolocation', callback);
    expect(callback).toHaveBeenCalledWith(false);
  });

  it('9. navigation away from the app page is prevented', () => {
    resetFakeElectron();
    createMainWindow({ preloadPath: '/p.cjs', origin: production, log: silent, devTools: false });
    const event = { preventDefault: vi.fn() };
    BrowserWindow.instances[0].webContents.emit('will-navigate', event, 'https://example.com/');
    expect(event.preventDefault).toHaveBeenCalledOnce();
  });

  it('10. new windows are denied', () => {
    resetFakeElectron();
    createMainWindow({ preloadPath: '/p.cjs', origin: production, log: silent, devTools: false });
    expect(BrowserWindow.instances[0].webContents.windowOpenHandler?.({ url: APP_PAGE })).toEqual({
      action: 'deny',
    });
  });

  it('11. IPC answers only the app page, and validates every argument', async () => {
    const dispatch = createIpcDispatcher(handlers, (url) => url === APP_PAGE, silent);
    const from = (url: string) => ({ senderFrame: { url }, sender: {} }) as never;
    const foreign = await dispatch(ipcContract.recentFiles.channel, from('file:///tmp/evil.html'), []);
    expect(foreign).toMatchObject({ ok: false, error: { name: 'ForbiddenSender' } });
    const malformed = await dispatch(ipcContract.openRecent.channel, from(APP_PAGE), [42]);
    expect(malformed).toMatchObject({ ok: false, error: { name: 'InvalidArgument' } });
  });

  it('12. main never hands URLs to the OS (no shell.openExternal)', async () => {
    const folder = join(root, 'electron');
    const files = (await fs.readdir(folder, { recursive: true })).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files)
      expect(await fs.readFile(join(folder, file), 'utf8'), file).not.toMatch(/openExternal/);
  });

  it('13. a packaged app never loads a page named by its environment', () => {
    expect(devServerUrlFrom('http://localhost:5173/', true)).toBeUndefined();
  });

  it('14. the page is served over a privileged app:// scheme, not file://, with traversal refused', () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn() };
    registerAppScheme(protocol);
    expect(protocol.registerSchemesAsPrivileged.mock.calls[0][0][0]).toMatchObject({ scheme: 'app' });
    resetFakeElectron();
    createMainWindow({ preloadPath: '/p.cjs', origin: production, log: silent, devTools: false });
    expect(BrowserWindow.instances[0].loadURL).toHaveBeenCalledWith(APP_PAGE);
    expect(
      resolveAppRequest(join(root, 'out', 'renderer'), 'app://softbody/..%2f..%2fpackage.json'),
    ).toBeUndefined();
  });

  it('15. fuses: no run-as-Node, NODE_OPTIONS or --inspect; asar only, integrity-checked; cookies encrypted', () => {
    expect(config.afterPack).toBeTypeOf('function');
    expect(FUSES).toMatchObject({
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.EnableCookieEncryption]: true,
    });
  });

  it('16. openRelated reads only the names the opened mesh refers to', async () => {
    const gltf = await openMesh('refs.gltf', '{"buffers":[{"uri":"refs.bin"}]}');
    await fs.writeFile(join(dir, 'refs.bin'), 'BIN');
    await fs.writeFile(join(dir, 'unrelated.bin'), 'NO');
    await expect(handlers.openRelated({ window: null }, gltf, 'refs.bin')).resolves.toMatchObject({
      name: 'refs.bin',
    });
    await expect(handlers.openRelated({ window: null }, gltf, 'unrelated.bin')).rejects.toMatchObject({
      name: 'PathNotAllowed',
    });
  });

  it.skipIf(process.platform === 'win32')(
    '17. openRelated does not follow a link out of the mesh folder',
    async () => {
      await fs.mkdir(join(dir, 'mesh'));
      await fs.writeFile(join(dir, 'outside.png'), 'SECRET');
      await fs.symlink(join(dir, 'outside.png'), join(dir, 'mesh', 'skin.png'));
      const path = join('mesh', 'link.gltf');
      const gltf = await openMesh(path, '{"images":[{"uri":"skin.png"}]}');
      await expect(handlers.openRelated({ window: null }, gltf, 'skin.png')).rejects.toMatchObject({
        name: 'PathNotAllowed',
      });
    },
  );

  it('18. saves go only to a path chosen in a save dialog or to the opened document', async () => {
    const mesh = await openMesh('only-opened.obj', 'v 0 0 0');
    const request = { suggestedName: 'x.obj', bytes: new Uint8Array([1]), path: mesh };
    await expect(handlers.saveFile({ window: null }, request)).rejects.toMatchObject({
      name: 'PathNotAllowed',
    });
    expect(await fs.readFile(mesh, 'utf8')).toBe('v 0 0 0');
  });

  it('19. a dead page process is reported and can be reloaded', async () => {
    const webContents = Object.assign(new EventEmitter(), { reload: vi.fn() });
    const show = vi.fn(async () => ({ response: 0 }));
    handleRendererGone({ webContents, close: vi.fn(), isDestroyed: () => false }, show, silent);
    webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 1 });
    await vi.waitFor(() => expect(webContents.reload).toHaveBeenCalledOnce());
  });

  it('20. one instance: a second launch hands over its document and quits', () => {
    const app = { requestSingleInstanceLock: vi.fn(() => false), quit: vi.fn(), on: vi.fn() };
    expect(
      claimSingleInstance(app as never, ['exe', 'a.sbproj'], {
        documents: new DocumentQueue(),
        defaultApp: false,
        showWindow: vi.fn(),
      }),
    ).toBe(false);
    expect(app.quit).toHaveBeenCalledOnce();
  });

  it('21. recovery copies live in slots per instance and document', async () => {
    // Renderer code: loaded by a computed name so this node-side test does not typecheck it
    // without the DOM types it needs (test/renderer/recovery/recovery-slots.test.ts covers it).
    const recoveryModule = '../../renderer/src/recovery/recovery-copy.ts';
    const { recoverySlotKey } = (await import(/* @vite-ignore */ recoveryModule)) as {
      recoverySlotKey: (instanceId: string, document: string) => string;
    };
    expect(recoverySlotKey('one', 'a.sbproj')).not.toBe(recoverySlotKey('two', 'a.sbproj'));
    expect(recoverySlotKey('one', 'a.sbproj')).not.toBe(recoverySlotKey('one', 'b.sbproj'));
  });

  it.skipIf(process.platform === 'win32')(
    '22. an atomic save through a link writes the real file and keeps the link',
    async () => {
      await fs.writeFile(join(dir, 'target.sbproj'), 'OLD');
      await fs.symlink(join(dir, 'target.sbproj'), join(dir, 'via-link.sbproj'));
      await writeFileAtomic(join(dir, 'via-link.sbproj'), new TextEncoder().encode('NEW'));
      expect(await fs.readFile(join(dir, 'target.sbproj'), 'utf8')).toBe('NEW');
      expect((await fs.lstat(join(dir, 'via-link.sbproj'))).isSymbolicLink()).toBe(true);
    },
  );

  it('23. stale temporary files of a save are swept', async () => {
    const stale = join(dir, 'swept.sbproj.tmp-00000000abcd');
    await fs.writeFile(stale, 'x');
    await fs.utimes(stale, new Date(0), new Date(0));
    const removed = await sweepStaleTemporaryFiles(
      join(dir, 'swept.sbproj'),
      { readdir: (p) => fs.readdir(p), lstat: fs.lstat, rm: fs.rm },
      Date.UTC(2030, 0, 1),
    );
    expect(removed).toEqual([stale]);
  });

  it('24. where the folder takes no new file but the file is writable, the save writes in place', async () => {
    const target = join(dir, 'shared.sbproj');
    await fs.writeFile(target, 'OLD CONTENT');
    const refuseNewFiles = (async (path: string, flags: string, mode?: number) => {
      if (flags === 'wx') throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      return fs.open(path, flags, mode);
    }) as typeof fs.open;
    await writeFileAtomic(
      target,
      new TextEncoder().encode('NEW'),
      { open: refuseNewFiles },
      { backupFolder: dir },
    );
    expect(await fs.readFile(target, 'utf8')).toBe('NEW');
  });
});
