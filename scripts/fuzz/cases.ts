import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import defaultSceneJson from '../../assets/default-scene.json' with { type: 'json' };
import materialsJson from '../../assets/materials.json' with { type: 'json' };
import { DocumentError } from '../../core/document/problem.ts';
import { parseUserMaterials } from '../../core/material/user-materials.ts';
import { MeshImportError } from '../../core/mesh/errors.ts';
import { importMesh } from '../../core/mesh/import.ts';
import { checkPresetText } from '../../core/preset/read.ts';
import { writePreset } from '../../core/preset/write.ts';
import { readProject, writeProject } from '../../core/project/index.ts';
import type { Scene } from '../../core/scene/scene.ts';
import { parseScene } from '../../core/scene/scene-validate.ts';
import { TetrahedralizeError } from '../../core/tetra/errors.ts';
import { parseTetgenMesh } from '../../core/tetra/tetgen-format.ts';
import { toTetgenEle, toTetgenNode } from '../../core/tetra/writers.ts';
import { allFinite, change, mutatedText, valuePaths } from '../../test/core/document/hostile-values.ts';
import { applyEdits, edit } from '../../test/core/mesh/byte-edits.ts';
import { corpusDir } from '../../test/core/mesh/corpus.ts';
import { withDataUri } from '../../test/core/mesh/gltf-fixtures.ts';
import {
  continuedObj,
  longObjectNameObj,
  sharedAccessorGlb,
  sharedZeroFilledGlb,
  zeroFilledGlb,
} from '../../test/core/mesh/hostile-fixtures.ts';
import { cubeTetMesh, samplePreset } from '../../test/core/preset/fixtures.ts';
import { applyTetgenEdit, tetgenEdit } from '../../test/core/tetra/tetgen-edits.ts';

/**
 * The parsers the fuzz campaign drives, each with the inputs it is fed (valid files mutated, and
 * the hostile shapes of the regression set with random sizes) and the one error type it may throw. A case
 * is one input drawn with its own seed, so any case can be run again on its own.
 */
export interface FuzzParser {
  input: fc.Arbitrary<unknown>;
  /** Reads the input; the value returned is checked for non-finite numbers. */
  read: (input: unknown) => Promise<unknown> | unknown;
  /** The typed error: a refusal, not an escape. */
  typed: (error: unknown) => boolean;
}

const enc = (text: string) => new TextEncoder().encode(text);
const corpus = (file: string) => new Uint8Array(readFileSync(join(corpusDir, file)));
const isMeshError = (error: unknown) => error instanceof MeshImportError;
const isDocumentError = (error: unknown) => error instanceof DocumentError;
const byte = fc.integer({ min: 0, max: 255 });

async function readMesh(input: unknown): Promise<unknown> {
  const { file, bytes } = input as { file: string; bytes: Uint8Array };
  const { mesh } = await importMesh(file, bytes, { readResource: () => undefined });
  return mesh.positions;
}

/** Byte edits of `sources`, named `file`. */
function editedFiles(file: string, sources: Uint8Array[], alphabet: fc.Arbitrary<number>) {
  const longest = Math.max(...sources.map((s) => s.length));
  return fc
    .tuple(fc.nat(sources.length - 1), fc.array(edit(longest, alphabet), { minLength: 1, maxLength: 8 }))
    .map(([which, edits]) => ({ file, bytes: applyEdits(sources[which], edits) }));
}

/** Hostile values put into a JSON document, as text (fast-check's mutation of a valid file). */
function mutatedDocuments(document: unknown): fc.Arbitrary<string> {
  const paths = valuePaths(document);
  return fc
    .array(change(paths), { minLength: 1, maxLength: 4 })
    .map((changes) => mutatedText(document, changes));
}

/** Text edits of a valid document too: truncation and stray bytes, not only values. */
function documentInputs(document: unknown): fc.Arbitrary<string> {
  const text = enc(JSON.stringify(document));
  const edited = fc
    .array(edit(text.length, byte), { minLength: 1, maxLength: 4 })
    .map((edits) => new TextDecoder().decode(applyEdits(text, edits)));
  return fc.oneof({ arbitrary: mutatedDocuments(document), weight: 3 }, { arbitrary: edited, weight: 1 });
}

function objParser(): FuzzParser {
  const objChars = fc.constantFrom(...[...'vfog/-0123456789.e \n#\\nanif'].map((c) => c.charCodeAt(0)), 0);
  const hostile = fc.oneof(
    fc.integer({ min: 1, max: 50_000 }).map((n) => ({ file: 'continued.obj', bytes: enc(continuedObj(n)) })),
    fc
      .tuple(fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 1, max: 200 }))
      .map(([length, groups]) => ({ file: 'named.obj', bytes: enc(longObjectNameObj(length, groups)) })),
  );
  return {
    input: fc.oneof(
      {
        arbitrary: editedFiles('fuzz.obj', [corpus('suzanne.obj'), corpus('spider/spider.obj')], objChars),
        weight: 8,
      },
      { arbitrary: hostile, weight: 1 },
    ),
    read: readMesh,
    typed: isMeshError,
  };
}

function glbParser(): FuzzParser {
  const amplified = fc.oneof(
    fc.integer({ min: 1, max: 2 ** 24 }).map((count) => ({ file: 'zero.glb', bytes: zeroFilledGlb(count) })),
    fc
      .tuple(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 3, max: 400_000 }))
      .map(([p, v]) => ({ file: 'shared.glb', bytes: sharedZeroFilledGlb(p, v) })),
    fc
      .tuple(fc.integer({ min: 1, max: 6000 }), fc.integer({ min: 3, max: 4000 }))
      .map(([p, v]) => ({ file: 'shared-data.glb', bytes: sharedAccessorGlb(p, v) })),
  );
  return {
    input: fc.oneof(
      { arbitrary: editedFiles('fuzz.glb', [corpus('Cubes.glb'), corpus('Fox.glb')], byte), weight: 8 },
      { arbitrary: amplified, weight: 1 },
    ),
    read: readMesh,
    typed: isMeshError,
  };
}

function gltfParser(): FuzzParser {
  const glb = corpus('Cubes.glb');
  const view = new DataView(glb.buffer, glb.byteOffset);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  const document = withDataUri({ json, bin: glb.subarray(20 + jsonLength + 8) });
  return {
    input: documentInputs(document).map((text) => ({ file: 'fuzz.gltf', bytes: enc(text) })),
    read: readMesh,
    typed: isMeshError,
  };
}

function projectDocument(): unknown {
  const scene = structuredClone(defaultSceneJson) as unknown as Scene;
  scene.bodies.push({
    ...scene.bodies[0],
    name: 'meshed',
    shape: { type: 'mesh', path: 'cube.obj' },
  } as Scene['bodies'][number]);
  return JSON.parse(writeProject(scene, { selectedBody: 0 }, new Map([['cube.obj', cubeTetMesh(1, 0.1)]])));
}

function tetgenParser(): FuzzParser {
  const mesh = cubeTetMesh(2, 0.1);
  const source = { node: toTetgenNode(mesh), ele: toTetgenEle(mesh) };
  return {
    input: fc.array(tetgenEdit, { minLength: 1, maxLength: 6 }).map((edits) => {
      const texts = { ...source };
      for (const e of edits) applyTetgenEdit(texts, e);
      return texts;
    }),
    read: (input) => {
      const { node, ele } = input as { node: string; ele: string };
      const parsed = parseTetgenMesh(node, ele);
      const points = parsed.positions.length / 3;
      // An index past the points is accepted junk, reported as non-finite output would be.
      return parsed.tets.every((v) => v < points) ? parsed : { outOfRange: Number.NaN };
    },
    typed: (error) => error instanceof TetrahedralizeError,
  };
}

/** The parsers by name, built on first use (each reads its sources once). */
export const fuzzParsers: Record<string, () => FuzzParser> = {
  obj: objParser,
  gltf: gltfParser,
  glb: glbParser,
  preset: () => ({
    input: documentInputs(JSON.parse(writePreset(samplePreset()))),
    read: (text) => {
      const { preset, problems } = checkPresetText(text as string);
      if (!preset) throw new DocumentError('preset', problems);
      return preset;
    },
    typed: isDocumentError,
  }),
  scene: () => ({
    input: documentInputs(defaultSceneJson),
    read: (text) => {
      let value: unknown;
      try {
        value = JSON.parse(text as string);
      } catch {
        // Not JSON: the callers refuse it before the validator; not the validator's to answer.
        throw new DocumentError('scene', [{ pointer: '', message: 'not JSON' }]);
      }
      return parseScene(value);
    },
    typed: isDocumentError,
  }),
  project: () => ({
    input: documentInputs(projectDocument()),
    read: (text) => readProject(text as string, 'fuzz.sbproj'),
    typed: isDocumentError,
  }),
  material: () => ({
    input: documentInputs({
      formatVersion: 1,
      materials: materialsJson.materials.slice(0, 3).map((m, i) => ({ ...m, name: `mine-${i}` })),
    }),
    read: (text) => parseUserMaterials(text as string, 'mine.json'),
    typed: isDocumentError,
  }),
  tetgen: tetgenParser,
};

export type CaseOutcome = 'accepted' | 'refused' | 'escape' | 'non-finite';

/** Runs case `index` of `parser` (its input drawn from seed + index). */
export async function runCase(
  parser: FuzzParser,
  seed: number,
  index: number,
): Promise<{ outcome: CaseOutcome; detail?: string }> {
  const [input] = fc.sample(parser.input, { seed: seed + index, numRuns: 1 });
  try {
    const output = await parser.read(input);
    return allFinite(output) ? { outcome: 'accepted' } : { outcome: 'non-finite' };
  } catch (error) {
    if (parser.typed(error)) return { outcome: 'refused' };
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { outcome: 'escape', detail: detail.slice(0, 200) };
  }
}
