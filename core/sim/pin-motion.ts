import type { SetupPin } from '../setup/setup.ts';
import type { AttachmentBlock } from './constraints/attachment.ts';
import type { ConstraintBlock } from './constraints/index.ts';
import { applyPose, compileMotion, createPose, type KeyframedMotion, type Pose, poseAt } from './motion.ts';
import type { ParticleState } from './state.ts';

/** One moving pin: its particles' rest positions and where its motion puts them. */
interface MovingPin {
  motion: KeyframedMotion;
  pose: Pose;
  /** World particle indices. */
  particles: Uint32Array;
  /** Rest positions of `particles`, m, xyz. */
  restM: Float64Array;
  /** Soft pins: the attachment block and, per particle, its constraint's index there. */
  attachment?: { block: AttachmentBlock; constraint: Int32Array };
}

/**
 * Pins with a keyframed motion (motion.ts) about their particles' rest centroid. A rigid pin's
 * particles (inverse mass 0) are kinematic: each substep, after the prediction, they are put where
 * the motion has them at the end of the substep, so v = (x − x_prev)/h is the pin's velocity and
 * the constraints pull the body after them. A soft pin's attachment targets move the same way.
 */
export class PinMotion {
  private constructor(private readonly pins: MovingPin[]) {}

  /** The moving pins of a body at particle `offset`; null when none of its pins moves. */
  static create(
    pins: readonly SetupPin[],
    offset: number,
    state: ParticleState,
    blocks: readonly ConstraintBlock[],
  ): PinMotion | null {
    const attachment = blocks.find((b): b is AttachmentBlock => b.kind === 'attachment');
    const moving: MovingPin[] = [];
    for (const pin of pins) {
      if (!pin.motion) continue;
      const particles = pin.particles.map((p) => p + offset);
      const restM = new Float64Array(3 * particles.length);
      const centroid: [number, number, number] = [0, 0, 0];
      particles.forEach((p, k) => {
        for (let a = 0; a < 3; a++) {
          restM[3 * k + a] = state.rest[3 * p + a];
          centroid[a] += state.rest[3 * p + a] / particles.length;
        }
      });
      const motion = compileMotion(pin.motion, centroid);
      let soft: MovingPin['attachment'];
      if (pin.complianceMPerN > 0 && attachment) {
        const index = new Map<number, number>();
        attachment.particles.forEach((p, c) => {
          index.set(p, c);
        });
        soft = { block: attachment, constraint: Int32Array.from(particles, (p) => index.get(p) ?? -1) };
      }
      moving.push({ motion, pose: createPose(motion.pivotM), particles, restM, attachment: soft });
    }
    return moving.length > 0 ? new PinMotion(moving) : null;
  }

  /** Puts the pins where their motions have them at `timeS`, at rest there (world build, reset). */
  place(state: ParticleState, timeS: number): void {
    this.apply(state, timeS);
    for (const pin of this.pins) {
      if (pin.attachment) continue;
      for (const p of pin.particles) state.xPrev.set(state.x.subarray(3 * p, 3 * p + 3), 3 * p);
    }
  }

  /** Moves the pinned particles (rigid) or the attachment targets (soft) to their pose at `timeS`. */
  apply(state: ParticleState, timeS: number): void {
    for (const pin of this.pins) {
      poseAt(pin.motion, timeS, pin.pose);
      const r = pin.restM;
      if (pin.attachment) {
        const { block, constraint } = pin.attachment;
        constraint.forEach((c, k) => {
          if (c >= 0) applyPose(pin.pose, r[3 * k], r[3 * k + 1], r[3 * k + 2], block.targetM, 3 * c);
        });
        continue;
      }
      pin.particles.forEach((p, k) => {
        if (state.invMass[p] === 0) applyPose(pin.pose, r[3 * k], r[3 * k + 1], r[3 * k + 2], state.x, 3 * p);
      });
    }
  }
}
