#!/usr/bin/env node
// Fails when core/ (outside core/node/) imports Electron, three.js, a Node built-in,
// or touches DOM globals. core/ must run unchanged in Node, a Web Worker and Electron main.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';

const root = process.argv[2] ?? 'core';
const forbiddenPackages = new Set(['electron', 'three', 'monaco-editor', ...builtinModules]);
const domGlobals = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'HTMLElement',
  'requestAnimationFrame',
];
const importPattern =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
const domPattern = new RegExp(`\\b(${domGlobals.join('|')})\\b\\s*[.[(]`, 'g');

function declarationPattern(name) {
  return new RegExp(`(?:\\b(?:const|let|var|function)\\s+${name}\\b|[(,]\\s*${name}\\s*[:,)=?])`);
}

function* sourceFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (relative(root, path) === 'node') continue;
      yield* sourceFiles(path);
    } else if (/\.(ts|mts|js|mjs)$/.test(name)) yield path;
  }
}

function packageOf(specifier) {
  if (specifier.startsWith('node:')) return 'node:';
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const problems = [];
for (const file of sourceFiles(root)) {
  const text = readFileSync(file, 'utf8');
  // A name the file declares itself (a parameter or variable called `document`) is not the DOM global.
  const declared = new Set(domGlobals.filter((name) => declarationPattern(name).test(text)));
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    for (const match of code.matchAll(importPattern)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? match[4];
      const pkg = packageOf(specifier);
      if (pkg === 'node:' || forbiddenPackages.has(pkg)) {
        const why =
          pkg === 'node:' || builtinModules.includes(pkg)
            ? 'only core/node/ may use Node built-ins'
            : 'core/ runs unchanged in Node, workers and Electron main';
        problems.push(`${file}:${index + 1}: core/ may not import '${specifier}' (${why})`);
      }
    }
    for (const match of code.matchAll(domPattern)) {
      if (declared.has(match[1])) continue;
      problems.push(`${file}:${index + 1}: core/ may not use the DOM global '${match[1]}'`);
    }
  });
}

if (problems.length > 0) {
  console.error(`[check-core-purity] ${problems.length} forbidden use(s) in ${root}/:`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`[check-core-purity] ${root}/ is pure`);
