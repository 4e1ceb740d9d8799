import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../../core/document/problem.ts';
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import type { Material } from '../../../core/material/schema.ts';
import type { BodySpecDocument, SceneDocument } from '../../../core/scene/scene.ts';
import { parseScene, validateScene } from '../../../core/scene/scene-validate.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';

const pin = { box: { min: [-1, 0.999, -1], max: [1, 1.001, 1] } } as const;

function bar(material: BodySpecDocument['material'], dampingRatio?: number): BodySpecDocument {
  const body: BodySpecDocument = {
    name: 'bar',
    shape: { type: 'box', size: [0.1, 0.4, 0.1], cells: [1, 4, 1], center: [0, 0.8, 0] },
    material,
    model: 'neo-hookean',
    pins: [{ box: { min: [...pin.box.min], max: [...pin.box.max] } }],
  };
  if (dampingRatio !== undefined) body.dampingRatio = dampingRatio;
  return body;
}

function cloth(material: BodySpecDocument['material']): BodySpecDocument {
  return {
    name: 'sheet',
    shape: { type: 'cloth', size: [0.4, 0.4], cells: [4, 4], center: [0, 1, 0] },
    material,
    model: 'cloth',
  };
}

function scene(...bodies: BodySpecDocument[]): SceneDocument {
  return { gravity: [0, -9.81, 0], solver: { dt: 1 / 60, substeps: 10 }, colliders: [], bodies };
}

const userFoam: Material = {
  name: 'studio-foam',
  kind: 'solid',
  youngModulusPa: 20000,
  poissonRatio: 0.2,
  densityKgM3: 40,
  dampingRatio: 0.4,
  source: 'measured in the studio',
};

describe('scene bodies naming a library material', () => {
  it('resolves a built-in name to its numbers and its default damping ratio', () => {
    const rubber = findBuiltInMaterial('natural-rubber');
    if (!rubber) throw new Error('the library lost natural-rubber');
    const parsed = parseScene(scene(bar('natural-rubber')));
    // The name stays beside the numbers, so that a preset made of the scene records it.
    expect(parsed.bodies[0].material).toEqual({
      youngModulusPa: rubber.youngModulusPa,
      poissonRatio: rubber.poissonRatio,
      densityKgM3: rubber.densityKgM3,
      name: 'natural-rubber',
    });
    expect(parsed.bodies[0].dampingRatio).toBe(rubber.dampingRatio);
  });

  it('keeps a damping ratio the body gives over the material default', () => {
    expect(parseScene(scene(bar('natural-rubber', 0.9))).bodies[0].dampingRatio).toBe(0.9);
  });

  it('leaves the document itself untouched, and returns a document without names as it is', () => {
    const document = scene(bar('natural-rubber'));
    const copy = structuredClone(document);
    expect(parseScene(document)).not.toBe(document);
    expect(document).toEqual(copy);
    const inline = scene(bar({ youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000 }));
    expect(parseScene(inline)).toBe(inline);
  });

  it('simulates a named material exactly like the same numbers written inline', () => {
    const rubber = findBuiltInMaterial('natural-rubber');
    if (!rubber) throw new Error('the library lost natural-rubber');
    const inline = {
      youngModulusPa: rubber.youngModulusPa,
      poissonRatio: rubber.poissonRatio,
      densityKgM3: rubber.densityKgM3,
    };
    const named = buildWorld(scene(bar('natural-rubber')));
    const written = buildWorld(scene(bar(inline, rubber.dampingRatio)));
    for (let frame = 0; frame < 20; frame++) {
      named.step(1 / 60);
      written.step(1 / 60);
    }
    expect(Array.from(named.positions)).toEqual(Array.from(written.positions));
    // The bar did move (so the comparison is not of two rest states).
    expect(named.positions.some((c, i) => Math.abs(c - named.state.rest[i]) > 1e-4)).toBe(true);
  });

  it('resolves user materials passed by the caller, after the built-ins', () => {
    expect(validateScene(scene(bar('studio-foam')))[0]?.pointer).toBe('/bodies/0/material');
    const parsed = parseScene(scene(bar('studio-foam')), { userMaterials: [userFoam] });
    expect(parsed.bodies[0].material.youngModulusPa).toBe(20000);
    expect(buildWorld(scene(bar('studio-foam')), { userMaterials: [userFoam] }).bodies).toHaveLength(1);
  });

  it('names the pointer and the close names of an unknown material', () => {
    const problems = validateScene(scene(bar('natural-rubber'), cloth('coton')));
    expect(problems).toEqual([
      { pointer: '/bodies/1/material', message: "unknown material 'coton'; did you mean 'cotton'?" },
    ]);
    const far = validateScene(scene(bar('unobtainium')));
    expect(far[0].message).toBe(
      "unknown material 'unobtainium'; list the library with `softbody materials`, or give the numbers inline",
    );
    expect(() => buildWorld(scene(bar('silicone')))).toThrowError(DocumentError);
    expect(validateScene(scene(bar('silicone')))[0].message).toContain("did you mean 'silicone-shore-");
  });

  it('refuses a solid material on a cloth body (no thickness)', () => {
    expect(validateScene(scene(cloth('natural-rubber')))).toEqual([
      {
        pointer: '/bodies/0/material',
        message:
          "material 'natural-rubber' is a solid material without a thickness; cloth needs a cloth material (one with thicknessM)",
      },
    ]);
    const sheet = parseScene(scene(cloth('cotton'))).bodies[0];
    expect(sheet.material.thicknessM).toBe(findBuiltInMaterial('cotton')?.thicknessM);
  });

  it('says a material must be a name or an object', () => {
    expect(validateScene(scene(bar(5 as unknown as string)))).toEqual([
      { pointer: '/bodies/0/material', message: 'must be a string or an object, got a number' },
    ]);
    expect(validateScene(scene(bar('')))).toEqual([
      { pointer: '/bodies/0/material', message: 'must not be empty' },
    ]);
    expect(validateScene(scene(bar({ youngModulusPa: 1e5, poissonRatio: 0.3 } as never)))[0]).toEqual({
      pointer: '/bodies/0/material/densityKgM3',
      message: 'is required',
    });
  });
});
