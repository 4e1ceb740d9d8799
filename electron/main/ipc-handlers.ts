/**
 * The IPC edge of main: one `ipcMain.handle` per invoke channel of the contract. Every call
 * is checked in the same order (sender frame, channel, arguments) before its handler runs,
 * and every outcome crosses back as an `IpcResult`, never as a thrown Error (Electron would
 * reduce it to a message and lose its name).
 */
import { BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { HostFailure, type InvokeMethod, type IpcResult } from '../../contract/host-api.ts';
import { ipcContract } from '../../contract/ipc-parsers.ts';
import type { HostHandlers } from './host-handlers.ts';
import type { Logger } from './log.ts';

/** The part of `ipcMain` used here. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown): void;
}

export type IpcDispatcher = (
  channel: string,
  event: IpcMainInvokeEvent,
  args: readonly unknown[],
) => Promise<IpcResult<unknown>>;

const invokeMethods = (Object.keys(ipcContract) as (keyof typeof ipcContract)[]).filter(
  (method): method is InvokeMethod => ipcContract[method].kind === 'invoke',
);
const methodByChannel = new Map<string, InvokeMethod>(
  invokeMethods.map((method) => [ipcContract[method].channel, method]),
);

/** The channels main answers, e.g. 'sb:openMesh'. */
export const invokeChannels: readonly string[] = [...methodByChannel.keys()];

export function createIpcDispatcher(
  handlers: HostHandlers,
  isAppPage: (url: string) => boolean,
  log: Logger,
): IpcDispatcher {
  return async (channel, event, args) => {
    try {
      const url = event.senderFrame?.url;
      if (!url || !isAppPage(url)) {
        throw new HostFailure(
          'ForbiddenSender',
          `${channel}: refused a call from ${url || 'a closed frame'}`,
        );
      }
      const method = methodByChannel.get(channel);
      if (!method) throw new HostFailure('UnknownChannel', `${channel} is not a channel of this app`);
      const parsed = ipcContract[method].parseArgs(args);
      const handler = handlers[method] as (context: unknown, ...args: unknown[]) => Promise<unknown>;
      const value = await handler({ window: BrowserWindow.fromWebContents(event.sender) }, ...parsed);
      return { ok: true, value };
    } catch (error) {
      if (error instanceof HostFailure) {
        log.warn(`${channel}: ${error.name}: ${error.message}`);
        return { ok: false, error: error.toHostError() };
      }
      log.error(
        `${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      const message = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        error: { name: 'HostFailure', message: `${channel} failed in the host: ${message}` },
      };
    }
  };
}

/** Registers the dispatcher for every invoke channel of the contract; returns the channels. */
export function registerIpcHandlers(ipcMain: IpcMainLike, dispatch: IpcDispatcher): readonly string[] {
  for (const channel of invokeChannels) {
    ipcMain.handle(channel, (event, ...args) => dispatch(channel, event, args));
  }
  return invokeChannels;
}
