import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLayering } from '../../scripts/check-layering.mjs';

const script = new URL('../../scripts/check-layering.mjs', import.meta.url).pathname;

/** Writes `files` (repository paths → text) into a fresh folder; returns the folder. */
function writeTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'layering-'));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

/** The check over `files`, in this process (the command is run once below, for its exit code). */
function checkTree(files: Record<string, string>): { status: number; output: string } {
  const { problems } = checkLayering(writeTree(files));
  return { status: problems.length > 0 ? 1 : 0, output: problems.join('\n') };
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A small tree in which every layer imports what the table allows it. */
const cleanTree: Record<string, string> = {
  'core/sim/a.ts':
    "import { b } from './b.ts';\nimport { orient3d } from 'robust-predicates';\nimport { Document } from '@gltf-transform/core';\nimport library from '../../assets/materials.json';\nexport const a = b;\n",
  'core/sim/b.ts': 'export const b = 1; // window.foo in a comment is fine\n',
  'core/node/read.ts': "import { readFile } from 'node:fs/promises';\nimport { a } from '../sim/a.ts';\n",
  'contract/host-api.ts': 'export interface HostApi { kind: string }\n',
  'contract/ipc-parsers.ts': "import type { HostApi } from './host-api.ts';\n",
  'renderer/src/main.ts':
    "import * as THREE from 'three';\nimport type { HostApi } from '../../contract/host-api.ts';\nimport { a } from '../../core/sim/a.ts';\nconst worker = new Worker(new URL('./worker.ts', import.meta.url));\n",
  'renderer/src/worker.ts': "import { a } from '../../core/sim/a.ts';\n",
  'renderer/vite-csp.ts': "import type { Plugin } from 'vite';\n",
  'cli/main.ts':
    "import { readFileSync } from 'node:fs';\nimport { read } from '../core/node/read.ts';\nconst pkg = readFileSync(new URL('../package.json', import.meta.url), 'utf8');\n",
  'electron/main/index.ts':
    "import { app } from 'electron';\nimport { join } from 'node:path';\nimport { ipcContract } from '../../contract/ipc-parsers.ts';\nimport { read } from '../../core/node/read.ts';\n",
  'electron/preload/index.ts':
    "import { contextBridge } from 'electron';\nimport { hostChannels } from '../../contract/host-api.ts';\nimport { ipcContract } from '../../contract/ipc-parsers.ts';\n",
  'runtime/jolt/loader.mjs': "import initJolt from 'jolt-physics';\nimport { x } from './util.mjs';\n",
  'test/core/a.test.ts': "import { x } from '../../renderer/src/main.ts';\nimport fs from 'node:fs';\n",
  'bench/run.ts': "import { x } from '../electron/main/index.ts';\n",
  'vite.web.config.ts': "import { devCspPlugin } from './renderer/vite-csp.ts';\n",
};

describe('layering check', () => {
  it('passes a tree in which every layer keeps to the table, and says how many files it checked', () => {
    const result = spawnSync(process.execPath, [script, writeTree(cleanTree)], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('[check-layering] 11 files keep to the layer table\n');
    expect(result.status).toBe(0);
  });

  it('prints every problem as file:line and exits 1', () => {
    const tree = writeTree({
      ...cleanTree,
      'core/mesh/bad.ts':
        "import { main } from '../../renderer/src/main.ts';\nimport { readFile } from 'node:fs';\n",
    });
    const result = spawnSync(process.execPath, [script, tree], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      [
        '[check-layering] 2 import(s) against the layer table:',
        '  core/mesh/bad.ts:1: core/ may not import renderer/src/main.ts (core/ imports only core/ and assets/: it runs unchanged in Node, a Web Worker and Electron main)',
        '  core/mesh/bad.ts:2: core/ may not import node:fs (core/ uses no Node built-ins: it runs unchanged in Node, a Web Worker and Electron main)',
        '',
      ].join('\n'),
    );
  });

  it.each([
    [
      'core/mesh/bad.ts',
      "import { main } from '../../renderer/src/main.ts';",
      'core/mesh/bad.ts:1: core/ may not import renderer/src/main.ts (core/ imports only core/ and assets/: it runs unchanged in Node, a Web Worker and Electron main)',
    ],
    [
      'core/mesh/bad.ts',
      "import { readMesh } from '../node/read-mesh.ts';",
      'core/mesh/bad.ts:1: core/ may not import core/node/read-mesh.ts (core/ imports only core/ and assets/',
    ],
    [
      'runtime/jolt/bad.mjs',
      "import { compile } from '../../core/setup/compile-scene.ts';",
      'runtime/jolt/bad.mjs:1: runtime/ may not import core/setup/compile-scene.ts (runtime/ imports only its own folder: game teams copy one loader folder on its own)',
    ],
    [
      'runtime/jolt/bad.mjs',
      "import { other } from '../unity/loader.mjs';",
      'runtime/ may not import runtime/unity/loader.mjs',
    ],
    [
      'renderer/src/bad.ts',
      "import { readMesh } from '../../core/node/read-mesh.ts';",
      'renderer/src/bad.ts:1: renderer/ may not import core/node/read-mesh.ts (renderer/ imports only renderer/, core/, contract/host-api.ts, assets/, docs/ and runtime/jolt/loader.mjs',
    ],
    [
      'renderer/src/bad.ts',
      "import { ipcContract } from '../../contract/ipc-parsers.ts';",
      'renderer/ may not import contract/ipc-parsers.ts',
    ],
    [
      'renderer/src/bad.ts',
      "import { send } from '../../electron/main/index.ts';",
      'renderer/ may not import electron/main/index.ts',
    ],
    [
      'renderer/src/bad.ts',
      "import { ipcRenderer } from 'electron';",
      'renderer/ may not import electron (renderer/ uses only the packages',
    ],
    [
      'renderer/src/bad.ts',
      "import { readFile } from 'node:fs';",
      'renderer/ may not import node:fs (renderer/ uses no Node built-ins',
    ],
    [
      'electron/preload/bad.ts',
      "import { log } from '../main/log.ts';",
      'electron/preload/ may not import electron/main/log.ts',
    ],
    [
      'electron/preload/bad.ts',
      "import { a } from '../../core/sim/a.ts';",
      'electron/preload/ may not import core/sim/a.ts',
    ],
    ['electron/preload/bad.ts', "import * as THREE from 'three';", 'electron/preload/ may not import three'],
    [
      'electron/main/bad.ts',
      "import { main } from '../../renderer/src/main.ts';",
      'electron/main/ may not import renderer/src/main.ts',
    ],
    [
      'cli/bad.ts',
      "import { app } from '../electron/main/index.ts';",
      'cli/ may not import electron/main/index.ts',
    ],
    [
      'contract/bad.ts',
      "import { a } from '../core/sim/a.ts';",
      'contract/ may not import core/sim/a.ts (contract/ imports only contract/',
    ],
    [
      'contract/bad.ts',
      "import { ipcRenderer } from 'electron';",
      'contract/ may not import electron (contract/ uses no packages',
    ],
    [
      'core/mesh/bad.ts',
      "import { x } from '../../test/fixtures.ts';",
      'core/ may not import test/fixtures.ts',
    ],
    [
      'core/mesh/bad.ts',
      "import { x } from '../../../elsewhere/x.ts';",
      'imports nothing outside the repository',
    ],
  ])('fails %s importing: %s', (file, line, expected) => {
    const result = checkTree({ ...cleanTree, [file]: `${line}\n` });
    expect(result.status).toBe(1);
    expect(result.output).toContain(expected);
  });

  it('names the line of an import written over several lines, and of a type-only or dynamic one', () => {
    const result = checkTree({
      'core/mesh/bad.ts':
        "import {\n  a,\n  b,\n} from '../../renderer/src/main.ts';\nexport type T = import('../../renderer/src/types.ts').T;\nexport const load = () => import('../../renderer/src/late.ts');\n",
    });
    expect(result.output).toContain('core/mesh/bad.ts:4: core/ may not import renderer/src/main.ts');
    expect(result.output).toContain('core/mesh/bad.ts:5: core/ may not import renderer/src/types.ts');
    expect(result.output).toContain('core/mesh/bad.ts:6: core/ may not import renderer/src/late.ts');
  });

  it('reads a worker URL as an import', () => {
    const result = checkTree({
      'renderer/src/client.ts': "new Worker(new URL('../../core/node/worker.ts', import.meta.url));\n",
    });
    expect(result.output).toContain('renderer/src/client.ts:1: renderer/ may not import core/node/worker.ts');
  });

  it('ignores imports inside comments and strings', () => {
    const result = checkTree({
      'core/mesh/ok.ts':
        "// import { x } from '../../renderer/src/main.ts';\n/* import 'electron'; */\nexport const hint = \"import fs from 'node:fs'\";\n",
    });
    expect(result.status).toBe(0);
  });

  it('fails on a source file in a folder the table does not name', () => {
    const result = checkTree({ 'shared/util.ts': 'export const x = 1;\n' });
    expect(result.status).toBe(1);
    expect(result.output).toContain('shared/util.ts: is in no layer');
  });
});

describe('layering check ported from the core purity check', () => {
  it.each([
    ["import { readFileSync } from 'node:fs';", 'may not import node:fs (core/ uses no Node built-ins'],
    ["import fs from 'fs';", 'may not import fs (core/ uses no Node built-ins'],
    ["import { ipcMain } from 'electron';", 'may not import electron (core/ uses only the packages'],
    ["import * as THREE from 'three';", 'may not import three'],
    [
      "import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';",
      'may not import three/',
    ],
    ["import * as monaco from 'monaco-editor';", 'may not import monaco-editor'],
    ["import uPlot from 'uplot';", 'may not import uplot'],
    ["const p = await import('node:path');", 'may not import node:path'],
    ['const el = document.createElement("div");', "DOM global 'document'"],
    ['window.addEventListener("x", () => {});', "DOM global 'window'"],
  ])('fails on %s in core/', (line, expected) => {
    const result = checkTree({ 'core/mesh/bad.ts': `${line}\n` });
    expect(result.status).toBe(1);
    expect(result.output).toContain(expected);
    expect(result.output).toContain('core/mesh/bad.ts:1');
  });

  it('allows Node built-ins inside core/node/', () => {
    const result = checkTree({ 'core/node/read.ts': "import { readFile } from 'node:fs/promises';\n" });
    expect(result.status).toBe(0);
  });

  it('does not mistake a parameter named document for the DOM global', () => {
    const result = checkTree({
      'core/mesh/gltf.ts':
        'export function read(document: { getRoot(): number }) {\n  return document.getRoot();\n}\n',
    });
    expect(result.status).toBe(0);
  });
});
