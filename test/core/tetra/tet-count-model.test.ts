import { describe, expect, it } from 'vitest';
import { edgeForTets, fitBoundaryLayer, predictedTets } from '../../../core/tetra/tet-count-model.ts';

describe('tet-count model N(h) = V / (h³ V_reg) + β A / h²', () => {
  // A unit sphere: V = 4π/3 m³, A = 4π m².
  const volume = (4 * Math.PI) / 3;
  const area = 4 * Math.PI;

  it('gives the edge at which it predicts the target (round trip within 1e-9)', () => {
    for (const beta of [0, 0.5, 2, 3.6]) {
      for (const target of [100, 1000, 20_000, 1_000_000]) {
        const edge = edgeForTets(volume, area, target, beta);
        expect(predictedTets(volume, area, edge, beta) / target - 1).toBeCloseTo(0, 9);
      }
    }
  });

  it('without a boundary layer is the regular-tet fill: edge = cbrt(6√2 V / N)', () => {
    expect(edgeForTets(volume, area, 5000, 0)).toBeCloseTo(Math.cbrt((6 * Math.SQRT2 * volume) / 5000), 12);
  });

  it('recovers β from one count, and has none to fit at or below the volume term', () => {
    const edge = 0.2;
    expect(fitBoundaryLayer(volume, area, edge, predictedTets(volume, area, edge, 2.5))).toBeCloseTo(2.5, 9);
    expect(fitBoundaryLayer(volume, area, edge, predictedTets(volume, area, edge, 0) - 1)).toBeNull();
  });
});
