import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { HostApi } from '../../../contract/host-api.ts';
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import type { Material } from '../../../core/material/schema.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import type { BodyMetrics } from '../../../core/sim/world.ts';
import { abDiff } from '../../../renderer/src/editor/ab-diff.ts';
import { duplicateForAB, pbdSideBySide } from '../../../renderer/src/editor/ab-edits.ts';
import { Editor } from '../../../renderer/src/editor/editor.ts';
import { BODY_GAP_M, occupiedXRange } from '../../../renderer/src/editor/mesh-body.ts';

const scene = parseScene(structuredClone(defaultSceneJson));
const material = (name: string): Material => {
  const found = findBuiltInMaterial(name);
  if (!found) throw new Error(`no library material ${name}`);
  return found;
};
const noMeshes = new Map();

describe('Duplicate for A/B', () => {
  test('adds a copy right of every body, with the chosen material and nothing else changed', () => {
    const rubber = material('natural-rubber');
    const edit = duplicateForAB(scene, noMeshes, 0, rubber);
    const [a, copy] = [edit.scene.bodies[0], edit.scene.bodies[2]];
    expect(edit.scene.bodies).toHaveLength(3);
    expect(edit.index).toBe(2);
    expect(edit.comparison).toEqual({ kind: 'material', a: 'soft block', b: 'soft block B' });
    expect(copy.material).toMatchObject({
      name: 'natural-rubber',
      youngModulusPa: rubber.youngModulusPa,
      poissonRatio: rubber.poissonRatio,
      densityKgM3: rubber.densityKgM3,
    });
    // The copy's rest x range starts BODY_GAP_M past everything the scene held.
    const before = occupiedXRange(scene, noMeshes);
    const own = occupiedXRange({ ...edit.scene, bodies: [copy] }, noMeshes);
    expect(own?.[0]).toBeCloseTo((before?.[1] ?? 0) + BODY_GAP_M, 12);
    if (copy.shape.type !== 'box' || a.shape.type !== 'box') throw new Error('the block is a box');
    expect(copy.shape.center.slice(1)).toEqual(a.shape.center.slice(1));
    expect({
      ...copy,
      name: a.name,
      shape: a.shape,
      material: a.material,
      dampingRatio: a.dampingRatio,
    }).toEqual(a);
    expect(edit.scene.bodies.slice(0, 2)).toEqual(scene.bodies);
  });

  test('keeps the pins on the same particles of the copy (boxes move with it)', () => {
    const edit = duplicateForAB(scene, noMeshes, 1, material('denim'));
    const setup = compileScene(edit.scene);
    const [cloth, copy] = [setup.bodies[1], setup.bodies[2]];
    expect(copy.pins.map((p) => Array.from(p.particles))).toEqual(
      cloth.pins.map((p) => Array.from(p.particles)),
    );
    expect(cloth.pins[0].particles.length).toBeGreaterThan(0);
  });

  test('is one undo step in the editor, and the A/B section loses its pair when it is undone', () => {
    const editor = new Editor(
      {
        sim: { loadScene: () => {} },
        host: {} as HostApi,
        notify: () => {},
        confirm: () => true,
      },
      scene,
    );
    expect(editor.compare((s) => duplicateForAB(s, noMeshes, 0, material('natural-rubber')))).toBe(true);
    expect(editor.state.scene.bodies).toHaveLength(3);
    expect(editor.state.selectedBody).toBe(2);
    expect(editor.state.history.past).toHaveLength(1);
    const shown = editor.state.comparison;
    if (!shown) throw new Error('no comparison');
    expect(abDiff(editor.state.scene, noMeshes, shown, null)).not.toBeNull();
    editor.undo();
    expect(editor.state.scene).toBe(scene);
    expect(abDiff(editor.state.scene, noMeshes, shown, null)).toBeNull();
  });
});

describe('A/B diff', () => {
  const edit = duplicateForAB(scene, noMeshes, 0, material('natural-rubber'));
  const rubber = material('natural-rubber');
  const metrics = (sceneOf: Scene, lowestY: number[]): BodyMetrics[] =>
    sceneOf.bodies.map((body, i) => ({
      name: body.name,
      centroid: [0, 0, 0],
      bboxMin: [0, lowestY[i], 0],
      bboxMax: [0, 2, 0],
      kineticEnergyJ: 0,
      massKg: 1,
      freeMassKg: 1,
      maxStrain: 0.01 * (i + 1),
      meanStrain: 0,
      elasticEnergyJ: 0,
      groups: [],
      volumeRatio: 0.99,
      pinForcesN: [],
      resolution: 0.1,
    }));

  test('highlights the changed modulus and compliances, not the shared substeps', () => {
    const rows = abDiff(edit.scene, noMeshes, edit.comparison, null) ?? [];
    const row = (label: string) => {
      const found = rows.find((r) => r.label === label);
      if (!found) throw new Error(`no row ${label}: ${rows.map((r) => r.label).join(', ')}`);
      return found;
    };
    expect(row("Young's modulus E")).toEqual({
      group: 'Material',
      label: "Young's modulus E",
      a: '100 kPa',
      b: `${+(rubber.youngModulusPa / (rubber.youngModulusPa >= 1e6 ? 1e6 : 1e3)).toPrecision(4)} ${rubber.youngModulusPa >= 1e6 ? 'MPa' : 'kPa'}`,
      differs: true,
    });
    expect(row('Library material')).toMatchObject({ a: 'custom', b: 'natural-rubber', differs: true });
    // Both neo-Hookean: the same constraint kinds, with compliances 1/(μV) scaled by the moduli.
    const deviatoric = row('neo-Hookean deviatoric α');
    expect(deviatoric.differs).toBe(true);
    expect(row('Substeps per frame')).toMatchObject({ a: '15', b: '15', differs: false });
    expect(row("Stiffness per sweep k'")).toMatchObject({ a: '1', b: '1', differs: false });
    // No frame yet: live rows are empty on both sides and not highlighted.
    expect(row('Sag (lowest point below rest)')).toMatchObject({ a: '—', b: '—', differs: false });
  });

  test('live rows read the newest frame: sag from the rest height, strain; 1% counts as the same', () => {
    // Rest lowest points: block 1.0 − 0.15 = 0.85 m, cloth 1.6 m, copy 0.85 m.
    const frame = metrics(edit.scene, [0.84, 1.5, 0.8]);
    const rows = abDiff(edit.scene, noMeshes, edit.comparison, frame) ?? [];
    const sag = rows.find((r) => r.label.startsWith('Sag'));
    expect(sag).toMatchObject({ a: '10.00 mm', b: '50.00 mm', differs: true });
    expect(rows.find((r) => r.label === 'Volume ratio')).toMatchObject({ differs: false });
    expect(rows.find((r) => r.label === 'Max strain')).toMatchObject({
      a: '1.00 %',
      b: '3.00 %',
      differs: true,
    });
  });

  test('the PBD copy shows its solver and per-sweep stiffness against XPBD', () => {
    const pbd = pbdSideBySide(scene, noMeshes, 1);
    const rows = abDiff(pbd.scene, noMeshes, pbd.comparison, null) ?? [];
    expect(rows.find((r) => r.label === 'Solver')).toMatchObject({
      a: 'XPBD',
      b: 'classic PBD, k 0.5 (preview only)',
      differs: true,
    });
    expect(rows.find((r) => r.label === "Stiffness per sweep k'")).toMatchObject({
      a: '1',
      b: '0.5',
      differs: true,
    });
  });
});
