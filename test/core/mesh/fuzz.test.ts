import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeMeshReport, importMesh, MeshImportError } from '../../../core/mesh/index.ts';
import { applyEdits, edit } from './byte-edits.ts';
import { corpusDir } from './corpus.ts';
import { packGlb } from './gltf-fixtures.ts';

/**
 * Mutated corpus files must either import or fail with a MeshImportError, and a mesh that
 * imports must also get a report. Seeded and bounded so every run is the same and ends.
 */
const runs = { numRuns: 200, seed: 20240601, endOnFailure: true };

async function importsOrFailsCleanly(file: string, bytes: Uint8Array): Promise<void> {
  let imported: Awaited<ReturnType<typeof importMesh>>;
  try {
    imported = await importMesh(file, bytes, { readResource: () => undefined });
  } catch (error) {
    if (!(error instanceof MeshImportError)) throw error;
    expect(error.message.startsWith(file)).toBe(true);
    // A specific sentence, not the catch-all wrapper for failures the checks did not foresee.
    expect(error.reason).not.toMatch(/could not be read/);
    return;
  }
  // Accepted output is finite: nothing non-finite reaches the solver through an import.
  expect(imported.mesh.positions.every(Number.isFinite)).toBe(true);
  const report = computeMeshReport(imported.mesh, imported.notes);
  expect(report.triangles).toBe(imported.mesh.indices.length / 3);
}

const read = (file: string) => new Uint8Array(readFileSync(join(corpusDir, file)));

describe('fuzzing', () => {
  it('mutated OBJ text imports or fails with a MeshImportError', async () => {
    // Characters that matter to the OBJ grammar, so mutations reach the parser's branches.
    const objChars = fc.constantFrom(...[...'vfog/-0123456789.e \n#\\nanif'].map((c) => c.charCodeAt(0)), 0);
    const sources = [read('suzanne.obj'), read('spider/spider.obj').subarray(0, 20_000)];
    await fc.assert(
      fc.asyncProperty(
        fc.nat(sources.length - 1),
        fc.array(edit(20_000, objChars), { minLength: 1, maxLength: 8 }),
        (which, edits) => importsOrFailsCleanly('fuzz.obj', applyEdits(sources[which], edits)),
      ),
      runs,
    );
  });

  it('mutated GLB bytes import or fail with a MeshImportError', async () => {
    const sources = [read('Cubes.glb'), read('Fox.glb')];
    // Most edits land in the header and JSON chunk, where the structure is.
    const headerEdit = edit(2048, fc.integer({ min: 0, max: 255 }));
    const anyEdit = edit(160_000, fc.integer({ min: 0, max: 255 }));
    await fc.assert(
      fc.asyncProperty(
        fc.nat(sources.length - 1),
        fc.array(fc.oneof({ arbitrary: headerEdit, weight: 3 }, { arbitrary: anyEdit, weight: 1 }), {
          minLength: 1,
          maxLength: 6,
        }),
        (which, edits) => importsOrFailsCleanly('fuzz.glb', applyEdits(sources[which], edits)),
      ),
      runs,
    );
  });

  it('GLBs with mutated JSON values import or fail with a MeshImportError', async () => {
    const glb = read('Cubes.glb');
    const view = new DataView(glb.buffer, glb.byteOffset);
    const jsonLength = view.getUint32(12, true);
    const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
    const bin = glb.subarray(20 + jsonLength + 8);
    const paths = leafPaths(json);
    const value = fc.oneof(
      fc.integer({ min: -2, max: 100 }),
      fc.constantFrom(
        0,
        1,
        3,
        4,
        5,
        6,
        5120,
        5121,
        5123,
        5125,
        5126,
        1e9,
        // Counts past the vertex budget: refused from the JSON, never allocated.
        2 ** 24 - 1,
        2_000_001,
        -0.5,
        'VEC3',
        'SCALAR',
        null,
        [],
        {},
        [0, 0, 0],
      ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ path: fc.constantFrom(...paths), value, remove: fc.boolean() }), {
          minLength: 1,
          maxLength: 4,
        }),
        async (changes) => {
          const mutated = structuredClone(json);
          for (const { path, value: v, remove } of changes) setPath(mutated, path, remove ? undefined : v);
          await importsOrFailsCleanly('fuzz.glb', packGlb(mutated, bin));
        },
      ),
      runs,
    );
  });
});

function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k]))];
}

function setPath(root: Record<string, unknown>, path: (string | number)[], value: unknown): void {
  if (path.length === 0) return;
  let target = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = target[key];
    if (next === null || typeof next !== 'object') return;
    target = next as Record<string | number, unknown>;
  }
  const last = path[path.length - 1];
  if (value === undefined) delete target[last];
  else target[last] = value;
}
