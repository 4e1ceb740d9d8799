import { describe, expect, it } from 'vitest';
import { applyPose, compileMotion, createPose, invertPose, poseAt } from '../../../core/sim/motion.ts';

/** Keyframed poses (core/sim/motion.ts) against rotations and translations written out by hand. */
describe('keyframed motion', () => {
  const pivot: [number, number, number] = [1, 0, 0];
  const motion = compileMotion(
    {
      keys: [
        { timeS: 0, position: [0, 0, 0], rotationDeg: [0, 0, 0] },
        { timeS: 2, position: [2, 4, 0], rotationDeg: [0, 90, 0] },
      ],
    },
    pivot,
  );
  const out = new Float64Array(3);

  it('interpolates position linearly and rotation at constant angular velocity (slerp)', () => {
    const pose = poseAt(motion, 1, createPose(pivot));
    expect([...pose.translationM]).toEqual([1, 2, 0]);
    // Halfway: 45° about y. The point 1 m along x from the pivot goes to (cos 45°, 0, −sin 45°).
    applyPose(pose, 2, 0, 0, out, 0);
    expect(out[0]).toBeCloseTo(1 + Math.SQRT1_2 + 1, 12);
    expect(out[1]).toBeCloseTo(2, 12);
    expect(out[2]).toBeCloseTo(-Math.SQRT1_2, 12);
    // At a quarter: 22.5°.
    poseAt(motion, 0.5, pose);
    applyPose(pose, 2, 0, 0, out, 0);
    const angle = (22.5 * Math.PI) / 180;
    expect(out[0]).toBeCloseTo(1 + Math.cos(angle) + 0.5, 12);
    expect(out[2]).toBeCloseTo(-Math.sin(angle), 12);
  });

  it('holds the end keys outside their times, and inverts exactly', () => {
    const pose = createPose(pivot);
    poseAt(motion, -1, pose);
    applyPose(pose, 3, 2, 1, out, 0);
    expect([...out]).toEqual([3, 2, 1]);
    poseAt(motion, 5, pose);
    applyPose(pose, 2, 0, 0, out, 0);
    expect(out[0]).toBeCloseTo(3, 12);
    expect(out[1]).toBeCloseTo(4, 12);
    expect(out[2]).toBeCloseTo(-1, 12);
    poseAt(motion, 1.3, pose);
    applyPose(pose, 0.3, -0.7, 2.5, out, 0);
    invertPose(pose, out[0], out[1], out[2], out, 0);
    expect(out[0]).toBeCloseTo(0.3, 12);
    expect(out[1]).toBeCloseTo(-0.7, 12);
    expect(out[2]).toBeCloseTo(2.5, 12);
  });

  it('repeats a looped motion with the period of its keys', () => {
    const looped = compileMotion(
      { ...motion, keys: [{ timeS: 0 }, { timeS: 2, position: [2, 0, 0] }], loop: true },
      pivot,
    );
    const pose = createPose(pivot);
    expect(poseAt(looped, 0.5, pose).translationM[0]).toBeCloseTo(0.5, 12);
    expect(poseAt(looped, 4.5, pose).translationM[0]).toBeCloseTo(0.5, 12);
  });
});
