/**
 * A stand-in for the 'electron' module (the binary is not installed where tests run). Tests
 * use it with `vi.mock('electron', () => import('./fake-electron.ts'))` and import the same
 * objects to script dialogs and inspect what main registered.
 */
import { EventEmitter } from 'node:events';
import { vi } from 'vitest';

type Listener = (...args: unknown[]) => unknown;

export const ipcMain = {
  handlers: new Map<string, Listener>(),
  handle: vi.fn((channel: string, listener: Listener) => {
    if (ipcMain.handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    ipcMain.handlers.set(channel, listener);
  }),
};

export const dialog = {
  showOpenDialog: vi.fn(),
  showSaveDialog: vi.fn(),
  showMessageBox: vi.fn(async () => ({ response: 0, checkboxChecked: false })),
};

export class FakeWebContents extends EventEmitter {
  send = vi.fn();
  /** The page's answer to a script: an empty storage unless a test says otherwise. */
  executeJavaScript = vi.fn(async (_code: string): Promise<unknown> => ({}));
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
}

export class BrowserWindow extends EventEmitter {
  static instances: BrowserWindow[] = [];
  static focused: BrowserWindow | null = null;
  static fromWebContents = vi.fn((_contents: unknown): BrowserWindow | null => null);
  static getFocusedWindow(): BrowserWindow | null {
    return BrowserWindow.focused;
  }
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.instances;
  }

  readonly webContents = new FakeWebContents();
  loadURL = vi.fn(async (_url: string) => undefined);
  loadFile = vi.fn(async (_path: string) => undefined);
  show = vi.fn();
  focus = vi.fn();
  restore = vi.fn();
  isMinimized = vi.fn(() => false);
  isDestroyed = vi.fn(() => false);
  /** A destroyed window is no longer one of the app's windows. */
  destroy = vi.fn(() => {
    BrowserWindow.instances = BrowserWindow.instances.filter((w) => w !== this);
  });

  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.instances.push(this);
  }
}

export const Menu = {
  buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
  setApplicationMenu: vi.fn(),
};

export const contextBridge = { exposeInMainWorld: vi.fn() };

export const ipcRenderer = {
  invoke: vi.fn(),
  on: vi.fn(),
  removeListener: vi.fn(),
};

export const app = {
  isPackaged: false,
  getPath: vi.fn((name: string) => `/fake/${name}`),
  getVersion: vi.fn(() => '0.1.0'),
  setName: vi.fn(),
  on: vi.fn(),
  quit: vi.fn(),
  requestSingleInstanceLock: vi.fn(() => true),
  whenReady: vi.fn(() => new Promise(() => undefined)),
};

export const session = { defaultSession: {} };

export const protocol = {
  registerSchemesAsPrivileged: vi.fn(),
  handle: vi.fn(),
};

/** Clears every recorded call and registration between tests. */
export function resetFakeElectron(): void {
  vi.clearAllMocks();
  ipcMain.handlers.clear();
  BrowserWindow.instances = [];
  BrowserWindow.focused = null;
}
