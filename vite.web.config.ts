/**
 * The renderer as a plain web page with the browser host: `npm run web` serves it,
 * `npm run web:build` builds it to dist-web/ (also what the e2e suite drives).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { withFreshStyleNonce } from './electron/main/content-security-policy.ts';
import { CROSS_ORIGIN_ISOLATION_HEADERS } from './electron/main/cross-origin-isolation.ts';
import { devCspPlugin } from './renderer/vite-csp.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

/**
 * `vite preview` serves the built page with a fresh style nonce on every load, as the app://
 * handler does (electron/main/content-security-policy.ts); a plain static host would serve the
 * placeholder itself as a fixed nonce.
 */
function previewStyleNonce(): Plugin {
  return {
    name: 'softbody:preview-style-nonce',
    configurePreviewServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const path = (request.url ?? '/').split(/[?#]/)[0];
        if (path !== '/' && path !== '/index.html') return next();
        try {
          const html = await readFile(join(server.config.build.outDir, 'index.html'), 'utf8');
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.setHeader('Cache-Control', 'no-store');
          // This middleware answers before vite's own, which would add `preview.headers`.
          for (const [name, value] of Object.entries(CROSS_ORIGIN_ISOLATION_HEADERS)) {
            response.setHeader(name, value);
          }
          response.end(withFreshStyleNonce(html));
        } catch (error) {
          next(error);
        }
      });
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  // Relative asset URLs: the same bundle works over http and under file://.
  base: './',
  plugins: [devCspPlugin(), previewStyleNonce()],
  server: {
    port: 5173,
    // core/ and assets/ live beside renderer/, outside the served root.
    fs: { allow: [repoRoot] },
    // Cross-origin isolated, as the built page: the worker shares its positions (SharedArrayBuffer).
    headers: CROSS_ORIGIN_ISOLATION_HEADERS,
  },
  preview: { headers: CROSS_ORIGIN_ISOLATION_HEADERS },
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist-web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // three.js alone is ~700 kB minified; one chunk for it is expected.
    chunkSizeWarningLimit: 1200,
  },
});
