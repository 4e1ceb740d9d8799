/**
 * What counts as the app's own content: its page (built into out/renderer and served as
 * app://softbody/, or served by the dev server during `npm run dev`) and the files beside it.
 * IPC senders and network requests are checked against it. No file:// URL is the app's: the
 * page is never loaded from one, so a file:// page is someone else's.
 */
import { isAppIndexUrl, isAppUrl } from './app-url.ts';

export interface AppOrigin {
  /** The renderer's index.html on disk (production and `npm start`), served over app://. */
  rendererIndexFile: string;
  /** The dev server serving the renderer (`npm run dev` only). */
  devServerUrl?: URL;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The dev server URL electron-vite passes in ELECTRON_RENDERER_URL, accepted only when the
 * app is not packaged and only on this machine: a packaged app must never load a page
 * named by its environment.
 */
export function devServerUrlFrom(value: string | undefined, isPackaged: boolean): URL | undefined {
  if (isPackaged || !value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const local = (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname);
  return local ? url : undefined;
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** True for the app's page itself: the only frame allowed to call the host. */
export function isAppPage(origin: AppOrigin, url: string): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  if (origin.devServerUrl) return parsed.origin === origin.devServerUrl.origin;
  return isAppIndexUrl(url);
}

/**
 * True for a request the page may make: its own app:// files, in-page data and blob URLs,
 * DevTools, and in development the dev server (including its hot-reload socket).
 * Everything else is remote content and is blocked.
 */
export function isAppRequest(origin: AppOrigin, url: string): boolean {
  const parsed = parse(url);
  if (!parsed) return false;
  switch (parsed.protocol) {
    case 'data:':
    case 'blob:':
    case 'devtools:':
      return true;
    case 'app:':
      return isAppUrl(url);
    case 'http:':
    case 'https:':
    case 'ws:':
    case 'wss:': {
      const dev = origin.devServerUrl;
      return dev !== undefined && parsed.hostname === dev.hostname && parsed.port === dev.port;
    }
    default:
      return false;
  }
}
