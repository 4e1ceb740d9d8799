import { describe, expect, it } from 'vitest';
import { residualBulkModulusPa } from '../../../core/material/compliance/edges-volume.ts';
import { bulkModulusPa, neoHookeanConstants, shearModulusPa } from '../../../core/material/elastic.ts';
import { signedTetVolumeM3 } from '../../../core/math/mesh-measures.ts';
import { solidEdgeStiffness } from '../../../core/setup/edge-stiffness.ts';
import { uniqueEdges } from '../../../core/sim/geometry/edges.ts';

describe('material constants', () => {
  it('uses λ_NH = λ + μ and γ = 1 + μ/λ_NH, finite at ν = 0.5', () => {
    const E = 2e5;
    const nu = 0.3;
    const mu = E / (2 * (1 + nu));
    const lambda = (E * nu) / ((1 + nu) * (1 - 2 * nu));
    const c = neoHookeanConstants(E, nu);
    expect(c.muPa).toBeCloseTo(mu, 9);
    expect(1 / c.inverseLambdaNhPerPa).toBeCloseTo(lambda + mu, 6);
    expect(c.gamma).toBeCloseTo(1 + mu / (lambda + mu), 12);
    const incompressible = neoHookeanConstants(E, 0.5);
    expect(incompressible.inverseLambdaNhPerPa).toBe(0);
    expect(incompressible.gamma).toBe(1);
    expect(bulkModulusPa(E, nu)).toBeCloseTo(E / (3 * (1 - 2 * nu)), 6);
  });
});

describe('edge stiffness of the edges-volume model', () => {
  const mu = shearModulusPa(1e5, 0.3);
  /** κ_e/μ = k_e·l_e²/(V·μ) of the six edges of one tet. */
  const kappa = (positions: number[]) => {
    const x = Float64Array.from(positions);
    const tets = Uint32Array.of(0, 1, 2, 3);
    const edges = uniqueEdges(tets, 4, 4);
    const k = solidEdgeStiffness(x, tets, edges, 1e5, 0.3);
    const volume = signedTetVolumeM3(x, 0, 1, 2, 3);
    return Array.from(k, (ke, e) => {
      const [a, b] = [edges[2 * e], edges[2 * e + 1]];
      const lengthSq = [0, 1, 2].reduce((sum, i) => sum + (x[3 * a + i] - x[3 * b + i]) ** 2, 0);
      return (ke * lengthSq) / Math.abs(volume) / mu;
    });
  };

  it('fits a right-angled corner tet with κ = 15μ/7 on the legs and 12μ/7 on the diagonals', () => {
    const k = kappa([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]).sort((a, b) => a - b);
    for (const v of k.slice(0, 3)) expect(v).toBeCloseTo(12 / 7, 10);
    for (const v of k.slice(3)) expect(v).toBeCloseTo(15 / 7, 10);
  });

  it('fits a regular tet with κ = 12μ/5 on every edge', () => {
    // Alternate corners of the unit cube form a regular tet.
    for (const v of kappa([1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1])) expect(v).toBeCloseTo(12 / 5, 10);
  });

  it('leaves the volume term K − 5μ/3, zero at ν = 1/4', () => {
    expect(residualBulkModulusPa(1e5, 0.25)).toBeCloseTo(0, 6);
    expect(residualBulkModulusPa(1e5, 0.4)).toBeGreaterThan(0);
  });
});
