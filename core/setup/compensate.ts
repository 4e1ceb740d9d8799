import { bendingPasses } from '../material/compliance/bending-passes.ts';
import { plateBendingStiffnessNM } from '../material/compliance/cloth.ts';
import {
  MAX_SOLID_PASSES,
  ONE_PASS_SOLID_RESOLUTION,
  type SolidPasses,
  solidPasses,
} from '../material/compliance/solid-passes.ts';
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
 * run the compensated numbers and the setup records what was done. Plate bending beyond one
 * sweep's reach is swept more often per substep instead (bending-passes.ts), as are solids with
 * nodal volumes (solid-passes.ts).
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
  /**
   * Sweeps of the family's sets per substep, where more than one: plate bending beyond one
   * sweep's reach (bending-passes.ts) is swept that often instead of scaled (stiffnessScale 1).
   */
  passes?: number;
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
  ragdoll: {}, // rigid bones and hard limits: nothing elastic to compensate
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
  const passesOf = new Map<BiasFamily, number>();
  let solidPassesOf: SolidPasses | null = null;
  for (const family of used) {
    const perSlot = new Float64Array(slots.materials.length);
    // Orthotropic cloth is resolved at the geometric mean of its two axes
    // (clothCompensationModuli): each axis keeps a residual bias of β·r²·(√(ratio) − 1) of its
    // own sign, small where β·r² is (r ≤ 0.25).
    const resolutions = slots.materials.map((m) => {
      const moduli = clothCompensationModuli(m, warp);
      return family === 'cloth-bending' || family === 'cloth-hinges'
        ? bendingResolution(substepS, moduli.bendingNM, m.densityKgM3 * (m.thicknessM ?? 0), edgeLength)
        : waveResolution(substepS, waveSpeedMPerS(moduli.youngPa, m.densityKgM3), edgeLength);
    });
    // Plate bending beyond one sweep's reach: the set is swept more often, for its least resolved
    // slot, and no slot is scaled (the sweeps converge the step rather than offset its bias).
    // Likewise a solid with nodal volumes beyond one sweep's reach (solid-passes.ts).
    const solid =
      family === 'solid-neo-hookean' && sets.some((set) => set.kind === 'nodal-volume')
        ? bodySolidPasses(resolutions, slots)
        : null;
    if (solid) solidPassesOf = solid;
    const passes =
      family === 'cloth-bending'
        ? bendingPasses(Math.max(...resolutions), substeps).passes
        : (solid?.tets ?? 1);
    if (passes > 1) {
      passesOf.set(family, passes);
      slots.materials.forEach((m, slot) => {
        // The solid's sweeps reach the material within their range (solid-passes.ts).
        const swept = solid
          ? { reachable: true, predictedRatio: 1, substepsToReach: substeps }
          : bendingPasses(resolutions[slot], substeps);
        perSlot[slot] = 1;
        records.push({
          family,
          slot,
          resolution: resolutions[slot],
          beta: biasCoefficient(family, m.poissonRatio),
          stiffnessScale: 1,
          reachable: swept.reachable,
          predictedRatio: swept.predictedRatio,
          substepsToReach: swept.substepsToReach,
          passes,
        });
      });
      scales.set(family, perSlot);
      continue;
    }
    slots.materials.forEach((m, slot) => {
      const resolution = resolutions[slot];
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
    const passes = passesOf.get(family);
    if (passes !== undefined && set.kind === 'plate-bend') set.passes = passes;
    if (solidPassesOf && set.kind === 'neo-hookean') set.passes = solidPassesOf.tets;
    if (solidPassesOf && set.kind === 'nodal-volume') set.passes = solidPassesOf.nodalVolumes;
  }
  return records;
}

/**
 * The sweeps of a neo-Hookean body with nodal volumes: the most any slot needs, or null when no
 * slot needs more than one or one is beyond what the sweeps reach (the body is then compensated).
 */
function bodySolidPasses(resolutions: number[], slots: BodySlots): SolidPasses | null {
  const passes: SolidPasses = { tets: 1, nodalVolumes: 1 };
  for (const [slot, m] of slots.materials.entries()) {
    const resolution = resolutions[slot];
    const own = solidPasses(resolution, m.poissonRatio);
    if (!own) {
      // A slot past one sweep's reach but beyond the sweeps' range: the body is compensated.
      if (resolution > ONE_PASS_SOLID_RESOLUTION * MAX_SOLID_PASSES) return null;
      continue;
    }
    passes.tets = Math.max(passes.tets, own.tets);
    passes.nodalVolumes = Math.max(passes.nodalVolumes, own.nodalVolumes);
  }
  return passes.tets > 1 ? passes : null;
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
