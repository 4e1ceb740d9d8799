import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { calibrationSubject } from '../../../renderer/src/calibration/calibration-subject.ts';
import { setMaterialField, setSolverField } from '../../../renderer/src/editor/scene-edits.ts';

const scene = () => parseScene(defaultSceneJson);

function okSubject(subject: ReturnType<typeof calibrationSubject>) {
  if (!subject.ok) throw new Error(subject.reason);
  return subject;
}

describe('calibration subject', () => {
  test("the default scene's block is calibrated as a neo-Hookean solid at the scene's dt, its 15 substeps in the sweep", () => {
    const s = scene();
    const subject = okSubject(calibrationSubject(s, 0));
    expect(subject.bodyName).toBe('soft block');
    expect(subject.sceneSubsteps).toBe(15);
    expect(subject.request).toEqual({
      material: {
        name: 'soft block',
        kind: 'solid',
        youngModulusPa: 100000,
        poissonRatio: 0.4,
        densityKgM3: 1000,
        dampingRatio: 0.3,
        source: "the material of the body 'soft block'",
      },
      solidModel: 'neo-hookean',
      frameDtS: s.solver.dt,
      substeps: [5, 10, 15, 20, 40],
    });
  });

  test('the cloth is calibrated as cloth with its thickness and no solid model', () => {
    const subject = okSubject(calibrationSubject(scene(), 1));
    expect(subject.request.material).toMatchObject({
      kind: 'cloth',
      thicknessM: 0.0005,
      youngModulusPa: 5e6,
    });
    expect(subject.request.solidModel).toBeUndefined();
  });

  test('a substep count already in the standard sweep is not repeated', () => {
    const s = setSolverField(scene(), 'substeps', 20).scene;
    expect(okSubject(calibrationSubject(s, 0)).request.substeps).toEqual([5, 10, 20, 40]);
  });

  test('nothing selected, and a rope, say why they cannot be calibrated', () => {
    expect(calibrationSubject(scene(), null)).toEqual({
      ok: false,
      reason: 'Select a body to calibrate its material.',
    });
    const s = scene();
    const withRope = {
      ...s,
      bodies: [
        ...s.bodies,
        {
          name: 'line',
          shape: { type: 'rope' as const, start: [0, 1, 0], end: [1, 1, 0], segments: 4, radiusM: 0.01 },
          material: { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 1000 },
          model: 'rope' as const,
        },
      ],
    } as typeof s;
    expect(calibrationSubject(withRope, 2)).toEqual({
      ok: false,
      reason: "'line' is a rope: the standard scenes calibrate solids (tets) and cloth only.",
    });
  });

  test('a body on classic PBD is not calibrated, and says why', () => {
    const s = scene();
    const pbd = {
      ...s,
      bodies: s.bodies.map((b, i) => (i === 0 ? { ...b, solver: { method: 'pbd' as const } } : b)),
    };
    expect(calibrationSubject(pbd, 0)).toEqual({
      ok: false,
      reason:
        "'soft block' uses classic PBD, whose stiffness depends on iterations and substeps by design; calibration measures XPBD materials.",
    });
  });

  test('the key changes with the material and the budget, not with anything else', () => {
    const s = scene();
    const key = okSubject(calibrationSubject(s, 0)).key;
    const softer = setMaterialField(s, 0, 'youngModulusPa', 50_000).scene;
    const moreSubsteps = setSolverField(s, 'substeps', 30).scene;
    const shorterDt = setSolverField(s, 'dt', 1 / 120).scene;
    expect(okSubject(calibrationSubject(softer, 0)).key).not.toBe(key);
    expect(okSubject(calibrationSubject(moreSubsteps, 0)).key).not.toBe(key);
    expect(okSubject(calibrationSubject(shorterDt, 0)).key).not.toBe(key);
    expect(okSubject(calibrationSubject(s, 1)).key).not.toBe(key);
    // Moving or renaming the body does not change what calibration measures.
    const moved = { ...s, bodies: s.bodies.map((b, i) => (i === 0 ? { ...b, name: 'renamed' } : b)) };
    expect(okSubject(calibrationSubject(moved, 0)).key).toBe(key);
  });
});
