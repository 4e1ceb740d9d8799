import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcResult } from '../../contract/host-api.ts';
import { ipcContract } from '../../contract/ipc-parsers.ts';
import { isAppPage } from '../../electron/main/app-origin.ts';
import { PathAllowList } from '../../electron/main/file-access.ts';
import { createHostHandlers } from '../../electron/main/host-handlers.ts';
import {
  createIpcDispatcher,
  invokeChannels,
  registerIpcHandlers,
} from '../../electron/main/ipc-handlers.ts';
import type { Logger } from '../../electron/main/log.ts';
import { PreferencesStore } from '../../electron/main/preferences.ts';
import { RecentFiles } from '../../electron/main/recent-files.ts';
import { dialog, ipcMain, resetFakeElectron } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

const silent: Logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

let dir: string;
let userData: string;
let rendererIndexFile: string;
let appUrl: string;

beforeEach(async () => {
  resetFakeElectron();
  dir = await mkdtemp(join(tmpdir(), 'sb-ipc-'));
  userData = join(dir, 'user-data');
  await mkdir(userData);
  rendererIndexFile = join(dir, 'app', 'out', 'renderer', 'index.html');
  appUrl = 'app://softbody/index.html';
  const recent = await RecentFiles.load(userData, silent);
  const preferences = await PreferencesStore.load(userData, silent);
  const handlers = createHostHandlers({
    allowList: new PathAllowList(),
    recent,
    preferences,
    defaultSaveFolder: join(dir, 'documents'),
  });
  const dispatch = createIpcDispatcher(handlers, (url) => isAppPage({ rendererIndexFile }, url), silent);
  registerIpcHandlers(ipcMain, dispatch);
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Calls a registered handler as Electron would, and returns the reply as the renderer receives it. */
async function invoke(
  channel: string,
  args: unknown[],
  frameUrl: string | null = appUrl,
): Promise<IpcResult<unknown>> {
  const handler = ipcMain.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  const event = { senderFrame: frameUrl === null ? null : { url: frameUrl }, sender: {} };
  // IPC copies the reply with the structured clone algorithm: anything that would not survive fails here.
  return structuredClone(await handler(event, ...args)) as IpcResult<unknown>;
}

async function expectError(result: Promise<IpcResult<unknown>>, name: string, message?: string | RegExp) {
  const reply = await result;
  expect(reply.ok).toBe(false);
  if (reply.ok) return;
  expect(reply.error.name).toBe(name);
  if (message !== undefined) expect(reply.error.message).toMatch(message);
}

async function value<T>(result: Promise<IpcResult<unknown>>): Promise<T> {
  const reply = await result;
  if (!reply.ok) throw new Error(`expected success, got ${reply.error.name}: ${reply.error.message}`);
  return reply.value as T;
}

async function makeFile(name: string, content: string): Promise<string> {
  const path = join(dir, name);
  await mkdir(join(path, '..'), { recursive: true });
  await writeFile(path, content);
  return path;
}

function chooseInOpenDialog(path: string | null) {
  dialog.showOpenDialog.mockResolvedValueOnce({
    canceled: path === null,
    filePaths: path === null ? [] : [path],
  });
}

function chooseInSaveDialog(path: string | null) {
  dialog.showSaveDialog.mockResolvedValueOnce({ canceled: path === null, filePath: path ?? '' });
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('IPC registration', () => {
  it('registers a handler for every invoke channel of the contract and for nothing else', () => {
    const expected = Object.values(ipcContract)
      .filter((spec) => spec.kind === 'invoke')
      .map((spec) => spec.channel);
    expect(expected.length).toBeGreaterThanOrEqual(8);
    for (const channel of expected) expect(ipcMain.handlers.has(channel), channel).toBe(true);
    expect([...ipcMain.handlers.keys()].sort()).toEqual([...expected].sort());
    expect([...invokeChannels].sort()).toEqual([...expected].sort());
  });

  it.each([
    ['a remote page', 'https://example.com/index.html'],
    ['another local file', 'file:///tmp/evil.html'],
    ['a data URL', 'data:text/html,<script>1</script>'],
  ])('refuses every channel when the sender frame is %s', async (_what, url) => {
    for (const channel of invokeChannels) {
      await expectError(
        invoke(channel, [], url),
        'ForbiddenSender',
        `${channel}: refused a call from ${url}`,
      );
    }
    expect(dialog.showOpenDialog).not.toHaveBeenCalled();
  });

  it('refuses a call whose frame is gone', async () => {
    await expectError(invoke('sb:openMesh', [], null), 'ForbiddenSender', 'a closed frame');
  });

  it('accepts the app page with a hash or query', async () => {
    chooseInOpenDialog(null);
    expect(await value(invoke('sb:openMesh', [], `${appUrl}#/editor?x=1`))).toBeNull();
  });

  it('answers a channel outside the contract with UnknownChannel', async () => {
    const dispatch = createIpcDispatcher(
      createHostHandlers({
        allowList: new PathAllowList(),
        recent: await RecentFiles.load(userData, silent),
        preferences: await PreferencesStore.load(userData, silent),
        defaultSaveFolder: dir,
      }),
      () => true,
      silent,
    );
    const event = { senderFrame: { url: appUrl }, sender: {} } as never;
    expect(await dispatch('sb:deleteEverything', event, [])).toEqual({
      ok: false,
      error: { name: 'UnknownChannel', message: 'sb:deleteEverything is not a channel of this app' },
    });
  });

  it('turns an unexpected failure into a HostFailure that names the channel', async () => {
    dialog.showOpenDialog.mockRejectedValueOnce(new Error('dialog crashed'));
    await expectError(
      invoke('sb:openMesh', []),
      'HostFailure',
      'sb:openMesh failed in the host: dialog crashed',
    );
  });
});

describe('sb:openMesh', () => {
  it('returns the chosen mesh whole, with name and path, and offers mesh filters', async () => {
    const path = await makeFile('models/cube.obj', 'v 0 0 0\n');
    chooseInOpenDialog(path);
    const file = await value<{ name: string; path: string; bytes: Uint8Array }>(invoke('sb:openMesh', []));
    expect(file).toEqual({ name: 'cube.obj', path, bytes: bytes('v 0 0 0\n') });
    expect(file.bytes).toBeInstanceOf(Uint8Array);
    const options = dialog.showOpenDialog.mock.calls[0].at(-1);
    expect(options.filters[0]).toEqual({
      name: 'Meshes (OBJ, glTF, GLB)',
      extensions: ['obj', 'gltf', 'glb'],
    });
    expect(await value(invoke('sb:recentFiles', []))).toEqual([{ name: 'cube.obj', path }]);
  });

  it('resolves null when the user cancels', async () => {
    chooseInOpenDialog(null);
    expect(await value(invoke('sb:openMesh', []))).toBeNull();
  });

  it('rejects any argument', async () => {
    await expectError(
      invoke('sb:openMesh', ['/etc/passwd']),
      'InvalidArgument',
      'sb:openMesh: expected no arguments, got 1 argument',
    );
    expect(dialog.showOpenDialog).not.toHaveBeenCalled();
  });

  it('reports a file that cannot be read as FileReadFailed', async () => {
    chooseInOpenDialog(join(dir, 'missing.obj'));
    await expectError(
      invoke('sb:openMesh', []),
      'FileReadFailed',
      /missing\.obj: the file or its folder does not exist/,
    );
  });
});

describe('sb:openProject', () => {
  it('returns the chosen project and offers projects and presets', async () => {
    const path = await makeFile('scene.sbproj', '{}');
    chooseInOpenDialog(path);
    expect(await value(invoke('sb:openProject', []))).toMatchObject({ name: 'scene.sbproj', path });
    const extensions = dialog.showOpenDialog.mock.calls[0]
      .at(-1)
      .filters.flatMap((f: { extensions: string[] }) => f.extensions);
    expect(extensions).toEqual(expect.arrayContaining(['sbproj', 'json']));
  });

  it('rejects any argument', async () => {
    await expectError(invoke('sb:openProject', [{}]), 'InvalidArgument');
  });
});

describe('sb:openRecent', () => {
  it('reopens a file the user chose before', async () => {
    const path = await makeFile('a.obj', 'A');
    chooseInOpenDialog(path);
    await value(invoke('sb:openMesh', []));
    expect(await value(invoke('sb:openRecent', [path]))).toEqual({ name: 'a.obj', path, bytes: bytes('A') });
  });

  it('reopens entries persisted by an earlier session', async () => {
    const path = await makeFile('old.obj', 'old');
    await writeFile(join(userData, 'recent.json'), JSON.stringify({ formatVersion: 1, paths: [path] }));
    // A fresh main process: registration reads recent.json.
    resetFakeElectron();
    const handlers = createHostHandlers({
      allowList: new PathAllowList(),
      recent: await RecentFiles.load(userData, silent),
      preferences: await PreferencesStore.load(userData, silent),
      defaultSaveFolder: dir,
    });
    registerIpcHandlers(
      ipcMain,
      createIpcDispatcher(handlers, (url) => isAppPage({ rendererIndexFile }, url), silent),
    );
    expect(await value(invoke('sb:openRecent', [path]))).toMatchObject({
      name: 'old.obj',
      bytes: bytes('old'),
    });
  });

  it('refuses a path the user never chose', async () => {
    const path = await makeFile('secret.txt', 'secret');
    await expectError(
      invoke('sb:openRecent', [path]),
      'PathNotAllowed',
      `${path} was not chosen in a file dialog and is not in the recent list`,
    );
  });

  it('refuses a relative path even when it names a chosen file', async () => {
    const path = await makeFile('a.obj', 'A');
    chooseInOpenDialog(path);
    await value(invoke('sb:openMesh', []));
    await expectError(invoke('sb:openRecent', ['a.obj']), 'PathNotAllowed');
  });

  it.each([[42], [''], ['a\0b'], [null]])('rejects the path %j', async (path) => {
    await expectError(
      invoke('sb:openRecent', [path]),
      'InvalidArgument',
      /^sb:openRecent: path must be a non-empty string/,
    );
  });

  it('rejects extra arguments', async () => {
    await expectError(
      invoke('sb:openRecent', ['/a', '/b']),
      'InvalidArgument',
      'sb:openRecent: expected path, got 2 arguments',
    );
  });

  it('drops an entry whose file disappeared and says so', async () => {
    const path = await makeFile('gone.obj', 'x');
    chooseInOpenDialog(path);
    await value(invoke('sb:openMesh', []));
    await rm(path);
    await expectError(
      invoke('sb:openRecent', [path]),
      'RecentFileUnavailable',
      /gone\.obj is no longer at .*removed from the recent list/,
    );
    expect(await value(invoke('sb:recentFiles', []))).toEqual([]);
  });
});

describe('sb:openRelated', () => {
  let gltf: string;
  beforeEach(async () => {
    gltf = await makeFile(
      'box/Box.gltf',
      JSON.stringify({
        buffers: [{ uri: 'Box%20data.bin' }],
        images: [{ uri: 'textures/wood.png' }, { uri: 'escape.png' }, { uri: '../secret.bin' }],
      }),
    );
    await makeFile('box/Box data.bin', 'BIN');
    await makeFile('box/textures/wood.png', 'PNG');
    await makeFile('secret.bin', 'SECRET');
    chooseInOpenDialog(gltf);
    await value(invoke('sb:openMesh', []));
  });

  it('reads a percent-encoded buffer beside the chosen glTF', async () => {
    expect(await value(invoke('sb:openRelated', [gltf, 'Box%20data.bin']))).toEqual({
      name: 'Box data.bin',
      path: join(dir, 'box', 'Box data.bin'),
      bytes: bytes('BIN'),
    });
  });

  it('reads a texture in a sub-folder written with Windows separators', async () => {
    expect(await value(invoke('sb:openRelated', [gltf, '.\\textures\\wood.png']))).toMatchObject({
      bytes: bytes('PNG'),
    });
  });

  it.each([
    ['a parent folder', '../secret.bin', "'../secret.bin' leaves the folder of Box.gltf"],
    ['an absolute path', '/etc/secret.bin', 'is not a path relative to Box.gltf'],
    ['a URL', 'file:///etc/passwd', 'is not a path relative to Box.gltf'],
    ['a file that is not a mesh resource', 'Box.gltf', "'Box.gltf' is not a mesh resource"],
  ])('refuses %s', async (_what, uri, message) => {
    await expectError(invoke('sb:openRelated', [gltf, uri]), 'PathNotAllowed', message);
  });

  it('refuses a file beside the glTF that the glTF does not refer to', async () => {
    await makeFile('box/other.bin', 'OTHER');
    await expectError(
      invoke('sb:openRelated', [gltf, 'other.bin']),
      'PathNotAllowed',
      "'other.bin' is not a file Box.gltf refers to",
    );
  });

  it.skipIf(process.platform === 'win32')(
    'refuses a referenced name that is a link out of the folder',
    async () => {
      await symlink(join(dir, 'secret.bin'), join(dir, 'box', 'escape.png'));
      await expectError(
        invoke('sb:openRelated', [gltf, 'escape.png']),
        'PathNotAllowed',
        "'escape.png' is a link to a file outside the folder box",
      );
    },
  );

  it.skipIf(process.platform === 'win32')('follows a link that stays inside the folder', async () => {
    await symlink(join(dir, 'box', 'textures', 'wood.png'), join(dir, 'box', 'escape.png'));
    expect(await value(invoke('sb:openRelated', [gltf, 'escape.png']))).toMatchObject({
      name: 'escape.png',
      bytes: bytes('PNG'),
    });
  });

  it('refuses resources of a file the user never chose', async () => {
    await expectError(invoke('sb:openRelated', [join(dir, 'other.gltf'), 'secret.bin']), 'PathNotAllowed');
  });

  it('rejects a missing uri', async () => {
    await expectError(
      invoke('sb:openRelated', [gltf]),
      'InvalidArgument',
      'sb:openRelated: expected fromPath, uri, got 1 argument',
    );
  });
});

describe('sb:saveFile', () => {
  it('asks where to save a new document, writes it and remembers it', async () => {
    const target = join(dir, 'out.sbproj');
    chooseInSaveDialog(target);
    const saved = await value(invoke('sb:saveFile', [{ suggestedName: 'out.sbproj', bytes: bytes('NEW') }]));
    expect(saved).toEqual({ name: 'out.sbproj', path: target });
    expect(await readFile(target, 'utf8')).toBe('NEW');
    const options = dialog.showSaveDialog.mock.calls[0].at(-1);
    expect(options.defaultPath).toBe(join(dir, 'documents', 'out.sbproj'));
    expect(options.filters[0]).toEqual({ name: 'Softbody projects', extensions: ['sbproj'] });
    // Saving again to the returned path needs no dialog.
    await value(
      invoke('sb:saveFile', [{ suggestedName: 'out.sbproj', bytes: bytes('NEWER'), path: target }]),
    );
    expect(await readFile(target, 'utf8')).toBe('NEWER');
    expect(dialog.showSaveDialog).toHaveBeenCalledTimes(1);
  });

  it('uses the filters the renderer passes', async () => {
    chooseInSaveDialog(null);
    const filters = [{ name: 'Presets (JSON)', extensions: ['json'] }];
    expect(
      await value(invoke('sb:saveFile', [{ suggestedName: 'p.json', bytes: bytes('{}'), filters }])),
    ).toBeNull();
    expect(dialog.showSaveDialog.mock.calls[0].at(-1).filters).toEqual(filters);
  });

  it('overwrites a file the user opened', async () => {
    const path = await makeFile('scene.sbproj', 'OLD');
    chooseInOpenDialog(path);
    await value(invoke('sb:openProject', []));
    await value(invoke('sb:saveFile', [{ suggestedName: 'scene.sbproj', bytes: bytes('NEW'), path }]));
    expect(await readFile(path, 'utf8')).toBe('NEW');
  });

  it('refuses to overwrite a mesh the user only opened', async () => {
    const path = await makeFile('bunny.obj', 'v 0 0 0');
    chooseInOpenDialog(path);
    await value(invoke('sb:openMesh', []));
    await expectError(
      invoke('sb:saveFile', [{ suggestedName: 'bunny.obj', bytes: bytes('EVIL'), path }]),
      'PathNotAllowed',
      /may only be saved through a save dialog/,
    );
    expect(await readFile(path, 'utf8')).toBe('v 0 0 0');
  });

  it('saves a project reopened from the recent list of an earlier session back to its path', async () => {
    const path = await makeFile('recent.sbproj', 'OLD');
    const earlier = await RecentFiles.load(userData, silent);
    await earlier.add(path);
    const handlers = createHostHandlers({
      allowList: new PathAllowList(),
      recent: await RecentFiles.load(userData, silent),
      preferences: await PreferencesStore.load(userData, silent),
      defaultSaveFolder: dir,
    });
    const request = { suggestedName: 'recent.sbproj', bytes: bytes('NEW'), path };
    await expect(handlers.saveFile({ window: null }, request)).rejects.toMatchObject({
      name: 'PathNotAllowed',
    });
    await handlers.openRecent({ window: null }, path);
    await handlers.saveFile({ window: null }, request);
    expect(await readFile(path, 'utf8')).toBe('NEW');
  });

  it('refuses a path the user never chose and leaves that file alone', async () => {
    const path = await makeFile('bashrc', 'ORIGINAL');
    await expectError(
      invoke('sb:saveFile', [{ suggestedName: 'x', bytes: bytes('EVIL'), path }]),
      'PathNotAllowed',
    );
    expect(await readFile(path, 'utf8')).toBe('ORIGINAL');
  });

  it('reports a failed write as FileWriteFailed without leaving a temporary file', async () => {
    const folder = join(dir, 'a-folder');
    await mkdir(folder);
    chooseInSaveDialog(folder);
    await expectError(
      invoke('sb:saveFile', [{ suggestedName: 'x.sbproj', bytes: bytes('X') }]),
      'FileWriteFailed',
      /a-folder: it is a folder; the file on disk was not changed$/,
    );
    expect((await readdir(dir)).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it.each([
    [
      'bytes as a plain array',
      { suggestedName: 'a.json', bytes: [1, 2, 3] },
      'request.bytes must be a Uint8Array (got an array)',
    ],
    [
      'bytes as a Float32Array',
      { suggestedName: 'a.json', bytes: new Float32Array(2) },
      'request.bytes must be a Uint8Array',
    ],
    [
      'a folder in the suggested name',
      { suggestedName: '../a.json', bytes: new Uint8Array(1) },
      'request.suggestedName must be a file name',
    ],
    [
      'an extra property',
      { suggestedName: 'a.json', bytes: new Uint8Array(1), mode: 0o777 },
      "request has an unexpected property 'mode'",
    ],
    ['no bytes', { suggestedName: 'a.json' }, 'request.bytes is missing'],
    [
      'a filter extension with a dot',
      { suggestedName: 'a', bytes: new Uint8Array(1), filters: [{ name: 'J', extensions: ['.json'] }] },
      'request.filters[0].extensions[0]',
    ],
    [
      'a path that is a number',
      { suggestedName: 'a', bytes: new Uint8Array(1), path: 7 },
      'request.path must be',
    ],
    ['an array instead of a request', [], 'request must be an object (got an array)'],
  ])('rejects %s', async (_what, request, message) => {
    await expectError(invoke('sb:saveFile', [request]), 'InvalidArgument', message);
    expect(dialog.showSaveDialog).not.toHaveBeenCalled();
  });
});

describe('sb:recentFiles', () => {
  it('lists the most recent first', async () => {
    const a = await makeFile('a.obj', 'a');
    const b = await makeFile('b.obj', 'b');
    chooseInOpenDialog(a);
    await value(invoke('sb:openMesh', []));
    chooseInOpenDialog(b);
    await value(invoke('sb:openMesh', []));
    expect(await value(invoke('sb:recentFiles', []))).toEqual([
      { name: 'b.obj', path: b },
      { name: 'a.obj', path: a },
    ]);
  });

  it('rejects any argument', async () => {
    await expectError(invoke('sb:recentFiles', [10]), 'InvalidArgument');
  });
});

describe('sb:getPreferences and sb:setPreferences', () => {
  it('starts from the defaults', async () => {
    expect(await value(invoke('sb:getPreferences', []))).toEqual({ theme: 'dark', showGrid: true });
  });

  it('saves preferences to preferences.json and returns them afterwards', async () => {
    expect(await value(invoke('sb:setPreferences', [{ theme: 'light', showGrid: false }]))).toBeUndefined();
    expect(await value(invoke('sb:getPreferences', []))).toEqual({ theme: 'light', showGrid: false });
    const stored = JSON.parse(await readFile(join(userData, 'preferences.json'), 'utf8'));
    expect(stored).toEqual({ formatVersion: 1, preferences: { theme: 'light', showGrid: false } });
  });

  it('rejects any argument to getPreferences', async () => {
    await expectError(invoke('sb:getPreferences', ['theme']), 'InvalidArgument');
  });

  it.each([
    [
      { theme: 'blue', showGrid: true },
      "sb:setPreferences: preferences.theme must be 'dark' or 'light' (got \"blue\")",
    ],
    [
      { theme: 'dark', showGrid: 'yes' },
      'sb:setPreferences: preferences.showGrid must be a boolean (got "yes")',
    ],
    [{ theme: 'dark' }, 'sb:setPreferences: preferences.showGrid is missing'],
    [
      { theme: 'dark', showGrid: true, __proto__x: 1 },
      "sb:setPreferences: preferences has an unexpected property '__proto__x'",
    ],
  ])('rejects %j and keeps the old preferences', async (preferences, message) => {
    await expectError(invoke('sb:setPreferences', [preferences]), 'InvalidArgument', message);
    expect(await value(invoke('sb:getPreferences', []))).toEqual({ theme: 'dark', showGrid: true });
  });
});
