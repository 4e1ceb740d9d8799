import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostApi } from '../../contract/host-api.ts';
import { ipcContract } from '../../contract/ipc-parsers.ts';
import '../../electron/preload/index.ts';
import { contextBridge, ipcRenderer, resetFakeElectron } from './fake-electron.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

// Captured before any reset: the preload exposes the host once, when it loads.
const exposeCalls = [...contextBridge.exposeInMainWorld.mock.calls];
const host = exposeCalls[0]?.[1] as HostApi;

beforeEach(() => resetFakeElectron());

const bytes = new Uint8Array([1, 2, 3]);
const request = { suggestedName: 'a.sbproj', bytes };
const preferences = { theme: 'light', showGrid: false } as const;
const calls: [keyof HostApi, unknown[], string][] = [
  ['openMesh', [], 'sb:openMesh'],
  ['openProject', [], 'sb:openProject'],
  ['openRecent', ['/a.obj'], 'sb:openRecent'],
  ['openRelated', ['/a.gltf', 'a.bin'], 'sb:openRelated'],
  ['saveFile', [request], 'sb:saveFile'],
  ['recentFiles', [], 'sb:recentFiles'],
  ['getPreferences', [], 'sb:getPreferences'],
  ['setPreferences', [preferences], 'sb:setPreferences'],
];

function method(name: keyof HostApi): (...args: unknown[]) => Promise<unknown> {
  return host[name] as (...args: unknown[]) => Promise<unknown>;
}

describe('preload bridge', () => {
  it('exposes one object, window.softbodyHost, once', () => {
    expect(exposeCalls).toHaveLength(1);
    expect(exposeCalls[0][0]).toBe('softbodyHost');
  });

  it('exposes exactly the HostApi members of the contract, and never ipcRenderer', () => {
    expect(Object.keys(host).sort()).toEqual([...Object.keys(ipcContract), 'kind'].sort());
    expect(host.kind).toBe('electron');
    expect(Object.values(host)).not.toContain(ipcRenderer);
    expect(Object.values(host)).not.toContain(ipcRenderer.invoke);
  });

  it('covers every invoke channel of the contract in these tests', () => {
    const invokeChannels = Object.values(ipcContract).filter((spec) => spec.kind === 'invoke');
    expect(calls.map(([, , channel]) => channel).sort()).toEqual(
      invokeChannels.map((spec) => spec.channel).sort(),
    );
  });

  it.each(calls)(
    '%s invokes its channel with its arguments and resolves with the value',
    async (name, args, channel) => {
      ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { from: channel } });
      await expect(method(name)(...args)).resolves.toEqual({ from: channel });
      expect(ipcRenderer.invoke).toHaveBeenCalledWith(channel, ...args);
    },
  );

  it('rejects with the plain { name, message } main sent', async () => {
    const error = { name: 'PathNotAllowed', message: '/x was not chosen in a file dialog' };
    ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error });
    const rejection = await host.openRecent('/x').catch((e: unknown) => e);
    expect(rejection).toEqual(error);
    expect(rejection).not.toBeInstanceOf(Error);
  });

  it('turns a failed invoke into a HostFailure naming the channel', async () => {
    ipcRenderer.invoke.mockRejectedValueOnce(new Error("No handler registered for 'sb:openMesh'"));
    await expect(host.openMesh()).rejects.toEqual({
      name: 'HostFailure',
      message: "sb:openMesh: No handler registered for 'sb:openMesh'",
    });
  });

  it('turns a malformed error reply into a HostFailure', async () => {
    ipcRenderer.invoke.mockResolvedValueOnce({ ok: false, error: { name: 'Nope' } });
    await expect(host.recentFiles()).rejects.toEqual({
      name: 'HostFailure',
      message: 'sb:recentFiles: malformed reply',
    });
  });
});

describe('menu commands', () => {
  function subscribe() {
    const listener = vi.fn();
    const unsubscribe = host.onMenuCommand(listener);
    expect(ipcRenderer.on).toHaveBeenCalledOnce();
    const [channel, receive] = ipcRenderer.on.mock.calls[0] as [string, (...args: unknown[]) => void];
    return { listener, unsubscribe, channel, receive };
  }

  it('delivers commands from the menu channel with their detail', () => {
    const { listener, channel, receive } = subscribe();
    expect(channel).toBe('sb:menuCommand');
    receive({}, 'save', {});
    expect(listener).toHaveBeenLastCalledWith('save', {});
    receive({}, 'open-recent', { path: '/a.obj' });
    expect(listener).toHaveBeenLastCalledWith('open-recent', { path: '/a.obj' });
  });

  it('drops a command outside the contract', () => {
    const { listener, receive } = subscribe();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    receive({}, 'format-disk', {});
    receive({}, 'save', { path: 5 });
    expect(listener).not.toHaveBeenCalled();
    expect(quiet).toHaveBeenCalledTimes(2);
    quiet.mockRestore();
  });

  it('unsubscribes the same listener it subscribed', () => {
    const { unsubscribe, receive } = subscribe();
    unsubscribe();
    expect(ipcRenderer.removeListener).toHaveBeenCalledWith('sb:menuCommand', receive);
  });
});
