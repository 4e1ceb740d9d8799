/**
 * Serves the built renderer over `app://softbody/` (see app-url.ts for why not file://).
 * The scheme must be registered as privileged before the app is ready; the handler is
 * installed once it is. Only files below the renderer folder are served: anything else is
 * a 404, whatever the URL's encoding. Pages get a fresh style nonce on every load
 * (content-security-policy.ts), and every file the cross-origin isolation headers
 * (cross-origin-isolation.ts).
 */
import { readFile } from 'node:fs/promises';
import type { Protocol } from 'electron';
import { APP_SCHEME, contentTypeFor, resolveAppRequest } from './app-url.ts';
import { withFreshStyleNonce } from './content-security-policy.ts';
import { CROSS_ORIGIN_ISOLATION_HEADERS } from './cross-origin-isolation.ts';
import type { Logger } from './log.ts';

/** Call before `app.whenReady()` resolves: Chromium fixes its schemes at start-up. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      // standard: relative URLs and origins work as for https; secure: module workers and
      // WebAssembly streaming are allowed; fetch: the page reads its own assets.
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/** Builds the response for one request: the file's bytes, or 404 without saying why. */
export async function appProtocolResponse(
  rendererRoot: string,
  url: string,
  read: (path: string) => Promise<Uint8Array> = readFile,
): Promise<Response> {
  const path = resolveAppRequest(rendererRoot, url);
  if (path === undefined) return new Response('Not found', { status: 404 });
  let bytes: Uint8Array;
  try {
    bytes = await read(path);
  } catch {
    return new Response('Not found', { status: 404 });
  }
  if (path.endsWith('.html')) {
    bytes = new TextEncoder().encode(withFreshStyleNonce(new TextDecoder().decode(bytes)));
  }
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'Content-Type': contentTypeFor(path),
      'X-Content-Type-Options': 'nosniff',
      ...CROSS_ORIGIN_ISOLATION_HEADERS,
    },
  });
}

export function handleAppProtocol(
  protocol: Pick<Protocol, 'handle'>,
  rendererRoot: string,
  log: Logger,
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const response = await appProtocolResponse(rendererRoot, request.url);
    if (response.status !== 200) log.warn(`app:// refused ${request.url}`);
    return response;
  });
}
