import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import materialsJson from '../../../assets/materials.json' with { type: 'json' };
import { DocumentError } from '../../../core/document/problem.ts';
import { parseUserMaterials } from '../../../core/material/user-materials.ts';
import { checkPresetText } from '../../../core/preset/read.ts';
import { writePreset } from '../../../core/preset/write.ts';
import { readProject, writeProject } from '../../../core/project/index.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { cubeTetMesh, samplePreset } from '../preset/fixtures.ts';
import { allFinite, type Change, change, mutatedText, valuePaths } from './hostile-values.ts';

/**
 * Valid documents with hostile values put in at random places must either be read, with every
 * number finite, or be refused with the reader's typed error; anything else (a RangeError, a
 * TypeError, a non-finite number accepted) is an escape. Seeded and bounded: the same cases every
 * run, a few seconds in all.
 */
const runs = { numRuns: 150, seed: 1414, endOnFailure: true };

/** Runs a reader on the mutated text; throws for an escape, so fast-check reports the case. */
function readsOrRefuses(read: (text: string) => unknown, text: string): void {
  let result: unknown;
  try {
    result = read(text);
  } catch (error) {
    if (error instanceof DocumentError) return;
    throw error;
  }
  expect(allFinite(result)).toBe(true);
}

function fuzz(document: unknown, read: (text: string) => unknown): void {
  const paths = valuePaths(document);
  fc.assert(
    fc.property(fc.array(change(paths), { minLength: 1, maxLength: 4 }), (changes: Change[]) =>
      readsOrRefuses(read, mutatedText(document, changes)),
    ),
    runs,
  );
}

describe('fuzzing the document readers with hostile values', () => {
  it('presets: checkPresetText returns a finite preset or problems, and never throws', () => {
    fuzz(JSON.parse(writePreset(samplePreset())), (text) => {
      const { preset, problems } = checkPresetText(text);
      expect(preset !== undefined || problems.length > 0).toBe(true);
      return preset;
    });
  });

  it('scenes: parseScene returns a finite scene or throws a DocumentError', () => {
    fuzz(defaultSceneJson, (text) => parseScene(JSON.parse(text)));
  });

  it('projects with an embedded tet mesh: readProject returns a finite project or throws a DocumentError', () => {
    const scene = structuredClone(defaultSceneJson) as unknown as Scene;
    const mesh = cubeTetMesh(1, 0.1);
    scene.bodies.push({
      ...scene.bodies[0],
      name: 'meshed',
      shape: { type: 'mesh', path: 'cube.obj' },
    } as Scene['bodies'][number]);
    const text = writeProject(scene, { selectedBody: 0 }, new Map([['cube.obj', mesh]]));
    fuzz(JSON.parse(text), (mutated) => readProject(mutated, 'p.sbproj'));
  });

  it('user material files: parseUserMaterials returns finite materials or throws a DocumentError', () => {
    const user = {
      formatVersion: 1,
      materials: materialsJson.materials.slice(0, 3).map((m, i) => ({ ...m, name: `mine-${i}` })),
    };
    fuzz(user, (text) => parseUserMaterials(text, 'mine.json'));
  });
});
