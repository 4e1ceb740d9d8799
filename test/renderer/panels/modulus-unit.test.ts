import { describe, expect, test } from 'vitest';
import {
  defaultModulusUnit,
  modulusText,
  typedModulusPa,
} from '../../../renderer/src/panels/modulus-unit.ts';

describe("Young's modulus units", () => {
  test('26 typed over 100 kPa is 26 kPa to commit; shown in MPa it is 0.026, the same modulus', () => {
    const typed = typedModulusPa('26', 100e3, 'kPa');
    expect(typed).toBe(26e3);
    expect(modulusText(typed as number, 'MPa')).toBe('0.026');
    expect(modulusText(typed as number, 'kPa')).toBe('26');
  });

  test('nothing to commit when the field shows the body’s modulus, is empty or is not a number', () => {
    expect(typedModulusPa('100', 100e3, 'kPa')).toBeNull();
    expect(typedModulusPa(' 100 ', 100e3, 'kPa')).toBeNull();
    expect(typedModulusPa('', 100e3, 'kPa')).toBeNull();
    expect(typedModulusPa('soft', 100e3, 'kPa')).toBeNull();
    expect(typedModulusPa('1.2', 1.2e6, 'MPa')).toBeNull();
    expect(typedModulusPa('1.5', 1.2e6, 'MPa')).toBe(1.5e6);
  });

  test('the unit shown until one is picked follows the magnitude', () => {
    expect(defaultModulusUnit(260e3)).toBe('kPa');
    expect(defaultModulusUnit(1.2e6)).toBe('MPa');
  });
});
