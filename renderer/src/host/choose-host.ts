/**
 * Picks the host at start: the Electron preload's bridge when it exposed one, else the
 * browser host.
 */
import type { HostApi } from '../../../contract/host-api.ts';
import { createBrowserHost } from './browser-host.ts';

export function chooseHost(): HostApi {
  return window.softbodyHost ?? createBrowserHost();
}
