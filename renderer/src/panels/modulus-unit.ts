/**
 * Young's modulus in the properties panel: shown in kPa or MPa, stored in pascals. Switching the
 * unit never loses what was typed: text in the field that is not yet committed is committed
 * first, in the unit it was typed in, and the field then shows the same modulus in the new unit
 * (26 kPa → 0.026 MPa).
 */
import { formatNumber } from './fields.ts';

/** Display units of Young's modulus and their size in pascals. */
export const MODULUS_UNITS = { kPa: 1e3, MPa: 1e6 } as const;
export type ModulusUnit = keyof typeof MODULUS_UNITS;

/** The unit a modulus is shown in until the user picks one: MPa from 1 MPa up. */
export function defaultModulusUnit(modulusPa: number): ModulusUnit {
  return modulusPa >= 1e6 ? 'MPa' : 'kPa';
}

/** The field's text for `modulusPa` shown in `unit`. */
export function modulusText(modulusPa: number, unit: ModulusUnit): string {
  return formatNumber(modulusPa / MODULUS_UNITS[unit]);
}

/**
 * The modulus, Pa, that text typed in the field (in `unit`) asks for, or null when there is
 * nothing to commit: the text is what the field shows for `shownPa`, empty, or not a number.
 */
export function typedModulusPa(text: string, shownPa: number, unit: ModulusUnit): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === modulusText(shownPa, unit)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value * MODULUS_UNITS[unit] : null;
}
