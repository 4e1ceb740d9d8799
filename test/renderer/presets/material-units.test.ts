import { describe, expect, test } from 'vitest';
import { formatModulus, materialSummary } from '../../../renderer/src/presets/material-units.ts';

describe('material units for display', () => {
  test('Young modulus picks the unit that keeps 1 to 3 digits before the point', () => {
    expect(formatModulus(950)).toBe('950 Pa');
    expect(formatModulus(100_000)).toBe('100 kPa');
    expect(formatModulus(5e6)).toBe('5 MPa');
    expect(formatModulus(2.54e9)).toBe('2.54 GPa');
    expect(formatModulus(1234.5)).toBe('1.23 kPa');
  });

  test('a summary lists E, ν, ρ and, for cloth, the thickness in mm', () => {
    expect(materialSummary({ youngModulusPa: 1e5, poissonRatio: 0.4, densityKgM3: 1000 })).toBe(
      'E 100 kPa · ν 0.4 · ρ 1000 kg/m³',
    );
    expect(
      materialSummary({ youngModulusPa: 5e6, poissonRatio: 0.3, densityKgM3: 800, thicknessM: 0.0005 }),
    ).toBe('E 5 MPa · ν 0.3 · ρ 800 kg/m³ · t 0.5 mm');
  });
});
