import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = new URL('../../scripts/check-core-purity.mjs', import.meta.url).pathname;

function checkTree(files: Record<string, string>): { status: number | null; output: string } {
  const root = mkdtempSync(join(tmpdir(), 'purity-'));
  roots.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  const result = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('core purity check', () => {
  it('passes a core tree that imports only core and pure packages', () => {
    const result = checkTree({
      'sim/a.ts':
        "import { b } from './b.ts';\nimport { orient3d } from 'robust-predicates';\nexport const a = b;\n",
      'sim/b.ts': 'export const b = 1; // window.foo in a comment is fine\n',
    });
    expect(result.status).toBe(0);
  });

  it.each([
    ["import { readFileSync } from 'node:fs';", "may not import 'node:fs'"],
    ["import fs from 'fs';", "may not import 'fs'"],
    ["import { ipcMain } from 'electron';", "may not import 'electron'"],
    ["import * as THREE from 'three';", "may not import 'three'"],
    ["import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';", 'may not import'],
    ["const p = await import('node:path');", "may not import 'node:path'"],
    ['const el = document.createElement("div");', "DOM global 'document'"],
    ['window.addEventListener("x", () => {});', "DOM global 'window'"],
  ])('fails on %s', (line, expected) => {
    const result = checkTree({ 'mesh/bad.ts': `${line}\n` });
    expect(result.status).toBe(1);
    expect(result.output).toContain(expected);
    expect(result.output).toContain('bad.ts:1');
  });

  it('allows Node built-ins inside core/node/', () => {
    const result = checkTree({ 'node/read.ts': "import { readFile } from 'node:fs/promises';\n" });
    expect(result.status).toBe(0);
  });
});

describe('core purity check and local names', () => {
  it('does not mistake a parameter named document for the DOM global', () => {
    const result = checkTree({
      'mesh/gltf.ts':
        'export function read(document: { getRoot(): number }) {\n  return document.getRoot();\n}\n',
    });
    expect(result.status).toBe(0);
  });
});
