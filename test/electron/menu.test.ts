import type { MenuItemConstructorOptions } from 'electron';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { aboutDetail, sampleAssetAttributions, showAboutDialog } from '../../electron/main/about.ts';
import type { Logger } from '../../electron/main/log.ts';
import {
  buildMenuTemplate,
  installApplicationMenu,
  type MenuActions,
  type MenuOptions,
  sendMenuCommand,
} from '../../electron/main/menu.ts';
import { BrowserWindow, dialog, Menu, resetFakeElectron } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

type Item = MenuItemConstructorOptions;
const recent = [
  { name: 'cube.obj', path: '/models/cube.obj' },
  { name: 'scene.sbproj', path: '/work/scene.sbproj' },
];

function build(overrides: Partial<MenuOptions> = {}) {
  const actions: MenuActions = { send: vi.fn(), showAbout: vi.fn(), clearRecent: vi.fn() };
  const template = buildMenuTemplate(
    { platform: 'linux', isDev: false, appName: 'Softbody Studio', recent, ...overrides },
    actions,
  );
  return { template, actions };
}

function submenu(items: Item[], label: string): Item[] {
  const menu = items.find((item) => item.label === label || item.role === label.toLowerCase());
  if (!menu || !Array.isArray(menu.submenu)) throw new Error(`no menu '${label}'`);
  return menu.submenu as Item[];
}

/** label or role, accelerator, for the visible items of a menu (separators as '---'). */
function outline(items: Item[]): string[] {
  return items
    .filter((item) => item.visible !== false)
    .map((item) =>
      item.type === 'separator'
        ? '---'
        : `${item.label ?? `role:${item.role}`}${item.accelerator ? ` [${item.accelerator}]` : ''}`,
    );
}

function click(item: Item | undefined) {
  if (!item?.click) throw new Error('item has no click');
  (item.click as () => void)();
}

beforeEach(() => resetFakeElectron());

describe('application menu on Windows and Linux', () => {
  it('has File, Edit, View and Help', () => {
    expect(build().template.map((menu) => menu.label ?? `role:${menu.role}`)).toEqual([
      'File',
      'Edit',
      'View',
      'role:help',
    ]);
  });

  it('lists the document commands with their accelerators in File', () => {
    expect(outline(submenu(build().template, 'File'))).toEqual([
      'Open Mesh… [CmdOrCtrl+O]',
      'Open Project… [CmdOrCtrl+Shift+O]',
      'Open Recent',
      '---',
      'Save [CmdOrCtrl+S]',
      'Save As… [CmdOrCtrl+Shift+S]',
      'Export Preset… [CmdOrCtrl+E]',
      '---',
      'role:quit',
    ]);
  });

  it('sends each File command to the renderer', () => {
    const { template, actions } = build();
    const file = submenu(template, 'File');
    for (const [label, command] of [
      ['Open Mesh…', 'open-mesh'],
      ['Open Project…', 'open-project'],
      ['Save', 'save'],
      ['Save As…', 'save-as'],
      ['Export Preset…', 'export-preset'],
    ]) {
      click(file.find((item) => item.label === label));
      expect(actions.send).toHaveBeenLastCalledWith(command);
    }
  });

  it('lists recent files, opens one through the renderer, and can clear them', () => {
    const { template, actions } = build();
    const items = submenu(submenu(template, 'File'), 'Open Recent');
    expect(outline(items)).toEqual(['cube.obj', 'scene.sbproj', '---', 'Clear Recent']);
    click(items[1]);
    expect(actions.send).toHaveBeenLastCalledWith('open-recent', { path: '/work/scene.sbproj' });
    click(items.at(-1));
    expect(actions.clearRecent).toHaveBeenCalledOnce();
  });

  it('shows a disabled placeholder when nothing was opened yet', () => {
    const items = submenu(submenu(build({ recent: [] }).template, 'File'), 'Open Recent');
    expect(items[0]).toMatchObject({ label: 'No Recent Files', enabled: false });
    expect(items.at(-1)).toMatchObject({ label: 'Clear Recent', enabled: false });
  });

  it('has Undo and Redo (also Ctrl+Y) beside the text-editing roles in Edit', () => {
    const { template, actions } = build();
    const edit = submenu(template, 'Edit');
    expect(outline(edit)).toEqual([
      'Undo [CmdOrCtrl+Z]',
      'Redo [CmdOrCtrl+Shift+Z]',
      '---',
      'role:cut',
      'role:copy',
      'role:paste',
      'role:selectAll',
    ]);
    const redoAlternative = edit.find((item) => item.accelerator === 'Ctrl+Y');
    expect(redoAlternative?.visible).toBe(false);
    click(redoAlternative);
    expect(actions.send).toHaveBeenLastCalledWith('redo');
    click(edit[0]);
    expect(actions.send).toHaveBeenLastCalledWith('undo');
  });

  it('has simulation controls, zoom and full screen in View, without developer items', () => {
    const { template, actions } = build();
    const view = submenu(template, 'View');
    expect(outline(view)).toEqual([
      'Play/Pause [CmdOrCtrl+P]',
      'Reset Simulation [CmdOrCtrl+Shift+R]',
      '---',
      'role:resetZoom',
      'role:zoomIn',
      'role:zoomOut',
      '---',
      'role:togglefullscreen',
    ]);
    click(view[0]);
    expect(actions.send).toHaveBeenLastCalledWith('toggle-play');
    click(view[1]);
    expect(actions.send).toHaveBeenLastCalledWith('reset-simulation');
  });

  it('adds reload and DevTools in development, on keys Reset Simulation does not use', () => {
    const view = submenu(build({ isDev: true }).template, 'View');
    expect(outline(view)).toEqual(
      expect.arrayContaining(['role:reload [F5]', 'role:forceReload [Shift+F5]', 'role:toggleDevTools']),
    );
  });

  it('uses no accelerator twice', () => {
    const accelerators: string[] = [];
    const walk = (items: Item[]) => {
      for (const item of items) {
        if (item.accelerator) accelerators.push(String(item.accelerator));
        if (Array.isArray(item.submenu)) walk(item.submenu as Item[]);
      }
    };
    walk(build({ isDev: true }).template);
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });

  it('opens the About dialog from Help', () => {
    const { template, actions } = build();
    const help = submenu(template, 'Help');
    expect(outline(help)).toEqual(['About Softbody Studio']);
    click(help[0]);
    expect(actions.showAbout).toHaveBeenCalledOnce();
  });
});

describe('application menu on macOS', () => {
  it('puts About and Quit in the app menu and adds the Window menu', () => {
    const { template } = build({ platform: 'darwin' });
    expect(template.map((menu) => menu.label ?? `role:${menu.role}`)).toEqual([
      'Softbody Studio',
      'File',
      'Edit',
      'View',
      'role:windowMenu',
      'role:help',
    ]);
    const appMenu = template[0].submenu as Item[];
    expect(outline(appMenu)).toContain('About Softbody Studio');
    expect(outline(appMenu)).toContain('role:quit');
    expect(outline(submenu(template, 'File'))).not.toContain('role:quit');
  });
});

describe('menu installation and delivery', () => {
  const log: Logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

  it('installs the built template as the application menu', () => {
    installApplicationMenu(
      { platform: 'linux', isDev: false, appName: 'Softbody Studio', recent: [] },
      { send: vi.fn(), showAbout: vi.fn(), clearRecent: vi.fn() },
    );
    expect(Menu.buildFromTemplate).toHaveBeenCalledOnce();
    expect(Menu.setApplicationMenu).toHaveBeenCalledWith(Menu.buildFromTemplate.mock.results[0].value);
  });

  it('sends a command to the focused window over the menu channel', () => {
    const first = new BrowserWindow({});
    const focused = new BrowserWindow({});
    BrowserWindow.focused = focused;
    sendMenuCommand('save', {}, log);
    expect(focused.webContents.send).toHaveBeenCalledWith('sb:menuCommand', 'save', {});
    expect(first.webContents.send).not.toHaveBeenCalled();
  });

  it('falls back to the only window when none has focus, and does nothing without windows', () => {
    sendMenuCommand('undo', {}, log);
    expect(log.warn).toHaveBeenCalledWith("no window for the menu command 'undo'");
    const only = new BrowserWindow({});
    sendMenuCommand('open-recent', { path: '/a.obj' }, log);
    expect(only.webContents.send).toHaveBeenCalledWith('sb:menuCommand', 'open-recent', { path: '/a.obj' });
  });
});

describe('About dialog', () => {
  it('shows the version and credits every sample asset with author, licence and source', () => {
    const detail = aboutDetail('1.2.3', sampleAssetAttributions);
    expect(detail.startsWith('Version 1.2.3\n')).toBe(true);
    expect(sampleAssetAttributions.length).toBeGreaterThan(0);
    for (const attribution of sampleAssetAttributions) {
      expect(attribution.license).not.toBe('');
      expect(attribution.source).toMatch(/^https:\/\//);
      expect(detail).toContain(`${attribution.asset} — ${attribution.author}. ${attribution.license}.`);
    }
  });

  it('opens as a native message box on the given window', async () => {
    const window = new BrowserWindow({});
    await showAboutDialog(window as never, 'Softbody Studio', '0.1.0');
    expect(dialog.showMessageBox).toHaveBeenCalledWith(
      window,
      expect.objectContaining({
        title: 'About Softbody Studio',
        detail: aboutDetail('0.1.0', sampleAssetAttributions),
      }),
    );
  });
});
