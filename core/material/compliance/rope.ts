/**
 * Ropes: a chain of links, each an axial bar of cross-section A = π·r² (m²) and rest length L (m).
 * Hooke's law for a bar, F = (E·A/L)·ΔL, gives the link stiffness k = E·A/L (N/m) and the
 * compliance of the distance constraint C = |x1 − x0| − L:
 *
 *   α = L / (E·π·r²)      (m/N)
 */

/** Axial stiffness E·A of a round rope of radius r (m), N. */
export function ropeAxialStiffnessN(youngModulusPa: number, radiusM: number): number {
  return youngModulusPa * Math.PI * radiusM * radiusM;
}

/** Compliance of one rope link, m/N. */
export function ropeLinkComplianceMPerN(
  youngModulusPa: number,
  radiusM: number,
  linkLengthM: number,
): number {
  const axial = ropeAxialStiffnessN(youngModulusPa, radiusM);
  if (!(axial > 0)) throw new RangeError('ropeLinkComplianceMPerN: E·A must be > 0 N');
  return linkLengthM / axial;
}
