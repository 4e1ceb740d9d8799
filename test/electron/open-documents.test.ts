import { EventEmitter } from 'node:events';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import {
  DocumentQueue,
  deliverDocumentsTo,
  documentPathFromArgv,
} from '../../electron/main/open-documents.ts';
import { type AppLike, claimSingleInstance } from '../../electron/main/single-instance.ts';

const home = resolve('/home/artist');
const packaged = { workingDirectory: home, defaultApp: false };
const exe = resolve('/opt/Softbody Studio/softbody-studio');

describe('documentPathFromArgv', () => {
  it('finds the project after the executable', () => {
    expect(documentPathFromArgv([exe, join(home, 'a.sbproj')], packaged)).toBe(join(home, 'a.sbproj'));
  });

  it('resolves a relative path against the launching folder', () => {
    expect(documentPathFromArgv([exe, 'scenes/b.sbproj'], packaged)).toBe(join(home, 'scenes', 'b.sbproj'));
  });

  it('skips switches, including those Chromium adds to a second instance', () => {
    const argv = [exe, '--allow-file-access-from-files', '--original-process-start-time=1', 'cloth.glb'];
    expect(documentPathFromArgv(argv, packaged)).toBe(join(home, 'cloth.glb'));
  });

  it('takes a name starting with a dash after --', () => {
    expect(documentPathFromArgv([exe, '--', '-odd.sbproj'], packaged)).toBe(join(home, '-odd.sbproj'));
  });

  it('turns a file:// URL (a Linux desktop entry passes %U) into its path', () => {
    const file = join(home, 'with space.sbproj');
    expect(documentPathFromArgv([exe, pathToFileURL(file).href], packaged)).toBe(file);
  });

  it('ignores other URLs and file types the app does not open', () => {
    expect(documentPathFromArgv([exe, 'https://example.com/a.sbproj'], packaged)).toBeUndefined();
    expect(documentPathFromArgv([exe, 'notes.txt', 'setup.exe'], packaged)).toBeUndefined();
    expect(documentPathFromArgv([exe], packaged)).toBeUndefined();
  });

  it('matches the extension whatever its case', () => {
    expect(documentPathFromArgv([exe, 'MESH.OBJ'], packaged)).toBe(join(home, 'MESH.OBJ'));
  });

  it('skips the app folder when running as `electron .`', () => {
    const dev = { workingDirectory: home, defaultApp: true };
    expect(documentPathFromArgv(['electron', 'preset.json'], dev)).toBeUndefined();
    expect(documentPathFromArgv(['electron', '.', 'preset.json'], dev)).toBe(join(home, 'preset.json'));
  });

  it('does not mistake the executable itself for a document', () => {
    expect(documentPathFromArgv([join(home, 'tool.json')], packaged)).toBeUndefined();
  });
});

describe('DocumentQueue', () => {
  it('holds documents until a receiver attaches, then hands them over in order', () => {
    const queue = new DocumentQueue();
    queue.open('/a.sbproj');
    queue.open('/b.sbproj');
    const received: string[] = [];
    queue.attach((path) => received.push(path));
    expect(received).toEqual(['/a.sbproj', '/b.sbproj']);
    expect(queue.pending).toEqual([]);
    queue.open('/c.sbproj');
    expect(received).toEqual(['/a.sbproj', '/b.sbproj', '/c.sbproj']);
  });

  it('queues again after the receiver detaches', () => {
    const queue = new DocumentQueue();
    const received: string[] = [];
    queue.attach((path) => received.push(path));
    queue.detach();
    queue.open('/late.sbproj');
    expect(received).toEqual([]);
    expect(queue.pending).toEqual(['/late.sbproj']);
  });
});

class FakeWindow extends EventEmitter {
  readonly webContents = Object.assign(new EventEmitter(), { send: vi.fn() });
}

describe('deliverDocumentsTo', () => {
  it('allows the path and sends it as Open Recent once the page has loaded', () => {
    const queue = new DocumentQueue();
    const window = new FakeWindow();
    const allow = vi.fn();
    deliverDocumentsTo(window, queue, allow, 'sb:menuCommand');
    queue.open('/early.sbproj');
    expect(window.webContents.send).not.toHaveBeenCalled();
    window.webContents.emit('did-finish-load');
    expect(allow).toHaveBeenCalledWith('/early.sbproj');
    expect(window.webContents.send).toHaveBeenCalledExactlyOnceWith('sb:menuCommand', 'open-recent', {
      path: '/early.sbproj',
    });
  });

  it('stops sending to a closed window', () => {
    const queue = new DocumentQueue();
    const window = new FakeWindow();
    deliverDocumentsTo(window, queue, vi.fn(), 'sb:menuCommand');
    window.webContents.emit('did-finish-load');
    window.emit('closed');
    queue.open('/after-close.sbproj');
    expect(window.webContents.send).not.toHaveBeenCalled();
    expect(queue.pending).toEqual(['/after-close.sbproj']);
  });
});

function fakeApp(hasLock: boolean) {
  const emitter = new EventEmitter();
  const app = {
    requestSingleInstanceLock: vi.fn(() => hasLock),
    quit: vi.fn(),
    on: (event: string, listener: (...args: unknown[]) => void) => emitter.on(event, listener),
  };
  return { app: app as unknown as AppLike & typeof app, emitter };
}

describe('claimSingleInstance', () => {
  it('quits a second instance before it opens anything', () => {
    const { app, emitter } = fakeApp(false);
    const documents = new DocumentQueue();
    const showWindow = vi.fn();
    const claimed = claimSingleInstance(app, [exe, join(home, 'a.sbproj')], {
      documents,
      defaultApp: false,
      showWindow,
    });
    expect(claimed).toBe(false);
    expect(app.quit).toHaveBeenCalledOnce();
    expect(documents.pending).toEqual([]);
    expect(emitter.eventNames()).toEqual([]);
  });

  it("queues the first instance's own document", () => {
    const { app } = fakeApp(true);
    const documents = new DocumentQueue();
    const path = join(home, 'start.sbproj');
    expect(claimSingleInstance(app, [exe, path], { documents, defaultApp: false, showWindow: vi.fn() })).toBe(
      true,
    );
    expect(documents.pending).toEqual([path]);
    expect(app.quit).not.toHaveBeenCalled();
  });

  it("opens a second launch's document in the running app and shows its window", () => {
    const { app, emitter } = fakeApp(true);
    const documents = new DocumentQueue();
    const showWindow = vi.fn();
    claimSingleInstance(app, [exe], { documents, defaultApp: false, showWindow });
    const elsewhere = resolve('/projects');
    emitter.emit('second-instance', {}, [exe, '--some-switch', 'cube.sbproj'], elsewhere);
    expect(showWindow).toHaveBeenCalledOnce();
    expect(documents.pending).toEqual([join(elsewhere, 'cube.sbproj')]);
  });

  it('takes macOS open-file events and marks them handled', () => {
    const { app, emitter } = fakeApp(true);
    const documents = new DocumentQueue();
    claimSingleInstance(app, [exe], { documents, defaultApp: false, showWindow: vi.fn() });
    const event = { preventDefault: vi.fn() };
    emitter.emit('open-file', event, '/Users/artist/jelly.sbproj');
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(documents.pending).toEqual(['/Users/artist/jelly.sbproj']);
  });
});
