/**
 * Ragdoll skeleton templates (Jakobsen 2001, "Advanced Character Physics"): particles at the
 * joints, rigid sticks for the bones, and joint angle limits. The one place a template's joints,
 * bone list, segment masses and ranges of motion are written down; compile-body.ts and the editor
 * read it.
 *
 * Humanoid proportions: joint heights and widths as fractions of the standing height H from Winter
 * (2009), "Biomechanics and Motor Control of Human Movement", 4th ed., fig. 4.1 (shoulder 0.818 H,
 * elbow 0.630 H, wrist 0.485 H, hip 0.530 H, knee 0.285 H, ankle 0.039 H, chin 0.870 H, eyes 0.936 H,
 * shoulder width 0.259 H, hip width 0.191 H, chest 0.720 H). Segment masses as fractions of the
 * body mass from de Leva (1996), "Adjustments to Zatsiorsky-Seluyanov's segment inertia
 * parameters", J. Biomech. 29(9), table 4, male: head+neck 6.94%, trunk 43.46%, upper arm 2.71%,
 * forearm 1.62%, hand 0.61%, thigh 14.16%, shank 4.33%, foot 1.37% (sum 100%).
 *
 * Mass lumping: each limb segment's mass goes half to each end joint; the hand's to the wrist and
 * the foot's to the ankle (no particles of their own); head+neck half to the head and half to the
 * neck; the trunk's equally to its seven particles (neck, shoulders, sternum, pelvis, hips).
 *
 * The trunk is one rigid piece: every pair of its particles is a bone. The sternum particle lies
 * in front of the others (chest depth), so the trunk is not flat and cannot fold about a line.
 *
 * Joint limits, typical active ranges of motion (American Academy of Orthopaedic Surgeons, "Joint
 * Motion: Method of Measuring and Recording", 1965; Norkin & White, "Measurement of Joint Motion"):
 * elbow flexion 0–150°, knee flexion 0–135°, hip flexion 120°, cervical flexion/extension about
 * 45°, shoulder flexion and abduction to 180°. A particle skeleton has no bone twist, so each
 * limit is written as what particles can measure:
 * - cone: the angle between a parent direction (two particles) and a child bone ≤ θmax;
 *   symmetric, so a cone bounds the largest of a joint's ranges in every direction;
 * - hinge: the signed angle of the child bone relative to the parent bone about an axis (two
 *   particles of the trunk: its left–right direction) within [θmin, θmax]; the bend out of the
 *   hinge plane is limited only by cones that keep both bones off the axis (offAxisDeg), where
 *   the angle is well defined (joint-hinge.ts).
 */

/**
 * Gauss-Seidel sweeps per substep of a ragdoll body (Jakobsen's relaxation loop): its bones are
 * rigid and its trunk a closed network of 21 of them, which one sweep per substep leaves stretched
 * by the impact of a fall (the humanoid dropped from 2 m, tumbling: 7.6% worst bone error at 10
 * substeps per 60 Hz frame, 1.4% at 20, with one sweep; test/core/sim/ragdoll.test.ts measures it
 * with these).
 */
export const RAGDOLL_SWEEPS_PER_SUBSTEP = 4;

export const RAGDOLL_SKELETONS = ['humanoid'] as const;
export type RagdollSkeleton = (typeof RAGDOLL_SKELETONS)[number];

/** Joints of the humanoid, in particle order (body-local index = position in this list). */
export const HUMANOID_JOINTS = [
  'head',
  'neck',
  'left shoulder',
  'right shoulder',
  'sternum',
  'pelvis',
  'left hip',
  'right hip',
  'left elbow',
  'right elbow',
  'left wrist',
  'right wrist',
  'left knee',
  'right knee',
  'left ankle',
  'right ankle',
] as const;
export type HumanoidJoint = (typeof HUMANOID_JOINTS)[number];

/** A cone limit: angle between direction parent[0]→parent[1] and bone child[0]→child[1] ≤ maxDeg. */
export interface ConeLimit {
  name: string;
  parent: readonly [HumanoidJoint, HumanoidJoint];
  child: readonly [HumanoidJoint, HumanoidJoint];
  /** Largest angle between the two directions, degrees. */
  maxDeg: number;
}

/**
 * A hinge limit: the signed angle φ from the parent bone to the child bone about the axis
 * axis[0]→axis[1] (right-hand rule) within [minDeg, maxDeg]; 0 when the two are aligned.
 */
export interface HingeLimit {
  name: string;
  parent: readonly [HumanoidJoint, HumanoidJoint];
  child: readonly [HumanoidJoint, HumanoidJoint];
  axis: readonly [HumanoidJoint, HumanoidJoint];
  minDeg: number;
  maxDeg: number;
  /**
   * Both bones are kept at least this far off the axis, degrees, by two cones each (from the axis
   * and from its reverse, θmax = 180° − this): the hinge angle is measured in the plane normal to
   * the axis and is well defined only away from it (joint-hinge.ts). For a knee it is the limit
   * of hip abduction and adduction and of the shank's sideways bend; for an elbow, how close to
   * the shoulder line the arm may be raised.
   */
  offAxisDeg: number;
}

/**
 * The humanoid's joint limits, degrees. The character faces +z with +y up, so its left is +x.
 * Knee flexion turns the shank backwards about +x (right → left hip); elbow flexion turns the
 * forearm forwards, about −x (left → right shoulder). 5° of hyperextension is allowed at both.
 */
export const HUMANOID_CONES: readonly ConeLimit[] = [
  { name: 'neck', parent: ['pelvis', 'neck'], child: ['neck', 'head'], maxDeg: 45 },
  // From the collar line (neck → shoulder): 90° hangs the arm, 180° would cross the chest.
  {
    name: 'left shoulder',
    parent: ['neck', 'left shoulder'],
    child: ['left shoulder', 'left elbow'],
    maxDeg: 135,
  },
  {
    name: 'right shoulder',
    parent: ['neck', 'right shoulder'],
    child: ['right shoulder', 'right elbow'],
    maxDeg: 135,
  },
  // From the spine's downward direction: hip flexion 120° forwards (and as far in every direction).
  { name: 'left hip', parent: ['neck', 'pelvis'], child: ['left hip', 'left knee'], maxDeg: 120 },
  { name: 'right hip', parent: ['neck', 'pelvis'], child: ['right hip', 'right knee'], maxDeg: 120 },
];

export const HUMANOID_HINGES: readonly HingeLimit[] = [
  {
    name: 'left elbow',
    parent: ['left shoulder', 'left elbow'],
    child: ['left elbow', 'left wrist'],
    axis: ['left shoulder', 'right shoulder'],
    minDeg: -5,
    maxDeg: 150,
    offAxisDeg: 30,
  },
  {
    name: 'right elbow',
    parent: ['right shoulder', 'right elbow'],
    child: ['right elbow', 'right wrist'],
    axis: ['left shoulder', 'right shoulder'],
    minDeg: -5,
    maxDeg: 150,
    offAxisDeg: 30,
  },
  {
    name: 'left knee',
    parent: ['left hip', 'left knee'],
    child: ['left knee', 'left ankle'],
    axis: ['right hip', 'left hip'],
    minDeg: -5,
    maxDeg: 135,
    offAxisDeg: 45,
  },
  {
    name: 'right knee',
    parent: ['right hip', 'right knee'],
    child: ['right knee', 'right ankle'],
    axis: ['right hip', 'left hip'],
    minDeg: -5,
    maxDeg: 135,
    offAxisDeg: 45,
  },
];

const TRUNK: readonly HumanoidJoint[] = [
  'neck',
  'left shoulder',
  'right shoulder',
  'sternum',
  'pelvis',
  'left hip',
  'right hip',
];

/** Limb and head bones (parent joint, child joint); the trunk's bones are all its pairs. */
const LIMB_BONES: readonly (readonly [HumanoidJoint, HumanoidJoint])[] = [
  ['neck', 'head'],
  ['left shoulder', 'left elbow'],
  ['right shoulder', 'right elbow'],
  ['left elbow', 'left wrist'],
  ['right elbow', 'right wrist'],
  ['left hip', 'left knee'],
  ['right hip', 'right knee'],
  ['left knee', 'left ankle'],
  ['right knee', 'right ankle'],
];

/** de Leva (1996) segment mass fractions, male, of the body mass. */
const SEGMENT_MASS_FRACTION = {
  headNeck: 0.0694,
  trunk: 0.4346,
  upperArm: 0.0271,
  forearm: 0.0162,
  hand: 0.0061,
  thigh: 0.1416,
  shank: 0.0433,
  foot: 0.0137,
} as const;

/** Joint positions as fractions of the height H: [x, y, z] with the feet at y = 0, facing +z. */
const HUMANOID_FRACTIONS: Readonly<Record<HumanoidJoint, readonly [number, number, number]>> = {
  head: [0, 0.936, 0],
  neck: [0, 0.87, 0],
  'left shoulder': [0.1295, 0.818, 0],
  'right shoulder': [-0.1295, 0.818, 0],
  // Chest depth: the sternum about 0.06 H in front of the shoulder line.
  sternum: [0, 0.72, 0.06],
  // Between the hips and the chest, on the spine line.
  pelvis: [0, 0.6, 0],
  'left hip': [0.0955, 0.53, 0],
  'right hip': [-0.0955, 0.53, 0],
  // Arms hanging beside the trunk, 0.02 H out from the shoulder so the hands clear the hips.
  'left elbow': [0.1395, 0.63, 0],
  'right elbow': [-0.1395, 0.63, 0],
  'left wrist': [0.1495, 0.485, 0],
  'right wrist': [-0.1495, 0.485, 0],
  'left knee': [0.0955, 0.285, 0],
  'right knee': [-0.0955, 0.285, 0],
  'left ankle': [0.0955, 0.039, 0],
  'right ankle': [-0.0955, 0.039, 0],
};

export interface RagdollSkeletonBuild {
  /** Joint names, in particle order. */
  joints: readonly string[];
  /** Rest positions, m, xyz per joint. */
  positions: Float64Array;
  /** Lumped mass per joint, kg. */
  massKg: Float64Array;
  /** Bones, 2 particle indices each. */
  bones: Uint32Array;
  /** Cone limits: 4 particle indices each (parent direction a→b, child bone c→d). */
  cones: Uint32Array;
  /** θmax per cone, rad. */
  coneMaxRad: Float64Array;
  /** Hinge limits: 6 particle indices each (parent a→b, child c→d, axis e→f). */
  hinges: Uint32Array;
  /** θmin and θmax per hinge, rad. */
  hingeMinRad: Float64Array;
  hingeMaxRad: Float64Array;
}

/**
 * The humanoid of height `heightM` (m) and mass `massKg` (kg), standing with the point between its
 * feet (ground level) at `position` (m), facing +z.
 */
export function humanoidSkeleton(
  heightM: number,
  massKg: number,
  position: readonly [number, number, number],
): RagdollSkeletonBuild {
  const index = (joint: HumanoidJoint) => HUMANOID_JOINTS.indexOf(joint);
  const positions = new Float64Array(3 * HUMANOID_JOINTS.length);
  HUMANOID_JOINTS.forEach((joint, i) => {
    const f = HUMANOID_FRACTIONS[joint];
    for (let k = 0; k < 3; k++) positions[3 * i + k] = position[k] + heightM * f[k];
  });
  const mass = new Float64Array(HUMANOID_JOINTS.length);
  const add = (joint: HumanoidJoint, fraction: number) => {
    mass[index(joint)] += fraction * massKg;
  };
  const m = SEGMENT_MASS_FRACTION;
  add('head', m.headNeck / 2);
  add('neck', m.headNeck / 2);
  for (const joint of TRUNK) add(joint, m.trunk / TRUNK.length);
  for (const side of ['left', 'right'] as const) {
    add(`${side} shoulder`, m.upperArm / 2);
    add(`${side} elbow`, m.upperArm / 2 + m.forearm / 2);
    add(`${side} wrist`, m.forearm / 2 + m.hand);
    add(`${side} hip`, m.thigh / 2);
    add(`${side} knee`, m.thigh / 2 + m.shank / 2);
    add(`${side} ankle`, m.shank / 2 + m.foot);
  }
  const bones: number[] = [];
  TRUNK.forEach((a, i) => {
    for (const b of TRUNK.slice(i + 1)) bones.push(index(a), index(b));
  });
  for (const [a, b] of LIMB_BONES) bones.push(index(a), index(b));
  const pairIndices = (pairs: readonly (readonly [HumanoidJoint, HumanoidJoint])[]) =>
    pairs.flatMap(([a, b]) => [index(a), index(b)]);
  const rad = Math.PI / 180;
  const allCones = humanoidCones();
  return {
    joints: HUMANOID_JOINTS,
    positions,
    massKg: mass,
    bones: Uint32Array.from(bones),
    cones: Uint32Array.from(allCones.flatMap((c) => pairIndices([c.parent, c.child]))),
    coneMaxRad: Float64Array.from(allCones, (c) => c.maxDeg * rad),
    hinges: Uint32Array.from(HUMANOID_HINGES.flatMap((h) => pairIndices([h.parent, h.child, h.axis]))),
    hingeMinRad: Float64Array.from(HUMANOID_HINGES, (h) => h.minDeg * rad),
    hingeMaxRad: Float64Array.from(HUMANOID_HINGES, (h) => h.maxDeg * rad),
  };
}

/** The humanoid's cones: HUMANOID_CONES, then the four off-axis cones of each hinge (HingeLimit). */
export function humanoidCones(): ConeLimit[] {
  const offAxis = HUMANOID_HINGES.flatMap((h) =>
    (['parent', 'child'] as const).flatMap((which) => {
      const bone = h[which];
      const maxDeg = 180 - h.offAxisDeg;
      const reverse = [h.axis[1], h.axis[0]] as const;
      return [
        { name: `${h.name} ${which} bone off the axis`, parent: h.axis, child: bone, maxDeg },
        { name: `${h.name} ${which} bone off the reversed axis`, parent: reverse, child: bone, maxDeg },
      ];
    }),
  );
  return [...HUMANOID_CONES, ...offAxis];
}

/** The skeleton a ragdoll shape names, built at its height, mass and position. */
export function ragdollSkeleton(
  skeleton: RagdollSkeleton,
  heightM: number,
  massKg: number,
  position: readonly [number, number, number],
): RagdollSkeletonBuild {
  switch (skeleton) {
    case 'humanoid':
      return humanoidSkeleton(heightM, massKg, position);
  }
}
