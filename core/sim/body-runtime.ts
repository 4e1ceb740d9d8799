import type { BodyGeometry } from '../setup/body-geometry.ts';
import type { BodySlots } from '../setup/body-groups.ts';
import type { BodyAerodynamics } from './aerodynamics.ts';
import type { SelfCollision } from './collide/self-collision.ts';
import type { ConstraintBlock } from './constraints/index.ts';
import type { ModalDamping } from './modal-damping.ts';
import type { PinMotion } from './pin-motion.ts';
import type { PlasticFlow } from './plasticity.ts';
import type { NeoHookeanStiffnessLimit } from './stiffness-limit.ts';

/** One pin of a body spec as the solver holds it. */
export interface PinRuntime {
  /** World-global particle indices the pin holds. */
  particles: Uint32Array;
  /** Rigid pins zero the inverse mass; soft pins are attachment constraints. */
  soft: boolean;
}

/** Per-body solver data, built from the body's setup (core/setup/setup.ts); the state lives in the world's arrays. */
export interface BodyRuntime {
  name: string;
  /** Material slots (slot 0 the body, g + 1 group g) and the groups' names, for per-group metrics. */
  slots: BodySlots;
  groupNames: string[];
  geometry: BodyGeometry;
  /** First particle in the world arrays, and count. */
  offset: number;
  count: number;
  /** Swept in this order, `iterations` times per substep (1 for XPBD). */
  blocks: ConstraintBlock[];
  iterations: number;
  /** Mass-proportional damping, 1/s. */
  linearDampingPerS: number;
  /** Damping of the velocity relative to the body's rigid motion that gives mode 1 its ζ. */
  modalDamping: ModalDamping;
  pins: PinRuntime[];
  /** Mean rest edge length l, m, and wave speed c = √(E/ρ), m/s, for r = h·c/l. */
  meanEdgeLengthM: number;
  waveSpeedMPerS: number;
  /** Cloth self-collision, when the spec asks for it. */
  selfCollision?: SelfCollision;
  /**
   * Per block (same order as `blocks`), the breaking threshold of each constraint in block order,
   * in the kind's force unit (constraints/kinds.ts forceUnit; 0 never breaks), or null: the block
   * does not tear (tearing.ts).
   */
  breakAt?: readonly (Float64Array | null)[];
  /** Neo-Hookean bodies: the compliance floor that keeps the coupled solve stable. */
  stiffnessLimit?: NeoHookeanStiffnessLimit;
  /** Air drag and lift on the surface, when the body feels the air. */
  aerodynamics?: BodyAerodynamics;
  /** Groups with plasticity: the rest-shape creep run once per frame (plasticity.ts). */
  plasticity?: PlasticFlow;
  /** Pins with a keyframed motion (pin-motion.ts). */
  pinMotion?: PinMotion;
}
