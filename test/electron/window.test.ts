import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AppOrigin, devServerUrlFrom, isAppPage, isAppRequest } from '../../electron/main/app-origin.ts';
import type { Logger } from '../../electron/main/log.ts';
import { hardenSession } from '../../electron/main/session-policy.ts';
import { createMainWindow } from '../../electron/main/window.ts';
import { BrowserWindow, resetFakeElectron } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const silent: Logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
const rendererIndexFile = join('/', 'opt', 'softbody', 'out', 'renderer', 'index.html');
const production: AppOrigin = { rendererIndexFile };
const development: AppOrigin = { rendererIndexFile, devServerUrl: new URL('http://localhost:5173/') };
const appUrl = 'app://softbody/index.html';

beforeEach(() => resetFakeElectron());

function openWindow(origin: AppOrigin = production) {
  createMainWindow({
    preloadPath: '/opt/softbody/out/preload/index.cjs',
    origin,
    log: silent,
    devTools: false,
  });
  const window = BrowserWindow.instances.at(-1)!;
  return { window, contents: window.webContents };
}

describe('main window', () => {
  it('isolates and sandboxes the page, without Node and with web security', () => {
    const { window } = openWindow();
    expect(window.options.webPreferences).toMatchObject({
      preload: '/opt/softbody/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      devTools: false,
    });
  });

  it('keeps DevTools when the app is not packaged', () => {
    createMainWindow({ preloadPath: '/p.cjs', origin: production, log: silent, devTools: true });
    expect(BrowserWindow.instances.at(-1)!.options.webPreferences).toMatchObject({ devTools: true });
  });

  it('prevents navigation away from the app page and lets it reload itself', () => {
    const { contents } = openWindow();
    const builtPage = pathToFileURL(rendererIndexFile).href;
    for (const url of [
      'https://example.com/',
      'file:///etc/passwd',
      builtPage,
      'app://softbody/other.html',
    ]) {
      const event = { preventDefault: vi.fn() };
      contents.emit('will-navigate', event, url);
      expect(event.preventDefault, url).toHaveBeenCalledOnce();
    }
    const reload = { preventDefault: vi.fn() };
    contents.emit('will-navigate', reload, appUrl);
    expect(reload.preventDefault).not.toHaveBeenCalled();
  });

  it('prevents frames and redirects from leaving the app', () => {
    const { contents } = openWindow();
    const frame = { url: 'https://example.com/', preventDefault: vi.fn() };
    contents.emit('will-frame-navigate', frame);
    expect(frame.preventDefault).toHaveBeenCalledOnce();
    const redirect = { preventDefault: vi.fn() };
    contents.emit('will-redirect', redirect, 'https://example.com/');
    expect(redirect.preventDefault).toHaveBeenCalledOnce();
  });

  it('denies every new window and <webview>', () => {
    const { contents } = openWindow();
    expect(contents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler?.({ url: appUrl })).toEqual({ action: 'deny' });
    const event = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', event, {}, {});
    expect(event.preventDefault).toHaveBeenCalledOnce();
  });

  it('loads the built page over app:// in production and shows it once ready', () => {
    const { window } = openWindow();
    expect(window.loadURL).toHaveBeenCalledExactlyOnceWith('app://softbody/index.html');
    expect(window.loadFile).not.toHaveBeenCalled();
    expect(window.show).not.toHaveBeenCalled();
    window.emit('ready-to-show');
    expect(window.show).toHaveBeenCalledOnce();
  });

  it('loads the dev server during development', () => {
    const { window } = openWindow(development);
    expect(window.loadURL).toHaveBeenCalledWith('http://localhost:5173/');
  });
});

describe('app origin', () => {
  it('accepts only the app page as an IPC sender', () => {
    expect(isAppPage(production, appUrl)).toBe(true);
    expect(isAppPage(production, `${appUrl}#/x`)).toBe(true);
    expect(isAppPage(production, 'app://softbody/other.html')).toBe(false);
    expect(isAppPage(production, 'app://elsewhere/index.html')).toBe(false);
    // The built page loaded from disk is not the app: only app:// is.
    expect(isAppPage(production, pathToFileURL(rendererIndexFile).href)).toBe(false);
    expect(isAppPage(production, 'http://localhost:5173/')).toBe(false);
    expect(isAppPage(development, 'http://localhost:5173/index.html')).toBe(true);
    expect(isAppPage(development, 'http://localhost:5174/')).toBe(false);
    expect(isAppPage(production, 'not a url')).toBe(false);
  });

  it('allows requests for the app files and in-page data only', () => {
    expect(isAppRequest(production, 'app://softbody/assets/index.js')).toBe(true);
    expect(isAppRequest(production, 'app://other/assets/index.js')).toBe(false);
    expect(isAppRequest(production, 'data:image/png;base64,AAAA')).toBe(true);
    expect(isAppRequest(production, 'blob:app://softbody/1234')).toBe(true);
    expect(isAppRequest(production, 'file:///etc/passwd')).toBe(false);
    expect(
      isAppRequest(production, pathToFileURL(join('/', 'opt', 'softbody', 'out', 'renderer', 'a.js')).href),
    ).toBe(false);
    expect(isAppRequest(production, 'https://cdn.example.com/three.js')).toBe(false);
    expect(isAppRequest(production, 'http://localhost:5173/src/main.ts')).toBe(false);
    expect(isAppRequest(development, 'http://localhost:5173/src/main.ts')).toBe(true);
    expect(isAppRequest(development, 'ws://localhost:5173/')).toBe(true);
    expect(isAppRequest(development, 'http://localhost:8080/')).toBe(false);
  });

  it('takes the dev server URL only when unpackaged and on this machine', () => {
    expect(devServerUrlFrom('http://localhost:5173/', false)?.href).toBe('http://localhost:5173/');
    expect(devServerUrlFrom('http://127.0.0.1:5173', false)?.port).toBe('5173');
    expect(devServerUrlFrom('http://localhost:5173/', true)).toBeUndefined();
    expect(devServerUrlFrom('https://example.com/', false)).toBeUndefined();
    expect(devServerUrlFrom('file:///tmp/index.html', false)).toBeUndefined();
    expect(devServerUrlFrom(undefined, false)).toBeUndefined();
    expect(devServerUrlFrom('::', false)).toBeUndefined();
  });
});

describe('session policy', () => {
  function fakeSession() {
    return {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      webRequest: { onBeforeRequest: vi.fn(), onHeadersReceived: vi.fn() },
    };
  }

  it('denies every permission request and check', () => {
    const session = fakeSession();
    hardenSession(session as never, production, silent);
    const callback = vi.fn();
    session.setPermissionRequestHandler.mock.calls[0][0]({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(session.setPermissionCheckHandler.mock.calls[0][0]({}, 'clipboard-read')).toBe(false);
  });

  it('cancels requests for remote content and lets app files through', () => {
    const session = fakeSession();
    hardenSession(session as never, production, silent);
    const filter = session.webRequest.onBeforeRequest.mock.calls[0][0];
    const remote = vi.fn();
    filter({ url: 'https://example.com/x.js' }, remote);
    expect(remote).toHaveBeenCalledWith({ cancel: true });
    const own = vi.fn();
    filter({ url: 'app://softbody/assets/a.js' }, own);
    expect(own).toHaveBeenCalledWith({ cancel: false });
  });

  it('adds the CSP header to dev-server responses only during development', () => {
    const productionSession = fakeSession();
    hardenSession(productionSession as never, production, silent);
    expect(productionSession.webRequest.onHeadersReceived).not.toHaveBeenCalled();

    const session = fakeSession();
    hardenSession(session as never, development, silent);
    const onHeaders = session.webRequest.onHeadersReceived.mock.calls[0][0];
    const callback = vi.fn();
    onHeaders(
      { url: 'http://localhost:5173/', responseHeaders: { 'Content-Type': ['text/html'] } },
      callback,
    );
    const headers = callback.mock.calls[0][0].responseHeaders;
    expect(headers['Content-Type']).toEqual(['text/html']);
    expect(headers['Content-Security-Policy'][0]).toContain("default-src 'self'");
    expect(headers['Content-Security-Policy'][0]).toContain("connect-src 'self' ws://localhost:5173");
    // Cross-origin isolated in development too: the simulation worker shares its positions.
    expect(headers['Cross-Origin-Opener-Policy']).toEqual(['same-origin']);
    expect(headers['Cross-Origin-Embedder-Policy']).toEqual(['require-corp']);
  });
});
