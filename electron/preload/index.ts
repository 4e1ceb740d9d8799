/**
 * The preload bridge: implements HostApi over the contract's IPC channels and exposes it to
 * the page as `window.softbodyHost`. One method per channel; the page never sees
 * ipcRenderer. Runs sandboxed, so it is bundled to one CommonJS file with the contract
 * (contract/) inlined and may import nothing else but 'electron'.
 */
import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import {
  type ArgsOf,
  type HostApi,
  type HostError,
  hostChannels,
  type InvokeMethod,
  type IpcResult,
  isHostError,
  type ResultOf,
} from '../../contract/host-api.ts';
import { ipcContract } from '../../contract/ipc-parsers.ts';

/** Calls main and unwraps its IpcResult; rejects with a plain `HostError` (see the contract). */
async function call<M extends InvokeMethod>(method: M, ...args: ArgsOf<M>): Promise<ResultOf<M>> {
  const channel = hostChannels[method];
  let result: IpcResult<ResultOf<M>>;
  try {
    result = await ipcRenderer.invoke(channel, ...args);
  } catch (error) {
    const failure: HostError = {
      name: 'HostFailure',
      message: `${channel}: ${error instanceof Error ? error.message : String(error)}`,
    };
    throw failure;
  }
  if (result.ok) return result.value;
  throw isHostError(result.error)
    ? result.error
    : { name: 'HostFailure', message: `${channel}: malformed reply` };
}

export const electronHost: HostApi = {
  kind: 'electron',
  openMesh: () => call('openMesh'),
  openProject: () => call('openProject'),
  openRecent: (path) => call('openRecent', path),
  openRelated: (fromPath, uri) => call('openRelated', fromPath, uri),
  saveFile: (request) => call('saveFile', request),
  recentFiles: () => call('recentFiles'),
  getPreferences: () => call('getPreferences'),
  setPreferences: (preferences) => call('setPreferences', preferences),
  onMenuCommand(listener) {
    const { channel, parseArgs } = ipcContract.onMenuCommand;
    const receive = (_event: IpcRendererEvent, ...args: unknown[]) => {
      let parsed: ReturnType<typeof parseArgs>;
      try {
        parsed = parseArgs(args);
      } catch (error) {
        console.error('[preload] ignored a malformed menu command:', error);
        return;
      }
      listener(...parsed);
    };
    ipcRenderer.on(channel, receive);
    return () => {
      ipcRenderer.removeListener(channel, receive);
    };
  },
};

contextBridge.exposeInMainWorld('softbodyHost', electronHost);
