/**
 * The application menu. Document commands go to the renderer as MenuCommand values over
 * the one menu channel; text editing uses Electron's roles so text fields keep cut, copy
 * and paste. Built from plain data so tests can read the template.
 */
import { BrowserWindow, Menu, type MenuItemConstructorOptions } from 'electron';
import {
  hostChannels,
  type MenuCommand,
  type MenuCommandDetail,
  type RecentFile,
} from '../../contract/host-api.ts';
import type { Logger } from './log.ts';

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Running from the dev server: adds reload and DevTools. */
  isDev: boolean;
  appName: string;
  recent: readonly RecentFile[];
}

export interface MenuActions {
  send(command: MenuCommand, detail?: MenuCommandDetail): void;
  showAbout(): void;
  clearRecent(): void;
}

/**
 * Accelerators chosen not to fight text entry: Play/Pause is Ctrl/Cmd+P (Unity's Play) and
 * Reset Ctrl/Cmd+Shift+R, because a bare Space or R would be eaten in every text field. The
 * renderer adds Space and R itself, only when no text field has focus.
 */
export const accelerators = {
  openMesh: 'CmdOrCtrl+O',
  openProject: 'CmdOrCtrl+Shift+O',
  save: 'CmdOrCtrl+S',
  saveAs: 'CmdOrCtrl+Shift+S',
  exportPreset: 'CmdOrCtrl+E',
  undo: 'CmdOrCtrl+Z',
  redo: 'CmdOrCtrl+Shift+Z',
  /** Windows and Linux convention, beside Ctrl+Shift+Z. */
  redoAlternative: 'Ctrl+Y',
  togglePlay: 'CmdOrCtrl+P',
  resetSimulation: 'CmdOrCtrl+Shift+R',
  /** Dev only; moved off Ctrl+R and Ctrl+Shift+R, which Reset Simulation uses. */
  reload: 'F5',
  forceReload: 'Shift+F5',
} as const;

export function buildMenuTemplate(options: MenuOptions, actions: MenuActions): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin';
  const command = (label: string, name: MenuCommand, accelerator?: string): MenuItemConstructorOptions => ({
    id: name,
    label,
    accelerator,
    click: () => actions.send(name),
  });
  const separator: MenuItemConstructorOptions = { type: 'separator' };
  const about: MenuItemConstructorOptions = {
    id: 'about',
    label: `About ${options.appName}`,
    click: () => actions.showAbout(),
  };

  const recentItems: MenuItemConstructorOptions[] = options.recent.map((file) => ({
    label: file.name,
    sublabel: file.path,
    toolTip: file.path,
    click: () => actions.send('open-recent', { path: file.path }),
  }));
  const openRecent: MenuItemConstructorOptions = {
    id: 'open-recent',
    label: 'Open Recent',
    submenu: [
      ...(recentItems.length > 0 ? recentItems : [{ label: 'No Recent Files', enabled: false }]),
      separator,
      {
        id: 'clear-recent',
        label: 'Clear Recent',
        enabled: recentItems.length > 0,
        click: () => actions.clearRecent(),
      },
    ],
  };

  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      command('Open Mesh…', 'open-mesh', accelerators.openMesh),
      command('Open Project…', 'open-project', accelerators.openProject),
      openRecent,
      separator,
      command('Save', 'save', accelerators.save),
      command('Save As…', 'save-as', accelerators.saveAs),
      command('Export Preset…', 'export-preset', accelerators.exportPreset),
      ...(isMac ? [] : [separator, { role: 'quit' } as const]),
    ],
  };

  const edit: MenuItemConstructorOptions = {
    label: 'Edit',
    submenu: [
      command('Undo', 'undo', accelerators.undo),
      command('Redo', 'redo', accelerators.redo),
      ...(isMac
        ? []
        : [
            {
              ...command('Redo', 'redo', accelerators.redoAlternative),
              id: 'redo-alternative',
              visible: false,
            },
          ]),
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };

  const developer: MenuItemConstructorOptions[] = options.isDev
    ? [
        { role: 'reload', accelerator: accelerators.reload },
        { role: 'forceReload', accelerator: accelerators.forceReload },
        { role: 'toggleDevTools' },
        separator,
      ]
    : [];
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      command('Play/Pause', 'toggle-play', accelerators.togglePlay),
      command('Reset Simulation', 'reset-simulation', accelerators.resetSimulation),
      separator,
      ...developer,
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      separator,
      { role: 'togglefullscreen' },
    ],
  };

  const help: MenuItemConstructorOptions = { role: 'help', submenu: [about] };

  if (!isMac) return [file, edit, view, help];
  const appMenu: MenuItemConstructorOptions = {
    label: options.appName,
    submenu: [
      about,
      separator,
      { role: 'services' },
      separator,
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      separator,
      { role: 'quit' },
    ],
  };
  return [appMenu, file, edit, view, { role: 'windowMenu' }, help];
}

export function installApplicationMenu(options: MenuOptions, actions: MenuActions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(options, actions)));
}

/** Sends a menu command to the focused window's page (else the only window), over the menu channel. */
export function sendMenuCommand(command: MenuCommand, detail: MenuCommandDetail, log: Logger): void {
  const target = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  if (!target) {
    log.warn(`no window for the menu command '${command}'`);
    return;
  }
  target.webContents.send(hostChannels.onMenuCommand, command, detail);
}
