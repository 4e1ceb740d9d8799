import { describe, expect, it } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { nestingProblem } from '../../../core/document/json-depth.ts';
import { DocumentError } from '../../../core/document/problem.ts';
import { INPUT_LIMITS } from '../../../core/limits.ts';
import { parseUserMaterials } from '../../../core/material/user-materials.ts';
import { checkPresetText, checkPresetValue } from '../../../core/preset/read.ts';
import { readProject, writeProject } from '../../../core/project/index.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';

/** JSON text of `depth` arrays, one inside the other. */
const deepText = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const overLimitMessage = (depth: number) =>
  `arrays and objects are nested ${depth} deep here, more than the 128 allowed (input limit jsonDepth)`;
/** The pointer of the first array past the limit when the deep value sits at `at`, its parent at `parentDepth`. */
const pointerPast = (at: string, parentDepth: number) =>
  `${at}${'/0'.repeat(INPUT_LIMITS.jsonDepth - parentDepth)}`;

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('the JSON nesting budget', () => {
  it('accepts a value exactly as deep as the limit and names the first container past it', () => {
    expect(nestingProblem(JSON.parse(deepText(INPUT_LIMITS.jsonDepth)))).toBeUndefined();
    expect(nestingProblem(JSON.parse(`{"a":[1,{"b":${deepText(INPUT_LIMITS.jsonDepth)}}]}`))).toEqual({
      // Root object 1, array 2, object 3: the deep value starts at depth 4.
      pointer: pointerPast('/a/1/b', 3),
      message: overLimitMessage(129),
    });
  });

  it('walks a 100,000-deep value without overflowing and a cyclic value without looping', () => {
    expect(nestingProblem(JSON.parse(deepText(100_000)))?.message).toBe(overLimitMessage(129));
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(nestingProblem(cyclic)).toBeUndefined();
  });

  it('checkPresetText of a 10,000-deep value returns the problem and does not throw', () => {
    const { preset, problems } = checkPresetText(`{"formatVersion":3,"name":${deepText(10_000)}}`);
    expect(preset).toBeUndefined();
    expect(problems).toEqual([{ pointer: pointerPast('/name', 1), message: overLimitMessage(129) }]);
    // Older formats are migrated by steps that clone the document: refused before them too.
    expect(
      checkPresetValue(JSON.parse(`{"formatVersion":1,"colliders":[${deepText(10_000)}]}`)).problems,
    ).toEqual([{ pointer: pointerPast('/colliders/0', 2), message: overLimitMessage(129) }]);
  });

  it('refuses a deep project, scene and user material file with a DocumentError at the pointer', () => {
    const project = JSON.parse(writeProject(defaultSceneJson as unknown as Scene, { selectedBody: 0 }));
    project.scene.bodies[0].name = JSON.parse(deepText(10_000));
    const projectError = thrown(() => readProject(JSON.stringify(project), 'p.sbproj'));
    expect(projectError).toBeInstanceOf(DocumentError);
    expect((projectError as DocumentError).lines()).toEqual([
      `p.sbproj: ${pointerPast('/scene/bodies/0/name', 4)}: ${overLimitMessage(129)}`,
    ]);

    const scene = structuredClone(defaultSceneJson) as Record<string, unknown>;
    scene.gravity = JSON.parse(deepText(10_000));
    const sceneError = thrown(() => parseScene(scene));
    expect(sceneError).toBeInstanceOf(DocumentError);
    expect((sceneError as DocumentError).pointer).toBe(pointerPast('/gravity', 1));

    const materialError = thrown(() =>
      parseUserMaterials(`{"formatVersion":1,"materials":${deepText(10_000)}}`, 'm.json'),
    );
    expect(materialError).toBeInstanceOf(DocumentError);
    expect((materialError as DocumentError).message).toBe(
      `m.json: ${pointerPast('/materials', 1)}: ${overLimitMessage(129)}`,
    );
  });
});
