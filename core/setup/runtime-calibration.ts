import type { BiasFamily } from '../material/compliance/substep-bias.ts';
import type { ConstraintModel, Vec3 } from '../scene/scene.ts';
import type { BodyGeometry } from './body-geometry.ts';
import type { BodySlots } from './body-groups.ts';
import { FAMILY_OF_SET, scaleSetCompliance } from './compensate.ts';
import { conjugateGradient, dot, type RestStiffness, restStiffness } from './rest-stiffness.ts';
import type { ConstraintSet, SetupPin } from './setup.ts';

/**
 * Runtime calibration: the constraint network a runtime can take (Jolt: edge springs, one volume
 * constraint per tet, dihedral hinges) scaled so that the body deflects under its own weight as
 * the engine's own constraints make it deflect (neo-Hookean tets with nodal volumes, membrane
 * triangles, plate bending: within a few per cent of the material, test/core/material).
 *
 * Why. The runtime networks are fitted to the material element by element (edges-volume.ts,
 * cloth.ts), but assembled they are stiffer or softer than the continuum: per-tet volume
 * constraints lock near ν = 0.5 (measured in Jolt: ν = 0.49 bars 12–17% stiff, ν = 0.45 6–10%),
 * the edge network of a cloth is 8–11% stiff on the built-in grids, hinges leave out the
 * curvature coupling of neighbouring edges (a hinge cantilever 16% soft). No per-element rule
 * removes a bias that comes from the assembly, so it is measured on the body itself.
 *
 * How. With both networks at rest (rest-stiffness.ts, linear statics, no substep), the static
 * compliance of the body under a probe load f is C = f·K⁻¹·f (J). Per role (the solid; a cloth's
 * stretch; its bending) the runtime's sets of that role replace the engine's in K and are scaled
 * by s (their compliances multiplied by s), the engine's other sets kept; s solves
 * C_swap(s) = C_engine by Newton steps in log s, d ln C / d ln s = φ the share of the strain energy
 * that role's sets hold (for K = K_o + K_r/s: dC/ds·s/C = uᵀ(K_r/s)u/C). A role with little share
 * under the probe (φ < MIN_ENERGY_SHARE: the bending of a cloth hanging in its plane) is left at
 * s = 1: the probe says nothing about it.
 *
 * The probe: the body's weight under the scene's gravity, held by its rigid pins (what the
 * standard scenes measure and what an artist tunes a hanging or clamped body by); a body with no
 * rigid pin is held at its lowest particles instead (the layer within SUPPORT_LAYER of its extent
 * along gravity): a free body is seen resting on the ground, squashed by its weight. A probe the
 * body cannot hold elastically (a mechanism: a cloth pinned at two corners swings about them),
 * or a solve that does not converge within CG_MAX_ITERATIONS, calibrates nothing (no record):
 * the network then goes out as fitted.
 *
 * One scale per role and body: a load in another direction still sees the network's own
 * anisotropy (a locking solid is stiffer in bending than in stretch: the Jolt cantilever and
 * hanging bar at ν = 0.49 measured 1.09 and 1.15 before). The scale is applied before budget
 * compensation (compensate.ts), which then corrects the runtime's substep bias as before.
 */

/** The constraint roles calibrated as one, by the bias families of their sets. */
export type CalibrationRole = 'solid' | 'stretch' | 'bending';

const ROLE_OF_FAMILY: Readonly<Record<BiasFamily, CalibrationRole>> = {
  'solid-neo-hookean': 'solid',
  'solid-edges-volume': 'solid',
  'cloth-stretch': 'stretch',
  'cloth-edges': 'stretch',
  'cloth-bending': 'bending',
  'cloth-hinges': 'bending',
};

/** What the calibration did to one role of a body. */
export interface RuntimeCalibration {
  role: CalibrationRole;
  /** The role's runtime compliances were multiplied by this (above 1: the network was too stiff). */
  complianceFactor: number;
  /** φ: the share of the probe's strain energy in this role's runtime sets at the solution. */
  energyShare: number;
  /** The runtime network's compliance before calibration over the engine's (1/E_eff ratio). */
  complianceRatioBefore: number;
  /** The same after: 1 within CALIBRATION_TOLERANCE when it converged. */
  complianceRatioAfter: number;
}

/** Below this energy share the probe does not load a role enough to calibrate it (s = 1). */
export const MIN_ENERGY_SHARE = 0.2;
/** |C_swap/C_engine − 1| at which the Newton steps stop. */
export const CALIBRATION_TOLERANCE = 2e-3;
/** Newton steps at most (each one static solve). */
const MAX_STEPS = 6;
/** The factor is kept within [1/MAX_FACTOR, MAX_FACTOR]: a network further off is not fixed here. */
const MAX_FACTOR = 3;
/** Conjugate-gradient relative residual and iteration cap of each static solve. */
const CG_TOLERANCE = 1e-7;
const CG_MAX_ITERATIONS = 3000;
/** A solve counts as converged when its true residual is within this many times CG_TOLERANCE. */
const CONVERGED_FACTOR = 100;
/** Thickness of the supported bottom layer of a body with no rigid pin, as a share of its extent along gravity. */
const SUPPORT_LAYER = 0.02;

export interface CalibrationBody {
  geometry: BodyGeometry;
  slots: BodySlots;
  pins: readonly SetupPin[];
}

/**
 * Scales `runtime` (the sets compiled for the runtime as model `runtimeModel`, compliances
 * unscaled by compensation) in place, role by role, to match `engine` (the engine's own sets as
 * model `engineModel`); sets of kinds with no bias family (pins, gas, tethers) must be the same
 * objects' equals in both lists. Returns what it did per role.
 */
export function calibrateRuntimeSets(
  body: CalibrationBody,
  engine: { model: ConstraintModel; sets: readonly ConstraintSet[] },
  runtime: { model: ConstraintModel; sets: ConstraintSet[] },
  gravity: Vec3,
): RuntimeCalibration[] {
  const roleOf = (model: ConstraintModel, set: ConstraintSet): CalibrationRole | undefined => {
    const family = FAMILY_OF_SET[model][set.kind];
    return family === undefined ? undefined : ROLE_OF_FAMILY[family];
  };
  const roles = [...new Set(runtime.sets.flatMap((set) => roleOf(runtime.model, set) ?? []))].filter((role) =>
    engine.sets.some((set) => roleOf(engine.model, set) === role),
  );
  if (roles.length === 0) return [];
  const g = Math.hypot(...gravity) > 0 ? gravity : ([0, -9.81, 0] as Vec3);
  const pins = probePins(body, g);
  const load = weight(body.geometry.mass, pins, g);
  if (load === null) return [];
  const reference = compliance(restStiffness(body.geometry, engine.sets, pins, 'exact'), load);
  if (!reference.converged || !(reference.value > 0)) return [];
  const results: RuntimeCalibration[] = [];
  for (const role of roles) {
    const others = engine.sets.filter((set) => roleOf(engine.model, set) !== role);
    const own = runtime.sets.filter((set) => roleOf(runtime.model, set) === role);
    const trial = (factor: number) => {
      const trialSets = own.map((set) => scaled(set, body.slots, factor));
      const K = restStiffness(body.geometry, [...others, ...trialSets], pins, 'exact');
      const solved = compliance(K, load);
      const roleK = restStiffness(body.geometry, trialSets, pins, 'exact');
      const roleOut = new Float64Array(K.dof);
      roleK.apply(solved.displacement, roleOut);
      const share = dot(solved.displacement, roleOut) / solved.value;
      return { ratio: solved.value / reference.value, share, converged: solved.converged };
    };
    let factor = 1;
    let state = trial(factor);
    if (!state.converged) continue;
    const before = state.ratio;
    for (let step = 0; step < MAX_STEPS; step++) {
      if (!(state.share >= MIN_ENERGY_SHARE) || Math.abs(state.ratio - 1) <= CALIBRATION_TOLERANCE) break;
      // C grows with the compliance factor: ln C(s) ≈ ln C + φ·ln(s'/s).
      const next = factor * Math.exp(-Math.log(state.ratio) / state.share);
      factor = Math.min(MAX_FACTOR, Math.max(1 / MAX_FACTOR, next));
      state = trial(factor);
      if (!state.converged) break;
    }
    if (!state.converged) continue;
    if (!(state.share >= MIN_ENERGY_SHARE)) factor = 1;
    for (const set of own) scaleSetCompliance(set, body.slots, uniformScale(body.slots, 1 / factor));
    results.push({
      role,
      complianceFactor: factor,
      energyShare: state.share,
      complianceRatioBefore: before,
      complianceRatioAfter: factor === 1 ? before : state.ratio,
    });
  }
  return results;
}

/** A copy of `set` with its compliances multiplied by `factor`. */
function scaled(set: ConstraintSet, slots: BodySlots, factor: number): ConstraintSet {
  // Typed arrays copied (the compliances are scaled in place), everything else shared.
  const copy = Object.fromEntries(
    Object.entries(set).map(([key, value]) => [
      key,
      ArrayBuffer.isView(value) ? (value as Float64Array).slice() : value,
    ]),
  ) as ConstraintSet;
  scaleSetCompliance(copy, slots, uniformScale(slots, 1 / factor));
  return copy;
}

/** The same stiffness scale for every material slot (compensate.ts divides compliances by it). */
function uniformScale(slots: BodySlots, stiffnessScale: number): Float64Array {
  return new Float64Array(slots.materials.length).fill(stiffnessScale);
}

/** f·u with K·u = f (J), u, and whether u solves it (the true residual, not CG's recurrence). */
function compliance(
  K: RestStiffness,
  load: Float64Array,
): { value: number; displacement: Float64Array; converged: boolean } {
  const preconditioner = Float64Array.from(K.diagonal, (d, i) =>
    K.free[(i / 3) | 0] > 0 && d > 0 ? 1 / d : 0,
  );
  const displacement = conjugateGradient(K.apply, preconditioner, load, CG_TOLERANCE, CG_MAX_ITERATIONS);
  const residual = new Float64Array(K.dof);
  K.apply(displacement, residual);
  let r2 = 0;
  let f2 = 0;
  for (let i = 0; i < K.dof; i++) {
    const f = preconditioner[i] > 0 ? load[i] : 0;
    r2 += (f - residual[i]) ** 2;
    f2 += f * f;
  }
  const converged = Math.sqrt(r2) <= CONVERGED_FACTOR * CG_TOLERANCE * Math.sqrt(f2);
  return { value: dot(load, displacement), displacement, converged };
}

/**
 * The pins the probe holds the body by: its rigid pins, or for a body with none, its lowest
 * particles along gravity (those within SUPPORT_LAYER of its extent of the lowest), as if it
 * rested on the ground. Soft pins stay as they are (their attachment sets are in both networks).
 */
function probePins(body: CalibrationBody, g: Vec3): readonly SetupPin[] {
  if (body.pins.some((pin) => pin.complianceMPerN === 0)) return body.pins;
  const x = body.geometry.positions;
  const n = body.geometry.mass.length;
  const gLength = Math.hypot(...g);
  const depth = (i: number) => (x[3 * i] * g[0] + x[3 * i + 1] * g[1] + x[3 * i + 2] * g[2]) / gLength;
  let lowest = -Infinity;
  let highest = Infinity;
  for (let i = 0; i < n; i++) {
    lowest = Math.max(lowest, depth(i));
    highest = Math.min(highest, depth(i));
  }
  const limit = lowest - SUPPORT_LAYER * (lowest - highest);
  const support = Uint32Array.from({ length: n }, (_, i) => i).filter((i) => depth(i) >= limit);
  return [...body.pins, { particles: support, complianceMPerN: 0 }];
}

/** The weight m·g of the particles the pins leave free (N per coordinate), or null if none. */
function weight(massKg: Float64Array, pins: readonly SetupPin[], g: Vec3): Float64Array | null {
  const mass = Float64Array.from(massKg);
  for (const pin of pins) if (pin.complianceMPerN === 0) for (const p of pin.particles) mass[p] = 0;
  const load = new Float64Array(3 * mass.length);
  for (let i = 0; i < mass.length; i++) for (let a = 0; a < 3; a++) load[3 * i + a] = mass[i] * g[a];
  return load.some((v) => v !== 0) ? load : null;
}

/**
 * The body's static displacement under its own weight (linear statics of `sets` at rest), held as
 * the calibration probe holds it (its rigid pins, or its lowest layer when it has none), for a
 * runtime that calibrates against it by other means (the Godot export); null when the body cannot
 * hold the probe elastically or the solve does not converge.
 */
export function weightDisplacement(
  body: CalibrationBody,
  sets: readonly ConstraintSet[],
  gravity: Vec3,
): { displacement: Float64Array; pins: readonly SetupPin[] } | null {
  const pins = probePins(body, gravity);
  const load = weight(body.geometry.mass, pins, gravity);
  if (load === null) return null;
  const solved = compliance(restStiffness(body.geometry, sets, pins, 'exact'), load);
  return solved.converged && solved.value > 0 ? { displacement: solved.displacement, pins } : null;
}
