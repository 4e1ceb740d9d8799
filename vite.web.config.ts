/**
 * The renderer as a plain web page with the browser host: `npm run web` serves it,
 * `npm run web:build` builds it to dist-web/ (also what the e2e suite drives).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { devCspPlugin } from './renderer/vite-csp.ts';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  // Relative asset URLs: the same bundle works over http and under file://.
  base: './',
  plugins: [devCspPlugin()],
  server: {
    port: 5173,
    // core/ and assets/ live beside renderer/, outside the served root.
    fs: { allow: [repoRoot] },
  },
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist-web', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // three.js alone is ~700 kB minified; one chunk for it is expected.
    chunkSizeWarningLimit: 1200,
  },
});
