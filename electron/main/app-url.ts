/**
 * The packaged renderer's own URL space, `app://softbody/…`, served from the built renderer
 * folder by app-protocol.ts. A custom scheme instead of file:// gives the page a real origin
 * (so 'self' in its CSP means its own files and nothing else on the disk) and lets main
 * decide, file by file, what it serves.
 */
import { resolve, sep } from 'node:path';
import { isInsideFolder } from './file-access.ts';

export const APP_SCHEME = 'app';
export const APP_HOST = 'softbody';
/** `app://softbody`, the origin the page and its workers run in. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** True for a URL of the app's own origin. */
export function isAppUrl(url: string): boolean {
  const parsed = parse(url);
  return parsed !== undefined && parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
}

/** True for the app's page itself (a hash or query aside). */
export function isAppIndexUrl(url: string): boolean {
  const parsed = parse(url);
  return (
    parsed !== undefined && isAppUrl(url) && (parsed.pathname === '/index.html' || parsed.pathname === '/')
  );
}

/**
 * The file below `root` an `app://softbody/…` URL names, or undefined for anything else:
 * another scheme or host, a path that decodes to a way out of `root` (`..%2f`, `%5c`), a NUL.
 * `/` is the page.
 */
export function resolveAppRequest(root: string, url: string): string | undefined {
  const parsed = parse(url);
  if (!parsed || !isAppUrl(url)) return undefined;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0') || pathname.includes('\\')) return undefined;
  if (pathname.split('/').includes('..')) return undefined;
  const relativePath = pathname === '/' ? 'index.html' : pathname.slice(1);
  const folder = resolve(root);
  const path = resolve(folder, relativePath.split('/').join(sep));
  return isInsideFolder(folder, path) ? path : undefined;
}

/** Content types of the files a built renderer contains. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  // instantiateStreaming refuses WebAssembly served under any other type.
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.obj': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(path: string): string {
  const dot = path.lastIndexOf('.');
  return (dot >= 0 && CONTENT_TYPES[path.slice(dot).toLowerCase()]) || 'application/octet-stream';
}
