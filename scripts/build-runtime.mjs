#!/usr/bin/env node
// Writes the runtime files that are generated from core/: runtime/gltf-transform/
// softbody-extension.mjs, the SOFTBODY_soft_body extension for @gltf-transform pipelines, bundled
// from core/preset/exporters/gltf-extension.ts (which imports nothing but @gltf-transform/core,
// left to the pipeline's own copy), and its declarations softbody-extension.d.mts. The files are
// committed; test/runtime/gltf-transform-extension.test.ts fails when they differ from what this
// script writes.
//
//   node scripts/build-runtime.mjs [--check]     --check: compare, write nothing, exit 1 on a difference
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));

export const GLTF_TRANSFORM_EXTENSION = 'runtime/gltf-transform/softbody-extension.mjs';
export const GLTF_TRANSFORM_DECLARATIONS = 'runtime/gltf-transform/softbody-extension.d.mts';
const SOURCE = 'core/preset/exporters/gltf-extension.ts';
const BANNER = `// Generated from ${SOURCE} by scripts/build-runtime.mjs: edit that file and run \`npm run build:runtime\`.`;

/** The bundled extension module, as text. */
export async function bundleGltfTransformExtension() {
  const result = await build({
    entryPoints: [`${root}${SOURCE}`],
    bundle: true,
    write: false,
    platform: 'neutral',
    format: 'esm',
    target: 'es2022',
    external: ['@gltf-transform/core'],
    banner: { js: BANNER },
    legalComments: 'none',
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

/** Its declarations, as text (the source's exports carry their types: isolated declarations). */
export async function gltfTransformExtensionDeclarations() {
  const source = await readFile(`${root}${SOURCE}`, 'utf8');
  const result = ts.transpileDeclaration(source, {
    fileName: SOURCE,
    compilerOptions: { isolatedDeclarations: true, declaration: true },
    reportDiagnostics: true,
  });
  if (result.diagnostics?.length)
    throw new Error(`${SOURCE}: ${ts.flattenDiagnosticMessageText(result.diagnostics[0].messageText, ' ')}`);
  return `${BANNER}\n${result.outputText}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const files = [
    [GLTF_TRANSFORM_EXTENSION, await bundleGltfTransformExtension()],
    [GLTF_TRANSFORM_DECLARATIONS, await gltfTransformExtensionDeclarations()],
  ];
  for (const [file, text] of files) {
    const target = `${root}${file}`;
    if (process.argv.includes('--check')) {
      const current = await readFile(target, 'utf8').catch(() => '');
      if (current !== text) {
        console.error(`${file} is stale: run npm run build:runtime`);
        process.exitCode = 1;
      }
    } else {
      await writeFile(target, text);
      console.log(`wrote ${file} (${text.length} bytes)`);
    }
  }
}
