#!/usr/bin/env node
// Bundles the `softbody` command (cli/main.ts and everything it imports) into ES modules, so that
// the command starts with Node alone: no TypeScript loader, no node_modules lookups. The entry
// is OUTDIR/softbody.mjs; each command's code is a chunk beside it, loaded only when that command
// runs (`--version` and `--help` parse a few kilobytes, not the whole of core/).
// `npm ci` runs it through `prepare`; `npm run build:cli` runs it by hand.
//
//   node scripts/build-cli.mjs [OUTDIR]     OUTDIR default: cli/dist
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = process.argv[2] ?? `${root}cli/dist`;

// Chunk names carry a content hash: clear the folder so no stale chunk stays beside the new ones.
await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: { softbody: `${root}cli/main.ts` },
  outdir,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  // The oldest Node that package.json's engines admits.
  target: 'node20.19',
  // CommonJS packages inside an ES module bundle still call require for Node built-ins, and
  // draco3d's emscripten loader looks for its .wasm in __dirname (copied beside the chunks
  // below). The alias keeps clear of a bundled module's own `import { createRequire }` (fdir has one).
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url); const __dirname = import.meta.dirname;",
  },
  legalComments: 'eof',
  logLevel: 'warning',
});
// The Draco decoder's WebAssembly, beside the chunk that loads it (only for Draco-compressed glTF).
const dracoWasm = createRequire(import.meta.url).resolve('draco3d/draco_decoder.wasm');
await mkdir(`${outdir}/chunks`, { recursive: true });
await copyFile(dracoWasm, `${outdir}/chunks/draco_decoder.wasm`);
