/**
 * electron-vite build of the three bundles:
 *   out/main/index.js       ES module (package.json has "type": "module"), entry electron/main/index.ts
 *   out/preload/index.cjs   one CommonJS file: a sandboxed preload cannot load ES modules or chunks
 *   out/renderer/           the page, from renderer/index.html
 */
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { cspProblems, findCspMetaTag } from './electron/main/content-security-policy.ts';
import { CROSS_ORIGIN_ISOLATION_HEADERS } from './electron/main/cross-origin-isolation.ts';

const root = import.meta.dirname;

/**
 * The meta tag is the renderer's only Content-Security-Policy (the same page runs in Electron
 * over app:// and as the web build): refuse to build without a strict one.
 */
function requireStrictCsp(): Plugin {
  return {
    name: 'softbody:require-strict-csp',
    apply: 'build',
    transformIndexHtml(html) {
      const policy = findCspMetaTag(html);
      if (policy === undefined) {
        throw new Error('renderer/index.html: add a <meta http-equiv="Content-Security-Policy"> tag');
      }
      const problems = cspProblems(policy);
      if (problems.length > 0) {
        throw new Error(`renderer/index.html: Content-Security-Policy too weak: ${problems.join('; ')}`);
      }
      return html;
    },
  };
}

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      // Inline what main imports from packages (core/ brings typebox, @gltf-transform): the
      // installers ship no node_modules (electron-builder.config.ts).
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'electron/main/index.ts') },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // Inline everything the preload imports (the contract): the sandbox has no module loader.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    plugins: [requireStrictCsp()],
    // Main adds these to the dev server's responses too (session-policy.ts); a browser pointed
    // at the dev server gets them here.
    server: { headers: CROSS_ORIGIN_ISOLATION_HEADERS },
    build: {
      outDir: resolve(root, 'out/renderer'),
      rolldownOptions: {
        input: { index: resolve(root, 'renderer/index.html') },
      },
    },
  },
});
