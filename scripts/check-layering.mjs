#!/usr/bin/env node
// Which folder may import which, from the one table below: every import of every source
// file (relative ones resolved to the file they name, package ones to the package) is
// checked against the table of the layer the file lives in. `npm run lint` runs it.
//
//   node scripts/check-layering.mjs [root]     root: the repository (default: this one)
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Packages that run anywhere (Node, a worker, a page, Electron main): what core/ may use.
 * meshoptimizer carries its WebAssembly inline; draco3d's decoder is given its WebAssembly by a
 * host without the package's files (core/mesh/gltf/decoders.ts).
 */
const PURE_PACKAGES = ['typebox', 'robust-predicates', '@gltf-transform/*', 'meshoptimizer', 'draco3d'];
/** In a layer's `packages`: the modules Node itself provides (`node:fs`, `path`, …). */
const NODE_BUILTINS = 'Node built-ins';
/** In a layer's `packages`: any npm package (never a Node built-in unless listed too). */
const ANY_PACKAGE = 'any npm package';
/** The Jolt loader game teams copy: the CLI and the editor time exported bodies with it (core/budget). */
const JOLT_LOADER = 'runtime/jolt/loader.mjs';
/** In a layer's `imports`: the file's own folder one level below the layer (runtime/jolt/). */
const OWN_FOLDER = 'its own folder';

/**
 * The layers. `folder` holds the layer's files (the most specific folder wins: core/node/ is
 * not core/); `imports` lists the repository folders or files its files may import (an entry
 * covers what lies under it, except a more specific layer it does not name); `packages` the
 * npm packages it may import; `reason` says why the line is drawn there.
 */
const LAYERS = [
  {
    folder: 'core',
    imports: ['core', 'assets'],
    packages: PURE_PACKAGES,
    noDomGlobals: true,
    reason: 'it runs unchanged in Node, a Web Worker and Electron main',
  },
  {
    folder: 'core/node',
    imports: ['core/node', 'core', 'assets'],
    packages: [...PURE_PACKAGES, NODE_BUILTINS],
    reason: 'it is the file-reading adapter over core/, for Node only',
  },
  {
    folder: 'contract',
    imports: ['contract'],
    packages: [],
    noDomGlobals: true,
    reason: 'the renderer reads it and the sandboxed preload inlines it',
  },
  {
    folder: 'renderer',
    imports: ['renderer', 'core', 'contract/host-api.ts', 'assets', 'docs', JOLT_LOADER],
    packages: [...PURE_PACKAGES, 'three', 'monaco-editor', 'uplot', 'jolt-physics'],
    reason:
      'it is a web page that reaches its host only through contract/host-api.ts (and times bodies in Jolt through the loader game teams copy)',
  },
  {
    folder: 'cli',
    imports: ['cli', 'core', 'core/node', 'assets', 'package.json', JOLT_LOADER],
    packages: [...PURE_PACKAGES, NODE_BUILTINS, 'tsx', 'tinyglobby', 'jolt-physics'],
    reason:
      'the command line is a layer over core/ alone (tinyglobby expands the file patterns; jolt-physics and its loader time bodies in Jolt)',
  },
  {
    folder: 'electron/main',
    imports: ['electron/main', 'core', 'core/node', 'contract', 'assets'],
    packages: [...PURE_PACKAGES, NODE_BUILTINS, 'electron'],
    reason: 'main serves the renderer through the contract and works with core/',
  },
  {
    folder: 'electron/preload',
    imports: ['electron/preload', 'contract'],
    packages: ['electron'],
    reason: 'a sandboxed preload is one bundle with nothing but the contract inlined',
  },
  {
    folder: 'runtime',
    imports: [OWN_FOLDER],
    packages: [ANY_PACKAGE],
    reason: 'game teams copy one loader folder on its own',
  },
];

/** Files no layer rule applies to: tests, benchmarks, tooling and build configuration. */
const UNRESTRICTED = ['test', 'bench', 'scripts', '*.config.ts', 'renderer/vite-csp.ts'];

const SKIPPED_FOLDERS = new Set(['node_modules', 'out', 'dist', 'dist-web', 'test-results', 'coverage']);
const SOURCE_FILE = /\.(ts|mts|cts|tsx|js|mjs|cjs)$/;
const DOM_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'HTMLElement',
  'requestAnimationFrame',
];
// A property of the same name (`this.document`, gltf-transform's Extension) is not the global.
const domPattern = new RegExp(`(?<![.\\w$])(${DOM_GLOBALS.join('|')})\\b\\s*[.[(]`, 'g');

/** True when `entry` (a folder, a file or a `*` pattern) is or contains `path`. */
function covers(entry, path) {
  if (entry.includes('*')) {
    const pattern = entry.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*');
    return new RegExp(`^${pattern}$`).test(path);
  }
  return path === entry || path.startsWith(`${entry}/`);
}

function layerOf(path) {
  let best;
  for (const layer of LAYERS) {
    if (covers(layer.folder, path) && (!best || layer.folder.length > best.folder.length)) best = layer;
  }
  return best;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE_FILE.test(entry.name)) yield path;
  }
}

/** Every module a file names: import/export from, import(), require(), import types, new URL(…, import.meta.url). */
function importsOf(sourceFile) {
  const found = [];
  const add = (node) => {
    if (node && ts.isStringLiteralLike(node))
      found.push({ specifier: node.text, pos: node.getStart(sourceFile) });
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isImport || isRequire) add(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal);
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'URL'
    ) {
      // `new URL('./worker.ts', import.meta.url)`: how Vite finds workers and how files beside a module are read.
      const [target, base] = node.arguments ?? [];
      if (base?.getText(sourceFile) === 'import.meta.url' && target && ts.isStringLiteralLike(target)) {
        if (target.text.startsWith('.')) add(target);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function isBuiltin(specifier) {
  return specifier.startsWith('node:') || builtinModules.includes(packageOf(specifier));
}

function describeList(items) {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

const label = (folder) => (folder.includes('.') ? folder : `${folder}/`);

/** Why `specifier`, imported by a file of `layer` at repository path `file`, breaks the table; undefined when it does not. */
function violation(root, layer, file, specifier) {
  const name = label(layer.folder);
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const path = specifier.replace(/[?#].*$/, '');
    const target = relative(root, resolve(root, dirname(file), path))
      .split(sep)
      .join('/');
    if (target.startsWith('..')) return `${target} (${name} imports nothing outside the repository)`;
    const targetLayer = layerOf(target);
    const ownFolder = file
      .split('/')
      .slice(0, layer.folder.split('/').length + 1)
      .join('/');
    const allowed = layer.imports.some((entry) => {
      const folder = entry === OWN_FOLDER ? ownFolder : entry;
      return covers(folder, target) && (!targetLayer || folder.length >= targetLayer.folder.length);
    });
    if (allowed) return undefined;
    const list = describeList(layer.imports.map((entry) => (entry === OWN_FOLDER ? entry : label(entry))));
    return `${target} (${name} imports only ${list}: ${layer.reason})`;
  }
  if (isBuiltin(specifier)) {
    if (layer.packages.includes(NODE_BUILTINS)) return undefined;
    return `${specifier} (${name} uses no Node built-ins: ${layer.reason})`;
  }
  const pkg = packageOf(specifier);
  const allowed = layer.packages.some(
    (entry) =>
      entry === ANY_PACKAGE || entry === pkg || (entry.endsWith('/*') && pkg.startsWith(entry.slice(0, -1))),
  );
  if (allowed) return undefined;
  const packages = layer.packages.filter((entry) => entry !== NODE_BUILTINS);
  const list = packages.length === 0 ? 'no packages' : `only the packages ${describeList(packages)}`;
  return `${specifier} (${name} uses ${list}: ${layer.reason})`;
}

function declarationPattern(name) {
  return new RegExp(`(?:\\b(?:const|let|var|function)\\s+${name}\\b|[(,]\\s*${name}\\s*[:,)=?])`);
}

/** DOM globals used by name; the file's own declarations of those names (a `document` parameter) are not the DOM. */
function domProblems(file, text, layer) {
  const problems = [];
  const declared = new Set(DOM_GLOBALS.filter((name) => declarationPattern(name).test(text)));
  text.split('\n').forEach((line, index) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    for (const match of code.matchAll(domPattern)) {
      if (declared.has(match[1])) continue;
      problems.push(
        `${file}:${index + 1}: ${label(layer.folder)} may not use the DOM global '${match[1]}' (${layer.reason})`,
      );
    }
  });
  return problems;
}

/** Every import in `root` against the table: one line per problem, and how many files were checked. */
export function checkLayering(root) {
  const problems = [];
  let checked = 0;
  for (const absolute of sourceFiles(root)) {
    const file = relative(root, absolute).split(sep).join('/');
    if (UNRESTRICTED.some((entry) => covers(entry, file))) continue;
    const layer = layerOf(file);
    if (!layer) {
      problems.push(`${file}: is in no layer (add its folder to the table in scripts/check-layering.mjs)`);
      continue;
    }
    checked += 1;
    const text = readFileSync(absolute, 'utf8');
    const sourceFile = ts.createSourceFile(absolute, text, ts.ScriptTarget.Latest, true);
    for (const { specifier, pos } of importsOf(sourceFile)) {
      const why = violation(root, layer, file, specifier);
      if (why === undefined) continue;
      const line = sourceFile.getLineAndCharacterOfPosition(pos).line + 1;
      problems.push(`${file}:${line}: ${label(layer.folder)} may not import ${why}`);
    }
    if (layer.noDomGlobals) problems.push(...domProblems(file, text, layer));
  }
  return { problems, checked };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { problems, checked } = checkLayering(
    resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url))),
  );
  if (problems.length > 0) {
    console.error(`[check-layering] ${problems.length} import(s) against the layer table:`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`[check-layering] ${checked} files keep to the layer table`);
}
