import { describe, expect, it } from 'vitest';
import { encodeArray } from '../../../core/document/binary-array.ts';
import {
  neoHookeanTetCompliance,
  plateBendingStiffnessNM,
  residualBulkModulusPa,
  signedTetVolumeM3,
} from '../../../core/material/index.ts';
import { bodyMassKg, buildPreset, complianceRanges, deriveBody } from '../../../core/preset/index.ts';
import { cubeBody, material, sheetBody } from './fixtures.ts';

const silicone = material('silicone-shore-10a');
const foam = material('polyurethane-foam-firm');
const cotton = material('cotton');

describe('deriving what the solver gets', () => {
  it('lumps ρ·V of each tet to its vertices and ρ·t·A of each triangle', () => {
    const solid = deriveBody(cubeBody(silicone, 'neo-hookean', 2, 0.1), [silicone], '/bodies/0');
    expect(solid.problems).toEqual([]);
    // Stored as float32: 1e-7 relative.
    expect(
      solid.derived.vertexMassKg.reduce((s, m) => s + m, 0) / (silicone.densityKgM3 * 0.1 ** 3),
    ).toBeCloseTo(1, 6);
    const cloth = deriveBody(sheetBody(cotton, 4, 0.2), [cotton], '/bodies/0');
    expect(
      cloth.derived.vertexMassKg.reduce((s, m) => s + m, 0) /
        (cotton.densityKgM3 * (cotton.thicknessM ?? 0) * 0.04),
    ).toBeCloseTo(1, 6);
  });

  it('gives every neo-Hookean tet α_D = 1/(μV), α_H = 1/(λ_NH·V) and γ = 2 − 2ν', () => {
    const body = cubeBody(silicone, 'neo-hookean', 1, 0.1);
    const { derived } = deriveBody(body, [silicone], '/bodies/0');
    expect(derived.neoHookean.count).toBe(6);
    expect(derived.edges.count).toBe(0);
    const x = body.simulationMesh.positions;
    const e = body.simulationMesh.elements;
    const expected = neoHookeanTetCompliance(
      silicone.youngModulusPa,
      silicone.poissonRatio,
      signedTetVolumeM3(x, e[0], e[1], e[2], e[3]),
    );
    expect(derived.neoHookean.deviatoricCompliancePerJ[0]).toBeCloseTo(expected.deviatoricPerJ, 3);
    expect(derived.neoHookean.hydrostaticCompliancePerJ[0] / expected.hydrostaticPerJ).toBeCloseTo(1, 6);
    expect(derived.neoHookean.gamma[0]).toBeCloseTo(2 - 2 * silicone.poissonRatio, 6);
  });

  it('gives edges + volume tets edge springs and volume constraints α = V/(K − 5μ/3)', () => {
    const body = cubeBody(foam, 'edges-volume', 1, 0.1);
    const { derived } = deriveBody(body, [foam], '/bodies/0');
    expect(derived.edges.count).toBe(19); // 12 cube edges + 6 face diagonals + 1 main diagonal
    expect(derived.volumes.count).toBe(6);
    const residual = residualBulkModulusPa(foam.youngModulusPa, foam.poissonRatio);
    expect(derived.volumes.complianceM3PerPa[0] / (0.1 ** 3 / 6 / residual)).toBeCloseTo(1, 6);
  });

  it('adds no volume constraints below ν = 1/4, where the edge network alone is the model', () => {
    const soft = { ...foam, name: 'low-nu', poissonRatio: 0.2 };
    const { derived } = deriveBody(cubeBody(soft, 'edges-volume', 1, 0.1), [soft], '/bodies/0');
    expect(derived.volumes.count).toBe(0);
  });

  it('gives cloth hinges α = A_e/(3·D·|e|²) from the plate stiffness', () => {
    const body = sheetBody(cotton, 1, 0.2);
    const { derived } = deriveBody(body, [cotton], '/bodies/0');
    expect(derived.bends.count).toBe(1);
    const d = plateBendingStiffnessNM(cotton.youngModulusPa, cotton.poissonRatio, cotton.thicknessM ?? 0);
    const diagonal = 0.2 * Math.SQRT2;
    expect(derived.bends.compliancePerNM[0] / (0.04 / (3 * d * diagonal ** 2))).toBeCloseTo(1, 6);
  });

  it('assigns overlapping elements to the highest-priority group, and edges to the stiffest contributor', () => {
    const body = cubeBody(foam, 'edges-volume', 2, 0.1);
    body.groups = [
      {
        name: 'base',
        selector: { type: 'all' },
        material: foam.name,
        model: 'edges-volume',
        dampingRatio: 0.1,
        priority: 0,
      },
      {
        name: 'tip',
        selector: { type: 'box', min: [-1, -1, -1], max: [1, 0.05, 1] },
        material: silicone.name,
        model: 'neo-hookean',
        dampingRatio: 0.2,
        priority: 1,
      },
    ];
    const { derived, problems } = deriveBody(body, [foam, silicone], '/bodies/0');
    expect(problems).toEqual([]);
    expect(derived.neoHookean.count).toBe(24);
    expect(derived.volumes.count).toBe(24);
    expect(new Set(derived.neoHookean.group)).toEqual(new Set([1]));
    expect(new Set(derived.edges.group)).toEqual(new Set([0]));
    body.groups[1].priority = -1;
    expect(deriveBody(body, [foam, silicone], '/bodies/0').derived.neoHookean.count).toBe(0);
  });

  it('turns soft pins into attachments and fixed pins into fixed vertices, the higher priority winning', () => {
    const body = cubeBody(silicone, 'edges-volume', 2, 0.1);
    body.pins = [
      {
        name: 'top',
        selector: { type: 'box', min: [-1, 0.1, -1], max: [1, 0.1, 1] },
        complianceMPerN: 0,
        priority: 0,
      },
      {
        name: 'corner',
        selector: { type: 'vertices', vertices: Uint32Array.from([24, 25]) },
        complianceMPerN: 1e-3,
        priority: 1,
      },
    ];
    const { derived } = deriveBody(body, [silicone], '/bodies/0');
    expect(Array.from(derived.softPins.vertices)).toEqual([24, 25]);
    expect(Array.from(derived.softPins.pin)).toEqual([1, 1]);
    expect(derived.fixedVertices.length).toBe(7);
  });

  it('summarises the compliance range per group with units', () => {
    const preset = buildPreset({
      name: 'p',
      gravity: [0, -9.81, 0],
      solver: { dt: 1 / 60, substeps: 10 },
      materials: [foam],
      colliders: [],
      bodies: [cubeBody(foam, 'edges-volume', 2, 0.1)],
    });
    const rows = complianceRanges(preset.bodies[0]);
    expect(rows.map((r) => [r.group, r.constraint, r.unit])).toEqual([
      ['body', 'edge', 'm/N'],
      ['body', 'tet volume', 'm³/Pa'],
    ]);
    expect(rows[0].min).toBeGreaterThan(0);
    expect(rows[0].max).toBeGreaterThanOrEqual(rows[0].min);
    expect(bodyMassKg(preset.bodies[0]) / (foam.densityKgM3 * 1e-3)).toBeCloseTo(1, 6);
  });

  it('encodes a vertex selector as a binary array in the document', () => {
    expect(encodeArray(Uint32Array.from([1, 2]))).toEqual({
      dtype: 'uint32',
      count: 2,
      base64: 'AQAAAAIAAAA=',
    });
  });
});
