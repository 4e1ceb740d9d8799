import { describe, expect, it } from 'vitest';
import {
  bulkModulusPa,
  clampPoisson,
  hingeBendCompliancePerNM,
  lameLambdaPa,
  membraneShearStiffnessNPerM,
  neoHookeanConstants,
  neoHookeanTetCompliance,
  plateBendingStiffnessNM,
  residualBulkModulusPa,
  ropeLinkComplianceMPerN,
  shearModulusPa,
  solidEdgeStiffnessNPerM,
  tetEdgeStiffnessesNPerM,
  tetVolumeComplianceM3PerPa,
  waveSpeedMPerS,
} from '../../../core/material/index.ts';
import * as engineEdges from '../../../core/setup/edge-stiffness.ts';
import { boxTetGrid } from '../../../core/sim/geometry/box-tets.ts';
import { uniqueEdges } from '../../../core/sim/geometry/edges.ts';

describe('elastic constants', () => {
  it('converts (E, ν) to μ, λ and K', () => {
    expect(shearModulusPa(2.6e5, 0.3)).toBeCloseTo(1e5, 6);
    expect(lameLambdaPa(2.6e5, 0.3)).toBeCloseTo((2.6e5 * 0.3) / (1.3 * 0.4), 6);
    expect(bulkModulusPa(3e5, 0.25)).toBeCloseTo(2e5, 6);
    expect(waveSpeedMPerS(1e5, 1000)).toBeCloseTo(10, 12);
  });

  it('uses λ_NH = λ + μ and γ = 1 + μ/λ_NH, so the small-strain limit is linear elasticity', () => {
    const c = neoHookeanConstants(1e5, 0.3);
    expect(1 / c.inverseLambdaNhPerPa).toBeCloseTo(lameLambdaPa(1e5, 0.3) + shearModulusPa(1e5, 0.3), 6);
    expect(c.gamma).toBeCloseTo(1 + c.muPa * c.inverseLambdaNhPerPa, 12);
  });

  it('clamps ν to [0, 0.5] and stays finite at the incompressible limit', () => {
    expect(clampPoisson(0.7)).toBe(0.5);
    expect(clampPoisson(-1)).toBe(0);
    const c = neoHookeanConstants(1e5, 0.5);
    expect(c.inverseLambdaNhPerPa).toBe(0);
    expect(c.gamma).toBe(1);
    expect(bulkModulusPa(1e5, 0.5)).toBe(Number.POSITIVE_INFINITY);
    expect(tetVolumeComplianceM3PerPa(1e-6, residualBulkModulusPa(1e5, 0.5))).toBe(0);
  });
});

describe('compliance mappings', () => {
  it('neo-Hookean: α_D = 1/(μV), α_H = 1/(λ_NH·V) in 1/J', () => {
    const c = neoHookeanTetCompliance(1e5, 0.3, 1e-6);
    expect(c.deviatoricPerJ).toBeCloseTo(1 / (shearModulusPa(1e5, 0.3) * 1e-6), 9);
    expect(c.hydrostaticPerJ).toBeCloseTo(
      1 / ((lameLambdaPa(1e5, 0.3) + shearModulusPa(1e5, 0.3)) * 1e-6),
      9,
    );
    expect(() => neoHookeanTetCompliance(1e5, 0.3, 0)).toThrow(RangeError);
  });

  it('edges: the regular tet gets κ = 12μ/5 on every edge', () => {
    const s = Math.SQRT1_2;
    const regular = Float64Array.from([1, 0, -s, -1, 0, -s, 0, 1, s, 0, -1, s]);
    const k = tetEdgeStiffnessesNPerM(regular, [0, 1, 2, 3], 1e5, new Float64Array(6));
    const volume = 8 / (6 * Math.SQRT2); // edge a = 2: V = a³/(6√2)
    for (const value of k) expect((value * 4) / volume / 1e5).toBeCloseTo(12 / 5, 9);
  });

  it('edges: a right-angled box corner tet gets 15μ/7 on its axis edges and 12μ/7 on its face diagonals', () => {
    const corner = Float64Array.from([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]);
    const k = tetEdgeStiffnessesNPerM(corner, [0, 1, 2, 3], 7, new Float64Array(6));
    const kappa = Array.from(k, (value, e) => (value * (e < 3 ? 1 : 2)) / (1 / 6));
    expect(kappa.map((v) => +v.toFixed(9))).toEqual([15, 15, 15, 12, 12, 12]);
  });

  it('edges: equals the engine’s spring stiffnesses on its box mesh (one mapping for preview and export)', () => {
    const { positions, tets } = boxTetGrid([0.05, 0.4, 0.05], [2, 8, 2], [0, -0.2, 0]);
    const edges = uniqueEdges(tets, 4, positions.length / 3);
    const ours = solidEdgeStiffnessNPerM(positions, tets, edges, shearModulusPa(1e5, 0.3));
    const engine = engineEdges.solidEdgeStiffness(positions, tets, edges, 1e5, 0.3);
    for (let e = 0; e < ours.length; e++) expect(ours[e] / engine[e]).toBeCloseTo(1, 12);
  });

  it('volume: α = V/(K − 5μ/3) in m³/Pa, none below ν = 1/4', () => {
    const residual = residualBulkModulusPa(1e5, 0.3);
    expect(residual).toBeCloseTo(bulkModulusPa(1e5, 0.3) - (5 / 3) * shearModulusPa(1e5, 0.3), 6);
    expect(tetVolumeComplianceM3PerPa(2e-6, residual)).toBeCloseTo(2e-6 / residual, 18);
    expect(residualBulkModulusPa(1e5, 0.2)).toBeLessThan(0);
    expect(() => tetVolumeComplianceM3PerPa(1e-6, residualBulkModulusPa(1e5, 0.2))).toThrow(RangeError);
  });

  it('cloth: membrane μ·t, plate D = E·t³/(12(1−ν²)) and hinge α = A_e/(D·|e|²)', () => {
    expect(membraneShearStiffnessNPerM(4e7, 0.3, 2.5e-4)).toBeCloseTo((4e7 / 2.6) * 2.5e-4, 6);
    const d = plateBendingStiffnessNM(4e7, 0.3, 2.5e-4);
    expect(d).toBeCloseTo((4e7 * 2.5e-4 ** 3) / (12 * 0.91), 12);
    expect(hingeBendCompliancePerNM(0.5, 0.5, d, d, 2) / (1 / (d * 4))).toBeCloseTo(1, 12);
    // Two materials: the wings bend in series, α = (A_A/D_A + A_B/D_B)/|e|².
    expect(hingeBendCompliancePerNM(1, 1, d, 2 * d, 1)).toBeCloseTo(1.5 / d, 6);
  });

  it('rope: α = L/(E·π·r²)', () => {
    expect(ropeLinkComplianceMPerN(1e9, 0.001, 0.1)).toBeCloseTo(0.1 / (1e9 * Math.PI * 1e-6), 15);
  });
});
