import { describe, expect, it } from 'vitest';
import {
  cantileverFrequencyRadPerS,
  cantileverTipDeflectionM,
  clothCantileverTipDeflectionM,
  fixedFreeBarFrequencyRadPerS,
  hangingBarElongationM,
  hangingClothElongationM,
  timoshenkoShearFactor,
} from '../../../core/calibrate/analytic.ts';

describe('analytic values of the calibration scenes', () => {
  it('a 1 m bar of ρ = 1000 kg/m³, E = 1 MPa stretches ρgL²/(2E) = 4.905 mm under 9.81 m/s²', () => {
    expect(hangingBarElongationM(1000, 9.81, 1, 1e6)).toBeCloseTo(4.905e-3, 12);
  });

  it('the cantilever formula is qL⁴/(8EI): doubling the length multiplies the deflection by 16', () => {
    const q = 2; // N/m
    const I = 1e-8; // m⁴
    expect(cantileverTipDeflectionM(q, 1, 2e9, I)).toBeCloseTo(2 / (8 * 2e9 * 1e-8), 15);
    expect(cantileverTipDeflectionM(q, 2, 2e9, I) / cantileverTipDeflectionM(q, 1, 2e9, I)).toBeCloseTo(
      16,
      12,
    );
  });

  it('a hanging cloth strip stretches like a bar of the same E and ρ (ρ_a/(E·t) = ρ/E)', () => {
    const t = 2.5e-4;
    const rho = 480;
    expect(hangingClothElongationM(rho * t, 9.81, 2, 4e7, t)).toBeCloseTo(
      hangingBarElongationM(rho, 9.81, 2, 4e7),
      15,
    );
  });

  it('the cloth cantilever is the beam formula with E·I per width replaced by D', () => {
    const D = 5e-5; // N·m
    const areal = 0.12; // kg/m²
    expect(clothCantileverTipDeflectionM(areal, 9.81, 0.1, D)).toBeCloseTo(
      (areal * 9.81 * 1e-4) / (8 * D),
      15,
    );
  });

  it('Timoshenko adds 2(1+ν)/(3κ)·(h/L)² with κ = 5/6: 4.16% for ν = 0.3 at L/h = 5', () => {
    expect(timoshenkoShearFactor(0.3, 1, 5)).toBeCloseTo(1 + 2.6 / 2.5 / 25, 12);
    expect(timoshenkoShearFactor(0.3, 1, 5)).toBeCloseTo(1.0416, 4);
  });

  it('vibration frequencies: (π/2)c/L for the fixed-free bar, 1.8751²·√(EI/ρA)/L² for the cantilever', () => {
    expect(fixedFreeBarFrequencyRadPerS(100, 2)).toBeCloseTo(25 * Math.PI, 10);
    expect(cantileverFrequencyRadPerS(0.5, 2)).toBeCloseTo((1.8751 ** 2 * 0.5) / 4, 12);
  });
});
