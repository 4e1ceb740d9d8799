import Type, { type Static } from 'typebox';

/**
 * Orthotropic (warp/weft) cloth: the optional in-plane constants of a woven fabric, axis 1 along
 * the warp (the yarns that run the length of the bolt), axis 2 along the weft. A cloth material
 * that has them still gives the isotropic E and ν it is simulated with when a body names no warp
 * direction (the isotropic model stays the default; library values keep E as the mean of the two
 * moduli so results without a warp direction do not change). SI units.
 *
 * Plane-stress orthotropic elasticity (Jones, "Mechanics of Composite Materials", §2.5) in the
 * material frame, strain ε = (ε₁₁, ε₂₂, γ₁₂ = 2ε₁₂):
 *
 *   ε = S·σ,  S = | 1/E₁    −ν₁₂/E₁  0     |      ν₂₁ = ν₁₂·E₂/E₁ (S symmetric),
 *                 | −ν₁₂/E₁  1/E₂    0     |      positive definite iff ν₁₂² < E₁/E₂
 *                 | 0        0       1/G₁₂ |
 *
 * ν₁₂ is the weft contraction under a warp stretch. Setting E₁ = E₂ = E, G₁₂ = E/(2(1+ν)) gives
 * the isotropic law back exactly.
 */
export const OrthotropicClothSchema = Type.Object(
  {
    warpYoungModulusPa: Type.Number({
      exclusiveMinimum: 0,
      description:
        "Young's modulus along the warp E₁, Pa (membrane stiffness E₁·t, N/m, with the thickness).",
    }),
    weftYoungModulusPa: Type.Number({
      exclusiveMinimum: 0,
      description:
        "Young's modulus along the weft E₂, Pa (membrane stiffness E₂·t, N/m, with the thickness).",
    }),
    shearModulusPa: Type.Number({
      exclusiveMinimum: 0,
      description: 'In-plane shear modulus G₁₂, Pa (shear rigidity G₁₂·t, N/m, with the thickness).',
    }),
    poissonRatioWarpWeft: Type.Number({
      minimum: 0,
      exclusiveMaximum: 0.5,
      description: 'Poisson ratio ν₁₂: weft contraction under a warp stretch, dimensionless, 0 ≤ ν₁₂ < 0.5.',
    }),
    warpBendingRigidityNM: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description:
          'Bending rigidity for bending along the warp (B₁ of KES-F per unit width), N·m. Absent: E₁·t³/(12(1−ν₁₂ν₂₁)).',
      }),
    ),
    weftBendingRigidityNM: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description:
          'Bending rigidity for bending along the weft (B₂ of KES-F per unit width), N·m. Absent: E₂·t³/(12(1−ν₁₂ν₂₁)).',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Cloth only: warp/weft (orthotropic) constants, used where the body gives a warp direction; E and ν stay the isotropic values.',
  },
);

export type OrthotropicCloth = Static<typeof OrthotropicClothSchema>;

/** ν₂₁ = ν₁₂·E₂/E₁, dimensionless (the symmetry of the compliance S). */
export function weftWarpPoissonRatio(cloth: OrthotropicCloth): number {
  return (cloth.poissonRatioWarpWeft * cloth.weftYoungModulusPa) / cloth.warpYoungModulusPa;
}

/** Whether S is positive definite (ν₁₂² < E₁/E₂): the constants describe a stable material. */
export function isStableOrthotropic(cloth: OrthotropicCloth): boolean {
  return cloth.poissonRatioWarpWeft * weftWarpPoissonRatio(cloth) < 1;
}

/**
 * Bending rigidities of the orthotropic plate, N·m: D₁ (bending along the warp), D₂ (along the
 * weft) and the twist rigidity D₃ = √(D₁·D₂).
 *
 * Plate energy per unit area in the material frame, with the Poisson coupling of the two
 * curvatures left out as the isotropic plate-bend element leaves it out (plate-bend.ts):
 *
 *   W = ½·(D₁·κ₁₁² + D₂·κ₂₂² + 2·D₃·κ₁₂²)
 *
 * which is the isotropic D/2·(κ₁₁² + κ₂₂² + 2κ₁₂²) when D₁ = D₂ = D. Fabrics are not measured in
 * twist (KES-F gives B per direction only), so D₃ is the geometric mean: the choice that makes
 * the rigidity for cylindrical bending about any in-plane direction n (curvature κ·n⊗n)
 *
 *   D(n) = D₁·n₁⁴ + D₂·n₂⁴ + 2·D₃·n₁²·n₂² = (√D₁·n₁² + √D₂·n₂²)²
 *
 * a perfect square, smooth between D₁ and D₂ (the Huber approximation of orthotropic plates,
 * D₁₂ + 2D₆₆ ≈ √(D₁·D₂)). Missing rigidities come from the moduli: D_i = E_i·t³/(12(1 − ν₁₂ν₂₁)).
 */
export function orthotropicBendingRigidityNM(
  cloth: OrthotropicCloth,
  thicknessM: number,
): { warp: number; weft: number; twist: number } {
  const denominator = 12 * (1 - cloth.poissonRatioWarpWeft * weftWarpPoissonRatio(cloth));
  const warp = cloth.warpBendingRigidityNM ?? (cloth.warpYoungModulusPa * thicknessM ** 3) / denominator;
  const weft = cloth.weftBendingRigidityNM ?? (cloth.weftYoungModulusPa * thicknessM ** 3) / denominator;
  return { warp, weft, twist: Math.sqrt(warp * weft) };
}

/**
 * Rigidity for cylindrical bending whose curvature runs along the in-plane unit direction with
 * cos φ = `cosWarp` to the warp, N·m: (√D₁·cos²φ + √D₂·sin²φ)² (see orthotropicBendingRigidityNM).
 * The weight a dihedral hinge gets from the plate it approximates (cloth.ts hinges).
 */
export function directionalBendingRigidityNM(warpNM: number, weftNM: number, cosWarp: number): number {
  const c2 = Math.min(1, cosWarp * cosWarp);
  return (Math.sqrt(warpNM) * c2 + Math.sqrt(weftNM) * (1 - c2)) ** 2;
}

/**
 * Uniaxial modulus of the orthotropic sheet along the in-plane unit direction at cos φ = `cosWarp`
 * to the warp, Pa: 1/E(φ) = cos⁴φ/E₁ + (1/G₁₂ − 2ν₁₂/E₁)·cos²φ·sin²φ + sin⁴φ/E₂ (Jones, eq. 2.98).
 */
export function directionalYoungModulusPa(cloth: OrthotropicCloth, cosWarp: number): number {
  const c2 = Math.min(1, cosWarp * cosWarp);
  const s2 = 1 - c2;
  const compliance =
    (c2 * c2) / cloth.warpYoungModulusPa +
    (1 / cloth.shearModulusPa - (2 * cloth.poissonRatioWarpWeft) / cloth.warpYoungModulusPa) * c2 * s2 +
    (s2 * s2) / cloth.weftYoungModulusPa;
  return 1 / compliance;
}
