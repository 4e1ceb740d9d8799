import { describe, expect, it } from 'vitest';
import {
  edgesVolumeBulkSplitPa,
  neoHookeanNodalBulkModulusPa,
  neoHookeanSplitTetCompliance,
  plateBendingStiffnessNM,
} from '../../../core/material/index.ts';
import { presetFromScene, readPreset, writePreset } from '../../../core/preset/index.ts';
import type { BodySpecDocument, SceneDocument } from '../../../core/scene/scene.ts';
import { bodyMassKg, complianceRanges, describeBody } from '../../../core/setup/summary.ts';
import { cubeMeshScene, material, sampleScene } from './fixtures.ts';

/**
 * What the solver gets, read from a preset's bodies as a runtime loads them: masses ρV and ρtA,
 * and the range of each compliance with its unit, against the formulas of core/material.
 * Tolerances are relative, 1e-12: the same double-precision formulas on exact geometry.
 */
const TOLERANCE = 1e-12;
const relative = (a: number, b: number) => Math.abs(a / b - 1);

function scene(body: BodySpecDocument): SceneDocument {
  return { gravity: [0, -9.81, 0], solver: { dt: 1 / 60, substeps: 20 }, colliders: [], bodies: [body] };
}

/**
 * The setup of body 0 of a preset made from `document`, written and read back. Budget compensation
 * is turned off: these tests check the material mappings themselves.
 */
function storedBody(document: SceneDocument, meshes?: Parameters<typeof presetFromScene>[1]['meshes']) {
  const plain = { ...document, solver: { ...document.solver, compensation: 'off' as const } };
  return readPreset(writePreset(presetFromScene(plain, { name: 'summary', meshes }))).setup.bodies[0];
}

/** The tet cube of side 0.1 m (2 × 2 × 2 cells, 6 equal tets each) with `materialName`. */
function cubeBody(materialName: string, model: 'neo-hookean' | 'edges-volume') {
  const { scene: document, meshes } = cubeMeshScene(materialName, model);
  return storedBody(document, meshes);
}
const CUBE_M = 0.1;
const TET_VOLUME_M3 = (CUBE_M / 2) ** 3 / 6;

const SILICONE = material('silicone-shore-20a');
const COTTON = material('cotton');

describe('a preset body in figures', () => {
  it('weighs ρV (solid) and ρ·t·A (cloth)', () => {
    const preset = readPreset(writePreset(presetFromScene(sampleScene(), { name: 'sample' })));
    const [box, sheet] = preset.setup.bodies;
    expect(relative(bodyMassKg(box), SILICONE.densityKgM3 * 0.1 ** 3)).toBeLessThan(TOLERANCE);
    const thicknessM = COTTON.thicknessM ?? Number.NaN;
    expect(relative(bodyMassKg(sheet), COTTON.densityKgM3 * thicknessM * 0.2 * 0.2)).toBeLessThan(TOLERANCE);
    expect(describeBody(box)).toBe(
      `block (solid, 27 vertices, 40 tets, ${+bodyMassKg(box).toPrecision(4)} kg)`,
    );
    expect(describeBody(sheet)).toBe(
      `sheet (cloth, 25 vertices, 32 triangles, ${+bodyMassKg(sheet).toPrecision(4)} kg)`,
    );
  });

  it('gives every neo-Hookean tet α_D = 1/(μV) and α_H = 1/(λ_NH·V), and the bulk above ν = 0.3 per vertex', () => {
    const body = cubeBody(SILICONE.name, 'neo-hookean');
    const rows = complianceRanges(body);
    // ν = 0.49: the per-tet pair keeps the bulk of ν = 0.3, the 27 vertices' stars hold the rest.
    expect(rows.map((r) => [r.constraint, r.unit, r.count])).toEqual([
      ['neo-Hookean deviatoric', '1/J', 48],
      ['neo-Hookean hydrostatic', '1/J', 48],
      ['nodal volume', 'm³/Pa', 27 - body.pins.reduce((n, pin) => n + pin.particles.length, 0)],
    ]);
    const expected = neoHookeanSplitTetCompliance(
      SILICONE.youngModulusPa,
      SILICONE.poissonRatio,
      TET_VOLUME_M3,
    );
    // Equal tets: the range is one value.
    expect(relative(rows[0].min, expected.deviatoricPerJ)).toBeLessThan(TOLERANCE);
    expect(relative(rows[0].max, rows[0].min)).toBeLessThan(TOLERANCE);
    expect(relative(rows[1].min, expected.hydrostaticPerJ)).toBeLessThan(TOLERANCE);
    expect(relative(rows[1].max, rows[1].min)).toBeLessThan(TOLERANCE);
    // α_n = V_n0/K_n: the smallest star is a corner's (one cell, a quarter of each of its tets there).
    const nodalPa = neoHookeanNodalBulkModulusPa(SILICONE.youngModulusPa, SILICONE.poissonRatio);
    expect(rows[2].min).toBeGreaterThanOrEqual((TET_VOLUME_M3 / 4 / nodalPa) * (1 - TOLERANCE));
    expect(rows[2].max).toBeLessThanOrEqual((8 * 6 * TET_VOLUME_M3) / 4 / nodalPa);
  });

  it('gives edges + volume tets edge springs and volume constraints α = V/(K − 5μ/3)', () => {
    const rows = complianceRanges(cubeBody(SILICONE.name, 'edges-volume'));
    expect(rows.map((r) => [r.constraint, r.unit])).toEqual([
      ['edge', 'm/N'],
      ['tet volume', 'm³/Pa'],
      ['nodal volume', 'm³/Pa'],
    ]);
    // 19 edges per cell (12 cube edges, 6 face diagonals, the main diagonal), shared between cells.
    expect(rows[0].count).toBe(98);
    expect(rows[0].min).toBeGreaterThan(0);
    expect(rows[0].max).toBeGreaterThanOrEqual(rows[0].min);
    // ν = 0.49: K − 5μ/3 split between the tets (up to ν = 0.3) and the vertices' stars.
    const { perTetPa } = edgesVolumeBulkSplitPa(SILICONE.youngModulusPa, SILICONE.poissonRatio);
    expect(rows[1].count).toBe(48);
    expect(relative(rows[1].min, TET_VOLUME_M3 / perTetPa)).toBeLessThan(TOLERANCE);
    expect(relative(rows[1].max, rows[1].min)).toBeLessThan(TOLERANCE);
  });

  it('adds no volume constraints below ν = 1/4, where the edge network alone is the model', () => {
    const body = storedBody(
      scene({
        name: 'foam',
        shape: { type: 'box', size: [0.1, 0.1, 0.1], cells: [2, 2, 2], center: [0, 0, 0] },
        material: { youngModulusPa: 1e5, poissonRatio: 0.2, densityKgM3: 30 },
        model: 'edges-volume',
      }),
    );
    expect(complianceRanges(body).map((r) => r.constraint)).toEqual(['edge']);
  });

  // Each right triangle of the square has one hinge, the diagonal (ν = (1, 1)/√2, ω = ½, so κ gets
  // ω·|e|/A·θ·ν⊗ν = (√2/a)·θ·ν⊗ν); its free legs set κ_xx and κ_zz, which the energy then zeroes,
  // leaving κ_xz = θ/(√2·a): U = ½·D·A·2κ_xz² = ½·(D/2)·θ², α = 2/D per triangle.
  it('gives each triangle of a square of two a plate-bend α = 2/D on its one hinge (the diagonal)', () => {
    const body = storedBody(
      scene({
        name: 'square',
        shape: { type: 'cloth', size: [0.2, 0.2], cells: [1, 1], center: [0, 0, 0] },
        material: COTTON.name,
        model: 'cloth',
      }),
    );
    const rows = complianceRanges(body);
    expect(rows.map((r) => [r.constraint, r.unit, r.count])).toEqual([
      ['membrane', '1/J', 2],
      ['plate bend', '1/(N·m)', 2],
    ]);
    const d = plateBendingStiffnessNM(
      COTTON.youngModulusPa,
      COTTON.poissonRatio,
      COTTON.thicknessM ?? Number.NaN,
    );
    expect(relative(rows[1].min, 2 / d)).toBeLessThan(TOLERANCE);
    expect(relative(rows[1].max, 2 / d)).toBeLessThan(TOLERANCE);
  });

  it('lists soft pins with their compliance, and not rigid ones', () => {
    const body = storedBody(
      scene({
        name: 'block',
        shape: { type: 'box', size: [0.1, 0.1, 0.1], cells: [2, 2, 2], center: [0, 0.05, 0] },
        material: SILICONE.name,
        model: 'neo-hookean',
        pins: [
          { box: { min: [-1, 0.1, -1], max: [1, 0.1, 1] }, complianceMPerN: 2e-4 },
          { box: { min: [-1, 0, -1], max: [1, 0, 1] } },
        ],
      }),
    );
    const soft = complianceRanges(body).find((r) => r.constraint === 'soft pin');
    expect(soft).toEqual({ constraint: 'soft pin', unit: 'm/N', count: 9, min: 2e-4, max: 2e-4 });
  });

  it('weighs a body with a denser group as the sum of ρV over its parts', () => {
    // The upper layer of cells (y ≥ 0.05) is three times as dense.
    const upper: number[] = [];
    for (let k = 0; k <= 2; k++)
      for (let j = 1; j <= 2; j++) for (let i = 0; i <= 2; i++) upper.push((k * 3 + j) * 3 + i);
    const body = storedBody(
      scene({
        name: 'block',
        shape: { type: 'box', size: [0.1, 0.1, 0.1], cells: [2, 2, 2], center: [0, 0.05, 0] },
        material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000 },
        model: 'edges-volume',
        groups: [
          {
            name: 'lid',
            vertices: upper,
            material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 3000 },
          },
        ],
      }),
    );
    expect(relative(bodyMassKg(body), ((1000 + 3000) * 0.1 ** 3) / 2)).toBeLessThan(TOLERANCE);
  });
});
