import { plateBendingStiffnessNM } from '../material/compliance/cloth.ts';
import {
  BIAS_STIFFNESS_EXPONENT,
  type BiasFamily,
  bendingResolution,
  biasCoefficient,
  substepCompensation,
  waveResolution,
} from '../material/compliance/substep-bias.ts';
import { waveSpeedMPerS } from '../material/elastic.ts';
import { orthotropicBendingRigidityNM } from '../material/orthotropic.ts';
import type { ConstraintModel, MaterialSpec, Vec3 } from '../scene/scene.ts';
import { type BodyGeometry, edgeRestLengthsM, meanEdgeLengthM } from './body-geometry.ts';
import { type BodySlots, elementSlots } from './body-groups.ts';
import type { ConstraintSet } from './setup.ts';

/**
 * Budget compensation: the compliances a body needs so that, at the solver's own frame step and
 * substep count, its effective stiffness is its material's (core/material/compliance/substep-bias.ts
 * has the model and its derivation). Applied by compileConstraints to the elastic sets it has just
 * derived, per material slot and constraint family, so the preview, the presets and every exporter
 * run the compensated numbers and the setup records what was done.
 */

/** What compensation did to one family of one material slot of a body. */
export interface Compensation {
  family: BiasFamily;
  /** Material slot (0 the body, g + 1 its group g). */
  slot: number;
  /** r of the family at the solver's substep (h·c/l, or h·√(D/ρ_a)/l² for bending). */
  resolution: number;
  /** β of the family at the slot's ν. */
  beta: number;
  /** s: the family's compliances were divided by it (below 1: softened, where the bias stiffens). */
  stiffnessScale: number;
  /** False when no scale reaches the material at this budget (β·r² too large). */
  reachable: boolean;
  /** E_eff/E the model predicts after compensation (1 when reachable). */
  predictedRatio: number;
  /** The fewest substeps per frame that reach the material (the current count when it is reached). */
  substepsToReach: number;
}

/** Families of each model's elastic constraint sets (kinds not listed are left as they are). */
export const FAMILY_OF_SET: Readonly<
  Record<ConstraintModel, Partial<Record<ConstraintSet['kind'], BiasFamily>>>
> = {
  'neo-hookean': { 'neo-hookean': 'solid-neo-hookean', 'nodal-volume': 'solid-neo-hookean' },
  'edges-volume': {
    distance: 'solid-edges-volume',
    'tet-volume': 'solid-edges-volume',
    'nodal-volume': 'solid-edges-volume',
  },
  cloth: {
    membrane: 'cloth-stretch',
    distance: 'cloth-edges',
    'plate-bend': 'cloth-bending',
    'dihedral-bend': 'cloth-hinges',
  },
  rope: {},
};

/**
 * Divides the compliances of `sets` (compiled for `model`) by each family's stiffness scale for
 * substeps of `substepS` (s), `substeps` per frame; returns what it did (empty for rope bodies).
 */
export function compensateSets(
  sets: ConstraintSet[],
  model: ConstraintModel,
  geometry: BodyGeometry,
  slots: BodySlots,
  substepS: number,
  substeps: number,
  warp?: Vec3,
): Compensation[] {
  const families = FAMILY_OF_SET[model];
  // The families of the sets this body has (a membrane cloth has no edge network to report).
  const used = new Set(sets.flatMap((set) => families[set.kind] ?? []));
  if (used.size === 0) return [];
  const edgeLength = meanEdgeLengthM(edgeRestLengthsM(geometry.positions, geometry.edges));
  const records: Compensation[] = [];
  const scales = new Map<BiasFamily, Float64Array>();
  for (const family of used) {
    const perSlot = new Float64Array(slots.materials.length);
    slots.materials.forEach((m, slot) => {
      // Orthotropic cloth gets one scale per family at the geometric mean of its two axes
      // (clothCompensationModuli): each axis keeps a residual bias of β·r²·(√(ratio) − 1) of its
      // own sign, small where β·r² is (r ≤ 0.25).
      const moduli = clothCompensationModuli(m, warp);
      const resolution =
        family === 'cloth-bending' || family === 'cloth-hinges'
          ? bendingResolution(substepS, moduli.bendingNM, m.densityKgM3 * (m.thicknessM ?? 0), edgeLength)
          : waveResolution(substepS, waveSpeedMPerS(moduli.youngPa, m.densityKgM3), edgeLength);
      const beta = biasCoefficient(family, m.poissonRatio);
      const c = substepCompensation(beta, resolution, substeps, BIAS_STIFFNESS_EXPONENT[family]);
      perSlot[slot] = c.stiffnessScale;
      records.push({
        family,
        slot,
        resolution,
        beta,
        stiffnessScale: c.stiffnessScale,
        reachable: c.reachable,
        predictedRatio: c.predictedRatio,
        substepsToReach: c.substepsToReach,
      });
    });
    scales.set(family, perSlot);
  }
  for (const set of sets) {
    const family = families[set.kind];
    if (family === undefined) continue;
    scaleSetCompliance(set, slots, scales.get(family) as Float64Array);
  }
  return records;
}

/** Divides each constraint's compliance in `set` by the scale of its element's slot. */
export function scaleSetCompliance(set: ConstraintSet, slots: BodySlots, scale: Float64Array): void {
  switch (set.kind) {
    case 'distance':
      divide(set.complianceMPerN, elementSlots(slots, set.particles, 2), scale);
      return;
    case 'tet-volume':
      divide(set.complianceM3PerPa, elementSlots(slots, set.tets, 4), scale);
      return;
    case 'membrane': {
      const slotOfTriangle = elementSlots(slots, set.triangles, 3);
      divide(set.normalCompliancePerJ, slotOfTriangle, scale);
      divide(set.couplingCompliancePerJ, slotOfTriangle, scale);
      divide(set.shearCompliancePerJ, slotOfTriangle, scale);
      if (set.weftNormalCompliancePerJ) divide(set.weftNormalCompliancePerJ, slotOfTriangle, scale);
      return;
    }
    case 'nodal-volume': {
      // One constraint per vertex: its slot is the vertex's own.
      divide(set.complianceM3PerPa, elementSlots(slots, set.vertices, 1), scale);
      return;
    }
    case 'dihedral-bend':
      divide(set.compliancePerNM, elementSlots(slots, set.hinges, 4), scale);
      return;
    case 'plate-bend': {
      // Six entries per triangle, all in the triangle's slot (its corners are the first three particles).
      const corners = Uint32Array.from(
        { length: set.particles.length / 2 },
        (_, k) => set.particles[6 * ((k / 3) | 0) + (k % 3)],
      );
      const slotOfTriangle = elementSlots(slots, corners, 3);
      for (let c = 0; c < set.compliancePerNM.length; c++)
        set.compliancePerNM[c] /= scale[slotOfTriangle[(c / 6) | 0]];
      return;
    }
    case 'neo-hookean': {
      const slotOfTet = elementSlots(slots, set.tets, 4);
      divide(set.deviatoricCompliancePerJ, slotOfTet, scale);
      divide(set.hydrostaticCompliancePerJ, slotOfTet, scale);
      return;
    }
    default:
      return;
  }
}

function divide(compliance: Float64Array, slotOf: Uint16Array, scale: Float64Array): void {
  for (let c = 0; c < compliance.length; c++) compliance[c] /= scale[slotOf[c]];
}

/**
 * The stretch modulus (Pa) and plate rigidity (N·m) the substep bias of a slot is computed with:
 * the material's E and D = E·t³/(12(1−ν²)), or for an orthotropic cloth body (a warp direction and
 * warp/weft constants) the geometric means √(E_warp·E_weft) and √(D_warp·D_weft).
 */
export function clothCompensationModuli(
  m: MaterialSpec,
  warp?: Vec3,
): { youngPa: number; bendingNM: number } {
  if (warp !== undefined && m.orthotropic !== undefined) {
    const rigidity = orthotropicBendingRigidityNM(m.orthotropic, m.thicknessM ?? 0);
    return {
      youngPa: Math.sqrt(m.orthotropic.warpYoungModulusPa * m.orthotropic.weftYoungModulusPa),
      bendingNM: rigidity.twist,
    };
  }
  return {
    youngPa: m.youngModulusPa,
    bendingNM: plateBendingStiffnessNM(m.youngModulusPa, m.poissonRatio, m.thicknessM ?? 0),
  };
}
