import { describe, expect, it } from 'vitest';
import {
  CONSTRAINT_MODEL_INFO,
  CONSTRAINT_MODELS,
  modelsForShapeType,
  SHAPE_TYPES,
} from '../../../core/scene/models.ts';
import type { ShapeSpec } from '../../../core/scene/scene.ts';
import { validateScene } from '../../../core/scene/scene-validate.ts';

const shapes: Record<(typeof SHAPE_TYPES)[number], ShapeSpec> = {
  box: { type: 'box', size: [1, 1, 1], cells: [1, 1, 1], center: [0, 1, 0] },
  cloth: { type: 'cloth', size: [1, 1], cells: [2, 2], center: [0, 1, 0] },
  rope: { type: 'rope', start: [0, 1, 0], end: [1, 1, 0], segments: 4, radiusM: 0.01 },
  mesh: { type: 'mesh', path: 'spot.obj' },
  ragdoll: { type: 'ragdoll', skeleton: 'humanoid', heightM: 1.75, massKg: 75, position: [0, 0, 0] },
};

describe('constraint models and the shapes they fit', () => {
  it('lists the models each shape takes', () => {
    expect(SHAPE_TYPES.map((shape) => [shape, modelsForShapeType(shape)])).toEqual([
      ['box', ['neo-hookean', 'edges-volume']],
      ['cloth', ['cloth']],
      ['rope', ['rope']],
      ['mesh', ['neo-hookean', 'edges-volume', 'cloth']],
      ['ragdoll', ['ragdoll']],
    ]);
  });

  it('is the rule the scene validator applies, for every shape and model', () => {
    for (const shape of SHAPE_TYPES) {
      for (const model of CONSTRAINT_MODELS) {
        const scene = {
          gravity: [0, -9.81, 0],
          solver: { dt: 1 / 60, substeps: 10 },
          colliders: [],
          bodies: [
            {
              name: 'b',
              shape: shapes[shape],
              material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000, thicknessM: 1e-3 },
              model,
            },
          ],
        };
        const refused = validateScene(scene).some((p) => p.pointer === '/bodies/0/model');
        expect(refused, `${model} on ${shape}`).toBe(!modelsForShapeType(shape).includes(model));
      }
    }
  });

  it('gives every model a label, a noun and the kind of body it makes', () => {
    expect(CONSTRAINT_MODELS.map((m) => CONSTRAINT_MODEL_INFO[m].kind)).toEqual([
      'solid',
      'solid',
      'cloth',
      'rope',
      'rope',
    ]);
    for (const model of CONSTRAINT_MODELS) expect(CONSTRAINT_MODEL_INFO[model].label).not.toBe('');
  });
});
