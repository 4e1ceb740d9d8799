import { DocumentError } from '../document/problem.ts';
import {
  hingeBendCompliancePerNM,
  type MembraneTriangleCompliance,
  membraneTriangleCompliance,
  plateBendingStiffnessNM,
} from '../material/compliance/cloth.ts';
import { residualBulkModulusPa, tetVolumeComplianceM3PerPa } from '../material/compliance/edges-volume.ts';
import { neoHookeanTetCompliance } from '../material/compliance/neo-hookean.ts';
import {
  edgesVolumeBulkSplitPa,
  neoHookeanNodalBulkModulusPa,
  neoHookeanSplitTetCompliance,
  nodalRestVolumesM3,
  nodalVolumeComplianceM3PerPa,
} from '../material/compliance/nodal-volume.ts';
import { orthotropicMembraneCompliance } from '../material/compliance/orthotropic-cloth.ts';
import { hingeEdgeWeight, plateBendCompliancePerNM } from '../material/compliance/plate-bend.ts';
import { ropeAxialStiffnessN } from '../material/compliance/rope.ts';
import { signedTetVolumeM3, triangleAreaM2 } from '../math/mesh-measures.ts';
import type { BodySpec, ConstraintModel, SolverSettings, Vec3 } from '../scene/scene.ts';
import { isDegenerateTriangle } from '../sim/constraints/membrane.ts';
import { enclosedVolume } from '../sim/constraints/pressure.ts';
import { isDegenerateTet } from '../sim/constraints/tet-rest.ts';
import { triangleHinges, triangleNeighbours } from '../sim/geometry/hinges.ts';
import { isClosedSurface } from '../sim/geometry/mesh-body.ts';
import type { BodyGeometry } from './body-geometry.ts';
import { type BodySlots, elementSlots } from './body-groups.ts';
import { assignBreaking } from './breaking.ts';
import { hingePlate, orthotropicBendingOf, triangleWarpDirections } from './cloth-warp.ts';
import { type Compensation, compensateSets } from './compensate.ts';
import { clothEdgeStiffness, solidEdgeStiffness } from './edge-stiffness.ts';
import { ragdollSkeleton } from './ragdoll-template.ts';
import { calibrateRuntimeSets, type RuntimeCalibration } from './runtime-calibration.ts';
import type { ConstraintSet, SetupPin } from './setup.ts';

/** Gas bulk modulus when a pressure spec gives none: air at one atmosphere, isothermal, Pa. */
export const DEFAULT_GAS_BULK_MODULUS_PA = 101325;

/**
 * The constraint sets of one body, in the order the solver sweeps them: the one place where the
 * compliance of every constraint is derived (from the material of each element's slot, the rest
 * geometry and the formulas of core/material/compliance). Indices are local to the body.
 *
 * Per model, each element with the material and damping of its slot (body-groups.ts):
 * - 'neo-hookean': α_D = 1/(μV), α_H = 1/(λ_NH·V), γ per tet (neo-hookean.ts) with the bulk above
 *   that of a ν = 0.3 material moved to nodal volume constraints α_n = V_n0/K_n, one per vertex
 *   not rigidly pinned (nodal-volume.ts: per tet it locks near ν = 0.5); the tets damped along
 *   their edges with the compliance of the equivalent edge network (edge-damper.ts), the vertex
 *   volumes with their slot's ζ;
 * - 'edges-volume': edge springs α = 1/k_e (edge-stiffness.ts) and the residual bulk
 *   K_vol = K − 5μ/3, per tet α = V/K_t and per vertex α_n = V_n0/K_n, split as nodal-volume.ts
 *   says; with `perTetVolume` (runtimes that have only per-tet volume constraints, such as Jolt)
 *   all of K_vol per tet;
 * - 'cloth': one membrane constraint per triangle, α = K⁻¹ of plane-stress elasticity over the
 *   rest area (cloth.ts membraneTriangleCompliance), damped along its edges with the compliance of
 *   the fitted edge network (or, for `clothStretch: 'edges'` and classic PBD, those edge springs),
 *   and one plate-bend constraint per triangle (plate-bend.ts, D = E·t³/(12(1−ν²)) of its
 *   material), or for `clothStretch: 'edges'` dihedral hinges α = (A_A/D_A + A_B/D_B)/|e|² (cloth.ts);
 * - 'rope': links α = L/(E·πr²), with `bending` joints α = l³/(E·πr⁴/4);
 * - 'ragdoll': bones α = 1/k (0 by default: rigid) and hard cone and hinge joint limits.
 * Springs and hinges made of several elements sum each element's contribution with that element's
 * material. The damping ratio is one number per set, so each kind is split into one set per
 * distinct ζ (first-seen order; a body whose elements share one ζ gets one set per kind).
 * Cloth options: tethers to the nearest rigid pin, pressure of the enclosed gas (closed surfaces
 * only). Soft pins add an attachment set damped with the body's ζ. A body in classic PBD mode gets
 * compliance 0, no constraint damping and the per-iteration stiffness k' = 1 − (1 − k)^(1/n) on
 * its elastic sets (tethers, pressure and soft pins keep theirs).
 *
 * A runtime network (`clothStretch: 'edges'`, `perTetVolume`, `asEdgesVolume`) compiled with
 * `calibrateUnder` (the scene's gravity) is first scaled so that the body deflects under its
 * weight as the engine's own sets make it deflect (runtime-calibration.ts). The elastic sets are
 * then compensated for the solver's substeps (compensate.ts) unless the solver's `compensation`
 * is 'off'.
 *
 * Degenerate rest tets (no volume) and hinges or springs of zero stiffness get no constraint.
 *
 * @param pointer JSON pointer of the body, for the errors only compiling can find
 */
export function compileConstraints(
  body: BodySpec,
  geometry: BodyGeometry,
  slots: BodySlots,
  pins: readonly SetupPin[],
  pointer: string,
  solver: SolverSettings,
  clothStretch: ClothStretch = 'membrane',
  options: SolidOptions = {},
  calibrateUnder?: Vec3,
): {
  model: ConstraintModel;
  constraints: ConstraintSet[];
  compensation: Compensation[];
  calibration: RuntimeCalibration[];
} {
  const rigidPinned = new Uint8Array(geometry.mass.length);
  for (const pin of pins) if (pin.complianceMPerN === 0) for (const p of pin.particles) rigidPinned[p] = 1;
  const pbd = body.solver?.method === 'pbd';
  // Classic PBD projects edges: a cloth body in that mode keeps the edge network.
  const stretch = pbd ? 'edges' : clothStretch;
  const model = solidModelFor(body.model, options);
  const sets = modelSets({ ...body, model }, geometry, slots, stretch, rigidPinned, options);
  assignBreaking(sets, body, geometry, slots);
  // A runtime network (not the engine's own sets) is calibrated against the engine's sets of the
  // body's own model, both before compensation (runtime-calibration.ts). Soft pins are the same
  // attachment set in both (the calibration scales only the material's own sets).
  const softPins = softPinSets(body, pins);
  const runtimeNetwork =
    model !== body.model ||
    (model === 'cloth' && stretch === 'edges') ||
    (model === 'edges-volume' && options.perTetVolume) ||
    (model === 'neo-hookean' &&
      options.linearTets === true &&
      slots.materials.some((m) => neoHookeanNodalBulkModulusPa(m.youngModulusPa, m.poissonRatio) > 0));
  const calibration =
    calibrateUnder !== undefined && runtimeNetwork && !pbd
      ? calibrateRuntimeSets(
          { geometry, slots, pins },
          {
            model: body.model,
            sets: [...modelSets(body, geometry, slots, 'membrane', rigidPinned, {}), ...softPins],
          },
          { model, sets: [...sets, ...softPins] },
          calibrateUnder,
        )
      : [];
  // Budget compensation applies to the material's own constraints (not tethers, gas or pins) of
  // XPBD bodies; classic PBD has no compliance to scale.
  const compensation =
    solver.compensation !== 'off' && !pbd
      ? compensateSets(
          sets,
          model,
          geometry,
          slots,
          solver.dt / solver.substeps,
          solver.substeps,
          body.model === 'cloth' ? body.warpDirection : undefined,
        )
      : [];
  const rigid = pins.filter((pin) => pin.complianceMPerN === 0).flatMap((pin) => Array.from(pin.particles));
  if (body.tethers && rigid.length > 0) {
    sets.push(tethersToPins(geometry, rigid, body.tethers.maxStretch ?? 0));
  }
  if (body.pressure) sets.push(pressureSet(body, geometry, pointer));
  sets.push(
    ...shapeMatchingSets(body, slots, geometry.mass.length, pbd ? (body.solver?.iterations ?? 1) : 1),
  );
  if (body.solver?.method === 'pbd') {
    const iterations = body.solver.iterations ?? 1;
    // One projection scaled by k' leaves (1 − k') of a constraint's error; n of them leave
    // (1 − k')^n. Asking that to equal the (1 − k) one projection with k leaves gives
    // k' = 1 − (1 − k)^(1/n): the same k per substep whatever the iterations. Per substep there is
    // no such fix: gravity's g·h² per substep is undone by a fixed share k, so the rest error is
    // g·h²·(1 − k)/k and the stiffness drifts with h (what XPBD's α/h² removes).
    const perIteration = 1 - (1 - (body.solver.stiffness ?? 1)) ** (1 / iterations);
    for (const set of sets) makeClassicPbd(set, perIteration);
  }
  sets.push(...softPins);
  return { model, constraints: sets, compensation, calibration };
}

/** Soft pins as one attachment set damped with the body's ζ (none when every pin is rigid). */
function softPinSets(body: BodySpec, pins: readonly SetupPin[]): ConstraintSet[] {
  const soft = pins.filter((pin) => pin.complianceMPerN > 0);
  if (soft.length === 0) return [];
  return [
    {
      kind: 'attachment',
      particles: Uint32Array.from(soft.flatMap((pin) => Array.from(pin.particles))),
      complianceMPerN: Float64Array.from(
        soft.flatMap((pin) => Array.from(pin.particles, () => pin.complianceMPerN)),
      ),
      dampingRatio: body.dampingRatio ?? 0,
    },
  ];
}

/**
 * How cloth is compiled: 'membrane', one membrane constraint per triangle for stretch and shear
 * (linear plane-stress elasticity with the material's E and ν on any triangulation) and one
 * plate-bend constraint per triangle for bending (plate theory's D on any triangulation): what the
 * engine solves; or 'edges', the per-triangle fitted edge network (ν = 1/3 and within about 10%
 * of E·t) and dihedral hinges (5/6 of D on the alternating-diagonal grid), for runtimes that have
 * only edges and hinges, and classic PBD mode.
 */
export type ClothStretch = 'membrane' | 'edges';

/** How the solid models are compiled for a target. */
export interface SolidOptions {
  /**
   * Edges + volume bodies get one volume constraint per tet (α = V/K_vol) instead of one per vertex:
   * for runtimes that have no other (Jolt). Such a body locks near ν = 0.5 (nodal-volume.ts).
   */
  perTetVolume?: boolean;
  /** Neo-Hookean solids compiled as edges + volume (runtimes with no neo-Hookean tets: Jolt). */
  asEdgesVolume?: boolean;
  /**
   * Every solid (neo-Hookean or edges + volume) compiled as neo-Hookean tets holding all their bulk
   * per tet, no nodal volumes: at small strain the linear tets of a runtime with finite elements
   * (MuJoCo's flex elasticity). Such a body locks near ν = 0.5, as those runtimes do.
   */
  linearTets?: boolean;
}

/** The model a body's solid is compiled as for `options` (its own model otherwise). */
function solidModelFor(model: ConstraintModel, options: SolidOptions): ConstraintModel {
  if (options.linearTets && (model === 'neo-hookean' || model === 'edges-volume')) return 'neo-hookean';
  if (model === 'neo-hookean' && options.asEdgesVolume) return 'edges-volume';
  return model;
}

function modelSets(
  body: BodySpec,
  geometry: BodyGeometry,
  slots: BodySlots,
  clothStretch: ClothStretch,
  rigidPinned: Uint8Array,
  options: SolidOptions,
): ConstraintSet[] {
  switch (body.model) {
    case 'neo-hookean':
      return neoHookeanSets(geometry, slots, rigidPinned, options.linearTets === true);
    case 'edges-volume':
      return edgesVolumeSets(geometry, slots, rigidPinned, options);
    case 'cloth':
      return clothSets(geometry, slots, clothStretch, rigidPinned, body.warpDirection);
    case 'rope':
      return ropeSets(body, geometry, slots);
    case 'ragdoll':
      return ragdollSets(body, geometry);
  }
}

/**
 * A ragdoll (ragdoll-template.ts): its bones as distance constraints, α = 1/k of the shape's
 * boneStiffnessNPerM or 0 (rigid sticks, Jakobsen 2001), undamped; then its cone and hinge joint
 * limits as hard inequalities (α = 0; joint-cone.ts, joint-hinge.ts), swept after the bones so that
 * each substep ends with the limits met.
 */
function ragdollSets(body: BodySpec, geometry: BodyGeometry): ConstraintSet[] {
  const shape = body.shape;
  if (shape.type !== 'ragdoll') return [];
  const skeleton = ragdollSkeleton(shape.skeleton, shape.heightM, shape.massKg, shape.position);
  const boneCompliance = shape.boneStiffnessNPerM ? 1 / shape.boneStiffnessNPerM : 0;
  const coneCount = skeleton.coneMaxRad.length;
  const hingeCount = skeleton.hingeMaxRad.length;
  return [
    {
      kind: 'distance',
      particles: Uint32Array.from(geometry.edges),
      complianceMPerN: new Float64Array(geometry.edges.length / 2).fill(boneCompliance),
      dampingRatio: 0,
      stiffnessScale: 1,
    },
    {
      kind: 'joint-cone',
      particles: skeleton.cones,
      maxAngleRad: skeleton.coneMaxRad,
      complianceRadPerNM: new Float64Array(coneCount),
    },
    {
      kind: 'joint-hinge',
      particles: skeleton.hinges,
      minAngleRad: skeleton.hingeMinRad,
      maxAngleRad: skeleton.hingeMaxRad,
      complianceRadPerNM: new Float64Array(hingeCount),
    },
  ];
}

/** The tets with a rest volume, and that volume, m³ (degenerate tets get no constraint). */
function solidTets(geometry: BodyGeometry): { kept: number[]; volumeM3: Float64Array } {
  const { positions, tets } = geometry;
  const kept: number[] = [];
  for (let t = 0; t < tets.length / 4; t++)
    if (!isDegenerateTet(positions, tets.subarray(4 * t, 4 * t + 4))) kept.push(t);
  const volumeM3 = Float64Array.from(kept, (t) =>
    Math.abs(signedTetVolumeM3(positions, tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3])),
  );
  return { kept, volumeM3 };
}

function neoHookeanSets(
  geometry: BodyGeometry,
  slots: BodySlots,
  rigidPinned: Uint8Array,
  allBulkPerTet: boolean,
): ConstraintSet[] {
  const tetSlot = elementSlots(slots, geometry.tets, 4);
  const { kept, volumeM3 } = solidTets(geometry);
  const deviatoric = new Float64Array(kept.length);
  const hydrostatic = new Float64Array(kept.length);
  const gamma = new Float64Array(kept.length);
  kept.forEach((t, k) => {
    const m = slots.materials[tetSlot[t]];
    const c = (allBulkPerTet ? neoHookeanTetCompliance : neoHookeanSplitTetCompliance)(
      m.youngModulusPa,
      m.poissonRatio,
      volumeM3[k],
    );
    deviatoric[k] = c.deviatoricPerJ;
    hydrostatic[k] = c.hydrostaticPerJ;
    gamma[k] = c.gamma;
  });
  const sets: ConstraintSet[] = [
    {
      kind: 'neo-hookean',
      tets: pick(geometry.tets, 4, kept),
      deviatoricCompliancePerJ: deviatoric,
      hydrostaticCompliancePerJ: hydrostatic,
      gamma,
    },
  ];
  if (!allBulkPerTet) {
    const bulk = slots.materials.map((m) => neoHookeanNodalBulkModulusPa(m.youngModulusPa, m.poissonRatio));
    sets.push(...nodalVolumeSets(geometry, slots, tetSlot, kept, volumeM3, bulk, rigidPinned));
  }
  const edgeZeta = edgeDampingRatios(geometry.edges, slots);
  if (edgeZeta.some((zeta) => zeta > 0)) {
    const k = tetEdgeStiffness(geometry, tetSlot, slots);
    for (const [zeta, edges] of byValue(edgeZeta.map((z, e) => (k[e] > 0 && z > 0 ? z : Number.NaN)))) {
      if (Number.isNaN(zeta)) continue;
      sets.push({
        kind: 'edge-damper',
        particles: pick(geometry.edges, 2, edges),
        complianceMPerN: Float64Array.from(edges, (e) => 1 / k[e]),
        dampingRatio: zeta,
      });
    }
  }
  return sets;
}

function edgesVolumeSets(
  geometry: BodyGeometry,
  slots: BodySlots,
  rigidPinned: Uint8Array,
  options: SolidOptions,
): ConstraintSet[] {
  const tetSlot = elementSlots(slots, geometry.tets, 4);
  const k = tetEdgeStiffness(geometry, tetSlot, slots);
  const sets = springSets(geometry.edges, k, edgeDampingRatios(geometry.edges, slots));
  const split = slots.materials.map((m) => edgesVolumeBulkSplitPa(m.youngModulusPa, m.poissonRatio));
  const bulk = options.perTetVolume
    ? slots.materials.map((m) => residualBulkModulusPa(m.youngModulusPa, m.poissonRatio))
    : split.map((s) => s.perTetPa);
  const { kept, volumeM3 } = solidTets(geometry);
  // K_vol ≤ 0 (ν ≤ 1/4): no volume constraint.
  const zeta = kept.map((t) => (bulk[tetSlot[t]] > 0 ? slots.dampingRatios[tetSlot[t]] : Number.NaN));
  for (const [z, chosen] of byValue(zeta)) {
    if (Number.isNaN(z)) continue;
    sets.push({
      kind: 'tet-volume',
      tets: pick(
        geometry.tets,
        4,
        chosen.map((k) => kept[k]),
      ),
      complianceM3PerPa: Float64Array.from(chosen, (k) =>
        tetVolumeComplianceM3PerPa(volumeM3[k], bulk[tetSlot[kept[k]]]),
      ),
      dampingRatio: z,
      stiffnessScale: 1,
    });
  }
  if (!options.perTetVolume) {
    const nodal = split.map((s) => s.nodalPa);
    sets.push(...nodalVolumeSets(geometry, slots, tetSlot, kept, volumeM3, nodal, rigidPinned));
  }
  return sets;
}

/**
 * Nodal volume constraints (nodal-volume.ts) of a solid: one per vertex that is not rigidly pinned
 * and has kept tets around it with a positive bulk, α_n = V_n0²/Σ_{t ∋ n} K_t·V_t/4 (K_t = `bulk` of
 * the tet's slot, ≤ 0 counts as 0), one set per ζ of the vertex's slot.
 */
function nodalVolumeSets(
  geometry: BodyGeometry,
  slots: BodySlots,
  tetSlot: Uint16Array,
  kept: readonly number[],
  volumeM3: Float64Array,
  bulk: readonly number[],
  rigidPinned: Uint8Array,
): ConstraintSet[] {
  const vertexCount = geometry.mass.length;
  const tets = pick(geometry.tets, 4, kept);
  const restVolume = nodalRestVolumesM3(tets, volumeM3, vertexCount);
  const bulkVolume = new Float64Array(vertexCount);
  kept.forEach((t, k) => {
    const K = bulk[tetSlot[t]];
    if (!(K > 0)) return;
    for (let j = 0; j < 4; j++) bulkVolume[tets[4 * k + j]] += (K * volumeM3[k]) / 4;
  });
  const vertexSlot = elementSlots(
    slots,
    Uint32Array.from({ length: vertexCount }, (_, v) => v),
    1,
  );
  const zeta = Array.from(bulkVolume, (b, v) =>
    b > 0 && restVolume[v] > 0 && !rigidPinned[v] ? slots.dampingRatios[vertexSlot[v]] : Number.NaN,
  );
  const sets: ConstraintSet[] = [];
  for (const [z, vertices] of byValue(zeta)) {
    if (Number.isNaN(z)) continue;
    sets.push({
      kind: 'nodal-volume',
      tets,
      vertices: Uint32Array.from(vertices),
      complianceM3PerPa: Float64Array.from(vertices, (v) =>
        nodalVolumeComplianceM3PerPa(restVolume[v], bulkVolume[v]),
      ),
      dampingRatio: z,
      stiffnessScale: 1,
    });
  }
  return sets;
}

function clothSets(
  geometry: BodyGeometry,
  slots: BodySlots,
  stretch: ClothStretch,
  rigidPinned: Uint8Array,
  warp?: Vec3,
): ConstraintSet[] {
  const { positions, triangles, edges } = geometry;
  const triangleSlot = elementSlots(slots, triangles, 3);
  const k = new Float64Array(edges.length / 2);
  for (const [slot, chosen] of byValue(Array.from(triangleSlot))) {
    const m = slots.materials[slot];
    const part = clothEdgeStiffness(
      positions,
      pick(triangles, 3, chosen),
      edges,
      m.youngModulusPa,
      m.thicknessM ?? 0,
    );
    for (let e = 0; e < k.length; e++) k[e] += part[e];
  }
  const sets =
    stretch === 'edges'
      ? springSets(edges, k, edgeDampingRatios(edges, slots))
      : membraneSets(geometry, triangleSlot, slots, k, warp);
  const plate = slots.materials.map((m) =>
    plateBendingStiffnessNM(m.youngModulusPa, m.poissonRatio, m.thicknessM ?? 0),
  );
  return [
    ...sets,
    ...(stretch === 'edges'
      ? hingeSets(geometry, slots, plate, rigidPinned, warp)
      : plateBendSets(geometry, triangleSlot, slots, plate, rigidPinned, warp)),
  ];
}

/**
 * Plate bending of the engine: one plate-bend constraint per triangle with a hinge
 * (plateBendCompliancePerNM with the triangle's own D, N·m), one set per damping ratio; triangles
 * held by rigid pins (`rigidPinned`, 1 per particle) at all three corners are a clamp.
 */
function plateBendSets(
  geometry: BodyGeometry,
  triangleSlot: Uint16Array,
  slots: BodySlots,
  plate: readonly number[],
  rigidPinned: Uint8Array,
  warp?: Vec3,
): ConstraintSet[] {
  const { positions, triangles } = geometry;
  const count = triangles.length / 3;
  const orthotropic = slots.materials.map((m) => orthotropicBendingOf(m, warp));
  const neighbours = triangleNeighbours(triangles, positions.length / 3);
  const area = Float64Array.from({ length: count }, (_, t) =>
    triangleAreaM2(positions, triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2]),
  );
  // A triangle whose corners are all rigidly pinned is part of a clamp (plate-bend.ts).
  const clamped = (t: number) =>
    rigidPinned[triangles[3 * t]] === 1 &&
    rigidPinned[triangles[3 * t + 1]] === 1 &&
    rigidPinned[triangles[3 * t + 2]] === 1;
  const particles = new Uint32Array(6 * count);
  const compliance = new Float64Array(6 * count);
  const zeta = new Array<number>(count).fill(Number.NaN);
  for (let t = 0; t < count; t++) {
    const corners = [triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2]] as const;
    if (clamped(t)) continue;
    const weights = [0, 1, 2].map((k) => {
      const n = neighbours.triangle[3 * t + k];
      return n < 0 ? 0 : hingeEdgeWeight(area[t], area[n], clamped(n));
    });
    const alpha = plateBendCompliancePerNM(
      positions,
      corners,
      weights as [number, number, number],
      plate[triangleSlot[t]],
      orthotropic[triangleSlot[t]],
    );
    if (alpha === null) continue;
    particles.set(corners, 6 * t);
    for (let k = 0; k < 3; k++) {
      const wing = neighbours.wing[3 * t + k];
      particles[6 * t + 3 + k] = wing >= 0 ? wing : corners[(k + 2) % 3];
    }
    compliance.set(alpha, 6 * t);
    zeta[t] = slots.dampingRatios[triangleSlot[t]];
  }
  const sets: ConstraintSet[] = [];
  for (const [ratio, chosen] of byValue(zeta)) {
    if (Number.isNaN(ratio)) continue;
    sets.push({
      kind: 'plate-bend',
      particles: pick(particles, 6, chosen),
      compliancePerNM: pick(compliance, 6, chosen),
      dampingRatio: ratio,
      stiffnessScale: 1,
    });
  }
  return sets;
}

/**
 * Dihedral hinges (hingeBendCompliancePerNM, the two wings in series), for runtimes that have only
 * hinges and for classic PBD; one set per damping ratio. A wing whose corners are all rigidly
 * pinned (`rigidPinned`, 1 per particle) is part of a clamp and does not bend (D = ∞): its hinge
 * bends over the free wing alone, so a clamped strip bends from the held column's edge, as the
 * plate triangles do (a hinge network cantilever on the alternating grid: 0.71 → 0.83 of D at 10
 * free cells; the rest is the hinges' 5/6 relaxation).
 */
function hingeSets(
  geometry: BodyGeometry,
  slots: BodySlots,
  plate: readonly number[],
  rigidPinned: Uint8Array,
  warp?: Vec3,
): ConstraintSet[] {
  const { positions, triangles } = geometry;
  const sets: ConstraintSet[] = [];
  const orthotropic = slots.materials.map((m) => orthotropicBendingOf(m, warp));
  const hinges = triangleHinges(triangles, positions.length / 3);
  const hingeCount = hinges.length / 4;
  if (hingeCount === 0) return sets;
  const wingA = new Uint32Array(3 * hingeCount);
  const wingB = new Uint32Array(3 * hingeCount);
  for (let h = 0; h < hingeCount; h++) {
    wingA.set([hinges[4 * h], hinges[4 * h + 1], hinges[4 * h + 2]], 3 * h);
    wingB.set([hinges[4 * h], hinges[4 * h + 1], hinges[4 * h + 3]], 3 * h);
  }
  // A triangle's slot depends only on its vertex set, so each wing's triangle is found by its vertices.
  const slotA = elementSlots(slots, wingA, 3);
  const slotB = elementSlots(slots, wingB, 3);
  const compliance = new Float64Array(hingeCount);
  for (let h = 0; h < hingeCount; h++) {
    const [a, b, c, d] = hinges.subarray(4 * h, 4 * h + 4);
    const held = (v: number) => rigidPinned[v] === 1;
    const edgeHeld = held(a) && held(b);
    compliance[h] = hingeBendCompliancePerNM(
      triangleAreaM2(positions, a, b, c),
      triangleAreaM2(positions, a, b, d),
      edgeHeld && held(c)
        ? Number.POSITIVE_INFINITY
        : hingePlate(positions, a, b, c, plate[slotA[h]], orthotropic[slotA[h]]),
      edgeHeld && held(d)
        ? Number.POSITIVE_INFINITY
        : hingePlate(positions, a, b, d, plate[slotB[h]], orthotropic[slotB[h]]),
      Math.sqrt(distanceSq(positions, a, b)),
    );
  }
  const hingeSlot = elementSlots(slots, hinges, 4);
  const stiff = (h: number) => compliance[h] > 0 && compliance[h] < Number.POSITIVE_INFINITY;
  const hingeZeta = Array.from(hingeSlot, (s, h) => (stiff(h) ? slots.dampingRatios[s] : Number.NaN));
  for (const [zeta, chosen] of byValue(hingeZeta)) {
    if (Number.isNaN(zeta)) continue;
    sets.push({
      kind: 'dihedral-bend',
      hinges: pick(hinges, 4, chosen),
      compliancePerNM: pickValues(compliance, chosen),
      dampingRatio: zeta,
      stiffnessScale: 1,
    });
  }
  return sets;
}

/**
 * One membrane set over the triangles with a rest area (membraneTriangleCompliance of each
 * triangle's material), damped along the edges with the compliance 1/k of the fitted edge network
 * `edgeStiffness` (N/m), one edge-damper set per damping ratio, as neo-Hookean tets are.
 */
function membraneSets(
  geometry: BodyGeometry,
  triangleSlot: Uint16Array,
  slots: BodySlots,
  edgeStiffness: Float64Array,
  warp?: Vec3,
): ConstraintSet[] {
  const { positions, triangles, edges } = geometry;
  const kept: number[] = [];
  const compliance: MembraneTriangleCompliance[] = [];
  // Orthotropic triangles (a warp direction and a material with warp/weft constants): α₂₂ apart.
  const weftNormal: number[] = [];
  let orthotropicCount = 0;
  for (let t = 0; t < triangles.length / 3; t++) {
    const [a, b, c] = triangles.subarray(3 * t, 3 * t + 3);
    const m = slots.materials[triangleSlot[t]];
    const thickness = m.thicknessM ?? 0;
    if (isDegenerateTriangle(positions, a, b, c) || !(m.youngModulusPa * thickness > 0)) continue;
    kept.push(t);
    const area = triangleAreaM2(positions, a, b, c);
    if (warp !== undefined && m.orthotropic !== undefined) {
      const ortho = orthotropicMembraneCompliance(m.orthotropic, thickness, area);
      compliance.push({
        normalPerJ: ortho.warpNormalPerJ,
        couplingPerJ: ortho.couplingPerJ,
        shearPerJ: ortho.shearPerJ,
      });
      weftNormal.push(ortho.weftNormalPerJ);
      orthotropicCount++;
    } else {
      const iso = membraneTriangleCompliance(m.youngModulusPa, m.poissonRatio, thickness, area);
      compliance.push(iso);
      weftNormal.push(iso.normalPerJ);
    }
  }
  const sets: ConstraintSet[] = [];
  if (kept.length > 0) {
    sets.push({
      kind: 'membrane',
      triangles: pick(triangles, 3, kept),
      normalCompliancePerJ: Float64Array.from(compliance, (c) => c.normalPerJ),
      couplingCompliancePerJ: Float64Array.from(compliance, (c) => c.couplingPerJ),
      shearCompliancePerJ: Float64Array.from(compliance, (c) => c.shearPerJ),
      ...(warp !== undefined && orthotropicCount > 0
        ? {
            weftNormalCompliancePerJ: Float64Array.from(weftNormal),
            warpDirection: triangleWarpDirections(positions, pick(triangles, 3, kept), warp),
          }
        : {}),
    });
  }
  const edgeZeta = edgeDampingRatios(edges, slots);
  for (const [zeta, chosen] of byValue(
    edgeZeta.map((z, e) => (edgeStiffness[e] > 0 && z > 0 ? z : Number.NaN)),
  )) {
    if (Number.isNaN(zeta)) continue;
    sets.push({
      kind: 'edge-damper',
      particles: pick(edges, 2, chosen),
      complianceMPerN: Float64Array.from(chosen, (e) => 1 / edgeStiffness[e]),
      dampingRatio: zeta,
    });
  }
  return sets;
}

function ropeSets(body: BodySpec, geometry: BodyGeometry, slots: BodySlots): ConstraintSet[] {
  const shape = body.shape;
  const radius = shape.type === 'rope' ? shape.radiusM : 0;
  const edges = geometry.edges;
  const linkSlot = elementSlots(slots, edges, 2);
  const axialOf = (slot: number) => ropeAxialStiffnessN(slots.materials[slot].youngModulusPa, radius); // E·πr², N
  const linkLength = Float64Array.from({ length: edges.length / 2 }, (_, e) =>
    Math.sqrt(distanceSq(geometry.positions, edges[2 * e], edges[2 * e + 1])),
  );
  const k = Float64Array.from(linkLength, (length, e) => (length > 0 ? axialOf(linkSlot[e]) / length : 0));
  const sets = springSets(
    edges,
    k,
    Array.from(linkSlot, (s) => slots.dampingRatios[s]),
  );
  if (!(body.bending && shape.type === 'rope' && shape.segments >= 2)) return sets;
  const jointCount = shape.segments - 1;
  const joints = new Uint32Array(3 * jointCount);
  for (let j = 0; j < jointCount; j++) joints.set([j, j + 1, j + 2], 3 * j);
  const jointSlot = elementSlots(slots, joints, 3);
  const compliance = new Float64Array(jointCount);
  for (let j = 0; j < jointCount; j++) {
    const bendingStiffness = (slots.materials[jointSlot[j]].youngModulusPa * Math.PI * radius ** 4) / 4; // EI, N·m²
    const lengthM = (linkLength[j] + linkLength[j + 1]) / 2;
    compliance[j] = lengthM ** 3 / bendingStiffness; // l³/(EI)
  }
  for (const [zeta, chosen] of byValue(Array.from(jointSlot, (s) => slots.dampingRatios[s]))) {
    sets.push({
      kind: 'rope-bend',
      particles: pick(joints, 3, chosen),
      complianceMPerN: pickValues(compliance, chosen),
      dampingRatio: zeta,
      stiffnessScale: 1,
    });
  }
  return sets;
}

/** Each free particle tied to its nearest rigid pin (rest Euclidean distance, Kim et al. 2012 §4). */
function tethersToPins(
  geometry: BodyGeometry,
  rigidPins: readonly number[],
  maxStretch: number,
): ConstraintSet {
  const rest = geometry.positions;
  const pinned = new Uint8Array(geometry.mass.length);
  for (const p of rigidPins) pinned[p] = 1;
  const pairs: number[] = [];
  const lengths: number[] = [];
  for (let v = 0; v < pinned.length; v++) {
    if (pinned[v]) continue;
    let best = -1;
    let bestSq = Number.POSITIVE_INFINITY;
    for (const p of rigidPins) {
      const sq = distanceSq(rest, v, p);
      if (sq < bestSq) {
        bestSq = sq;
        best = p;
      }
    }
    pairs.push(v, best);
    lengths.push((1 + maxStretch) * Math.sqrt(bestSq));
  }
  return { kind: 'tether', particles: Uint32Array.from(pairs), maxLengthM: Float64Array.from(lengths) };
}

/** The gas of a closed cloth surface: α = s·V0/K (pressure.ts). */
function pressureSet(body: BodySpec, geometry: BodyGeometry, pointer: string): ConstraintSet {
  const count = geometry.mass.length;
  if (!isClosedSurface(geometry.triangles, count)) {
    throw new DocumentError('scene', [
      {
        pointer: `${pointer}/pressure`,
        message: `body '${body.name}': pressure needs a closed, consistently wound surface; this mesh has open or shared edges`,
      },
    ]);
  }
  const particles = Uint32Array.from({ length: count }, (_, i) => i);
  const target =
    (body.pressure?.volumeScale ?? 1) * enclosedVolume(geometry.positions, particles, geometry.triangles);
  return {
    kind: 'pressure',
    particles,
    triangles: geometry.triangles,
    targetVolumeM3: target,
    complianceM3PerPa: target / (body.pressure?.bulkModulusPa ?? DEFAULT_GAS_BULK_MODULUS_PA),
  };
}

/**
 * Shape-matching regions (shape-matching.ts): the whole body, then each group that asks for one.
 * A body swept `sweeps` times per substep (classic PBD) gets τ·sweeps: its goal stays put between
 * the sweeps, so they compound to e^(−h/τ) per substep as one sweep does.
 */
function shapeMatchingSets(body: BodySpec, slots: BodySlots, count: number, sweeps: number): ConstraintSet[] {
  const sets: ConstraintSet[] = [];
  if (body.shapeMatching) {
    sets.push({
      kind: 'shape-matching',
      particles: Uint32Array.from({ length: count }, (_, i) => i),
      timeConstantS: body.shapeMatching.timeConstantS * sweeps,
    });
  }
  body.groups?.forEach((group, g) => {
    if (!group.shapeMatching) return;
    const particles: number[] = [];
    slots.masks[g].forEach((inGroup, p) => {
      if (inGroup) particles.push(p);
    });
    if (particles.length < 2) return;
    sets.push({
      kind: 'shape-matching',
      particles: Uint32Array.from(particles),
      timeConstantS: group.shapeMatching.timeConstantS * sweeps,
    });
  });
  return sets;
}

/** Classic PBD (Müller et al. 2007): rigid constraints, no damping, Δλ scaled by k'. */
function makeClassicPbd(set: ConstraintSet, stiffnessPerIteration: number): void {
  switch (set.kind) {
    case 'distance':
    case 'rope-bend':
      set.complianceMPerN.fill(0);
      break;
    case 'tet-volume':
    case 'nodal-volume':
      set.complianceM3PerPa.fill(0);
      break;
    case 'dihedral-bend':
      set.compliancePerNM.fill(0);
      break;
    default:
      // Not classic PBD constraints: the validator rejects 'pbd' for neo-Hookean bodies, soft
      // pins and the gas keep their compliance, tethers are rigid either way.
      return;
  }
  set.dampingRatio = 0;
  set.stiffnessScale = stiffnessPerIteration;
}

/** Tet edge stiffness, N/m: per slot the edge-stiffness.ts mapping over that slot's tets, summed. */
function tetEdgeStiffness(geometry: BodyGeometry, tetSlot: Uint16Array, slots: BodySlots): Float64Array {
  const k = new Float64Array(geometry.edges.length / 2);
  for (const [slot, chosen] of byValue(Array.from(tetSlot))) {
    const m = slots.materials[slot];
    const part = solidEdgeStiffness(
      geometry.positions,
      pick(geometry.tets, 4, chosen),
      geometry.edges,
      m.youngModulusPa,
      m.poissonRatio,
    );
    for (let e = 0; e < k.length; e++) k[e] += part[e];
  }
  return k;
}

function edgeDampingRatios(edges: Uint32Array, slots: BodySlots): number[] {
  return Array.from(elementSlots(slots, edges, 2), (s) => slots.dampingRatios[s]);
}

/** Distance sets from spring stiffnesses k (N/m), one per damping ratio: α = 1/k; k = 0 left out. */
function springSets(
  edges: Uint32Array,
  stiffness: Float64Array,
  dampingRatio: readonly number[],
): ConstraintSet[] {
  const zeta = dampingRatio.map((z, e) => (stiffness[e] > 0 ? z : Number.NaN));
  const sets: ConstraintSet[] = [];
  for (const [z, kept] of byValue(zeta)) {
    if (Number.isNaN(z)) continue;
    sets.push({
      kind: 'distance',
      particles: pick(edges, 2, kept),
      complianceMPerN: Float64Array.from(kept, (e) => 1 / stiffness[e]),
      dampingRatio: z,
      stiffnessScale: 1,
    });
  }
  return sets;
}

/** Indices 0 … n−1 grouped by their value, groups in first-seen order (NaN is one value). */
function byValue(values: readonly number[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  values.forEach((value, i) => {
    const key = Number.isNaN(value) ? Number.NaN : value;
    const list = out.get(key);
    if (list) list.push(i);
    else out.set(key, [i]);
  });
  return out;
}

/** The `arity`-tuples `chosen` of `tuples` (a copy, so the setup owns its arrays). */
function pick<T extends Uint32Array | Float64Array>(tuples: T, arity: number, chosen: readonly number[]): T {
  const out = new (tuples.constructor as { new (length: number): T })(arity * chosen.length);
  chosen.forEach((c, k) => {
    for (let j = 0; j < arity; j++) out[arity * k + j] = tuples[arity * c + j];
  });
  return out;
}

function pickValues(values: Float64Array, chosen: readonly number[]): Float64Array {
  return Float64Array.from(chosen, (c) => values[c]);
}

function distanceSq(p: Float64Array, a: number, b: number): number {
  return (p[3 * a] - p[3 * b]) ** 2 + (p[3 * a + 1] - p[3 * b + 1]) ** 2 + (p[3 * a + 2] - p[3 * b + 2]) ** 2;
}
