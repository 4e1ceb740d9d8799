/**
 * The response headers that make the renderer's page cross-origin isolated
 * (`crossOriginIsolated` true), so that it and its workers may share memory
 * (SharedArrayBuffer): the simulation worker hands the viewport its positions through one
 * (renderer/src/sim/shared-positions.ts). One place for every server of the page: the app://
 * handler (app-protocol.ts), the dev server's responses in Electron (session-policy.ts), the
 * web build's dev and preview servers (vite.web.config.ts) and the electron-vite dev server
 * (electron.vite.config.ts).
 *
 * COOP same-origin puts the page in a browsing context group of its own; COEP require-corp
 * lets it load only what is same-origin or opts in with CORP. The page loads nothing from
 * elsewhere (its CSP allows 'self', data: and blob: alone, content-security-policy.ts): its
 * scripts, module workers, WebAssembly, Monaco's workers and fonts are its own files, and
 * data:/blob: URLs are same-origin to it. CORP same-origin on our own responses says so
 * explicitly.
 *
 * No Node or Electron imports: the build configs import this file.
 */
export const CROSS_ORIGIN_ISOLATION_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
});
