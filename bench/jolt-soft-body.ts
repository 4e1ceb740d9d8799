/**
 * One soft body in a Jolt PhysicsSystem of its own, built from the constraints of one of our
 * bodies, for the `sim` benchmark. Same particles, inverse masses (0 = pinned), constraints and
 * compliances; `mNumIterations` = our substeps (Jolt's iterations are substeps: predict, one pass
 * over every constraint, velocities); gravity and mass-proportional damping as ours; no colliders.
 *
 * Compliance units: Jolt's edge (m/N) and dihedral (1/(N·m)) constraints use ours unchanged. Its
 * volume constraint is C = 6V − 6V0, six times ours, so its compliance is 36·α (same energy
 * ½C²/α). Rest lengths, angles and volumes are computed by Jolt from the same rest positions.
 */
import type { Vec3 } from '../core/scene/scene.ts';
import type { Jolt } from './jolt-builds.ts';

export interface JoltBodyInput {
  /** Rest positions, m, xyz per particle. */
  positions: Float64Array;
  /** Inverse masses, 1/kg (0 pins). */
  invMass: Float64Array;
  /** Triangles of the surface (Jolt's collision shape), 3 indices each. */
  faces: Uint32Array;
  edges?: { particles: Uint32Array; complianceMPerN: Float64Array };
  hinges?: { particles: Uint32Array; compliancePerNM: Float64Array };
  tets?: { particles: Uint32Array; complianceM3PerPa: Float64Array };
  gravity: Vec3;
  substeps: number;
  linearDampingPerS: number;
  /** Worker threads of the job system (0: every job on the calling thread). */
  workerThreads: number;
}

export interface JoltBody {
  /** Scalar constraints projected once per iteration. */
  readonly constraintCount: number;
  step(frameDtS: number): void;
  /** Mean particle position, m. */
  centroid(): Vec3;
  dispose(): void;
}

const LAYER_NON_MOVING = 0;
const LAYER_MOVING = 1;

export function createJoltBody(J: Jolt, input: JoltBodyInput): JoltBody {
  const settings = new J.JoltSettings();
  settings.mMaxWorkerThreads = input.workerThreads;
  const objectFilter = new J.ObjectLayerPairFilterTable(2);
  objectFilter.EnableCollision(LAYER_NON_MOVING, LAYER_MOVING);
  objectFilter.EnableCollision(LAYER_MOVING, LAYER_MOVING);
  const broadPhaseLayers = new J.BroadPhaseLayerInterfaceTable(2, 2);
  broadPhaseLayers.MapObjectToBroadPhaseLayer(LAYER_NON_MOVING, new J.BroadPhaseLayer(0));
  broadPhaseLayers.MapObjectToBroadPhaseLayer(LAYER_MOVING, new J.BroadPhaseLayer(1));
  settings.mObjectLayerPairFilter = objectFilter;
  settings.mBroadPhaseLayerInterface = broadPhaseLayers;
  settings.mObjectVsBroadPhaseLayerFilter = new J.ObjectVsBroadPhaseLayerFilterTable(
    broadPhaseLayers,
    2,
    objectFilter,
    2,
  );
  const jolt = new J.JoltInterface(settings);
  J.destroy(settings);
  const system = jolt.GetPhysicsSystem();
  const gravity = new J.Vec3(...input.gravity);
  system.SetGravity(gravity);
  J.destroy(gravity);

  const shared = new J.SoftBodySharedSettings();
  const count = input.invMass.length;
  const vertex = new J.SoftBodySharedSettingsVertex();
  for (let p = 0; p < count; p++) {
    const position = new J.Float3(
      input.positions[3 * p],
      input.positions[3 * p + 1],
      input.positions[3 * p + 2],
    );
    vertex.mPosition = position;
    vertex.mInvMass = input.invMass[p];
    shared.mVertices.push_back(vertex);
    J.destroy(position);
  }
  J.destroy(vertex);
  for (let f = 0; f < input.faces.length; f += 3) {
    const face = new J.SoftBodySharedSettingsFace(input.faces[f], input.faces[f + 1], input.faces[f + 2], 0);
    shared.AddFace(face);
    J.destroy(face);
  }
  let constraintCount = 0;
  if (input.edges) {
    const { particles, complianceMPerN } = input.edges;
    for (let e = 0; e < complianceMPerN.length; e++) {
      const edge = new J.SoftBodySharedSettingsEdge(
        particles[2 * e],
        particles[2 * e + 1],
        complianceMPerN[e],
      );
      shared.mEdgeConstraints.push_back(edge);
      J.destroy(edge);
    }
    constraintCount += complianceMPerN.length;
  }
  if (input.hinges) {
    const { particles: q, compliancePerNM } = input.hinges;
    for (let c = 0; c < compliancePerNM.length; c++) {
      const bend = new J.SoftBodySharedSettingsDihedralBend(
        q[4 * c],
        q[4 * c + 1],
        q[4 * c + 2],
        q[4 * c + 3],
        compliancePerNM[c],
      );
      shared.mDihedralBendConstraints.push_back(bend);
      J.destroy(bend);
    }
    constraintCount += compliancePerNM.length;
  }
  if (input.tets) {
    const { particles: q, complianceM3PerPa } = input.tets;
    for (let t = 0; t < complianceM3PerPa.length; t++) {
      const volume = new J.SoftBodySharedSettingsVolume(
        q[4 * t],
        q[4 * t + 1],
        q[4 * t + 2],
        q[4 * t + 3],
        36 * complianceM3PerPa[t],
      );
      shared.mVolumeConstraints.push_back(volume);
      J.destroy(volume);
    }
    constraintCount += complianceM3PerPa.length;
  }
  shared.CalculateEdgeLengths();
  shared.CalculateBendConstraintConstants();
  shared.CalculateVolumeConstraintVolumes();
  shared.Optimize();

  const origin = new J.RVec3(0, 0, 0);
  const creation = new J.SoftBodyCreationSettings(shared, origin, J.Quat.prototype.sIdentity(), LAYER_MOVING);
  creation.mNumIterations = input.substeps;
  creation.mLinearDamping = input.linearDampingPerS;
  creation.mAllowSleeping = false;
  // Keep vertices in world space so that the centroid is a plain mean.
  creation.mUpdatePosition = false;
  const bodies = system.GetBodyInterface();
  const body = bodies.CreateSoftBody(creation);
  bodies.AddBody(body.GetID(), J.EActivation_Activate);
  J.destroy(creation);
  J.destroy(origin);
  const motion = J.castObject(body.GetMotionProperties(), J.SoftBodyMotionProperties);

  return {
    constraintCount,
    step(frameDtS) {
      jolt.Step(frameDtS, 1);
    },
    centroid() {
      const sum: Vec3 = [0, 0, 0];
      for (let p = 0; p < count; p++) {
        const x = motion.GetVertex(p).mPosition;
        sum[0] += x.GetX();
        sum[1] += x.GetY();
        sum[2] += x.GetZ();
      }
      return [sum[0] / count, sum[1] / count, sum[2] / count];
    },
    dispose() {
      bodies.RemoveBody(body.GetID());
      bodies.DestroyBody(body.GetID());
      J.destroy(jolt);
    },
  };
}
